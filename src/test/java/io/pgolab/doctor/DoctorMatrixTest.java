package io.pgolab.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Variant;
import io.pgolab.toolchain.bolt.BoltInstall;
import io.pgolab.toolchain.llvm.ClangInstall;
import io.pgolab.toolchain.gcc.GccInstall;
import io.pgolab.toolchain.go.GoInstall;
import io.pgolab.toolchain.detect.Installs;
import io.pgolab.toolchain.rust.RustInstall;
import io.pgolab.toolchain.rust.RustProfdata;
import io.pgolab.toolchain.rust.RustcInfo;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The readiness matrix and the report from fabricated installs: nothing here looks at this machine
 * (the paths below need not exist).
 */
class DoctorMatrixTest {
    private static final Path LLVM19 = Path.of("/opt/fake/llvm-19/bin");
    private static final List<String> ALL_CLANG_TOOLS = List.of("llvm-profdata", "llvm-ar", "llvm-ranlib", "ld.lld",
            "llvm-bolt", "perf2bolt", "merge-fdata");
    private static final List<String> NO_BOLT = List.of("llvm-profdata", "llvm-ar", "llvm-ranlib", "ld.lld");

    // ---- fabricated installs ----------------------------------------------------------------

    private static ClangInstall clang19(List<String> tools) {
        Map<String, ClangInstall.LlvmTool> m = new LinkedHashMap<>();
        for (String t : tools) {
            m.put(t, new ClangInstall.LlvmTool(LLVM19.resolve(t), OptionalInt.of(19)));
        }
        return new ClangInstall(LLVM19.resolve("clang"), 19, "19.1.7", true, m,
                Optional.of(Path.of("/opt/fake/llvm-19/lib/libclang_rt.profile-x86_64.a")));
    }

    private static GccInstall gcc12(boolean gcovTool) {
        return new GccInstall(Path.of("/opt/fake/bin/gcc"), 12, "12.2.0",
                gcovTool ? Optional.of(Path.of("/opt/fake/bin/gcov-tool-12")) : Optional.empty(),
                Optional.of(Path.of("/opt/fake/bin/gcov-dump-12")), Optional.of(Path.of("/opt/fake/bin/gcc-ar-12")),
                Optional.of(Path.of("/opt/fake/bin/gcc-ranlib-12")));
    }

    private static final BoltInstall BOLT19 = new BoltInstall(19, LLVM19.resolve("llvm-bolt"),
            LLVM19.resolve("merge-fdata"), Optional.of(LLVM19.resolve("perf2bolt")));

    private static RustInstall cargo(RustProfdata.Choice choice) {
        RustcInfo rc = new RustcInfo(Path.of("/opt/fake/cargo/bin/rustc"), Path.of("/opt/fake/cargo/bin/cargo"), "1.95.0",
                "x86_64-unknown-linux-gnu", "22.1.2", 22, Path.of("/opt/fake/rust"), Set.of(), "cargo 1.95.0", "");
        return new RustInstall(rc, choice, Optional.empty());
    }

    /** rustc's LLVM 22 and no llvm-profdata that reads its profiles. */
    private static final RustProfdata.Choice NO_PROFDATA = new RustProfdata.Choice(Optional.empty(), "",
            "no llvm-profdata fits rustc 1.95.0 (LLVM 22), which writes raw profile format v10; none is installed",
            RustProfdata.installFix(22));

    private static final RustProfdata.Choice EXACT_PROFDATA = new RustProfdata.Choice(Optional.of(
            new RustProfdata.Candidate(Path.of("/opt/fake/rust/bin/llvm-profdata"), 22, "rustup llvm-tools")), "", "", "");

    private static Installs installs(List<ClangInstall> clangs, Optional<GccInstall> gcc, List<BoltInstall> bolts) {
        return new Installs(clangs.stream().map(ClangInstall::major).toList(), clangs, gcc, Optional.empty(),
                Optional.empty(), bolts, Optional.empty());
    }

    private static Doctor.Report report(Installs in) {
        return DoctorReport.assemble(new DoctorFacts(in, HostFacts.none(), Optional.empty(), Path.of("/p/pgolab.toml")));
    }

    private static Doctor.Readiness row(List<Doctor.Readiness> rows, String kind, Variant v) {
        return rows.stream().filter(r -> r.kind().equals(kind) && r.variant().equals(v.name())).findFirst().orElseThrow();
    }

