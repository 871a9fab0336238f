package io.pgolab.toolchain;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Variant;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each toolchain's hint for a failed build names the keys that toolchain takes, and only those. */
class BuildHintsTest {
    static final Path CONFIG = Path.of("/p/pgolab.toml");

    @Test
    void cBuildsPointAtBuildCommandAndTheirFlags() {
        String h = BuildHints.c("make: *** [all] Error 1", Variant.RELEASE, CONFIG, "clang 19", 19);
        assertThat(h).contains("build.command", "{cflags}", "{ldflags}", CONFIG.toString());
        assertThat(BuildHints.c("/usr/bin/ld: final link failed", Variant.byName("bolt").orElseThrow(), CONFIG, "gcc 12", 12))
                .contains("remove -s");
        assertThat(BuildHints.c("undefined reference to `__llvm_profile_runtime'", Variant.PGO, CONFIG, "clang 19", 19))
                .contains("libclang-rt-19-dev");
        assertThat(BuildHints.c("plugin needed to handle lto object", Variant.byName("lto").orElseThrow(), CONFIG, "gcc 12", 12))
                .contains("{ar}");
        // jq 1.6 configured with gcc, built by the clang toolchain: libtool links through gcc's collect2
        assertThat(BuildHints.c("collect2: fatal error: cannot find 'ld'", Variant.byName("lto").orElseThrow(), CONFIG,
                "clang 19", 19)).contains("configured for gcc", "./configure CC='{cc}'");
        assertThat(BuildHints.c("collect2: error: ld returned 1 exit status", Variant.RELEASE, CONFIG, "gcc 12", 12))
                .doesNotContain("configured for gcc");
    }

    @Test
    void goPointsAtGoflagsAndPackage() {
        assertThat(BuildHints.go("main.go:3: undefined: x", CONFIG)).contains("build.goflags", "build.package", "{goflags}");
        assertThat(BuildHints.go("go: go.mod file not found in current directory", CONFIG)).contains("project.root");
    }

    @Test
    void cargoNeverSuggestsBuildCommandAsTheFix() {
        String h = BuildHints.cargo("error[E0425]: cannot find value", Variant.RELEASE, CONFIG, "release", Optional.empty());
        assertThat(h).contains("build.command is not used for cargo", "features", "RUSTFLAGS", "CARGO_PROFILE_RELEASE_<KEY>");
        assertThat(BuildHints.cargo("error[E0554]: `#![feature]` may not be used on the stable release channel", Variant.RELEASE,
                CONFIG, "release", Optional.empty())).contains("rust-toolchain.toml", "RUSTUP_TOOLCHAIN");
        assertThat(BuildHints.cargo("error: failed to download from `x`", Variant.RELEASE, CONFIG, "release", Optional.empty()))
                .contains("cargo fetch", "--offline");
        assertThat(BuildHints.cargo("error: failed to download `bitflags v2.4.0`\n\nCaused by:\n  attempting to make an HTTP"
                + " request, but --offline was specified", Variant.RELEASE, CONFIG, "release", Optional.empty()))
                .startsWith("cargo runs offline").contains("cargo fetch");
        assertThat(BuildHints.cargo("error: no bin target named `nope`", Variant.RELEASE, CONFIG, "release", Optional.empty()))
                .contains("build.bins");
    }
}
