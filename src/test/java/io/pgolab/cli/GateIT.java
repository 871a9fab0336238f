package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pgolab.Tool;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pgolab gate on a real git repository and real clang builds (release and pgo of each commit, each trained on its own
 * [[train]]), measured under valgrind (--deterministic) so that the verdicts do not depend on this machine's noise:
 * about 5% more work in the hot loop is out of a 2% bound for both variants, a comment-only change is within it.
 */
class GateIT {
    @TempDir
    Path tmp;

    @BeforeEach
    void tools() {
        Tool.require(ToolLocator.onPath("clang-19").isPresent(), "clang-19");
        Tool.require(ToolLocator.onPath("valgrind").isPresent(), "valgrind");
        Tool.require(ToolLocator.onPath("git").isPresent(), "git");
    }

    @Test
    void moreWorkInTheHotLoopIsOutOfBoundsAndACommentIsWithin() throws Exception {
        Path repo = GateSample.create(tmp.resolve("repo"), "variants = [\"release\", \"pgo\"]\nbound = 2");
        GateSample.addWork(repo);
        Path verdict = tmp.resolve("out/verdict.json");
        Path md = tmp.resolve("out/gate.md");
        Cli.Result red = Cli.run(repo, "gate", "--base", "HEAD~1", "--deterministic", "--min-rounds", "5",
                "--max-rounds", "5", "--host-label", "test-host", "--verdict", verdict.toString(), "--markdown", md.toString());
        assertThat(red.exitCode()).as(red.all()).isEqualTo(1);
        assertThat(red.out()).contains("2 of 2 measures out of bounds", "release det.instructions on loop",
                "pgo det.instructions on loop", "on test-host");
        JsonNode v = Json.MAPPER.readTree(verdict.toFile());
        assertThat(v.get("schema").asText()).isEqualTo("pgolab-verdict/1");
        assertThat(v.get("passed").asBoolean()).isFalse();
        assertThat(v.get("base").get("commit").asText()).isEqualTo(GateSample.git(repo, "rev-parse", "HEAD~1"));
        assertThat(v.get("candidate").get("commit").asText()).isEqualTo(GateSample.git(repo, "rev-parse", "HEAD"));
        assertThat(v.get("measures")).hasSize(2);
        for (JsonNode m : v.get("measures")) {
            assertThat(m.get("verdict").asText()).isEqualTo("out_of_bounds");
            assertThat(m.get("metric").asText()).isEqualTo("det.instructions");
            // n/16 more iterations of the same loop: a little over 6% more instructions
            assertThat(m.get("change_percent").asDouble()).as(m.toString()).isBetween(4.0, 8.0);
            assertThat(m.get("bound_percent").asDouble()).isEqualTo(2.0);
        }
        String markdown = Files.readString(md);
        assertThat(markdown.lines().findFirst().orElseThrow()).startsWith("Compared ")
                .contains(GateSample.git(repo, "rev-parse", "--short=12", "HEAD"), "on test-host", "out of bounds");
        assertThat(markdown).contains("| measure | bound | release | pgo |", "det.instructions");

        // the base's worktree and builds stay: the next gate against the same base builds only the new candidate
        GateSample.changeComment(repo);
        // the comment changes no byte of either program, and work.c is a compile input: nothing to measure
        Path json = tmp.resolve("out/same.json");
        Cli.Result same = Cli.run(repo, "gate", "--base", "HEAD~1", "--deterministic", "--min-rounds", "5",
                "--max-rounds", "5", "--host-label", "test-host", "--verdict", verdict.toString(), "--json", json.toString());
        assertThat(same.exitCode()).as(same.all()).isZero();
        assertThat(same.out()).contains("Same programs, nothing to measure: release and pgo are the same bytes in both"
                + " commits, with the same build outputs, and every file that differs (work.c) is a compile input");
        assertThat(same.err()).doesNotContain("rounds");
        JsonNode s = Json.MAPPER.readTree(verdict.toFile());
        assertThat(s.get("passed").asBoolean()).isTrue();
        assertThat(s.get("measures")).isEmpty();
        assertThat(Json.MAPPER.readTree(json.toFile()).get("gate").get("same_programs").asText()).contains("work.c");
        Cli.Result reread = Cli.run(repo, "report", json.toString(), "--markdown", "-");
        assertThat(reread.exitCode()).as(reread.all()).isZero();
        assertThat(reread.out()).startsWith("Compared ").contains("Same programs, nothing to measure");

        // measured when asked: equal programs are within the bound
        Cli.Result green = Cli.run(repo, "gate", "--base", "HEAD~1", "--deterministic", "--min-rounds", "5",
                "--max-rounds", "5", "--host-label", "test-host", "--verdict", verdict.toString(), "--measure-same");
        assertThat(green.exitCode()).as(green.all()).isZero();
        assertThat(green.out()).contains("All 2 measures within bounds.");
        assertThat(green.all()).contains("the same bytes in both commits", "measured anyway (--measure-same)");
        JsonNode v2 = Json.MAPPER.readTree(verdict.toFile());
        assertThat(v2.get("passed").asBoolean()).isTrue();
        for (JsonNode m : v2.get("measures")) {
            assertThat(m.get("verdict").asText()).isEqualTo("within_bounds");
            assertThat(Math.abs(m.get("change_percent").asDouble())).as(m.toString()).isLessThan(0.5);
        }
        String baseBuilds = green.err().substring(green.err().indexOf("==> base HEAD~1"), green.err().indexOf("==> candidate HEAD"));
        assertThat(baseBuilds).contains("build release: up to date", "build pgo: up to date").doesNotContain("train typical");
        assertThat(ServiceTrainIT.processesMentioning(repo.toString())).isZero();
    }

