package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** [toolchain] kind = "cargo" and its [build] keys. */
class CargoConfigTest {
    @TempDir
    Path dir;

    static final String GOOD = """
            [project]
            variants = ["release", "pgo"]

            [toolchain]
            kind = "cargo"
            llvm_profdata = "/usr/lib/llvm-19/bin/llvm-profdata"

            [build]
            bins = ["app", "helper"]
            package = "app-cli"
            profile = "fast-release"
            features = ["simd", "serde/std"]
            args = ["--locked"]
            env = { RUSTFLAGS = "--cfg from_env" }

            [[train]]
            name = "t"
            command = "{binary} in.txt && {bin:helper} --check"

            [[bench]]
            name = "b"
            command = "{bin:helper} big.txt"
            """;

    Config parse(String text) {
        return ConfigLoader.parse(dir.resolve("pgolab.toml"), text);
    }

    @Test
    void composesTheCargoCommandAndArtifact() {
        Config c = parse(GOOD);
        assertThat(c.toolchain().llvmProfdata()).contains("/usr/lib/llvm-19/bin/llvm-profdata");
        BuildSpec b = c.build();
        assertThat(b.command()).isEqualTo("cargo build --profile fast-release --target {target} --target-dir {builddir}/target"
                + " --package app-cli --bin app --bin helper --features simd,serde/std --locked");
        assertThat(b.artifact()).isEqualTo("{builddir}/target/{target}/fast-release/app");
        assertThat(b.siblingArtifacts()).containsExactly("helper");
        assertThat(b.env()).containsEntry("RUSTFLAGS", "--cfg from_env");
        assertThat(b.cargo().orElseThrow().profileEnv("LTO")).isEqualTo("CARGO_PROFILE_FAST_RELEASE_LTO");
        assertThat(c.exclude()).contains("target");
        assertThat(c.workloadCommand(c.train().get(0), "/x/bin/app")).isEqualTo("/x/bin/app in.txt && /x/bin/helper --check");
        assertThat(c.workloadCommand(c.bench().get(0), "/x/bin/app")).isEqualTo("/x/bin/helper big.txt");
    }

    @Test
    void releaseAndDevProfilesUseCargosDirectoryNames() {
        assertThat(parse(GOOD.replace("fast-release", "release")).build().artifact()).contains("/release/app");
        assertThat(parse(GOOD.replace("fast-release", "dev")).build().artifact()).contains("/debug/app");
    }

    @Test
    void theCKeysAreRefusedWithLineAndFix() {
        String bad = GOOD.replace("bins = [\"app\", \"helper\"]", "bins = [\"app\", \"helper\"]\ncommand = \"cargo build\"");
        assertThatThrownBy(() -> parse(bad)).isInstanceOf(UserError.class)
                .hasMessageContaining("pgolab.toml:10: key 'build.command': not used with toolchain.kind = \"cargo\"")
                .hasMessageContaining("choose with bins, package, profile, features and args");
    }

    @Test
    void ccIsNotACargoKeyAndLlvmProfdataNotAClangKey() {
        assertThatThrownBy(() -> parse(GOOD.replace("kind = \"cargo\"", "kind = \"cargo\"\ncc = \"clang\"")))
                .hasMessageContaining(":6: key 'toolchain.cc': not used with toolchain.kind = \"cargo\"");
        String clang = """
                [project]
                [toolchain]
                kind = "clang"
                llvm_profdata = "/x"
                [build]
                command = "make"
                artifact = "{builddir}/a"
                """;
        assertThatThrownBy(() -> parse(clang)).hasMessageContaining(":4: key 'toolchain.llvm_profdata': not used");
    }

    @Test
    void anUnknownBinPlaceholderAndASetByPgolabArgAreNamed() {
        assertThatThrownBy(() -> parse(GOOD.replace("{bin:helper} big.txt", "{bin:helpr} big.txt")))
                .hasMessageContaining("unknown placeholder {bin:helpr}")
                .hasMessageContaining("did you mean {bin:helper}?");
        assertThatThrownBy(() -> parse(GOOD.replace("\"--locked\"", "\"--target=x86_64-unknown-linux-musl\"")))
                .hasMessageContaining("key 'build.args': '--target=x86_64-unknown-linux-musl' is set by pgolab");
    }

    @Test
    void withoutBinsTheOnlyBinaryOfThePackageIsUsed() throws Exception {
        Files.writeString(dir.resolve("Cargo.toml"), "[package]\nname = \"solo\"\nversion = \"0.1.0\"\n");
        Files.createDirectories(dir.resolve("src"));
        Files.writeString(dir.resolve("src/main.rs"), "fn main() {}\n");
        String noBins = GOOD.replaceAll("(?m)^(bins|package|profile|features) = .*\\n", "")
                .replace("{bin:helper}", "{binary}");
        assertThat(parse(noBins).build().cargo().orElseThrow().bins()).containsExactly("solo");

        Files.createDirectories(dir.resolve("src/bin"));
        Files.writeString(dir.resolve("src/bin/other.rs"), "fn main() {}\n");
        assertThatThrownBy(() -> parse(noBins)).isInstanceOf(UserError.class)
                .hasMessageContaining("key 'build.bins': " + dir.resolve("Cargo.toml") + " defines several binaries (solo, other)")
                .hasMessageContaining("bins = [\"solo\", \"other\"]");
    }

    @Test
    void aWorkspaceRootNeedsBins() throws Exception {
        Files.writeString(dir.resolve("Cargo.toml"), "[workspace]\nmembers = [\"a\", \"b\"]\n");
        String noBins = GOOD.replaceAll("(?m)^bins = .*\\n", "").replace("{bin:helper}", "{binary}");
        assertThatThrownBy(() -> parse(noBins)).hasMessageContaining("build.package is set, so pgolab cannot tell which binary");
        String noPkg = noBins.replaceAll("(?m)^package = .*\\n", "");
        assertThatThrownBy(() -> parse(noPkg)).hasMessageContaining("is a workspace without a [package]");
    }
}
