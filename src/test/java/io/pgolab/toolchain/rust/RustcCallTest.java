package io.pgolab.toolchain.rust;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.CompileRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What pgolab-exec's records of rustc (RUSTC_WRAPPER) say (Go's -toolexec: go.GoToolCallTest). */
class RustcCallTest {
    private static final String RUSTC = "/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/bin/rustc";

    private static RustcCall rustc(String... args) {
        List<String> all = new java.util.ArrayList<>(List.of(RUSTC));
        all.addAll(List.of(args));
        return new RustcCall(new CompileRecord(1, Path.of("/p"), false, Optional.empty(), all));
    }

    @Test
    void parsesAnExecRecord() {
        CompileRecord r = CompileRecord.parse("v1\t7\t/p\tEXEC\t\t" + RUSTC + "\t-vV").orElseThrow();
        assertThat(r.depfile()).isEmpty();
        assertThat(r.args()).containsExactly(RUSTC, "-vV");
        assertThat(new RustcCall(r).query()).isTrue();
    }

    @Test
    void rustcTargetCratesAreAuditedHostBuildsAndQueriesAreNot() {
        RustcCall bin = rustc("--crate-name", "app", "--edition=2021", "src/main.rs", "--crate-type", "bin",
                "-C", "opt-level=3", "-C", "lto=fat", "-Cprofile-use=/p/m.profdata", "--target", "x86_64-unknown-linux-gnu");
        assertThat(bin.compiles()).isTrue();
        assertThat(bin.crate()).isEqualTo("app");
        assertThat(bin.links()).isTrue();
        assertThat(bin.optLevel()).isEqualTo("3");
        assertThat(bin.lto()).isTrue();
        assertThat(bin.profileUse()).contains("/p/m.profdata");
        assertThat(bin.instrumented()).isFalse();
        assertThat(bin.source()).isEqualTo("src/main.rs");

        RustcCall lib = rustc("--crate-name", "dep", "/w/dep/src/lib.rs", "--crate-type", "lib", "-C", "opt-level=3",
                "-C", "linker-plugin-lto", "-Cprofile-generate=/s", "--target", "x86_64-unknown-linux-gnu");
        assertThat(lib.links()).isFalse();
        assertThat(lib.lto()).isFalse();
        assertThat(lib.codegen("linker-plugin-lto")).contains("");
        assertThat(lib.instrumented()).isTrue();

        RustcCall script = rustc("--crate-name", "build_script_build", "build.rs", "--crate-type", "bin",
                "-C", "embed-bitcode=no");
        assertThat(script.host()).isTrue();
        assertThat(script.compiles()).isFalse();
        assertThat(rustc("-", "--crate-name", "___", "--print=file-names", "--target", "x").compiles()).isFalse();
        // autocfg's probe (seen on drill 0.9.1's build): source on stdin, llvm-ir only, no opt-level
        assertThat(rustc("--crate-name", "autocfg_2c5a3a3f2f8e4e6d_0", "--crate-type", "lib", "--emit=llvm-ir",
                "--out-dir", "/tmp/o", "--target", "x86_64-unknown-linux-gnu", "-").compiles()).isFalse();

        // anyhow's build.rs probes the compiler through RUSTC_WRAPPER: metadata only, no code, no opt-level.
        RustcCall probe = rustc("--edition=2018", "--crate-name=anyhow", "--crate-type=lib", "--emit=dep-info,metadata",
                "--cap-lints=allow", "--out-dir", "/t/out", "/t/probe.rs", "--target", "x86_64-unknown-linux-gnu");
        assertThat(probe.compiles()).isFalse();
        assertThat(rustc("--crate-name", "dep", "src/lib.rs", "--emit=dep-info,metadata,link", "--target", "x")
                .compiles()).isTrue();
    }

    @Test
    void rustcOptLevelIsTheLastOfMinusCAndMinusOAndZeroWithout() {
        assertThat(rustc("--crate-name", "a", "--target", "t").optLevel()).isEqualTo("0");
        assertThat(rustc("--crate-name", "a", "--target", "t").optimized()).isFalse();
        assertThat(rustc("--crate-name", "a", "-C", "opt-level=3", "-Copt-level=s").optLevel()).isEqualTo("s");
        assertThat(rustc("--crate-name", "a", "-C", "opt-level=0", "-O").optLevel()).isEqualTo("2");
        assertThat(rustc("--crate-name", "a", "-C", "lto=off").lto()).isFalse();
        assertThat(rustc("--crate-name", "a", "-C", "lto").lto()).isTrue();
        assertThat(rustc("--crate-name", "a", "--codegen", "lto=thin").lto()).isTrue();
    }
}
