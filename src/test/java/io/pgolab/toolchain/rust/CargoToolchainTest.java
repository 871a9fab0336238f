package io.pgolab.toolchain.rust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.config.CargoSpec;
import io.pgolab.config.Variant;
import io.pgolab.toolchain.BuildEnv;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.toolchain.Toolchain;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What CargoToolchain hands to a build: the user's flags first, pgolab's per variant after them. */
class CargoToolchainTest {
    @TempDir
    Path tmp;

    CargoToolchain toolchain() {
        RustcInfo rc = new RustcInfo(Path.of("/x/rustc"), Path.of("/x/cargo"), "1.95.0", "x86_64-unknown-linux-gnu",
                "22.1.2", 22, Path.of("/x/sysroot"), Set.of("unix"), "cargo 1.95.0", "rustc 1.95.0");
        var choice = new RustProfdata.Choice(Optional.of(new RustProfdata.Candidate(Path.of("/x/llvm-profdata"), 22, "test")),
                "", "", "");
        // the guard off: these tests read the flags, with no llvm-profdata to make the guarded profile (UntrainedGuardIT does)
        return new CargoToolchain(rc, choice, Optional.of(new CargoSpec(List.of("app"), Optional.empty(), "fast",
                List.of(), List.of())), tmp.resolve("scratch"), null).guard(false);
    }

    Toolchain.BuildFlags user(String rustflags) {
        return new Toolchain.BuildFlags("", "", "", "", tmp, Map.of("RUSTFLAGS", rustflags));
    }

    static List<String> flags(BuildEnv e) {
        return List.of(e.env().get("CARGO_ENCODED_RUSTFLAGS").split("\u001f"));
    }

    @Test
    void releaseKeepsExactlyTheUsersFlagsAndSetsNoCVariables() {
        BuildEnv e = toolchain().buildEnv(Variant.RELEASE, Phase.PLAIN, Optional.empty(), user("-C target-cpu=native"));
        assertThat(flags(e)).containsExactly("-C", "target-cpu=native");
        assertThat(e.conventionalEnv()).doesNotContainKeys("CC", "CFLAGS", "LDFLAGS").doesNotContainKey("CARGO_PROFILE_FAST_LTO");
        assertThat(e.placeholders()).containsExactly(Map.entry("target", "x86_64-unknown-linux-gnu"));
    }

    @Test
    void profileFlagsComeAfterTheUsersAndLtoUsesTheProfileSetting() {
        ProfileData p = new ProfileData(tmp.resolve("merged-abc.profdata"), "ab".repeat(32), 10);
        BuildEnv instr = toolchain().buildEnv(Variant.PGO, Phase.INSTRUMENT, Optional.empty(), user("--cfg u"));
        assertThat(flags(instr)).containsExactly("--cfg", "u", "-Cprofile-generate=" + tmp.resolve("scratch"));
        BuildEnv opt = toolchain().buildEnv(Variant.PGO_LTO, Phase.OPTIMIZE, Optional.of(p), user("--cfg u"));
        assertThat(flags(opt)).containsExactly("--cfg", "u", "-Cprofile-use=" + p.path(),
                "-Cllvm-args=-pgo-warn-missing-function");
        assertThat(opt.env()).containsEntry("CARGO_PROFILE_FAST_LTO", "fat");
        BuildEnv mfs = toolchain().buildEnv(Variant.PGO_MFS, Phase.OPTIMIZE, Optional.of(p), user(""));
        assertThat(flags(mfs)).containsExactly("-Cprofile-use=" + p.path(), "-Cllvm-args=-pgo-warn-missing-function",
                "-Cllvm-args=-enable-split-machine-functions");
    }

    @Test
    void boltBaseBuildsKeepRelocationsButTheInstrumentedBuildDoesNot() {
        Variant pgoBolt = Variant.byName("pgo+bolt").orElseThrow();
        ProfileData p = new ProfileData(tmp.resolve("merged-abc.profdata"), "ab".repeat(32), 10);
        assertThat(flags(toolchain().buildEnv(pgoBolt, Phase.OPTIMIZE, Optional.of(p), user(""))))
                .endsWith("-Clink-arg=-Wl,--emit-relocs");
        assertThat(flags(toolchain().buildEnv(pgoBolt, Phase.INSTRUMENT, Optional.empty(), user(""))))
                .doesNotContain("-Clink-arg=-Wl,--emit-relocs");
    }

    @Test
    void aProfileFlagOfTheUsersIsRefused() {
        assertThatThrownBy(() -> toolchain().buildEnv(Variant.RELEASE, Phase.PLAIN, Optional.empty(),
                user("-Cprofile-use=/old.profdata")))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("your rustflags (RUSTFLAGS) already contain -Cprofile-use=/old.profdata");
    }

