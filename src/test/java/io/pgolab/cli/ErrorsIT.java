package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each bad input gets its own clear message, with real compilers and real processes. */
class ErrorsIT {
    @TempDir
    Path tmp;

    private Path project(String kind, String train) throws Exception {
        return TinyProject.create(tmp.resolve("p"), kind, "\"release\", \"pgo\"", train);
    }

    @Test
    void programKilledBySignalWritesNoProfileAndTheWorkloadIsNamed() throws Exception {
        Path p = project("clang", TinyProject.train("sigterm", "{binary} term"));
        Cli.Result r = Cli.run(p, "train");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("training workload 'sigterm' crashed: killed by SIGTERM")
                .doesNotContain("Exception");
    }

    @Test
    void programLeavingThroughExitUnderscoreGetsTheNoProfileMessage() throws Exception {
        Path p = project("gcc", TinyProject.train("fast-exit", "{binary} quick_exit"));
        Cli.Result r = Cli.run(p, "train");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("training workload 'fast-exit' ran, but the instrumented program wrote no profile")
                .contains("exits normally").contains("_exit()");
    }

    @Test
    void failingWorkloadShowsCommandAndOutputTail() throws Exception {
        Path p = project("clang", TinyProject.train("bad-input", "{binary} fail"));
        Cli.Result r = Cli.run(p, "train");
        assertThat(r.err()).contains("training workload 'bad-input' failed with exit status 4")
                .contains("$ ").contains("input not found");
    }

    @Test
    void corruptRawProfileIsNamedAndWarnModeMergesTheRest() throws Exception {
        String corrupt = "{binary} run 1000 && printf 'this-is-not-a-profile-at-all' > \"$(dirname \"$LLVM_PROFILE_FILE\")/zz-corrupt.profraw\"";
        Path p = project("clang", TinyProject.train("good", "{binary} run 5000") + TinyProject.train("bad", corrupt));
        Cli.Result strict = Cli.run(p, "train");
        assertThat(strict.exitCode()).isEqualTo(2);
        assertThat(strict.err()).contains("zz-corrupt.profraw is corrupt or truncated").contains("--failure-mode warn");

        Cli.Result warn = Cli.run(p, "train", "--failure-mode", "warn");
        assertThat(warn.exitCode()).as(warn.all()).isZero();
        assertThat(warn.err()).contains("dropped from the merge").contains("zz-corrupt.profraw");
    }

    @Test
    void truncatedGcdaIsNamed() throws Exception {
        String truncate = "{binary} run 1000 && f=$(find \"$GCOV_PREFIX\" -name '*.gcda' | head -1) && head -c 40 \"$f\" > \"$(dirname \"$f\")/zz-cut.gcda\"";
        Path p = project("gcc", TinyProject.train("cut", truncate));
        Cli.Result r = Cli.run(p, "train");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("zz-cut.gcda is corrupt or truncated");
    }

    @Test
    void rawProfileFromANewerLlvmIsRefusedWithItsOwnMessage() throws Exception {
        // magic 0xff6c70726f667281 little-endian, then raw format version 11 (LLVM 23)
        String newer = "{binary} run 1000 && printf '\\\\x81\\\\x72\\\\x66\\\\x6f\\\\x72\\\\x70\\\\x6c\\\\xff\\\\x0b\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00' > \"$(dirname \"$LLVM_PROFILE_FILE\")/new.profraw\"";
        Path p = project("clang", TinyProject.train("newer", newer));
        Cli.Result r = Cli.run(p, "train");
        assertThat(r.err()).contains("new.profraw has format version 11, newer than llvm-profdata 19 reads (version 10)");
    }

    @Test
    void clangWithoutItsOwnLlvmProfdataIsRefusedWithTheInstallCommand() throws Exception {
        Path fake = tmp.resolve("fakebin/clang");
        Files.createDirectories(fake.getParent());
        Files.writeString(fake, "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'clang version 99.0.1'; exit 0; fi\nexec clang-19 \"$@\"\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path p = project("clang", TinyProject.train("t", "{binary} run 10"));
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml"))
                .replace("kind = \"clang\"", "kind = \"clang\"\ncc = \"" + fake + "\""));
        Cli.Result r = Cli.run(p, "build", "pgo");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("needs llvm-profdata 99 to match clang 99.0.1")
                .contains("apt-get install -y llvm-99");
    }

    @Test
    void failingBuildShowsTheCommandAndTheTailOfItsOutput() throws Exception {
        Path p = project("gcc", TinyProject.train("t", "{binary} run 10"));
        Files.writeString(p.resolve("hot.c"), "int main(void) { return syntax error here; }\n");
        Cli.Result r = Cli.run(p, "build", "release");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("building variant 'release' failed: command exited with status 1")
                .contains("$ ").contains("-c ").contains("error:").contains("build-release.log");
        assertThat(p.resolve(".pgolab/variants/release.json")).doesNotExist();
    }