    @Test
    void sigtermDuringTheBenchLeavesNothingRunning() throws Exception {
        String marker = "61.5151";
        Path repo = GateSample.create(tmp.resolve("repo"), "variants = [\"release\"]");
        Files.writeString(repo.resolve("pgolab.toml"), Files.readString(repo.resolve("pgolab.toml"))
                .replace("command = \"{binary} " + GateSample.BENCH_N, "command = \"sleep " + marker + "; {binary} " + GateSample.BENCH_N));
        GateSample.commitAll(repo, "a slow bench");
        GateSample.changeComment(repo);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process pgolab = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "io.pgolab.cli.Main",
                "-C", repo.toString(), "gate", "--base", "HEAD~1", "--measure-same")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("out.txt").toFile()).start();
        long deadline = System.currentTimeMillis() + 120_000;
        while (InterruptIT.sleepers(marker) == 0 && System.currentTimeMillis() < deadline && pgolab.isAlive()) {
            Thread.sleep(100);
        }
        assertThat(InterruptIT.sleepers(marker)).as(Files.readString(tmp.resolve("out.txt"))).isEqualTo(1);
        pgolab.destroy(); // SIGTERM, as Ctrl-C or a CI timeout would
        assertThat(pgolab.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(pgolab.exitValue()).isEqualTo(143);
        Thread.sleep(500);
        assertThat(InterruptIT.sleepers(marker)).as("processes left behind").isZero();
        // both worktrees are still exactly their commits, for the next gate to reuse
        for (String rev : new String[] {"HEAD", "HEAD~1"}) {
            String sha = GateSample.git(repo, "rev-parse", rev);
            Path wt = repo.resolve(".pgolab/gate/" + sha.substring(0, 12));
            assertThat(GateSample.git(wt, "rev-parse", "HEAD")).isEqualTo(sha);
        }
    }

    /** Gate worktrees hold only committed files: {checkout} reaches the user's untracked data (issue 40, item 3). */
    @Test
    void aWorkloadReadsUntrackedDataInTheUsersCheckoutThroughCheckout() throws Exception {
        Path repo = GateSample.create(tmp.resolve("repo"), "bound = 50");
        Files.writeString(repo.resolve("pgolab.toml"), Files.readString(repo.resolve("pgolab.toml"))
                .replace("command = \"{binary} " + GateSample.BENCH_N + "\"",
                        "command = \"{binary} $(cat {checkout}/bench-data/n)\""));
        GateSample.commitAll(repo, "bench reads its size from bench-data/");
        GateSample.changeComment(repo);
        Files.createDirectories(repo.resolve("bench-data"));
        Files.writeString(repo.resolve("bench-data/n"), "100000\n"); // untracked: in no worktree
        Cli.Result r = Cli.run(repo, "gate", "--base", "HEAD~1", "--measure-same", "--min-rounds", "5",
                "--max-rounds", "5", "--warmup", "0");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("All 2 measures within bounds");
        assertThat(r.all()).doesNotContain("No such file");
    }

    @Test
    void anUnknownBaseIsAnErrorThatSaysHowToFetchIt() throws Exception {
        Path repo = GateSample.create(tmp.resolve("repo"), "bound = 2");
        Cli.Result r = Cli.run(repo, "gate", "--base", "no-such-branch");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("there is no commit 'no-such-branch'", "fetch-depth: 0").doesNotContain("Exception");
    }

    @Test
    void aBaseWithoutTheConfigIsGatedWithTheCandidatesAndSaysSoFirst() throws Exception {
        // the pull request that adds pgolab: the base commit has the sources only
        Path repo = GateSample.create(tmp.resolve("repo"), "variants = [\"release\"]\nworktrees = 2");
        // a tenth of the usual run under valgrind: this test is about the config, not the measurement
        Files.writeString(repo.resolve("pgolab.toml"), Files.readString(repo.resolve("pgolab.toml"))
                .replace("{binary} " + GateSample.BENCH_N, "{binary} " + GateSample.BENCH_N / 10));
        GateSample.git(repo, "rm", "-q", "--cached", "pgolab.toml");
        GateSample.git(repo, "commit", "-q", "--amend", "-m", "sources only");
        // the pull request as `pgolab init --ci github` makes it: the config, a workflow, a line in .gitignore. It
        // builds the same programs as its base: green without measuring, though the base borrowed the config
        Files.createDirectories(repo.resolve(".github/workflows"));
        Files.writeString(repo.resolve(".github/workflows/pgolab.yml"), "name: pgolab\n");
        Files.writeString(repo.resolve(".gitignore"), Files.readString(repo.resolve(".gitignore")) + "*.log\n");
        GateSample.commitAll(repo, "add pgolab");
        Cli.Result first = Cli.run(repo, "gate", "--base", "HEAD~1", "--host-label", "test-host");
        assertThat(first.exitCode()).as(first.all()).isZero();
        assertThat(first.out()).contains("(the base has no config of its own: both commits were built with the"
                + " candidate's). Same programs, nothing to measure: release is the same bytes in both commits");
        GateSample.git(repo, "reset", "-q", "--soft", "HEAD~1");
        GateSample.addWork(repo); // the candidate: the config, and 5% more work
        // a stray worktree of an older gate: beyond [gate] worktrees = 2, so this gate removes it
        Path stray = repo.resolve(".pgolab/gate/000000000000");
        GateSample.git(repo, "worktree", "add", "-q", "--detach", stray.toString(), "HEAD");
        Files.setLastModifiedTime(stray, java.nio.file.attribute.FileTime.fromMillis(0));
        // uncommitted edits: said before the gate runs
        Files.writeString(repo.resolve("work.c"), Files.readString(repo.resolve("work.c")) + "/* edited */\n");
        Path json = tmp.resolve("out/gate.json");
        Cli.Result r = Cli.run(repo, "gate", "--base", "HEAD~1", "--deterministic", "--min-rounds", "5",
                "--max-rounds", "5", "--warmup", "0", "--host-label", "test-host", "--json", json.toString());
        // the base was built from its own sources: the candidate's 5% more work shows
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.out().lines().findFirst().orElseThrow()).startsWith("Base ").contains("has no config of its own");
        assertThat(r.out()).contains("(the base has no config of its own: both commits were built and measured with the"
                + " candidate's). 1 of 1 measures out of bounds: release det.instructions on loop");
        int note = r.err().indexOf("uncommitted changes");
        int borrowed = r.err().indexOf("has no pgolab.toml: it is built from its own sources with the candidate's config");
        assertThat(note).as(r.err()).isNotNegative().isLessThan(r.err().indexOf("==> base HEAD~1"));
        assertThat(borrowed).as(r.err()).isNotNegative().isLessThan(r.err().indexOf("==> base HEAD~1"));
        JsonNode g = Json.MAPPER.readTree(json.toFile()).get("gate");
        assertThat(g.get("base_config_borrowed").asBoolean()).isTrue();
        assertThat(g.get("summary").asText()).contains("both commits were built and measured with the candidate's");
        assertThat(g.get("measures").get(0).get("change_percent").asDouble()).isBetween(4.0, 8.0);
        // the base's commit is untouched: the borrowed config is an untracked file of its worktree
        assertThat(GateSample.git(repo, "ls-tree", "--name-only", "HEAD~1")).doesNotContain("pgolab.toml");
        // LRU: the stray worktree is gone, git forgot it; the gate's two stay
        assertThat(stray).doesNotExist();
        assertThat(GateSample.git(repo, "worktree", "list").lines()).hasSize(3);

        Cli.Result prune = Cli.run(repo, "gate", "--prune");
        assertThat(prune.exitCode()).as(prune.all()).isZero();
        assertThat(prune.out()).contains("removed 2 gate worktrees");
        assertThat(GateSample.git(repo, "worktree", "list").lines()).hasSize(1);
        Cli.Result noBase = Cli.run(repo, "gate");
        assertThat(noBase.exitCode()).isEqualTo(2);
        assertThat(noBase.err()).contains("needs --base").doesNotContain("Exception");
    }

    @Test
    void aCandidateWithoutTheConfigIsAnErrorNamingTheCommit() throws Exception {
        Path repo = GateSample.create(tmp.resolve("repo"), "bound = 2");
        // --prune before any gate: nothing to remove, and no .pgolab/ made for it
        Cli.Result prune = Cli.run(repo, "gate", "--prune");
        assertThat(prune.exitCode()).as(prune.all()).isZero();
        assertThat(prune.out()).contains("no gate worktrees");
        assertThat(repo.resolve(".pgolab")).doesNotExist();
        GateSample.changeComment(repo);
        // later.toml is in the working tree only: neither commit has it
        Files.writeString(repo.resolve("later.toml"), Files.readString(repo.resolve("pgolab.toml")));
        // and an uncommitted edit: said as soon as it is found, even when the gate stops before building
        Files.writeString(repo.resolve("work.c"), Files.readString(repo.resolve("work.c")) + "/* edited */\n");
        Cli.Result r = Cli.run(repo, "--config", "later.toml", "gate", "--base", "HEAD~1");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().indexOf("the working tree has uncommitted changes")).as(r.err()).isNotNegative()
                .isLessThan(r.err().indexOf("error: "));
        assertThat(r.err()).contains("the candidate commit HEAD", "has no later.toml", "commit the config");
    }

    @Test
    void outsideGitTheGateSaysSo() throws Exception {
        Path dir = tmp.resolve("plain");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("pgolab.toml"), "[project]\nname='x'\n");
        Cli.Result r = Cli.run(dir, "gate", "--base", "main");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("is not in a git repository");
    }
}