    @Test
    void aProfileThatStripsSymbolsKeepsThemForTheBoltBaseBuildOnly() throws Exception {
        java.nio.file.Files.writeString(tmp.resolve("Cargo.toml"), "[package]\nname = \"app\"\nversion = \"0.1.0\"\n"
                + "[profile.fast]\ninherits = \"release\"\nstrip = true\n");
        Variant pgoBolt = Variant.byName("pgo+bolt").orElseThrow();
        ProfileData p = new ProfileData(tmp.resolve("merged-abc.profdata"), "ab".repeat(32), 10);
        CargoToolchain tc = toolchain();
        BuildEnv base = tc.buildEnv(pgoBolt, Phase.OPTIMIZE, Optional.of(p), user("--cfg u"));
        assertThat(base.env()).containsEntry("CARGO_PROFILE_FAST_STRIP", "debuginfo");
        assertThat(tc.buildNote(pgoBolt, Phase.OPTIMIZE, tmp, Map.of())).hasValueSatisfying(n -> assertThat(n)
                .contains("[profile.fast] strip = true", "CARGO_PROFILE_FAST_STRIP=debuginfo", "stripped afterwards"));
        assertThat(tc.stripAfterBolt(tmp, Map.of())).isTrue();
        assertThat(tc.buildEnv(pgoBolt, Phase.INSTRUMENT, Optional.empty(), user("")).env()).doesNotContainKey("CARGO_PROFILE_FAST_STRIP");
        assertThat(tc.buildEnv(Variant.PGO, Phase.OPTIMIZE, Optional.of(p), user("")).env()).doesNotContainKey("CARGO_PROFILE_FAST_STRIP");
        assertThat(tc.buildNote(Variant.PGO, Phase.OPTIMIZE, tmp, Map.of())).isEmpty();
        // -Cstrip=symbols in the user's rustflags: a later -Cstrip=debuginfo wins for the base build
        assertThat(flags(tc.buildEnv(pgoBolt, Phase.OPTIMIZE, Optional.of(p), user("-Cstrip=symbols"))))
                .containsSubsequence("-Cstrip=symbols", "-Cstrip=debuginfo");
    }

    @Test
    void aLinkerStripInTheRustflagsIsRefusedForBoltBeforeBuilding() {
        RustcInfo rc = new RustcInfo(Path.of("/x/rustc"), Path.of("/x/cargo"), "1.95.0", "x86_64-unknown-linux-gnu",
                "22.1.2", 22, Path.of("/x/sysroot"), Set.of("unix"), "cargo 1.95.0", "rustc 1.95.0");
        var choice = new RustProfdata.Choice(Optional.of(new RustProfdata.Candidate(Path.of("/x/llvm-profdata"), 22, "test")),
                "", "", "");
        CargoToolchain tc = new CargoToolchain(rc, choice, Optional.of(new CargoSpec(List.of("app"), Optional.empty(), "release",
                List.of(), List.of())), tmp.resolve("scratch"), null,
                new CargoToolchain.Project(tmp, Map.of("RUSTFLAGS", "-Clink-arg=-s")), Optional.empty());
        io.pgolab.Tool.require(ToolLocator.llvmMajors().stream()
                .anyMatch(m -> ToolLocator.llvmTool(m, "llvm-bolt").isPresent()), "BOLT (bolt-19)");
        assertThatThrownBy(() -> tc.require(Variant.byName("bolt").orElseThrow())).isInstanceOf(UserError.class)
                .hasMessageContaining("-Clink-arg=-s").hasMessageContaining("RUSTFLAGS")
                .satisfies(e -> assertThat(((UserError) e).hint()).contains("strip = true in [profile.release]"));
        tc.require(Variant.RELEASE);
    }

    @Test
    void buildFailureHintsNameCargosOwnKeys() {
        String hint = toolchain().buildFailureHint("error: some compile error", Phase.PLAIN, Variant.RELEASE, Path.of("/p/pgolab.toml"));
        assertThat(hint).contains("features", "args", "profile", "env", "RUSTFLAGS", "CARGO_PROFILE_FAST_<KEY>", "/p/pgolab.toml")
                .contains("build.command is not used for cargo");
        assertThat(toolchain().buildFailureHint("error: Package `app v0.1.0` does not have the feature `simd`", Phase.PLAIN,
                Variant.RELEASE, Path.of("/p/pgolab.toml"))).startsWith("a feature is not defined").contains("build.features");
        assertThat(toolchain().buildFailureHint("rust-lld: error: --strip-all and --emit-relocs may not be used together",
                Phase.OPTIMIZE, Variant.byName("pgo+bolt").orElseThrow(), Path.of("/p/pgolab.toml"))).contains("strip = true");
    }
}