    private static List<DoctorCheck> section(Doctor.Report r, String title) {
        return r.sections().stream().filter(s -> s.title().equals(title)).findFirst().orElseThrow().checks();
    }

    // ---- tests ------------------------------------------------------------------------------

    @Test
    void clangWithEverythingBuildsEveryVariant() {
        Installs in = installs(List.of(clang19(ALL_CLANG_TOOLS)), Optional.of(gcc12(true)), List.of(BOLT19));
        Doctor.Report r = report(in);

        // Each toolchain's rows are the known variants of the steps it offers: clang all 11 C ones, gcc 7.
        assertThat(r.readiness()).hasSize(11 + 7).allSatisfy(x -> {
            assertThat(x.buildable()).isTrue();
            assertThat(x.needs()).isEmpty();
            assertThat(x.fix()).isEmpty();
        });
        assertThat(r.exitCode()).isZero();
        assertThat(DoctorText.render(r)).contains(
                "  ok      clang 19 pgo+lto+bolt  can be built\n",
                "  ok      toolchain  clang 19.1.7 and gcc 12.2.0 can build release and pgo\n");
    }

    @Test
    void theLayoutChecksRelinkNeedsLldWithClangAndIsNoCargoVariant() {
        Variant relink = Variant.parse("relink-1");
        assertThat(ReadinessMatrix.gaps(clang19(List.of("llvm-profdata", "llvm-ar")), relink))
                .extracting(Gap::pkg).containsExactly("lld-19");
        assertThat(ReadinessMatrix.gaps(clang19(NO_BOLT), relink)).isEmpty();
        assertThat(ReadinessMatrix.gaps(clang19(NO_BOLT), Variant.RELEASE)).isEmpty();
    }

    @Test
    void clang19WithoutLlvmProfdata19CannotBuildPgo() {
        ClangInstall c = clang19(List.of("llvm-ar", "llvm-ranlib", "ld.lld"));
        Doctor.Report r = report(installs(List.of(c), Optional.empty(), List.of()));

        assertThat(row(r.readiness(), "clang", Variant.RELEASE).buildable()).isTrue();
        assertThat(row(r.readiness(), "clang", Variant.LTO).buildable()).isTrue();
        Doctor.Readiness pgo = row(r.readiness(), "clang", Variant.PGO);
        assertThat(pgo.buildable()).isFalse();
        assertThat(pgo.toolchain()).isEqualTo("clang 19.1.7");
        assertThat(pgo.needs()).containsExactly("llvm-profdata 19");
        assertThat(pgo.fix()).isEqualTo("apt-get install -y llvm-19");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(DoctorText.render(r)).contains(
                "  MISSING llvm-profdata 19        not installed; needed for pgo  -> apt-get install -y llvm-19\n",
                "  MISSING clang 19 pgo           needs llvm-profdata 19  -> apt-get install -y llvm-19\n",
                "  MISSING toolchain  no C toolchain here can build release and pgo  -> apt-get install -y llvm-19\n");
    }

    @Test
    void gccWithoutGcovToolCannotBuildPgo() {
        Doctor.Report r = report(installs(List.of(), Optional.of(gcc12(false)), List.of()));

        Doctor.Readiness pgo = row(r.readiness(), "gcc", Variant.PGO);
        assertThat(pgo.buildable()).isFalse();
        assertThat(pgo.needs()).containsExactly("gcov-tool-12");
        assertThat(pgo.fix()).isEqualTo("apt-get install -y gcc-12");
        assertThat(row(r.readiness(), "gcc", Variant.LTO).buildable()).isTrue();
        assertThat(section(r, "gcc 12")).contains(DoctorCheck.missing("gcov-tool 12",
                "not installed; needed for pgo (merging profiles)", "apt-get install -y gcc-12"));
        assertThat(section(r, "clang")).containsExactly(DoctorCheck.info("clang", "no clang installed",
                "apt-get install -y clang-19 llvm-19 lld-19 libclang-rt-19-dev"));
        assertThat(r.exitCode()).isEqualTo(1);
    }

