package io.pgolab.doctor;

import io.pgolab.Tool;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.config.Variant;
import io.pgolab.measure.perf.PerfDiagnosis;
import io.pgolab.measure.perf.PerfEvents;
import io.pgolab.measure.perf.PerfSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs doctor on this machine (Debian 12 with clang-19/llvm-19 and gcc 12), no mocks. */
class DoctorTest {
    private static final Path CLANG19 = Path.of("/usr/lib/llvm-19/bin/clang");
    private static final Path PROFDATA19 = Path.of("/usr/lib/llvm-19/bin/llvm-profdata");

    private static Doctor.Report machine;

    @BeforeAll
    static void examineMachine() {
        machine = Doctor.examine(Optional.empty(), Path.of("/nonexistent/pgolab.toml"));
    }

    @Test
    void autogroupSchedulingIsSaidBecauseItMakesNiceUselessAcrossSessions() {
        assertThat(DoctorHost.autogroup(Optional.of("1\n")).detail()).startsWith("1: each session gets an equal CPU share");
        assertThat(DoctorHost.autogroup(Optional.of("1\n")).fix()).contains("sysctl -w kernel.sched_autogroup_enabled=0");
        assertThat(DoctorHost.autogroup(Optional.of("0")).detail()).isEqualTo("0: nice values rank every process");
        assertThat(DoctorHost.autogroup(Optional.empty()).detail()).startsWith("not in this kernel");
        // the machine's own value, read from /proc
        assertThat(DoctorHost.autogroup().subject()).isEqualTo("sched_autogroup_enabled");
    }

    @Test
    void findsClang19WithProfdataOfItsOwnMajor() {
        Tool.require(Files.isExecutable(CLANG19), "clang-19 is not installed here");
        Tool.require(Files.isExecutable(PROFDATA19), "llvm-19 is not installed here");

        Doctor.Section clang = section("clang 19");
        assertThat(check(clang, "clang 19.")).satisfies(c -> {
            assertThat(c.status()).isEqualTo(DoctorCheck.Status.OK);
            assertThat(c.detail()).isEqualTo(CLANG19.toString());
        });
        assertThat(check(clang, "llvm-profdata 19")).satisfies(c -> {
            assertThat(c.status()).isEqualTo(DoctorCheck.Status.OK);
            assertThat(c.detail()).isEqualTo(PROFDATA19.toString());
        });
        assertThat(Doctor.render(machine)).contains("ok      clang 19.", "/usr/lib/llvm-19/bin/llvm-profdata");
    }

    @Test
    void findsGcc12AndItsGcovTool() {
        Tool.require(ToolLocator.onPath("gcc-12").isPresent(), "gcc 12 is not installed here");

        Doctor.Section gcc = section("gcc 12");
        assertThat(check(gcc, "gcc 12.").status()).isEqualTo(DoctorCheck.Status.OK);
        assertThat(check(gcc, "gcov-tool 12")).satisfies(c -> {
            assertThat(c.status()).isEqualTo(DoctorCheck.Status.OK);
            assertThat(c.detail()).endsWith("gcov-tool-12");
        });
        assertThat(check(gcc, "gcov-dump 12").status()).isEqualTo(DoctorCheck.Status.OK);
    }

    @Test
    void warnsAboutDebiansLlvm14ProfdataOnlyWhenItIsThere() {
        Path plain = Path.of("/usr/bin/llvm-profdata");
        Tool.require(Files.isExecutable(CLANG19) && Files.isExecutable(PROFDATA19), "clang-19/llvm-19 not installed");
        Tool.assumeHere(ToolLocator.onPath("llvm-profdata").equals(Optional.of(plain))
                && ToolLocator.llvmMajorOf(plain).equals(OptionalInt.of(14)), "no LLVM 14 /usr/bin/llvm-profdata here");

        DoctorCheck c = check(section("other LLVM tools"), "llvm-profdata (unversioned)");
        assertThat(c.status()).isEqualTo(DoctorCheck.Status.WARN);
        assertThat(c.detail()).isEqualTo("/usr/bin/llvm-profdata is LLVM 14: cannot read clang 19 profiles;"
                + " pgolab uses /usr/lib/llvm-19/bin/llvm-profdata instead");
    }

    @Test
    void releaseAndPgoAreBuildableWithBothKinds() {
        Tool.require(Files.isExecutable(CLANG19) && ToolLocator.onPath("gcc-12").isPresent(), "needs clang-19 and gcc 12");

        for (String kind : List.of("clang", "gcc")) {
            for (Variant v : List.of(Variant.RELEASE, Variant.PGO)) {
                assertThat(machine.readiness())
                        .filteredOn(r -> r.kind().equals(kind) && r.variant().equals(v.name()))
                        .as("%s %s", kind, v)
                        .isNotEmpty()
                        .anySatisfy(r -> {
                            assertThat(r.buildable()).isTrue();
                            assertThat(r.needs()).isEmpty();
                            assertThat(r.fix()).isEmpty();
                        });
            }
        }
        assertThat(machine.configPresent()).isFalse();
        assertThat(machine.exitCode()).isZero();
        assertThat(section("result").checks()).anySatisfy(c ->
                assertThat(c.detail()).contains("can build release and pgo"));
    }

