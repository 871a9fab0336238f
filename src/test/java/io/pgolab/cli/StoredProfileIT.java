package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pgolab.Tool;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stored profiles with real clang 19: exported from one checkout, built from in a fresh clone that
 * never trains; stale sources show mismatched counts; the thresholds make pgolab retrain or fail.
 */
class StoredProfileIT {
    private static final String TRAIN = TinyProject.train("run", "{binary} run 200000");
    /** hot_loop with one more branch: its control flow hash no longer matches the profile. */
    private static final String CHANGED = TinyProject.SOURCE.replace("if (i % 7 == 0) s += cold_path(i); else s ^= i;",
            "if (i % 7 == 0) s += cold_path(i); else if (i % 5 == 0) s -= i; else s ^= i;");

    @TempDir
    Path tmp;
    Path origin;
    Path stored;

    @BeforeEach
    void exportFromATrainedCheckout() throws Exception {
        Tool.require(Files.isExecutable(Path.of("/usr/lib/llvm-19/bin/clang")), "clang-19");
        Tool.require(ToolLocator.onPath("git").isPresent(), "git");
        origin = TinyProject.create(tmp.resolve("origin"), "clang", "\"release\", \"pgo\"", TRAIN);
        Files.writeString(origin.resolve(".gitignore"), ".pgolab/\n");
        git(origin, "init", "-q", ".");
        git(origin, "add", "-A");
        git(origin, "commit", "-qm", "one");
        Cli.Result b = Cli.run(origin, "build");
        assertThat(b.exitCode()).as(b.all()).isZero();
        stored = tmp.resolve("tiny.pgolab-profile");
        Cli.Result e = Cli.run(origin, "profile", "export", stored.toString());
        assertThat(e.exitCode()).as(e.all()).isZero();
        assertThat(e.out()).contains("wrote " + stored, "profile.profdata", "commit ");
        Cli.Result toStdout = Cli.run(origin, "profile", "export", "-");   // the archive alone on stdout, the note on stderr
        assertThat(toStdout.exitCode()).as(toStdout.all()).isZero();
        assertThat(toStdout.out()).startsWith("PK\u0003\u0004");
        assertThat(toStdout.err()).contains("wrote stdout: profile.profdata");
        assertThat(origin.resolve("-")).doesNotExist();
    }

    private Path cloneOf(String name) throws Exception {
        Path c = tmp.resolve(name);
        git(tmp, "clone", "-q", origin.toString(), c.toString());
        return c;
    }

    @Test
    void aFreshCloneBuildsFromTheStoredProfileWithoutTraining() throws Exception {
        Path clone = cloneOf("clone");
        Path json = tmp.resolve("b.json");
        Cli.Result r = Cli.run(clone, "build", "--profile", stored.toString(), "--json", json.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.err()).contains("using the stored profile tiny.pgolab-profile", "0 commit(s) since")
                .doesNotContain("==> train", "build instrumented");
        assertThat(r.out()).contains("1/1 with profile", "profile: stored profile tiny.pgolab-profile")
                .contains("0 mismatched, 0 missing");
        JsonNode d = Json.MAPPER.readTree(json.toFile());
        JsonNode st = d.get("training").get("stored_profile");
        assertThat(st.get("used").asBoolean()).isTrue();
        assertThat(st.get("commits_since").asInt()).isZero();
        assertThat(st.get("lost_count_share").asDouble()).isZero();   // every function of the profile still there by name
        assertThat(st.get("file").asText()).isEqualTo(stored.toString());
        assertThat(d.get("training").get("trained_now").asBoolean()).isFalse();
        String sha = st.get("sha256").asText();
        JsonNode pgo = variant(d, "pgo");
        assertThat(pgo.get("profile_sha256").asText()).isEqualTo(sha);
        // the stored profile, as the guard gives it to the compiler (without its never-run functions, named by its SHA-256)
        assertThat(pgo.get("build_command").asText()).contains(".pgolab/scratch/untrained-guard/" + sha);
        assertThat(clone.resolve(".pgolab/profiles/runs")).doesNotExist();
        // The results reader knows the new key.
        var read = io.pgolab.report.json.ResultsReader.read(json).training().storedProfile();
        assertThat(read.used()).isTrue();
        assertThat(read.sha256()).isEqualTo(sha);
        assertThat(read.functions()).isPositive();

        // The same key in both checkouts (paths differ, content does not); another source, another key.
        String key = Cli.run(origin, "profile", "key").out().strip();
        assertThat(key).matches("[0-9a-f]{64}");
        assertThat(Cli.run(clone, "profile", "key").out().strip()).isEqualTo(key);
        Files.writeString(clone.resolve("hot.c"), CHANGED);
        assertThat(Cli.run(clone, "profile", "key").out().strip()).isNotEqualTo(key);
    }