    @Test
    void debiansLlvm14ProfdataOnPathBesideClang19() {
        ClangInstall.LlvmTool llvm14 = new ClangInstall.LlvmTool(Path.of("/usr/bin/llvm-profdata"), OptionalInt.of(14));
        Installs paired = new Installs(List.of(19, 14), List.of(clang19(ALL_CLANG_TOOLS)), Optional.empty(),
                Optional.empty(), Optional.empty(), List.of(BOLT19), Optional.of(llvm14));
        assertThat(section(report(paired), "other LLVM tools")).containsExactly(
                DoctorCheck.warn("llvm-profdata (unversioned)", "/usr/bin/llvm-profdata is LLVM 14: cannot read clang 19"
                        + " profiles; pgolab uses " + LLVM19.resolve("llvm-profdata") + " instead", ""),
                DoctorCheck.info("LLVM 14", "/usr/lib/llvm-14 has no clang-14 (tools only, not a toolchain)", ""));

        // Without llvm-profdata 19 the LLVM 14 one does not count: pgo still needs 19.
        Installs unpaired = new Installs(List.of(19, 14), List.of(clang19(List.of("llvm-ar", "ld.lld"))),
                Optional.empty(), Optional.empty(), Optional.empty(), List.of(), Optional.of(llvm14));
        Doctor.Report r = report(unpaired);
        assertThat(section(r, "other LLVM tools").get(0)).isEqualTo(DoctorCheck.warn("llvm-profdata (unversioned)",
                "/usr/bin/llvm-profdata is LLVM 14: cannot read clang 19 profiles; pgolab needs llvm-profdata 19",
                "apt-get install -y llvm-19"));
        assertThat(row(r.readiness(), "clang", Variant.PGO).needs()).containsExactly("llvm-profdata 19");
    }

    @Test
    void noBoltMeansNoBoltVariants() {
        Installs in = installs(List.of(clang19(NO_BOLT)), Optional.of(gcc12(true)), List.of());
        Doctor.Report r = report(in);

        Doctor.Readiness clangBolt = row(r.readiness(), "clang", Variant.PGO_BOLT);
        assertThat(clangBolt.needs()).containsExactly("llvm-bolt and merge-fdata 19");
        assertThat(clangBolt.fix()).isEqualTo("apt-get install -y bolt-19");
        Doctor.Readiness gccBolt = row(r.readiness(), "gcc", Variant.BOLT);
        assertThat(gccBolt.needs()).containsExactly("llvm-bolt and merge-fdata (any LLVM version)");
        assertThat(row(r.readiness(), "gcc", Variant.PGO_LTO).buildable()).isTrue();
        assertThat(section(r, "variants on this machine")).last().isEqualTo(DoctorCheck.info("bolt",
                "not ready: no llvm-bolt 19, perf2bolt 19, merge-fdata 19", "apt-get install -y bolt-19"));
        assertThat(section(r, "clang 19")).contains(DoctorCheck.info("llvm-bolt 19",
                "not installed (BOLT, not needed yet)", "apt-get install -y bolt-19"));
        // release and pgo do not need BOLT
        assertThat(r.exitCode()).isZero();

        // gcc's BOLT may be of any LLVM version
        assertThat(row(report(installs(List.of(clang19(NO_BOLT)), Optional.of(gcc12(true)), List.of(BOLT19)))
                .readiness(), "gcc", Variant.BOLT).buildable()).isTrue();
    }

    @Test
    void boltModeFollowsHardwareCounters() {
        Installs in = installs(List.of(clang19(ALL_CLANG_TOOLS)), Optional.empty(), List.of(BOLT19));
        assertThat(CompilerChecks.bolt(in, true).detail()).startsWith("BOLT 19 ready: BOLT instrumentation, or perf sampling");
        assertThat(CompilerChecks.bolt(in, false).detail()).contains("no hardware counters");
    }

    @Test
    void goTooOldForPgo() {
        GoInstall old = new GoInstall(Path.of("/opt/fake/go/bin/go"), true, "go1.20.3\n\nlinux\namd64\n");
        assertThat(GoDoctor.checks(Optional.of(old))).containsExactly(
                DoctorCheck.ok("go1.20.3", "/opt/fake/go/bin/go"),
                DoctorCheck.missing("pgo", "go1.20.3 is too old for pgolab's Go PGO (needs Go 1.21; 1.20 had -pgo only"
                        + " as a preview, older versions none)", "install Go 1.21 or newer from https://go.dev/dl/"));
        GoInstall current = new GoInstall(Path.of("/opt/fake/go/bin/go"), true, "go1.26.8\n");
        assertThat(GoDoctor.checks(Optional.of(current)).get(1).status()).isEqualTo(DoctorCheck.Status.OK);
        GoInstall broken = new GoInstall(Path.of("/opt/fake/go/bin/go"), false, "go: cannot find GOROOT");
        assertThat(GoDoctor.checks(Optional.of(broken))).containsExactly(DoctorCheck.warn("go",
                "/opt/fake/go/bin/go did not report a Go version ('')", "install Go 1.21 or newer from https://go.dev/dl/"));
        assertThat(GoDoctor.checks(Optional.empty()).get(0).status()).isEqualTo(DoctorCheck.Status.INFO);
    }