    @Test
    void configuredGccBuildsItsVariants(@TempDir Path dir) {
        Tool.require(ToolLocator.onPath("gcc-12").isPresent(), "gcc 12 is not installed here");
        Doctor.Report r = Doctor.examine(Optional.of(config(dir, "kind = \"gcc\"")), dir.resolve("pgolab.toml"));

        assertThat(r.configured()).extracting(Doctor.Readiness::variant).containsExactly("release", "pgo");
        assertThat(r.configured()).allSatisfy(x -> assertThat(x.buildable()).isTrue());
        assertThat(r.exitCode()).isZero();
        assertThat(Doctor.render(r)).contains("config " + dir.resolve("pgolab.toml"), "all configured variants can be built");
    }

    @Test
    void configuredCompilerThatDoesNotExistFailsEveryVariant(@TempDir Path dir) {
        Doctor.Report r = Doctor.examine(Optional.of(config(dir, "kind = \"clang\"\ncc = \"/nonexistent/clang-99\"")),
                dir.resolve("pgolab.toml"));

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.configured()).hasSize(2).allSatisfy(x -> assertThat(x.buildable()).isFalse());
        String text = Doctor.render(r);
        assertThat(text).contains("MISSING toolchain", "toolchain.cc = \"/nonexistent/clang-99\" was not found",
                "MISSING variant release", "MISSING variant pgo",
                "MISSING variants release, pgo  cannot be built with clang: needs a usable clang");
    }

    @Test
    void clangWithoutItsProfileToolsCanOnlyBuildRelease(@TempDir Path dir) throws Exception {
        // A clang 99 with no LLVM 99 tools and no profile runtime: a script, so the test needs no uninstall.
        Path fake = dir.resolve("clang");
        Files.writeString(fake, "#!/bin/sh\ncase \"$1\" in\n"
                + "  --version) echo 'clang version 99.1.0'; echo 'Target: x86_64-pc-linux-gnu';;\n"
                + "  -print-file-name=*) echo \"${1#-print-file-name=}\";;\n"
                + "  -print-runtime-dir) echo /nonexistent/runtime;;\n"
                + "  *) exit 1;;\nesac\n");
        assertThat(fake.toFile().setExecutable(true)).isTrue();
        String toolchain = "kind = \"clang\"\ncc = \"" + fake + "\"";
        String text = "[project]\nvariants = [\"release\", \"lto\", \"pgo\"]\n\n[toolchain]\n" + toolchain + "\n\n"
                + "[build]\ncommand = \"make CC={cc}\"\nartifact = \"{builddir}/prog\"\n\n"
                + "[[train]]\nname = \"typical\"\ncommand = \"{binary} input\"\n";
        Config cfg = ConfigLoader.parse(dir.resolve("pgolab.toml"), text);

        Doctor.Report r = Doctor.examine(Optional.of(cfg), cfg.file());

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.configured()).extracting(Doctor.Readiness::variant, Doctor.Readiness::buildable)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("release", true),
                        org.assertj.core.groups.Tuple.tuple("lto", false),
                        org.assertj.core.groups.Tuple.tuple("pgo", false));
        Doctor.Readiness pgo = r.configured().get(2);
        assertThat(pgo.toolchain()).isEqualTo("clang 99.1.0");
        assertThat(pgo.needs()).containsExactly("llvm-profdata 99", "profile runtime libclang_rt.profile 99");
        assertThat(pgo.fix()).isEqualTo("apt-get install -y llvm-99 libclang-rt-99-dev");
        assertThat(r.configured().get(1).fix()).isEqualTo("apt-get install -y lld-99 llvm-99");
        assertThat(Doctor.render(r)).contains(
                "MISSING variant pgo      needs llvm-profdata 99, profile runtime libclang_rt.profile 99"
                        + "  -> apt-get install -y llvm-99 libclang-rt-99-dev",
                "MISSING variant pgo  cannot be built with clang 99.1.0");
    }

    @Test
    void missingCheckRendersItsInstallCommand() {
        DoctorCheck missing = DoctorCheck.missing("llvm-profdata 19", "not installed; needed for pgo",
                "apt-get install -y llvm-19 libclang-rt-19-dev");
        assertThat(missing.line(20)).isEqualTo(
                "MISSING llvm-profdata 19      not installed; needed for pgo  -> apt-get install -y llvm-19 libclang-rt-19-dev");
        assertThat(DoctorCheck.ok("clang 19.1.7", "/usr/lib/llvm-19/bin/clang").line())
                .isEqualTo("ok      clang 19.1.7  /usr/lib/llvm-19/bin/clang");

        Doctor.Report report = new Doctor.Report(List.of(new Doctor.Section("clang 19", List.of(
                DoctorCheck.ok("clang 19.1.7", "/usr/lib/llvm-19/bin/clang"), missing))), List.of(), List.of(), false, 1);
        assertThat(Doctor.render(report)).isEqualTo("clang 19\n"
                + "  ok      clang 19.1.7      /usr/lib/llvm-19/bin/clang\n"
                + "  MISSING llvm-profdata 19  not installed; needed for pgo  -> apt-get install -y llvm-19 libclang-rt-19-dev\n");
    }

    @Test
    void perfCountsAreParsedFromCsvOutput() {
        // the shared detection decides from perf's CSV; doctor only words the result
        DoctorHost.Perf vm = DoctorHost.perf(perfThatPrinted("<not supported>,,instructions:u,0,100.00,,"), false);
        assertThat(vm.counts()).isTrue();
        assertThat(vm.hardwareCounters()).isFalse();
        assertThat(vm.checks().get(1).line()).isEqualTo("ok      perf stat task-clock  software counters work");
        assertThat(vm.checks().get(2).detail()).startsWith("<not supported>: no hardware counters");

        DoctorHost.Perf notCounted = DoctorHost.perf(perfThatPrinted("<not counted>,,instructions:u,0,0.00,,"), false);
        assertThat(notCounted.hardwareCounters()).isFalse();
        assertThat(notCounted.checks().get(2).detail()).isEqualTo("cannot count: <not counted>");

        DoctorHost.Perf pmu = DoctorHost.perf(perfThatPrinted("5432198,,instructions:u,2310000,100.00,,"), false);
        assertThat(pmu.hardwareCounters()).isTrue();
        assertThat(pmu.checks().get(2).detail()).isEqualTo("hardware counters work");

        PerfDiagnosis.Observation none = new PerfDiagnosis.Observation(Optional.empty(), PerfDiagnosis.Run.NOT_RUN,
                List.of(), List.of(), PerfDiagnosis.Run.NOT_RUN, PerfDiagnosis.Run.NOT_RUN, false, Optional.of("2"));
        DoctorHost.Perf missing = DoctorHost.perf(PerfDiagnosis.decide(none), false);
        assertThat(missing.installed()).isFalse();
        assertThat(missing.checks().get(0).detail()).startsWith("not installed (optional: hardware counters");
        assertThat(missing.checks().get(1).detail()).isEqualTo("2 (unprivileged users may profile their own user-space code only)");
    }

    /** What perf 6.1 printed here for the software events, with the given hardware line for every hardware event. */
    private static PerfSupport perfThatPrinted(String hardwareLine) {
        PerfDiagnosis.Run ok = new PerfDiagnosis.Run(0, "");
        String software = "0.62,msec,task-clock,620118,100.00,0.378,CPUs utilized\n0,,context-switches,620118,100.00,0.000,/sec\n"
                + "63,,page-faults,620118,100.00,101.594,K/sec\n0,,cpu-migrations,620118,100.00,0.000,/sec\n";
        return PerfDiagnosis.decide(new PerfDiagnosis.Observation(Optional.of(Path.of("/usr/bin/perf")),
                new PerfDiagnosis.Run(0, "perf version 6.1.192\n"),
                List.of(new PerfDiagnosis.StatRun(PerfEvents.SOFTWARE, ok, software)),
                List.of(new PerfDiagnosis.StatRun(List.of("instructions:u"), ok, hardwareLine)),
                ok, new PerfDiagnosis.Run(255, "Error:\nbranch stack sampling not supported"), false, Optional.of("2")));
    }

    private static Config config(Path dir, String toolchain) {
        String text = "[project]\nvariants = [\"release\", \"pgo\"]\n\n[toolchain]\n" + toolchain + "\n\n"
                + "[build]\ncommand = \"make CC={cc}\"\nartifact = \"{builddir}/prog\"\n\n"
                + "[[train]]\nname = \"typical\"\ncommand = \"{binary} input\"\n";
        return ConfigLoader.parse(dir.resolve("pgolab.toml"), text);
    }

    private static Doctor.Section section(String title) {
        return machine.sections().stream().filter(s -> s.title().equals(title)).findFirst()
                .orElseThrow(() -> new AssertionError("no section '" + title + "' in:\n" + Doctor.render(machine)));
    }

    private static DoctorCheck check(Doctor.Section s, String subjectPrefix) {
        return s.checks().stream().filter(c -> c.subject().startsWith(subjectPrefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no check '" + subjectPrefix + "' in " + s));
    }
}
