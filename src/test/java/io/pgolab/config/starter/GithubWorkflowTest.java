package io.pgolab.config.starter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.pgolab.UserError;
import io.pgolab.config.ConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GithubWorkflowTest {
    @TempDir
    Path tmp;

    private static JsonNode yaml(String text) throws Exception {
        return new YAMLMapper().readTree(text);
    }

    @Test
    void valuesLandInYamlAndTheMatrixHasEveryRunner() throws Exception {
        String text = GithubWorkflow.render("sub dir/it's.toml", List.of("pgo", "pgo+lto"),
                List.of(GithubWorkflow.Runner.parse("x86_64=self-hosted,linux,x64"), GithubWorkflow.Runner.parse("arm64=arm64")),
                "release/1.x", "1.2.3");
        JsonNode w = yaml(text);
        assertThat(w.path("env").path("PGOLAB_CONFIG").asText()).isEqualTo("sub dir/it's.toml");
        assertThat(w.path("env").path("PGOLAB_RELEASE_VARIANTS").asText()).isEqualTo("pgo pgo+lto");
        assertThat(w.path("on").path("push").path("branches").get(0).asText()).isEqualTo("release/1.x");
        for (String job : List.of("release", "gate")) {
            JsonNode include = w.path("jobs").path(job).path("strategy").path("matrix").path("include");
            assertThat(include).hasSize(2);
            assertThat(include.get(0).path("label").asText()).isEqualTo("x86_64");
            assertThat(include.get(0).path("runs-on").toString()).isEqualTo("[\"self-hosted\",\"linux\",\"x64\"]");
            assertThat(include.get(1).path("runs-on").toString()).isEqualTo("[\"arm64\"]");
        }
        assertThat(text).startsWith("# .github/workflows/pgolab.yml: written by 'pgolab init --ci github' (pgolab 1.2.3).")
                .doesNotContain("@@");
    }

    /**
     * Every job installs pgolab with one step, pgolab's composite action at this release's tag, the repository
     * variables as its optional inputs; the gate writes the HTML report (with flamegraphs unless deterministic),
     * and the report job gets the run's page through env:.
     */
    @Test
    void everyJobInstallsPgolabWithTheActionAndTheGateWritesTheHtml() throws Exception {
        GithubWorkflow.Action action = GithubWorkflow.Action.of(java.util.Optional.empty(),
                new io.pgolab.Version.Build("0.2.0", "v0.2.0", "octo/pgolab"));
        String text = GithubWorkflow.render("pgolab.toml", List.of("pgo"), GithubWorkflow.DEFAULT_RUNNERS, "main", "0.2.0",
                action);
        JsonNode w = yaml(text);
        for (String job : List.of("release", "gate", "report")) {
            List<JsonNode> installs = new ArrayList<>();
            w.path("jobs").path(job).path("steps").forEach(s -> {
                if (s.path("name").asText().equals("Install pgolab")) {
                    installs.add(s);
                }
            });
            assertThat(installs).as(job).hasSize(1);
            assertThat(installs.get(0).path("uses").asText()).isEqualTo("octo/pgolab@v0.2.0");
            assertThat(installs.get(0).path("with").path("jar-url").asText()).isEqualTo("${{ vars.PGOLAB_JAR_URL }}");
            assertThat(installs.get(0).path("with").path("sha256").asText()).isEqualTo("${{ vars.PGOLAB_JAR_SHA256 }}");
            // the JDK stays an explicit step before it
            assertThat(w.path("jobs").path(job).path("steps").toString()).contains("actions/setup-java@v4");
        }
        assertThat(text).doesNotContain("name: Get pgolab", "PGOLAB_GIT_URL", "mvn ");
        String gate = stepRun(w, "gate", "Gate");
        assertThat(gate).contains("report=(--html \"$out/report.html\")", "\"${report[@]}\" \"${flame[@]}\" \"${more[@]}\"",
                "flame=(--flamegraph)", "--deterministic | --flamegraph) flame=() ;;", "--html | --html=*) report=() ;;");
        JsonNode merge = step(w, "report", "Merge");
        assertThat(merge.path("env").path("SERVER_URL").asText()).isEqualTo("${{ github.server_url }}");
        assertThat(merge.path("env").path("RUN_ID").asText()).isEqualTo("${{ github.run_id }}");
        assertThat(merge.path("run").asText()).contains("$SERVER_URL/$REPOSITORY/actions/runs/$RUN_ID#artifacts");
    }

    @Test
    void theActionsRepositoryIsGivenOrTheReleasesOrAPlaceholder() {
        io.pgolab.Version.Build released = new io.pgolab.Version.Build("0.2.0", "v0.2.0", "octo/pgolab");
        io.pgolab.Version.Build dev = new io.pgolab.Version.Build("0.2.0", "048cbb3-dirty", "");
        assertThat(GithubWorkflow.Action.of(java.util.Optional.empty(), released)).isEqualTo(
                new GithubWorkflow.Action("octo/pgolab", "0.2.0", false));
        assertThat(GithubWorkflow.Action.of(java.util.Optional.of("my-org/pgolab.fork"), released).uses())
                .isEqualTo("my-org/pgolab.fork@v0.2.0");
        GithubWorkflow.Action placeholder = GithubWorkflow.Action.of(java.util.Optional.empty(), dev);
        assertThat(placeholder.placeholder()).isTrue();
        assertThat(placeholder.uses()).isEqualTo("OWNER/pgolab@v0.2.0");
        for (String bad : List.of("pgolab", "a/b/c", "octo/pgolab@v1", "${{ github.repository }}", "octo/", "o cto/pgolab")) {
            assertThatThrownBy(() -> GithubWorkflow.Action.of(java.util.Optional.of(bad), released)).as(bad)
                    .isInstanceOf(UserError.class).hasMessageContaining("--action '").hasMessageContaining("OWNER/NAME");
        }
    }

    private static JsonNode step(JsonNode w, String job, String name) {
        for (JsonNode s : w.path("jobs").path(job).path("steps")) {
            if (s.path("name").asText().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no step " + name + " in " + job);
    }

    private static String stepRun(JsonNode w, String job, String name) {
        return step(w, job, name).path("run").asText();
    }

    @Test
    void noScriptHoldsAnExpressionAndTheReportMayComment() throws Exception {
        JsonNode w = yaml(GithubWorkflow.render("pgolab.toml", List.of("pgo"), GithubWorkflow.DEFAULT_RUNNERS, "main", "dev"));
        List<String> scripts = new ArrayList<>();
        w.path("jobs").forEach(j -> j.path("steps").forEach(s -> {
            if (s.has("run")) {
                scripts.add(s.get("run").asText());
            }
        }));
        assertThat(scripts).hasSizeGreaterThan(10).noneMatch(s -> s.contains("${{"));
        assertThat(w.path("permissions").path("contents").asText()).isEqualTo("read");
        assertThat(w.path("jobs").path("report").path("permissions").path("pull-requests").asText()).isEqualTo("write");
        assertThat(w.path("jobs").path("report").path("needs").asText()).isEqualTo("gate");
        assertThat(w.path("jobs").path("report").path("if").asText()).contains("always()");
        assertThat(w.path("jobs").path("gate").path("steps").get(0).path("with").path("fetch-depth").asInt(-1)).isZero();
    }

    /**
     * "--runner arm64" (no "=RUNNER") used to be a host whose runner label is its label, and the --runner hosts
     * replace the defaults: x86_64 was dropped without a word. It is refused, the hint showing the form.
     */
    @Test
    void aRunnerWithoutItsRunnerLabelsOrATwiceGivenHostIsRefused() {
        assertThatThrownBy(() -> GithubWorkflow.Runner.parseAll(List.of("arm64"))).isInstanceOf(UserError.class)
                .hasMessageContaining("--runner 'arm64' names no runner: the form is LABEL=RUNNER[,RUNNER...]")
                .satisfies(e -> assertThat(((UserError) e).hint()).contains("--runner arm64=RUNNER[,RUNNER...]",
                        "--runner x86_64=ubuntu-24.04 --runner arm64=ubuntu-24.04-arm"));
        assertThatThrownBy(() -> GithubWorkflow.Runner.parse("")).isInstanceOf(UserError.class)
                .hasMessageContaining("names no runner").satisfies(e -> assertThat(((UserError) e).hint())
                        .contains("--runner LABEL=RUNNER"));
        assertThatThrownBy(() -> GithubWorkflow.Runner.parse("arm64=")).hasMessageContaining("'' is not a runner label");
        assertThatThrownBy(() -> GithubWorkflow.Runner.parse("=ubuntu-24.04")).hasMessageContaining("'' is not a host label");
        assertThatThrownBy(() -> GithubWorkflow.Runner.parse("a=b=c")).hasMessageContaining("'b=c' is not a runner label");
        assertThatThrownBy(() -> GithubWorkflow.Runner.parseAll(List.of("x86_64=ubuntu-24.04", "X86_64=self-hosted")))
                .isInstanceOf(UserError.class).hasMessageContaining("the host label 'X86_64' is given twice (as 'x86_64')");
        assertThat(GithubWorkflow.Runner.parseAll(List.of("x86_64=ubuntu-24.04", "arm64=self-hosted,linux,arm64")))
                .extracting(GithubWorkflow.Runner::label).containsExactly("x86_64", "arm64");
    }

    /**
     * Every job has a timeout; a docs-only pull request runs nothing; only a pull request's runs are cancelled
     * (a push has a concurrency group of its own: waiting runs of a shared group are cancelled too); the matrix
     * jobs keep .pgolab/ on self-hosted runners (checkout's clean). LocalActions evaluates these for each case.
     */
    @Test
    void jobsTimeOutDocsAreIgnoredAndOnlyPullRequestsAreCancelled() throws Exception {
        JsonNode w = yaml(GithubWorkflow.render("pgolab.toml", List.of("pgo"), GithubWorkflow.DEFAULT_RUNNERS, "main", "dev"));
        assertThat(w.path("jobs").size()).isEqualTo(3);
        w.path("jobs").forEach(j -> assertThat(j.path("timeout-minutes").asInt(0)).isBetween(5, 360));
        assertThat(w.path("on").path("pull_request").path("paths-ignore").toString()).isEqualTo("[\"**.md\",\"docs/**\"]");
        assertThat(w.path("on").path("push").has("paths-ignore")).isFalse();
        assertThat(w.path("concurrency").path("cancel-in-progress").asText()).isEqualTo("${{ github.event_name == 'pull_request' }}");
        assertThat(w.path("concurrency").path("group").asText()).contains("github.event.pull_request.number", "github.run_id")
                .doesNotContain("github.ref");
        for (String job : List.of("release", "gate")) {
            assertThat(w.path("jobs").path(job).path("steps").get(0).path("with").path("clean").asText())
                    .isEqualTo("${{ runner.environment != 'self-hosted' }}");
        }
    }

    @Test
    void runnerLabelsAreCheckedAndControlCharactersRefused() {
        assertThat(GithubWorkflow.Runner.parse("arm64=self-hosted,linux,arm64").runsOn())
                .containsExactly("self-hosted", "linux", "arm64");
        assertThatThrownBy(() -> GithubWorkflow.Runner.parse("x86 64=ubuntu-24.04")).isInstanceOf(UserError.class)
                .hasMessageContaining("'x86 64' is not a host label");
        assertThatThrownBy(() -> GithubWorkflow.Runner.parse("arm64=self-hosted,,arm64")).isInstanceOf(UserError.class)
                .hasMessageContaining("'' is not a runner label");
        assertThatThrownBy(() -> GithubWorkflow.Runner.parse("a=${{github.token}}")).isInstanceOf(UserError.class);
        assertThatThrownBy(() -> GithubWorkflow.render("a\nb.toml", List.of("pgo"), GithubWorkflow.DEFAULT_RUNNERS, "main", "dev"))
                .isInstanceOf(UserError.class).hasMessageContaining("cannot go into the workflow");
    }

    /** What YAML or GitHub would not keep as text is refused by name, never written (exit 0) into a different file. */
    @Test
    void expressionsAndCharactersYamlCannotCarryAreRefused() {
        List<String> bad = List.of("${{ github.event.pull_request.title }}/pgolab.toml", "a\u007fb", "a\u0085b", "a\u2028b",
                "a\u2029b", "a\tb", "a\rb", "\ufeffa", "a\u202eb", "a\u0090b", "a\ud800b", "");
        for (String v : bad) {
            assertThatThrownBy(() -> GithubWorkflow.render(v, List.of("pgo"), GithubWorkflow.DEFAULT_RUNNERS, "main", "dev"))
                    .as(v).isInstanceOf(UserError.class).hasMessageContaining("the config path")
                    .hasMessageMatching("(?s).*(cannot go into the workflow|would evaluate as an expression).*");
            assertThatThrownBy(() -> GithubWorkflow.render("pgolab.toml", List.of("pgo"), GithubWorkflow.DEFAULT_RUNNERS, v, "dev"))
                    .as(v).isInstanceOf(UserError.class).hasMessageContaining("the default branch");
        }
        assertThatThrownBy(() -> GithubWorkflow.render("${{ github.event.pull_request.title }}/p.toml", List.of("pgo"),
                GithubWorkflow.DEFAULT_RUNNERS, "main", "dev")).hasMessageContaining("contains '${{', which GitHub would evaluate");
    }

    /** Backslashes, quotes, '$' and non-ASCII reach the workflow as the same text; a branch is a pattern matching it alone. */
    @Test
    void oddButPrintableNamesArriveVerbatim() throws Exception {
        String path = "we\\ird 'dir' $HOME ${x} \u00e9\ud83d\ude00/pgolab.toml";
        JsonNode w = yaml(GithubWorkflow.render(path, List.of("pgo"), GithubWorkflow.DEFAULT_RUNNERS, "!rel+1]*?[x]\\", "dev"));
        assertThat(w.path("env").path("PGOLAB_CONFIG").asText()).isEqualTo(path);
        assertThat(w.path("on").path("push").path("branches").get(0).asText()).isEqualTo("\\!rel\\+1]\\*\\?\\[x]\\\\");
        assertThat(GithubWorkflow.literalPattern("release/1.x!")).isEqualTo("release/1.x!");   // '!' is special first only
        assertThat(GithubWorkflow.slashes(Path.of("a\\b", "pgolab.toml"))).isEqualTo("a\\b/pgolab.toml");
    }

    @Test
    void theReleaseBuildsTheVariantsAStoredProfileCanBuild() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("p"));
        Files.writeString(dir.resolve("pgolab.toml"), """
                [project]
                variants = ["release", "pgo+lto", "pgo+bolt", "pgo@server"]
                [toolchain]
                kind = "clang"
                [build]
                command = "true"
                artifact = "x"
                [[train]]
                name = "t"
                command = "{binary}"
                profile = "server"
                """);
        assertThat(GithubWorkflow.releaseVariants(ConfigLoader.load(dir.resolve("pgolab.toml")))).containsExactly("pgo+lto");
    }

    @Test
    void theDefaultBranchIsOriginsHeadElseMain() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("r/.git/refs/remotes/origin"));
        Path root = tmp.resolve("r");
        assertThat(GithubWorkflow.defaultBranch(root)).isEqualTo("main");
        Files.writeString(repo.resolve("HEAD"), "ref: refs/remotes/origin/trunk\n");
        assertThat(GithubWorkflow.defaultBranch(root)).isEqualTo("trunk");
        assertThat(GithubWorkflow.repositoryRoot(Files.createDirectories(root.resolve("a/b")))).contains(root);
    }
}