    @Test
    void cargoWhoseLlvmHasNoLlvmProfdataCannotBuildPgo() {
        Installs in = new Installs(List.of(), List.of(), Optional.empty(), Optional.empty(),
                Optional.of(cargo(NO_PROFDATA)), List.of(), Optional.empty());
        Doctor.Report r = report(in);

        assertThat(row(r.readiness(), "cargo", Variant.RELEASE).buildable()).isTrue();
        assertThat(row(r.readiness(), "cargo", Variant.LTO).buildable()).isTrue();
        Doctor.Readiness pgo = row(r.readiness(), "cargo", Variant.PGO);
        assertThat(pgo.toolchain()).isEqualTo("cargo (rustc 1.95.0)");
        assertThat(pgo.needs()).containsExactly("an llvm-profdata that reads rustc's profiles");
        assertThat(pgo.fix()).isEqualTo(RustProfdata.installFix(22));
        assertThat(section(r, "rust (cargo)")).contains(
                DoctorCheck.info("rustup llvm-tools", "not installed (the exact llvm-profdata for rustc's LLVM 22)",
                        "rustup component add llvm-tools"),
                DoctorCheck.missing("llvm-profdata for rustc", NO_PROFDATA.problem() + "; needed for pgo",
                        RustProfdata.installFix(22)));
        // cargo is not a C toolchain: without a config the result still asks for one
        assertThat(r.exitCode()).isEqualTo(1);

        Installs exact = new Installs(List.of(), List.of(), Optional.empty(), Optional.empty(),
                Optional.of(cargo(EXACT_PROFDATA)), List.of(), Optional.empty());
        assertThat(section(report(exact), "rust (cargo)")).contains(DoctorCheck.ok("llvm-profdata for rustc",
                "LLVM 22 /opt/fake/rust/bin/llvm-profdata (rustup llvm-tools), same LLVM as rustc"));
    }

    @Test
    void configuredClangUsesTheSelectedInstallThenTheBuildsOwnRefusal() {
        ClangInstall c = clang19(NO_BOLT);
        Installs in = installs(List.of(c), Optional.empty(), List.of());
        ConfiguredToolchain cfg = new ConfiguredToolchain(Path.of("/p/pgolab.toml"), "clang", "kind = clang (auto-detect)",
                List.of(Variant.RELEASE, Variant.PGO, Variant.BOLT), Optional.empty(), "clang 19.1.7 (/opt/fake/llvm-19/bin/clang)",
                Optional.of(c), Optional.empty(),
                Map.of("pgo", new ConfiguredToolchain.Problem("variant 'pgo' needs something new", "do this")));
        Doctor.Report r = DoctorReport.assemble(new DoctorFacts(in, HostFacts.none(), Optional.of(cfg), cfg.file()));

        assertThat(r.configured()).extracting(Doctor.Readiness::variant, Doctor.Readiness::buildable).containsExactly(
                org.assertj.core.groups.Tuple.tuple("release", true),
                org.assertj.core.groups.Tuple.tuple("pgo", false),
                org.assertj.core.groups.Tuple.tuple("bolt", false));
        assertThat(r.configured().get(1).needs()).containsExactly("variant 'pgo' needs something new");
        assertThat(r.configured().get(1).fix()).isEqualTo("do this");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(DoctorText.render(r)).contains(
                "config /p/pgolab.toml\n"
                        + "  ok      toolchain        kind = clang (auto-detect): clang 19.1.7 (/opt/fake/llvm-19/bin/clang)\n"
                        + "  ok      variant release  can be built\n"
                        + "  MISSING variant pgo      needs variant 'pgo' needs something new  -> do this\n"
                        + "  MISSING variant bolt     needs llvm-bolt and merge-fdata 19  -> apt-get install -y bolt-19\n",
                "  MISSING variant pgo   cannot be built with clang 19.1.7: needs variant 'pgo' needs something new  -> do this\n",
                "  MISSING variant bolt  cannot be built with clang 19.1.7: needs llvm-bolt and merge-fdata 19"
                        + "  -> apt-get install -y bolt-19\n");
    }

