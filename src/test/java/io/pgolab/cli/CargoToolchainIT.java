package io.pgolab.cli;

import io.pgolab.Tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.llvm.LlvmRawHeader;
import io.pgolab.toolchain.rust.RustcInfo;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.process.Exec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * toolchain.kind = "cargo" on a small Rust project with the user's own RUSTFLAGS, .cargo/config.toml
 * rustflags and a Cargo.toml profile setting: every variant builds with them intact (the programs
 * print what reached rustc, and cargo -v shows each rustc command line), plus the llvm-profdata pairing.
 */
class CargoToolchainIT {
    @TempDir
    Path tmp;

    @BeforeAll
    static void needsCargo() {
        Tool.assumeHere(ToolLocator.onPath("cargo").isPresent() && ToolLocator.onPath("rustc").isPresent(), "no cargo/rustc");
        Tool.assumeHere(System.getenv("RUSTFLAGS") == null && System.getenv("CARGO_ENCODED_RUSTFLAGS") == null,
                "the test environment sets its own RUSTFLAGS");
    }

    private static String run(Path program, String arg) {
        Exec.Result r = Exec.capture(null, null, Map.of(), List.of(program.toString(), arg), 30);
        assertThat(r.exitCode()).as(r.output()).isZero();
        return r.output();
    }

    @Test
    void everyVariantKeepsTheUsersRustflagsEnvAndProfile() throws Exception {
        Path p = CargoProject.create(tmp.resolve("p"), CargoProject.config("\"release\", \"lto\", \"pgo\", \"pgo+lto\", \"pgo+mfs\"", "",
                "env = { RUSTFLAGS = \"--cfg from_env\" }"));
        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.out()).contains("release", "lto", "pgo+lto", "instrumented")
                // compile audit through RUSTC_WRAPPER: the two bins, the profile's opt-level, profile flags and LTO
                .contains("audit: 2 rustc compiles, all opt-level=3\n")
                .contains("audit: 2 rustc compiles, all opt-level=3, 2/2 linked with -C lto\n")
                .contains("audit: 2 rustc compiles, all opt-level=3, 2/2 with profile\n")
                .contains("audit: 2 rustc compiles, all opt-level=3, 2/2 with profile, 2/2 linked with -C lto\n")
                .contains("audit: 2 rustc compiles, all opt-level=3, 2/2 instrumented\n");
        assertThat(Files.readString(p.resolve(".pgolab/logs/audit-pgo.log"))).contains("-Cprofile-use=");

        List<Path> mains = CargoProject.published(p, "flagsdemo");
        assertThat(mains).hasSize(6);   // release, lto, instrumented, pgo, pgo+lto, pgo+mfs
        // Machine function splitting through stable rustc's code generator option, proved by the FUNC.cold parts.
        assertThat(Files.readString(p.resolve(".pgolab/logs/build-pgo+mfs.log"))).contains("-Cllvm-args=-enable-split-machine-functions");
        assertThat(build.out() + build.err()).containsPattern("mfs: \\d+ function\\(s\\) split into hot and cold parts|mfs: no function was split");
        for (Path m : mains) {
            // RUSTFLAGS set: cargo itself ignores .cargo/config.toml rustflags, and so must every variant.
            assertThat(run(m, "10")).as(m.toString()).contains("flags: env=true config_target=false config_cfg=false"
                    + " config_build=false debug_assertions=true");
            assertThat(run(m.resolveSibling("helper"), "10")).contains("env=true");
        }
        String pgoLog = Files.readString(p.resolve(".pgolab/logs/build-pgo.log"));
        assertThat(pgoLog).contains("--target x86_64").containsPattern("-Cprofile-use=\\S+/untrained-guard/[0-9a-f]{64}\\.profdata")
                .contains("-Cllvm-args=-pgo-warn-missing-function").contains("--cfg from_env");
        String instrLog = Files.readString(p.resolve(".pgolab/logs/build-instrumented.log"));
        assertThat(instrLog).contains("-Cprofile-generate=").contains("--cfg from_env");
        assertThat(Files.readString(p.resolve(".pgolab/logs/build-lto.log"))).contains("-C lto");

