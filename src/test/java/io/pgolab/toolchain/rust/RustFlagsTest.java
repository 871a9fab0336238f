package io.pgolab.toolchain.rust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Cargo's rustflags precedence, as pgolab reproduces it to keep the user's flags. */
class RustFlagsTest {
    static final String HOST = "x86_64-unknown-linux-gnu";
    static final Set<String> CFGS = Set.of("unix", "target_os=\"linux\"", "target_arch=\"x86_64\"",
            "target_pointer_width=\"64\"");

    @TempDir
    Path tmp;

    private Path project(String config) throws Exception {
        Path p = tmp.resolve("ws/app");
        Files.createDirectories(p.resolve(".cargo"));
        if (config != null) {
            Files.writeString(p.resolve(".cargo/config.toml"), config);
        }
        return p;
    }

    private RustFlags.Effective read(Map<String, String> env, Path cwd) {
        return RustFlags.effective(env, cwd, tmp.resolve("cargo-home"), HOST, CFGS);
    }

    @Test
    void encodedFlagsWinOverEverythingAndKeepSpaces() throws Exception {
        Path p = project("[build]\nrustflags = [\"--cfg\", \"a\"]\n");
        var e = read(Map.of("CARGO_ENCODED_RUSTFLAGS", "-Cfoo=a b\u001f--cfg\u001fx", "RUSTFLAGS", "--cfg y"), p);
        assertThat(e.flags()).containsExactly("-Cfoo=a b", "--cfg", "x");
        assertThat(e.source()).isEqualTo("CARGO_ENCODED_RUSTFLAGS");
    }

    @Test
    void rustflagsEnvWinsOverConfigFilesEvenWhenEmpty() throws Exception {
        Path p = project("[build]\nrustflags = [\"--cfg\", \"a\"]\n");
        assertThat(read(Map.of("RUSTFLAGS", " -C  target-cpu=native "), p).flags()).containsExactly("-C", "target-cpu=native");
        assertThat(read(Map.of("RUSTFLAGS", ""), p).flags()).isEmpty();
        assertThat(read(Map.of("RUSTFLAGS", ""), p).source()).isEqualTo("RUSTFLAGS");
    }

    @Test
    void targetTablesJoinedTripleAndMatchingCfgAndBeatBuildRustflags() throws Exception {
        Path p = project("""
                [build]
                rustflags = "--cfg build"
                [target.x86_64-unknown-linux-gnu]
                rustflags = ["--cfg", "triple"]
                [target.'cfg(all(unix, target_pointer_width = "64"))']
                rustflags = ["--cfg", "cfg64"]
                [target.'cfg(windows)']
                rustflags = ["--cfg", "win"]
                [target.aarch64-unknown-linux-gnu]
                rustflags = ["--cfg", "arm"]
                """);
        var e = read(Map.of(), p);
        assertThat(e.flags()).containsExactlyInAnyOrder("--cfg", "triple", "--cfg", "cfg64");
        assertThat(e.flags()).doesNotContain("build", "win", "arm");
        assertThat(e.source()).contains("target.x86_64-unknown-linux-gnu.rustflags");
    }

    @Test
    void buildRustflagsFromParentsAndCargoHomeAreJoinedDeepestLast() throws Exception {
        Path p = project("[build]\nrustflags = [\"--cfg\", \"app\"]\n");
        Files.createDirectories(tmp.resolve("ws/.cargo"));
        Files.writeString(tmp.resolve("ws/.cargo/config"), "[build]\nrustflags = [\"--cfg\", \"ws\"]\n");
        Files.createDirectories(tmp.resolve("cargo-home"));
        Files.writeString(tmp.resolve("cargo-home/config.toml"), "[build]\nrustflags = \"--cfg home\"\n");
        var e = read(Map.of("CARGO_BUILD_RUSTFLAGS", "--cfg envb"), p.resolve("src").getParent());
        assertThat(e.flags()).containsExactly("--cfg", "home", "--cfg", "ws", "--cfg", "app", "--cfg", "envb");
    }

    @Test
    void targetEnvVariableCountsAsATargetSource() throws Exception {
        Path p = project("[build]\nrustflags = [\"--cfg\", \"b\"]\n");
        var e = read(Map.of("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS", "--cfg t"), p);
        assertThat(e.flags()).containsExactly("--cfg", "t");
    }

    @Test
    void noSourceMeansNoFlags() throws Exception {
        assertThat(read(Map.of(), project(null))).isEqualTo(RustFlags.Effective.NONE);
    }

    @Test
    void aBadRustflagsValueNamesTheFile() throws Exception {
        Path p = project("[build]\nrustflags = 3\n");
        assertThatThrownBy(() -> read(Map.of(), p)).isInstanceOf(UserError.class)
                .hasMessageContaining("build.rustflags in " + p.resolve(".cargo/config.toml"));
    }

    @Test
    void cfgExpressions() {
        assertThat(CfgExpr.matches("cfg(unix)", CFGS)).isTrue();
        assertThat(CfgExpr.matches("cfg(windows)", CFGS)).isFalse();
        assertThat(CfgExpr.matches("cfg(target_os = \"linux\")", CFGS)).isTrue();
        assertThat(CfgExpr.matches("cfg(not(target_os = \"linux\"))", CFGS)).isFalse();
        assertThat(CfgExpr.matches("cfg(any(windows, all(unix, target_arch=\"x86_64\")))", CFGS)).isTrue();
        assertThat(CfgExpr.matches("cfg(all())", CFGS)).isTrue();
        assertThat(CfgExpr.matches("cfg(any())", CFGS)).isFalse();
        assertThat(CfgExpr.matches("cfg(unix", CFGS)).isFalse();
    }

    @Test
    void encodingSeparatesWithUnitSeparator() {
        assertThat(RustFlags.encode(List.of("--cfg", "a b"))).isEqualTo("--cfg\u001fa b");
    }
}