    @Test
    void configuredToolchainThatCannotBeDetectedFailsEveryVariant() {
        ConfiguredToolchain cfg = ConfiguredToolchain.failed(Path.of("/p/pgolab.toml"), "gcc", "kind = gcc (auto-detect)",
                List.of(Variant.RELEASE, Variant.PGO), new ConfiguredToolchain.Problem("GCC ('gcc') was not found",
                        "apt-get install -y gcc g++"));
        Doctor.Report r = DoctorReport.assemble(new DoctorFacts(installs(List.of(), Optional.empty(), List.of()),
                HostFacts.none(), Optional.of(cfg), cfg.file()));

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.configured()).allSatisfy(x -> {
            assertThat(x.toolchain()).isEqualTo("gcc");
            assertThat(x.needs()).containsExactly("a usable gcc (GCC ('gcc') was not found)");
        });
        assertThat(section(r, "result")).containsExactly(DoctorCheck.missing("variants release, pgo",
                "cannot be built with gcc: needs a usable gcc (GCC ('gcc') was not found)", "apt-get install -y gcc g++"));
    }

    @Test
    void nothingInstalledRendersEveryInstallCommand() {
        Doctor.Report r = report(installs(List.of(), Optional.empty(), List.of()));
        assertThat(r.readiness()).isEmpty();
        assertThat(r.exitCode()).isEqualTo(1);
        // The steps each toolchain offers do not depend on the machine: checked on their own below.
        String text = DoctorText.render(r);
        assertThat(text).contains("\nsteps by toolchain\n  ok      clang  release, pgo, lto, cs, mfs, order, bolt\n",
                "  info    gcc    no cs: context-sensitive PGO is an LLVM feature");
        assertThat(text.replaceAll("\nsteps by toolchain\n(  .*\n)+", "")).isEqualTo("clang\n"
                + "  info    clang  no clang installed  -> apt-get install -y clang-19 llvm-19 lld-19 libclang-rt-19-dev\n"
                + "\ngcc\n"
                + "  info    gcc  not installed  -> apt-get install -y gcc g++\n"
                + "\ngo\n"
                + "  info    go  not installed (needed only for toolchain kind \"go\")  -> install Go 1.21 or newer from https://go.dev/dl/\n"
                + "\nother LLVM tools\n"
                + "  ok      llvm-profdata (unversioned)  none on PATH (fine: pgolab picks one by version)\n"
                + "\nrust (cargo)\n"
                + "  info    cargo  no working cargo/rustc on PATH (needed for kind = \"cargo\")"
                + "  -> install Rust with rustup (https://rustup.rs), then: rustup component add llvm-tools\n"
                + "\nperf and measurement\n"
                + "\nJDKs\n"
                + "\noptional tools\n"
                + "\nvariants on this machine\n"
                + "  info    bolt  needs a clang with BOLT of its version"
                + "  -> apt-get install -y clang-19 llvm-19 lld-19 bolt-19 libclang-rt-19-dev\n"
                + "\nresult\n"
                + "  info    config     none at /p/pgolab.toml; checked this machine only\n"
                + "  MISSING toolchain  no C toolchain here can build release and pgo"
                + "  -> apt-get install -y clang-19 llvm-19 lld-19 libclang-rt-19-dev\n");
    }

    @Test
    void aToolOfAnotherMajorIsAWarning() {
        Map<String, ClangInstall.LlvmTool> tools = new LinkedHashMap<>();
        tools.put("llvm-profdata", new ClangInstall.LlvmTool(Path.of("/opt/fake/bin/llvm-profdata"), OptionalInt.of(18)));
        ClangInstall c = new ClangInstall(LLVM19.resolve("clang"), 19, "19.1.7", true, tools, Optional.empty());
        assertThat(CompilerChecks.clang(c)).contains(DoctorCheck.warn("llvm-profdata 19",
                "/opt/fake/bin/llvm-profdata is LLVM 18, not 19", "apt-get install -y llvm-19"),
                DoctorCheck.missing("libclang_rt.profile 19", "profile runtime missing: instrumented (pgo) links fail",
                        "apt-get install -y libclang-rt-19-dev"));
        assertThat(ReadinessMatrix.gaps(c, Variant.PGO)).extracting(Gap::piece)
                .containsExactly("profile runtime libclang_rt.profile 19");
    }
}