    @Test
    void aFailedLastVariantStillWritesWhatFinishedToJson() throws Exception {
        // readelf refuses LLVM bitcode: under lto's -flto=thin the object is no ELF file, so that variant fails
        // (as a configure check that reads object files does), after release was built.
        Path p = TinyProject.create(tmp.resolve("p"), "clang", "\"release\", \"lto\"", TinyProject.train("t", "{binary} run 10"));
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml")).replace(
                "-o {builddir}/hot.o &&", "-o {builddir}/hot.o && readelf -h {builddir}/hot.o > /dev/null &&"));
        Cli.Result r = Cli.run(p, "build", "--json", "out.json");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("building variant 'lto' failed").contains("LLVM bitcode").doesNotContain("Exception");
        var doc = io.pgolab.util.Json.MAPPER.readTree(p.resolve("out.json").toFile());
        assertThat(doc.path("schema").asText()).isEqualTo("pgolab-results/1");
        assertThat(doc.path("variants")).hasSize(1);
        assertThat(doc.path("variants").get(0).path("name").asText()).isEqualTo("release");
        assertThat(Files.isRegularFile(Path.of(doc.path("variants").get(0).path("binary").asText()))).isTrue();
        var f = doc.path("build_failure");
        assertThat(f.path("variant").asText()).isEqualTo("lto");
        assertThat(f.path("step").asText()).isEqualTo("build");
        assertThat(f.path("exit_status").asInt()).isEqualTo(1);
        assertThat(f.path("command").asText()).contains("readelf -h").contains("-flto=thin");
        assertThat(Path.of(f.path("log").asText())).isRegularFile().hasFileName("build-lto.log");
        assertThat(f.path("tail").asText()).contains("LLVM bitcode");
        assertThat(p.resolve(".pgolab/variants/lto.json")).doesNotExist();
        // the report of the file says what failed, and that nothing was measured
        Cli.Result report = Cli.run(p, "report", "out.json", "--markdown", "-");
        assertThat(report.all()).contains("The build of 'lto' failed (build: exit status 1").contains("1 variant finished");

        // ladder: the same file, nothing measured
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml"))
                + "\n[[bench]]\nname = \"b\"\ncommand = \"{binary} run 1000\"\n");
        Cli.Result ladder = Cli.run(p, "ladder", "release", "lto", "--json", "ladder.json");
        assertThat(ladder.exitCode()).as(ladder.all()).isEqualTo(2);
        var l = io.pgolab.util.Json.MAPPER.readTree(p.resolve("ladder.json").toFile());
        assertThat(l.path("build_failure").path("variant").asText()).isEqualTo("lto");
        assertThat(l.path("variants").get(0).path("cached").asBoolean()).isTrue();
        assertThat(l.has("workloads")).isFalse();
        assertThat(l.has("ladder")).isFalse();

        // pgo fails after the instrumented build and training finished: they are in the file too
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml")).replace("command = \"{cc}",
                "command = \"case '{cflags}' in *-fprofile-use=*) echo 'no profile use here' >&2; exit 3;; esac; {cc}"));
        Cli.Result pgo = Cli.run(p, "build", "release", "pgo", "--json", "pgo.json");
        assertThat(pgo.exitCode()).as(pgo.all()).isEqualTo(2);
        assertThat(p.resolve("pgo.json")).as(pgo.all()).exists();
        var g = io.pgolab.util.Json.MAPPER.readTree(p.resolve("pgo.json").toFile());
        assertThat(g.path("variants").findValuesAsText("name")).containsExactly("release", "instrumented");
        assertThat(g.path("training").path("workloads").get(0).path("name").asText()).isEqualTo("t");
        assertThat(g.path("build_failure").path("variant").asText()).isEqualTo("pgo");
        assertThat(g.path("build_failure").path("exit_status").asInt()).isEqualTo(3);
        assertThat(g.path("build_failure").path("tail").asText()).contains("no profile use here");
        assertThat(g.has("pgo_extra_build_seconds")).isFalse();
    }

    @Test
    void anUnreadableBuildRecordIsSaidAndRebuilt() throws Exception {
        Path p = project("gcc", TinyProject.train("t", "{binary} run 10"));
        assertThat(Cli.run(p, "build", "release").exitCode()).isZero();
        Files.writeString(p.resolve(".pgolab/variants/release.json"), "{\"variant\": \"release\", trunc");
        Cli.Result r = Cli.run(p, "build", "release");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.err()).contains("warning: the build record .pgolab/variants/release.json cannot be read (")
                .contains("): rebuilding").contains("==> build release");
    }

    @Test
    void missingArtifactIsExplained() throws Exception {
        Path p = project("gcc", TinyProject.train("t", "{binary} run 10"));
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml"))
                .replace("artifact = \"{builddir}/hot\"", "artifact = \"{builddir}/hott\""));
        Cli.Result r = Cli.run(p, "build", "release");
        assertThat(r.err()).contains("succeeded but did not produce").contains("hott").contains("build.artifact");
    }

    @Test
    void profileReportWithoutOrAfterLosingTheProfile() throws Exception {
        Path p = project("clang", TinyProject.train("t", "{binary} run 1000"));
        Cli.Result none = Cli.run(p, "profile");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).contains("there is no profile yet").contains("pgolab train");

        assertThat(Cli.run(p, "train").exitCode()).isZero();
        try (var files = Files.list(p.resolve(".pgolab/profiles"))) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("merged-")).toList()) {
                Files.delete(f);
            }
        }
        Cli.Result lost = Cli.run(p, "profile");
        assertThat(lost.err()).contains("the merged profile").contains("is missing");
        // A build notices the lost profile and trains again instead of failing.
        Cli.Result rebuilt = Cli.run(p, "build", "pgo");
        assertThat(rebuilt.exitCode()).as(rebuilt.all()).isZero();
        assertThat(rebuilt.err()).contains("==> train t");
    }

    @Test
    void unknownVariantOnTheCommandLine() throws Exception {
        Path p = project("gcc", TinyProject.train("t", "{binary} run 10"));
        Cli.Result r = Cli.run(p, "build", "pgo+lt");
        assertThat(r.err()).contains("unknown variant 'pgo+lt'").contains("did you mean 'pgo+lto'?");
    }
}
