package io.pgolab.ci;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.cli.Cli;
import io.pgolab.cli.TinyProject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workflow 'pgolab init --ci github' writes passes actionlint (installed by .ci/run from the Go module
 * proxy), with shellcheck checking its run: scripts; and actionlint does catch what a bad edit of the
 * template would bring in, so a passing check means something.
 */
class ActionlintIT {
    @TempDir
    Path tmp;

    private Path actionlint;

    @BeforeEach
    void tools() {
        Optional<Path> a = find();
        Tool.require(a.isPresent(), "actionlint (go install github.com/rhysd/actionlint/cmd/actionlint)");
        Tool.require(LocalActions.onPath("shellcheck"), "shellcheck (actionlint checks the run: scripts with it)");
        actionlint = a.orElseThrow();
    }

    static Optional<Path> find() {
        for (String d : System.getenv("PATH").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, "actionlint"))) {
                return Optional.of(Path.of(d, "actionlint"));
            }
        }
        Path home = Path.of(System.getProperty("user.home"), "go", "bin", "actionlint");
        return Files.isExecutable(home) ? Optional.of(home) : Optional.empty();
    }

    private Path project() throws Exception {
        Path p = TinyProject.create(tmp.resolve("p"), "clang", "\"release\", \"pgo\", \"pgo+lto\", \"pgo+bolt\"",
                TinyProject.train("loop", "{binary} run 1000"));
        LocalActions.git(p, "init", "-q");
        return p;
    }

    private record Lint(int exitCode, String output) {
    }

    private Lint lint(Path file) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(actionlint.toString(), "-no-color", file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Lint(p.waitFor(), out);
    }

    @Test
    void theWrittenWorkflowPassesActionlint() throws Exception {
        Path p = project();
        Cli.Result r = Cli.run(p, "init", "--ci", "github");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("release builds pgo, pgo+lto", "x86_64 (ubuntu-24.04) and arm64 (ubuntu-24.04-arm)");
        Lint l = lint(p.resolve(".github/workflows/pgolab.yml"));
        assertThat(l.exitCode()).as(l.output()).isZero();

        Cli.Result selfHosted = Cli.run(p, "init", "--ci", "github", "--force",
                "--runner", "x86_64=self-hosted,linux,x64", "--runner", "arm64=self-hosted,linux,arm64");
        assertThat(selfHosted.exitCode()).as(selfHosted.all()).isZero();
        Path file = p.resolve(".github/workflows/pgolab.yml");
        assertThat(Files.readString(file)).contains("runs-on: [self-hosted, linux, arm64]");
        Lint again = lint(file);
        assertThat(again.exitCode()).as(again.output()).isZero();
    }

    @Test
    void theWorkflowThatBuildsPgolabFromSourcePassesActionlint() throws Exception {
        Path p = project();
        Cli.Result r = Cli.run(p, "init", "--ci", "github", "--install",
                "source=https://git.example.org/pgolab.git@0123456789abcdef0123456789abcdef01234567");
        assertThat(r.exitCode()).as(r.all()).isZero();
        Path file = p.resolve(".github/workflows/pgolab.yml");
        assertThat(Files.readString(file)).contains("key: pgolab-source-0123456789abcdef0123456789abcdef01234567")
                .doesNotContain("uses: OWNER/pgolab");
        Lint l = lint(file);
        assertThat(l.exitCode()).as(l.output()).isZero();
    }

    /** pgolab's own release workflow (on tags v*), as committed. */
    @Test
    void theReleaseWorkflowPassesActionlint() throws Exception {
        Lint l = lint(WorkflowFixture.PGOLAB_SOURCES.resolve(".github/workflows/release.yml"));
        assertThat(l.exitCode()).as(l.output()).isZero();
    }

    /**
     * The composite action (action.yml): its scripts pass shellcheck (actionlint does not read them), and actionlint,
     * which checks a local action's inputs against its action.yml, accepts the written workflow's install step
     * pointed at it and refuses an input it does not have.
     */
    @Test
    void theCompositeActionsScriptsAndInputsPass() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("action-repo"));
        LocalActions.git(repo, "init", "-q");
        Files.copy(WorkflowFixture.PGOLAB_SOURCES.resolve("action.yml"), repo.resolve("action.yml"));
        com.fasterxml.jackson.databind.JsonNode action = new com.fasterxml.jackson.dataformat.yaml.YAMLMapper()
                .readTree(repo.resolve("action.yml").toFile());
        int scripts = 0;
        for (com.fasterxml.jackson.databind.JsonNode step : action.path("runs").path("steps")) {
            if (step.has("run")) {
                Path script = Files.writeString(tmp.resolve("action-step-" + (++scripts) + ".sh"), step.get("run").asText());
                Process p = new ProcessBuilder("shellcheck", "-s", "bash", script.toString()).redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(p.waitFor()).as(step.path("name").asText() + ": " + out).isZero();
            }
        }
        assertThat(scripts).isEqualTo(2);

        Path p = project();
        assertThat(Cli.run(p, "init", "--ci", "github").exitCode()).isZero();
        String written = Files.readString(p.resolve(".github/workflows/pgolab.yml"));
        String local = written.replaceAll("uses: [A-Za-z0-9-]+/pgolab@v\\S+", "uses: ./");
        assertThat(local).isNotEqualTo(written);
        Path workflows = Files.createDirectories(repo.resolve(".github/workflows"));
        Lint l = lint(Files.writeString(workflows.resolve("pgolab.yml"), local));
        assertThat(l.exitCode()).as(l.output()).isZero();
        Lint bad = lint(Files.writeString(workflows.resolve("bad.yml"), local.replace("jar-url:", "jar_url:")));
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.output()).contains("input \"jar_url\" is not defined in action");
    }

    @Test
    void actionlintCatchesWhatABadEditWouldBringIn() throws Exception {
        Path p = project();
        assertThat(Cli.run(p, "init", "--ci", "github").exitCode()).isZero();
        String good = Files.readString(p.resolve(".github/workflows/pgolab.yml"));

        String injected = good.replace("--host-label \"$HOST_LABEL\"", "--host-label \"${{ github.event.pull_request.head.ref }}\"");
        assertThat(injected).isNotEqualTo(good);
        Lint l = lint(write("injected.yml", injected));
        assertThat(l.exitCode()).isEqualTo(1);
        assertThat(l.output()).contains("potentially untrusted");

        String unquoted = good.replace("run: exit \"$CODE\"", "run: exit $CODE");
        assertThat(unquoted).isNotEqualTo(good);
        Lint sc = lint(write("unquoted.yml", unquoted));
        assertThat(sc.exitCode()).isEqualTo(1);
        assertThat(sc.output()).contains("SC2086");

        String typo = good.replace("    needs: gate\n", "    needs: gates\n");
        assertThat(typo).isNotEqualTo(good);
        Lint t = lint(write("typo.yml", typo));
        assertThat(t.exitCode()).isEqualTo(1);
        assertThat(t.output()).contains("gates");
    }

    /**
     * A config under a directory with a backslash, quotes and '$' in its name and a default branch with filter
     * characters: written as the same text, and actionlint (GitHub's YAML and filter syntax) accepts it. A directory
     * named like an expression, or with a character YAML cannot carry, is refused (exit 2), no file written.
     */
    @Test
    void hostileNamesAreWrittenAsTextOrRefused() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        LocalActions.git(repo, "init", "-q");
        Files.createDirectories(repo.resolve(".git/refs/remotes/origin"));
        Files.writeString(repo.resolve(".git/refs/remotes/origin/HEAD"), "ref: refs/remotes/origin/!rel+1]\n");
        String odd = "we\\ird 'dir' \"$HOME\" \u00e9";
        Path p = TinyProject.create(repo.resolve(odd), "clang", "\"release\", \"pgo\"", TinyProject.train("loop", "{binary} run 1000"));
        Cli.Result r = Cli.run(p, "init", "--ci", "github");
        assertThat(r.exitCode()).as(r.all()).isZero();
        Path file = repo.resolve(".github/workflows/pgolab.yml");
        Lint l = lint(file);
        assertThat(l.exitCode()).as(l.output()).isZero();
        com.fasterxml.jackson.databind.JsonNode w = new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readTree(file.toFile());
        assertThat(w.path("env").path("PGOLAB_CONFIG").asText()).isEqualTo(odd + "/pgolab.toml");
        assertThat(w.path("on").path("push").path("branches").get(0).asText()).isEqualTo("\\!rel\\+1]");

        for (String name : List.of("${{ github.event.pull_request.title }}", "a\u0085b", "a\u2028b", "a\u007fb")) {
            Path q = TinyProject.create(repo.resolve(name), "clang", "\"release\"", "");
            Files.delete(file);
            Cli.Result refused = Cli.run(q, "init", "--ci", "github");
            assertThat(refused.exitCode()).as(name + ": " + refused.all()).isEqualTo(2);
            assertThat(refused.err()).contains("the config path").doesNotContain("Exception");
            assertThat(file).doesNotExist();
            Files.writeString(file, "");
        }
    }

    @Test
    void refusesToOverwriteAndNeedsAConfigAndARepository() throws Exception {
        Path p = project();
        assertThat(Cli.run(p, "init", "--ci", "github").exitCode()).isZero();
        Cli.Result again = Cli.run(p, "init", "--ci", "github");
        assertThat(again.exitCode()).isEqualTo(2);
        assertThat(again.err()).contains("pgolab.yml already exists", "--force").doesNotContain("Exception");

        Path noConfig = Files.createDirectories(tmp.resolve("empty"));
        Cli.Result none = Cli.run(noConfig, "init", "--ci", "github");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).contains("no config at", "run 'pgolab init' first");

        Path noGit = TinyProject.create(tmp.resolve("nogit"), "clang", "\"release\"", "");
        Cli.Result outside = Cli.run(noGit, "init", "--ci", "github");
        assertThat(outside.exitCode()).as(outside.all()).isEqualTo(2);
        assertThat(outside.err()).contains("no git repository at or above");

        Cli.Result bad = Cli.run(p, "init", "--ci", "gitlab");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("unknown --ci 'gitlab'", "--ci github");
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(tmp.resolve(name), text);
    }
}