    @Test
    void aConfigWithoutTrainingBuildsFromProjectProfileAndFailsWhenItIsTooStale() throws Exception {
        Path p = Files.createDirectories(tmp.resolve("notrain"));
        Files.writeString(p.resolve("hot.c"), TinyProject.SOURCE);
        Files.writeString(p.resolve("pgolab.toml"), TinyProject.config("clang", "\"pgo\"", "")
                .replace("variants = [\"pgo\"]", "variants = [\"pgo\"]\nprofile = \"../tiny.pgolab-profile\""));
        Cli.Result ok = Cli.run(p, "build");
        assertThat(ok.exitCode()).as(ok.all()).isZero();
        assertThat(ok.err()).contains("commits since: unknown");   // not a git checkout
        assertThat(ok.out()).contains("1/1 with profile");

        Files.writeString(p.resolve("hot.c"), CHANGED);
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml"))
                .replace("profile = ", "profile_max_stale = \"10%\"\nprofile = "));
        Cli.Result stale = Cli.run(p, "build");
        assertThat(stale.exitCode()).as(stale.all()).isEqualTo(2);
        assertThat(stale.err()).contains("is stale for these sources: 1 mismatched and 0 missing of",
                "more than profile_max_stale = 10.0%", "there is no [[train]] workload", "hint: export a fresh profile")
                .doesNotContain("Exception");
    }

    @Test
    void staleSourcesShowMismatchesAndTheThresholdRetrains() throws Exception {
        Path clone = cloneOf("stale");
        Files.writeString(clone.resolve("hot.c"), CHANGED);
        git(clone, "commit", "-qam", "two");
        Path json = tmp.resolve("s.json");
        Cli.Result r = Cli.run(clone, "build", "--profile", stored.toString(), "--json", json.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.err()).contains("1 commit(s) since", "stored profile: 1 mismatched, 0 missing of");
        JsonNode st = Json.MAPPER.readTree(json.toFile()).get("training").get("stored_profile");
        assertThat(st.get("mismatched").asInt()).isEqualTo(1);
        assertThat(st.get("commits_since").asInt()).isEqualTo(1);
        assertThat(st.get("used").asBoolean()).isTrue();   // within the default 50%

        Files.writeString(clone.resolve("pgolab.toml"), Files.readString(clone.resolve("pgolab.toml"))
                .replace("variants = ", "profile_max_stale = \"20%\"\nvariants = "));
        Cli.Result re = Cli.run(clone, "build", "--profile", stored.toString(), "--json", json.toString());
        assertThat(re.exitCode()).as(re.all()).isZero();
        assertThat(re.err()).contains("more than profile_max_stale = 20.0%: retraining", "==> train run");
        JsonNode d = Json.MAPPER.readTree(json.toFile());
        assertThat(d.get("training").get("trained_now").asBoolean()).isTrue();
        assertThat(d.get("training").get("stored_profile").get("used").asBoolean()).isFalse();
        assertThat(variant(d, "pgo").get("profile_mismatched").asInt()).isZero();   // the fresh profile fits

        // profile_max_commits retrains before building anything from the stored profile.
        Files.writeString(clone.resolve("pgolab.toml"), Files.readString(clone.resolve("pgolab.toml"))
                .replace("profile_max_stale = \"20%\"", "profile_max_commits = 0"));
        Cli.Result old = Cli.run(clone, "build", "--profile", stored.toString());
        assertThat(old.exitCode()).as(old.all()).isZero();
        assertThat(old.err()).contains("is 1 commits old", "more than profile_max_commits = 0: retraining")
                .doesNotContain("stored profile: ");
    }

    @Test
    void unusableStoredProfilesAreClearErrors() throws Exception {
        Path clone = cloneOf("errors");
        Cli.Result missing = Cli.run(clone, "build", "--profile", tmp.resolve("nope.pgolab-profile").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("nope.pgolab-profile does not exist", "hint:").doesNotContain("Exception");

        Path raw = Files.list(origin.resolve(".pgolab/profiles")).filter(f -> f.toString().endsWith(".profdata")).findFirst()
                .orElseThrow();
        Cli.Result notOurs = Cli.run(clone, "build", "--profile", raw.toString());
        assertThat(notOurs.exitCode()).isEqualTo(2);
        assertThat(notOurs.err()).contains("is not a pgolab profile");

        byte[] all = Files.readAllBytes(stored);
        Path cut = tmp.resolve("cut.pgolab-profile");
        Files.write(cut, java.util.Arrays.copyOf(all, all.length - 30));
        Cli.Result truncated = Cli.run(clone, "build", "--profile", cut.toString());
        assertThat(truncated.exitCode()).isEqualTo(2);
        assertThat(truncated.err()).contains("damaged", "truncated?").doesNotContain("Exception");

        if (ToolLocator.onPath("gcc").isPresent()) {
            Files.writeString(clone.resolve("pgolab.toml"), Files.readString(clone.resolve("pgolab.toml"))
                    .replace("kind = \"clang\"", "kind = \"gcc\""));
            Cli.Result kind = Cli.run(clone, "build", "--profile", stored.toString());
            assertThat(kind.exitCode()).isEqualTo(2);
            assertThat(kind.err()).contains("was made with the clang toolchain", "but this project builds with gcc");
        }
    }

    @Test
    void aGccProfileTreeRoundTripsAtTheSamePath() throws Exception {
        Tool.require(ToolLocator.onPath("gcc").isPresent() && ToolLocator.onPath("gcov-tool").isPresent(), "gcc with gcov-tool");
        Path p = TinyProject.create(tmp.resolve("gcc"), "gcc", "\"pgo\"", TRAIN);
        assertThat(Cli.run(p, "build").exitCode()).isZero();
        Path file = tmp.resolve("gcc.pgolab-profile");
        Cli.Result e = Cli.run(p, "profile", "export", file.toString());
        assertThat(e.exitCode()).as(e.all()).isZero();
        assertThat(e.out()).contains("gcda ");
        io.pgolab.util.Dirs.deleteTree(p.resolve(".pgolab"));   // a fresh checkout at the same path
        Path json = tmp.resolve("g.json");
        Cli.Result r = Cli.run(p, "build", "--profile", file.toString(), "--json", json.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("1/1 with profile", "profile: stored profile gcc.pgolab-profile");
        assertThat(r.err()).doesNotContain("==> train");
        JsonNode d = Json.MAPPER.readTree(json.toFile());
        assertThat(d.get("training").get("stored_profile").get("used").asBoolean()).isTrue();
        assertThat(variant(d, "pgo").get("profile_missing").asInt()).isZero();
    }

    @Test
    void aGoProfileIsStoredAsDefaultPgoAndBuiltFromInAnotherCopy() throws Exception {
        Tool.assumeHere(Files.isExecutable(Path.of(GoToolchainIT.GO)) || ToolLocator.onPath("go").isPresent(), "needs go");
        Path a = GoToolchainIT.project(tmp.resolve("go-a"), "", "", GoToolchainIT.TWO_WORKLOADS);
        Cli.Result b = Cli.run(a, "build");
        Tool.assumeHere(b.exitCode() == 0 || !b.err().contains("too old for PGO"), "needs Go 1.21 or newer");
        assertThat(b.exitCode()).as(b.all()).isZero();
        Path file = tmp.resolve("go.pgolab-profile");
        Cli.Result e = Cli.run(a, "profile", "export", file.toString());
        assertThat(e.exitCode()).as(e.all()).isZero();
        assertThat(e.out()).contains("default.pgo ");
        Path c = GoToolchainIT.project(tmp.resolve("go-b"), "", "", GoToolchainIT.TWO_WORKLOADS);
        Cli.Result r = Cli.run(c, "build", "--profile", file.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("go version -m: -pgo=", "stored-").contains("profile: stored profile go.pgolab-profile");
        assertThat(r.err()).doesNotContain("==> train");
    }

    private static JsonNode variant(JsonNode d, String name) {
        for (JsonNode v : d.get("variants")) {
            if (v.get("name").asText().equals(name)) {
                return v;
            }
        }
        throw new AssertionError("no variant " + name + " in " + d);
    }

    private static void git(Path dir, String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of("git", "-c", "user.email=t@example.com", "-c", "user.name=t",
                "-c", "init.defaultBranch=main"));
        argv.addAll(List.of(args));
        Process p = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(String.join(" ", argv) + ": " + out).isZero();
    }
}
