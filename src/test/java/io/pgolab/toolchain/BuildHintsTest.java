package io.pgolab.toolchain;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Variant;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The hint for a failed C build names the keys clang and gcc take, and only those. */
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
}
