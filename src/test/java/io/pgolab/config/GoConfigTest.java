package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class GoConfigTest {
    static final Path FILE = ConfigLoaderTest.FILE;
    static final String GO = """
            [project]
            name = "tool"
            variants = ["release", "pgo"]

            [toolchain]
            kind = "go"

            [build]
            package = "./cmd/mytool"
            goflags = "-trimpath"
            ldflags = "-s -w"

            [[train]]
            name = "typical"
            command = "{binary} input.txt"

            [[bench]]
            name = "other"
            command = "{binary} other.txt"
            """;

    @Test
    void goGetsADefaultBuildCommandFromItsPackage() {
        Config c = ConfigLoader.parse(FILE, GO);
        assertThat(c.toolchain().kind()).isEqualTo("go");
        assertThat(c.toolchain().go().profileFlag()).isEqualTo("-cpuprofile={profile}");
        assertThat(c.build().command()).isEqualTo("{go} build {goflags} -o {builddir}/mytool ./cmd/mytool");
        assertThat(c.build().artifact()).isEqualTo("{builddir}/mytool");
        assertThat(c.build().goflags()).isEqualTo("-trimpath");
        assertThat(c.build().ldflags()).isEqualTo("-s -w");
    }

    @Test
    void ltoVariantsAreRefusedForGoWithFileLineAndKey() {
        String bad = GO.replace("variants = [\"release\", \"pgo\"]", "variants = [\"release\", \"lto\", \"pgo+lto\"]");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .isInstanceOf(UserError.class)
                .hasMessageContaining(FILE + ":3: key 'project.variants': variant 'lto' is not available for toolchain kind \"go\"")
                .hasMessageContaining("variant 'pgo+lto' is not available")
                .hasMessageContaining("variants = [\"release\", \"pgo\"]");
    }

    @Test
    void cFlagsAndCCompilerKeysAreRefusedForGo() {
        String bad = GO.replace("goflags = \"-trimpath\"", "cflags = \"-O3\"").replace("kind = \"go\"", "kind = \"go\"\ncc = \"gcc\"");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .isInstanceOf(UserError.class)
                .hasMessageContaining(":7: key 'toolchain.cc': a C compiler setting")
                .hasMessageContaining(":11: key 'build.cflags': C flags do not reach 'go build'")
                .hasMessageContaining("use goflags");
    }

    @Test
    void goKeysAreRefusedForCToolchains() {
        String bad = ConfigLoaderTest.GOOD.replace("timeout = \"90s\"", "timeout = \"90s\"\ngoflags = \"-race\"")
                .replace("kind = \"clang\"", "kind = \"clang\"\nprofile_flag = \"-cpuprofile={profile}\"");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("key 'toolchain.profile_flag': only toolchain kind \"go\" takes this key")
                .hasMessageContaining("key 'build.goflags': only toolchain kind \"go\" takes this key");
    }

    @Test
    void profileFlagNeedsItsPlaceholder() {
        String bad = GO.replace("kind = \"go\"", "kind = \"go\"\nprofile_flag = \"-cpuprofile=out.pprof\"");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .isInstanceOf(UserError.class)
                .hasMessageContaining(":7: key 'toolchain.profile_flag': must contain {profile}");
    }

    @Test
    void profilePlaceholderIsForGoTrainingOnly() {
        Config c = ConfigLoader.parse(FILE, GO.replace("{binary} input.txt", "{binary} build --cpu={profile} x"));
        assertThat(c.train().get(0).command()).contains("{profile}");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, GO.replace("{binary} other.txt", "{binary} -p={profile}")))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("key 'bench.other.command': unknown placeholder {profile}");
    }

    @Test
    void binaryNameComesFromThePackage() {
        assertThat(GoConfig.binaryName("./cmd/esbuild", "p")).isEqualTo("esbuild");
        assertThat(GoConfig.binaryName(".", "proj")).isEqualTo("proj");
        assertThat(GoConfig.binaryName("mvdan.cc/gofumpt", "p")).isEqualTo("gofumpt");
    }
}
