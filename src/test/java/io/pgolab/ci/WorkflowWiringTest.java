package io.pgolab.ci;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.cli.TinyProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workflow 'pgolab init --ci github' writes, run locally step by step (LocalActions) with FakePgolab
 * in place of pgolab: the wiring between the steps, whatever pgolab measures. CiWorkflowIT runs the same
 * jobs with the real pgolab.
 */
class WorkflowWiringTest {
    @TempDir
    Path tmp;

    @BeforeEach
    void tools() {
        Tool.require(LocalActions.onPath("jq"), "jq");
        Tool.require(LocalActions.onPath("curl"), "curl");
    }

    private WorkflowFixture fixture(Map<String, String> env) throws Exception {
        return WorkflowFixture.create(tmp, FakePgolab.class.getName(), TinyProject.SOURCE + "// a comment\n", env);
    }

    @Test
    void releaseTrainsAndSavesTheProfileOnceThenBuildsFromTheCache() throws Exception {
        WorkflowFixture f = fixture(Map.of());
        LocalActions.Job first = f.release();
        assertThat(first.success()).as(first.log()).isTrue();
        assertThat(first.step("Build, train and export the profile").ran()).isTrue();
        assertThat(first.step("Build from the cached profile").ran()).isFalse();
        assertThat(first.step("Save the profile").log()).startsWith("saved pgolab-profile-Linux-X64-key");
        assertThat(f.actions.artifacts().resolve("pgolab-release-x86_64/pgo/hot")).exists();
        assertThat(f.actions.artifacts().resolve("pgolab-release-x86_64/build.json")).exists();

        // PGOLAB_JAR_URL's file replaced at the same URL (a nightly build), its .sha256 with it: the cached jar is
        // not used again (it used to be, under the same key, for ever)
        assertThat(first.step("Install pgolab").log()).contains("cache miss: pgolab-jar-", "pgolab.jar from file:");
        java.util.jar.Manifest m = new java.util.jar.Manifest();
        m.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        try (var in = new java.util.jar.JarInputStream(Files.newInputStream(tmp.resolve("dist/pgolab.jar")))) {
            m.getMainAttributes().putAll(in.getManifest().getMainAttributes());
        }
        m.getMainAttributes().putValue("Nightly", "2");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(tmp.resolve("dist/pgolab.jar")), m)) {
            out.flush();
        }
        Files.writeString(tmp.resolve("dist/pgolab.jar.sha256"), Launcher.sha256(tmp.resolve("dist/pgolab.jar")) + "  pgolab.jar\n");

        f.newRun();
        LocalActions.Job second = f.release();
        assertThat(second.success()).as(second.log()).isTrue();
        assertThat(second.step("Install pgolab").log()).contains("cache hit: pgolab-jar-",
                "is not the one expected or does not match its SHA-256: downloading it again",
                "pgolab.jar from file:", Launcher.sha256(tmp.resolve("dist/pgolab.jar")));
        assertThat(second.step("Restore the profile").log()).startsWith("cache hit");
        assertThat(second.step("Build, train and export the profile").ran()).isFalse();
        assertThat(second.step("Save the profile").ran()).isFalse();
        assertThat(Files.readAllLines(f.log)).filteredOn(l -> l.contains(" build "))
                .containsExactly("--config pgolab.toml build pgo --json " + jsonOf(first),
                        "--config pgolab.toml build pgo --profile " + profileOf(second) + " --json " + jsonOf(second));
        assertThat(f.actions.run("gate", f.push(), f.actions.matrix("gate").get(0), Map.of()).skipped()).isTrue();
    }

    @Test
    void greenPullRequestPassesWithOneCommentUpdatedOnTheNextPush() throws Exception {
        WorkflowFixture f = fixture(Map.of());
        assertThat(f.actions.run("release", f.pullRequest(), f.actions.matrix("release").get(0), Map.of()).skipped()).isTrue();
        List<LocalActions.Job> run = f.pullRequestRun();
        for (LocalActions.Job j : run) {
            assertThat(j.success()).as(j.log()).isTrue();
        }
        assertThat(Files.readAllLines(f.log)).filteredOn(l -> l.contains(" gate ")).hasSize(2).allSatisfy(l -> assertThat(l)
                .contains("gate --base " + f.base + " --candidate " + f.head + " --host-label "));
        LocalActions.Job report = run.get(run.size() - 1);
        assertThat(report.summary()).startsWith("Every host passed.").contains("## x86_64", "## arm64");
        assertThat(f.comment()).startsWith("<!-- pgolab gate -->\nEvery host passed.");
        // the gate writes the HTML report with flamegraphs, uploaded with the host's results; the comment says where
        assertThat(Files.readAllLines(f.log)).filteredOn(l -> l.contains(" gate ")).hasSize(2).allSatisfy(l -> assertThat(l)
                .containsPattern("--html \\S+/pgolab-gate/report.html --flamegraph"));
        assertThat(f.actions.artifacts().resolve("pgolab-gate-arm64/report.html")).exists();
        // and on its own, not zipped (archive: false), its address passed to merge, which links it
        assertThat(f.actions.artifacts().resolve("report-arm64.html/report-arm64.html")).exists();
        assertThat(Files.readAllLines(f.log)).filteredOn(l -> l.startsWith("merge ")).singleElement().satisfies(l ->
                assertThat(l).contains("--link arm64=https://github.invalid/artifacts/report-arm64.html",
                        "--link x86_64=https://github.invalid/artifacts/report-x86_64.html"));
        assertThat(f.comment()).contains("[HTML report of arm64](https://github.invalid/artifacts/report-arm64.html)");
        assertThat(f.comment()).contains("**Reports** in [this run's artifacts](" + WorkflowFixture.runPage() + "):\n\n"
                + "- `pgolab-gate-arm64`: `report.html` (charts)\n"
                + "- `pgolab-gate-x86_64`: `report.html` (charts)\n");
        assertThat(report.summary()).isEqualTo(f.comment().substring("<!-- pgolab gate -->\n".length()));
        assertThat(f.writes()).containsExactly("POST repos/octo/tiny/issues/7/comments");

        assertThat(run.get(0).step("actions/checkout@v4").log()).endsWith("clean: true\n");

        f.newRun();
        f.actions.selfHosted(true);   // the next push's run on self-hosted runners: the checkout keeps .pgolab/
        List<LocalActions.Job> again = f.pullRequestRun();
        assertThat(again).allSatisfy(j -> assertThat(j.success()).as(j.log()).isTrue());
        assertThat(again.get(0).step("actions/checkout@v4").log()).endsWith("clean: false\n");
        assertThat(f.writes()).containsExactly("POST repos/octo/tiny/issues/7/comments", "PATCH repos/octo/tiny/issues/comments/101");
    }

    @Test
    void aHostOutOfBoundsFailsItsJobAndTheCheckAfterEveryHostUploaded() throws Exception {
        WorkflowFixture f = fixture(Map.of("FAKE_GATE_EXIT_arm64", "1"));
        List<LocalActions.Job> run = f.pullRequestRun();
        LocalActions.Job x86 = run.get(0);
        LocalActions.Job arm = run.get(1);
        LocalActions.Job report = run.get(2);
        assertThat(x86.success()).as(x86.log()).isTrue();
        assertThat(arm.success()).isFalse();
        assertThat(arm.step("Upload this host's results").exitCode()).isZero();
        assertThat(arm.step("Verdict of this host").exitCode()).isEqualTo(1);
        assertThat(f.actions.artifacts().resolve("pgolab-gate-arm64/exit-code")).hasContent("1");
        assertThat(report.success()).isFalse();
        assertThat(report.step("Verdict").exitCode()).as(report.log()).isEqualTo(1);
        assertThat(f.comment()).contains("A host failed.", "1 of 3 measures out of bounds");
    }

    @Test
    void aHostWithoutResultsFailsTheCheckAndIsNamed() throws Exception {
        WorkflowFixture f = fixture(Map.of("FAKE_GATE_EXIT_x86_64", "2"));
        List<LocalActions.Job> run = f.pullRequestRun();
        LocalActions.Job report = run.get(2);
        assertThat(run.get(0).step("Verdict of this host").exitCode()).isEqualTo(2);
        assertThat(report.step("Verdict").exitCode()).as(report.log()).isEqualTo(2);
        assertThat(report.summary()).contains("Every host passed.", "no results from x86_64 (gate exit code 2)");
    }

    @Test
    void aToolDoctorMissesIsAWarningNotTheEndOfTheJob() throws Exception {
        WorkflowFixture f = fixture(Map.of("FAKE_DOCTOR_MISSING", "1"));
        LocalActions.Job j = f.release();
        assertThat(j.success()).as(j.log()).isTrue();
        assertThat(j.step("Doctor").log()).contains("apt-get install -y bolt-19",
                "::warning::pgolab doctor: a variant of pgolab.toml cannot be built on this runner");
    }

    /** PGOLAB_GATE_ARGS wins: its --flamegraph, --deterministic or --html is not given a second time (pgolab refuses it). */
    @Test
    void theGatesOwnOptionsAreNotGivenTwice() throws Exception {
        WorkflowFixture f = fixture(Map.of());
        for (String args : List.of("--html=mine.html --flamegraph --max-time 5m", "--deterministic")) {
            LocalActions runner = f.runner(tmp.resolve("runner-" + args.hashCode()), Map.of("PGOLAB_GATE_ARGS", args));
            Files.deleteIfExists(f.log);
            LocalActions.Job gate = runner.run("gate", f.pullRequest(), runner.matrix("gate").get(0), Map.of());
            assertThat(gate.success()).as(args + ": " + gate.log()).isTrue();
            String call = Files.readAllLines(f.log).stream().filter(l -> l.contains(" gate ")).findFirst().orElseThrow();
            assertThat(call).as(args).endsWith(args);
            assertThat(call.split(" --flamegraph", -1)).as(call).hasSize(args.equals("--deterministic") ? 1 : 2);
            assertThat(call.split(" --html", -1)).as(call).hasSize(2);
        }
    }

    /**
     * Without PGOLAB_JAR_URL the step "Install pgolab" (uses: OWNER/pgolab@vX, pgolab's action.yml) installs the
     * release of the action's own version (its pom.xml) from the action's repository, checked against the
     * pgolab.jar.sha256 published beside it, once per runner; a jar that does not match is never run.
     */
    @Test
    void installsTheActionsOwnReleaseCheckedAndOncePerRunner() throws Exception {
        String release = io.pgolab.Version.build().release();
        WorkflowFixture f = WorkflowFixture.create(tmp, FakePgolab.class.getName(), TinyProject.SOURCE + "// a comment\n",
                Map.of("FAKE_VERSION", release), Map.of("PGOLAB_JAR_URL", ""));
        Path server = tmp.resolve("server");
        Path published = Files.createDirectories(server.resolve("OWNER/pgolab/releases/download/v" + release));
        Files.copy(tmp.resolve("dist/pgolab.jar"), published.resolve("pgolab.jar"));
        Files.copy(tmp.resolve("dist/pgolab.jar.sha256"), published.resolve("pgolab.jar.sha256"));
        Map<String, String> push = f.push();
        push.put("server_url", server.toUri().toString().replaceAll("/$", ""));

        LocalActions.Job first = f.actions.run("release", push, f.actions.matrix("release").get(0), Map.of());
        assertThat(first.success()).as(first.log()).isTrue();
        assertThat(first.step("Install pgolab").log()).contains("pgolab.jar from " + push.get("server_url")
                + "/OWNER/pgolab/releases/download/v" + release + "/pgolab.jar, SHA-256 ", "cache miss: pgolab-jar-" + release + "-",
                "\npgolab " + release + "\n");

        f.newRun();
        LocalActions.Job second = f.actions.run("release", push, f.actions.matrix("release").get(0), Map.of());
        assertThat(second.success()).as(second.log()).isTrue();
        assertThat(second.step("Install pgolab").log()).contains("pgolab.jar from the cache");

        // a jar in the runner's cache (and the Actions cache it is restored from) that no longer matches its SHA-256
        // is fetched again
        try (var s = Files.walk(tmp.resolve("runner"))) {
            for (Path p : s.filter(p -> p.getFileName().toString().equals("pgolab.jar")).toList()) {
                Files.write(p, new byte[] {1}, java.nio.file.StandardOpenOption.APPEND);
            }
        }
        f.newRun();
        LocalActions.Job third = f.actions.run("release", push, f.actions.matrix("release").get(0), Map.of());
        assertThat(third.success()).as(third.log()).isTrue();
        assertThat(third.step("Install pgolab").log()).contains("does not match its SHA-256: downloading it again",
                "pgolab.jar from " + push.get("server_url"));

        // a published jar that is not the one its .sha256 names is refused, and nothing after it runs
        Files.write(published.resolve("pgolab.jar"), new byte[] {1}, java.nio.file.StandardOpenOption.APPEND);
        try (var s = Files.walk(f.actions.toolCache())) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        LocalActions fresh = f.runner(tmp.resolve("fresh-runner"), Map.of());
        LocalActions.Job refused = fresh.run("release", push, fresh.matrix("release").get(0), Map.of());
        assertThat(refused.success()).isFalse();
        assertThat(refused.step("Install pgolab").log()).containsPattern(
                "::error::pgolab action: the SHA-256 of \\S+/pgolab.jar is [0-9a-f]{64}, not [0-9a-f]{64}: not installed");
        assertThat(refused.step("Doctor").ran()).isFalse();
    }

    /**
     * What GitHub evaluates from the written workflow: a push is never cancelled (a pull request's older run is),
     * and the matrix jobs' checkout keeps .pgolab/ only on a self-hosted runner.
     */
    @Test
    void onlyPullRequestsAreCancelledAndSelfHostedCheckoutsKeepTheStore() throws Exception {
        com.fasterxml.jackson.databind.JsonNode w = new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readTree(
                io.pgolab.config.starter.GithubWorkflow.render("pgolab.toml", List.of("pgo"),
                        io.pgolab.config.starter.GithubWorkflow.DEFAULT_RUNNERS, "main", "dev"));
        String cancel = w.path("concurrency").path("cancel-in-progress").asText();
        assertThat(LocalActions.evaluate(cancel, Map.of("github.event_name", "push"))).isEqualTo("false");
        assertThat(LocalActions.evaluate(cancel, Map.of("github.event_name", "pull_request"))).isEqualTo("true");
        for (String job : List.of("release", "gate")) {
            String clean = w.path("jobs").path(job).path("steps").get(0).path("with").path("clean").asText();
            assertThat(LocalActions.evaluate(clean, Map.of("runner.environment", "self-hosted"))).as(job).isEqualTo("false");
            assertThat(LocalActions.evaluate(clean, Map.of("runner.environment", "github-hosted"))).as(job).isEqualTo("true");
        }
    }

    private static String jsonOf(LocalActions.Job j) {
        return j.temp().resolve("pgolab-release/build.json").toString();
    }

    private static String profileOf(LocalActions.Job j) {
        return j.temp().resolve("pgolab-profile/profile").toString();
    }
}