        Cli.Result prof = Cli.run(p, "profile", "--top", "5");
        assertThat(prof.exitCode()).as(prof.all()).isZero();
        assertThat(prof.out()).contains("hot_loop").contains("0 mismatched");
    }

    @Test
    void aProfileAtOptLevelZeroIsFlaggedAndTheUsersRustcWrapperStillRuns() throws Exception {
        Path p = CargoProject.create(tmp.resolve("p"), CargoProject.config("\"release\"", "", ""));
        Files.writeString(p.resolve("Cargo.toml"), Files.readString(p.resolve("Cargo.toml"))
                .replace("codegen-units = 4", "codegen-units = 4\nopt-level = 0"));
        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isNotZero();
        assertThat(build.err()).contains("the release build compiled 2 of 2 crate(s) at opt-level=0 (flagsdemo, helper)")
                .contains("[profile.<name>]", "add \"unoptimized\" to build.allow");

        // The user's own RUSTC_WRAPPER (sccache) runs after pgolab's records the command.
        Path wrapper = p.resolve("mywrap.sh");
        Files.writeString(wrapper, "#!/bin/sh\necho \"$2\" >> " + p.resolve("wrapped.txt") + "\nexec \"$@\"\n");
        wrapper.toFile().setExecutable(true);
        Files.writeString(p.resolve("pgolab.toml"), CargoProject.config("\"release\"", "",
                "allow = [\"unoptimized\"]\nenv = { RUSTC_WRAPPER = \"" + wrapper + "\" }"));
        Cli.Result allowed = Cli.run(p, "build");
        assertThat(allowed.exitCode()).as(allowed.all()).isZero();
        assertThat(allowed.err()).contains("(allowed by build.allow = \"unoptimized\")");
        assertThat(allowed.out()).contains("audit: 2 rustc compiles, all opt-level=0");
        assertThat(Files.readString(p.resolve("wrapped.txt"))).contains("--crate-name");
    }

    @Test
    void configFileRustflagsAreKeptWhenThereIsNoRustflagsEnv() throws Exception {
        Path p = CargoProject.create(tmp.resolve("p"), CargoProject.config("\"release\", \"pgo\"", "", ""));
        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        List<Path> mains = CargoProject.published(p, "flagsdemo");
        assertThat(mains).hasSize(3);
        for (Path m : mains) {
            assertThat(run(m, "10")).as(m.toString()).contains("flags: env=false config_target=true config_cfg=true"
                    + " config_build=false debug_assertions=true");
        }
    }

    @Test
    void anLlvmProfdataThatCannotReadRustcsProfilesIsRefusedWithTheFix() throws Exception {
        Path llvm14 = Path.of("/usr/bin/llvm-profdata");
        Tool.assumeHere(Files.isExecutable(llvm14) && ToolLocator.llvmMajorOf(llvm14).equals(OptionalInt.of(14)), "no LLVM 14 tool");
        Path p = CargoProject.create(tmp.resolve("p"), CargoProject.config("\"release\", \"pgo\"",
                "llvm_profdata = \"" + llvm14 + "\"", ""));
        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isEqualTo(2);
        assertThat(build.err()).contains("variant 'pgo' needs an llvm-profdata that reads rustc's profiles")
                .contains("/usr/bin/llvm-profdata is LLVM 14 (raw format v8)")
                .contains("rustup component add llvm-tools")
                .doesNotContain("Exception");
    }

    @Test
    void anOlderLlvmProfdataOfTheSameRawFormatIsUsedAndSaysSo() throws Exception {
        Path llvm19 = Path.of("/usr/lib/llvm-19/bin/llvm-profdata");
        Tool.require(Files.isExecutable(llvm19), "no llvm-19");
        RustcInfo rc = RustcInfo.detect(tmp);
        Tool.assumeHere(rc.llvmMajor() > 19 && LlvmRawHeader.newestReadableBy(rc.llvmMajor()) == 10, "rustc's LLVM is not 20-22");
        Path p = CargoProject.create(tmp.resolve("p"), CargoProject.config("\"release\", \"pgo\"",
                "llvm_profdata = \"" + llvm19 + "\"", ""));
        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.all()).contains("llvm-profdata 19 used for rustc " + rc.release() + " (LLVM " + rc.llvmMajor()
                + "): raw format v10 read by both; install llvm-tools for an exact match: rustup component add llvm-tools");
        assertThat(build.out()).contains("0 mismatched");
    }

    @Test
    void boltVariantsLinkWithRelocationsAndKeepTheOtherBinaries() throws Exception {
        Tool.require(ToolLocator.llvmMajors().stream().anyMatch(m -> ToolLocator.llvmTool(m, "llvm-bolt").isPresent()), "no BOLT");
        Path p = CargoProject.create(tmp.resolve("p"), CargoProject.config("\"release\", \"pgo+bolt\"", "",
                "env = { RUSTFLAGS = \"--cfg from_env\" }"));
        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.out()).contains("pgo+bolt").containsPattern("BOLT \\(\\w+\\): \\d+ of \\d+ functions profiled");
        assertThat(Files.readString(p.resolve(".pgolab/logs/build-pgo+bolt.base.log")))
                .contains("-Clink-arg=-Wl,--emit-relocs").contains("--cfg from_env").contains("-Cprofile-use=");
        assertThat(Files.readString(p.resolve(".pgolab/logs/build-release.log"))).doesNotContain("emit-relocs");
        assertThat(Files.readString(p.resolve(".pgolab/logs/build-instrumented.log"))).doesNotContain("emit-relocs");
        for (Path m : CargoProject.published(p, "flagsdemo")) {
            assertThat(run(m, "10")).contains("env=true");
            assertThat(run(m.resolveSibling("helper"), "10")).contains("helper sum=");
        }
    }

    @Test
    void buildRustflagsAreKeptWhenNoTargetTableHidesThem() throws Exception {
        Path p = CargoProject.create(tmp.resolve("p"), CargoProject.config("\"release\", \"pgo\"", "", ""));
        Files.writeString(p.resolve(".cargo/config.toml"), "[build]\nrustflags = [\"--cfg\", \"from_config_build\"]\n");
        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        for (Path m : CargoProject.published(p, "flagsdemo")) {
            assertThat(run(m, "10")).as(m.toString()).contains("env=false config_target=false config_cfg=false"
                    + " config_build=true debug_assertions=true");
        }
    }

    @Test
    void aWorkspaceBuildsBinariesOfSeveralMembersByName() throws Exception {
        Path w = tmp.resolve("ws");
        Files.createDirectories(w);
        Files.writeString(w.resolve("Cargo.toml"), "[workspace]\nmembers = [\"app\", \"tool\"]\nresolver = \"2\"\n");
        for (String m : List.of("app", "tool")) {
            Files.createDirectories(w.resolve(m).resolve("src"));
            Files.writeString(w.resolve(m).resolve("Cargo.toml"), "[package]\nname = \"" + m
                    + "\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n");
            Files.writeString(w.resolve(m).resolve("src/main.rs"), "fn main() { let n: u64 = std::env::args().nth(1)"
                    + ".and_then(|a| a.parse().ok()).unwrap_or(10); println!(\"" + m + " {}\", (0..n).map(|i| i % 7).sum::<u64>()); }\n");
        }
        Files.writeString(w.resolve("pgolab.toml"), """
                [project]
                variants = ["release", "pgo"]
                [toolchain]
                kind = "cargo"
                [build]
                bins = ["app", "tool"]
                [[train]]
                name = "both"
                command = "{binary} 100000 && {bin:tool} 100000"
                """);
        Cli.Result build = Cli.run(w, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.out()).contains("0 mismatched");
        List<Path> apps = CargoProject.published(w, "app");
        assertThat(apps).hasSize(3);
        for (Path a : apps) {
            assertThat(run(a, "10")).contains("app 24");
            assertThat(run(a.resolveSibling("tool"), "10")).contains("tool 24");
        }
    }

    @Test
    void aProfileWithStripTrueBuildsBoltAndTheBoltedBinaryIsStripped() throws Exception {
        Tool.require(ToolLocator.llvmMajors().stream().anyMatch(m -> ToolLocator.llvmTool(m, "llvm-bolt").isPresent()), "no BOLT");
        Path p = CargoProject.create(tmp.resolve("p"), CargoProject.config("\"release\", \"bolt\"", "", ""));
        Files.writeString(p.resolve("Cargo.toml"), Files.readString(p.resolve("Cargo.toml"))
                .replace("codegen-units = 4", "codegen-units = 4\nstrip = true"));
        Cli.Result doctor = Cli.run(p, "doctor");
        assertThat(doctor.out()).containsPattern("ok +variant bolt +can be built");
        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.all()).contains("[profile.release] strip = true (" + p.resolve("Cargo.toml") + ":")
                .contains("CARGO_PROFILE_RELEASE_STRIP=debuginfo")
                .contains("stripped afterwards (llvm-strip --strip-all)");
        List<Path> mains = CargoProject.published(p, "flagsdemo");
        assertThat(mains).hasSize(3);   // release, bolt.base, bolt
        long withSymbols = 0;
        for (Path m : mains) {
            assertThat(run(m, "10")).contains("flags:");
            Exec.Result syms = Exec.capture(null, null, Map.of(), List.of("readelf", "-S", m.toString()), 30);
            withSymbols += syms.output().contains(".symtab") ? 1 : 0;
        }
        assertThat(withSymbols).as("only the BOLT base build keeps its symbol table").isEqualTo(1);
    }

    @Test
    void aFailedCargoBuildGetsCargosHintsAndVerboseShowsReadableRustflags() throws Exception {
        Path p = CargoProject.create(tmp.resolve("p"), CargoProject.config("\"release\"", "",
                "features = [\"no-such-feature\"]\nenv = { RUSTFLAGS = \"--cfg from_env\" }"));
        Cli.Result build = Cli.run(p, "-v", "build");
        assertThat(build.exitCode()).as(build.all()).isNotZero();
        assertThat(build.err()).contains("hint: a feature is not defined by the package: fix build.features")
                .doesNotContain("build.command in").doesNotContain("\u001f").doesNotContain("Exception")
                .contains("CARGO_ENCODED_RUSTFLAGS=[--cfg from_env]");
    }

    @Test
    void profileShowsDemangledRustNamesAndTheJsonKeepsTheMangledOnes() throws Exception {
        Path p = CargoProject.create(tmp.resolve("p"), CargoProject.config("\"release\", \"pgo\"", "", ""));
        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        Path json = tmp.resolve("profile.json");   // outside the project: it would change the source fingerprint
        Cli.Result prof = Cli.run(p, "profile", "--top", "5", "--json", json.toString());
        assertThat(prof.exitCode()).as(prof.all()).isZero();
        String text = Files.readString(json);
        if (prof.err().contains("llvm-cxxfilt")) {   // no demangler for this LLVM: said once, names as in the profile
            assertThat(prof.err().split("llvm-cxxfilt", -1)).hasSizeLessThanOrEqualTo(3);
            return;
        }
        assertThat(prof.out()).contains("flagsdemo::").doesNotContainPattern("  _ZN\\d+flagsdemo").doesNotContain("$LT$");
        assertThat(text).containsPattern("\"name\" ?: ?\"_ZN9flagsdemo\\d+\\w+17h[0-9a-f]{16}E\"")
                .containsPattern("\"demangled\" ?: ?\"flagsdemo::\\w+\"");
    }
}
