package io.pgolab.toolchain.rust;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What 'rustup show active-toolchain' says for a directory (rustup 1.29's own output). */
class RustupChoiceTest {
    @Test
    void readsTheDefaultTheToolchainFileAndTheEnvironmentOverride() {
        RustupChoice d = RustupChoice.parse(true, "stable-x86_64-unknown-linux-gnu (default)\n").orElseThrow();
        assertThat(d.toolchain()).isEqualTo("stable-x86_64-unknown-linux-gnu");
        assertThat(d.installed()).isTrue();
        assertThat(d.file()).isEmpty();
        RustupChoice f = RustupChoice.parse(true, "nightly-x86_64-unknown-linux-gnu (overridden by '/p/rust-toolchain')\n").orElseThrow();
        assertThat(f.file()).contains(Path.of("/p/rust-toolchain"));
        assertThat(f.describe()).isEqualTo("nightly-x86_64-unknown-linux-gnu (overridden by '/p/rust-toolchain')");
        RustupChoice e = RustupChoice.parse(true, "stable-x86_64-unknown-linux-gnu (overridden by environment variable RUSTUP_TOOLCHAIN)").orElseThrow();
        assertThat(e.file()).isEmpty();
        assertThat(e.reason()).contains("RUSTUP_TOOLCHAIN");
    }

    @Test
    void aPinnedToolchainThatIsNotInstalledNamesTheFileAndTheInstallCommand() {
        String out = "error: override toolchain '1.80.0-x86_64-unknown-linux-gnu' is not installed\n\nCaused by:\n"
                + "    the toolchain file at '/p/rust-toolchain.toml' specifies an uninstalled toolchain\n";
        RustupChoice c = RustupChoice.parse(false, out).orElseThrow();
        assertThat(c.installed()).isFalse();
        assertThat(c.toolchain()).isEqualTo("1.80.0-x86_64-unknown-linux-gnu");
        assertThat(c.file()).contains(Path.of("/p/rust-toolchain.toml"));
        var err = c.notInstalled(Path.of("/p"));
        assertThat(err.getMessage()).contains("1.80.0-x86_64-unknown-linux-gnu", "pinned by /p/rust-toolchain.toml", "not installed");
        assertThat(err.hint()).startsWith("rustup toolchain install 1.80.0-x86_64-unknown-linux-gnu --component llvm-tools")
                .contains("/p/rust-toolchain.toml");
        // rustc's own refusal (no file named) is recognised too
        assertThat(RustupChoice.fromFailure("error: toolchain '1.80.0-x86_64-unknown-linux-gnu' is not installed\n"
                + "help: run `rustup toolchain install` to install it", Path.of("/p"))).isPresent();
        assertThat(RustupChoice.parse(false, "error: something else")).isEmpty();
    }

    @Test
    void rustupRunsWithoutBacktracesAndWithTheBuildsRustupKeys() {
        assertThat(RustupChoice.env(Map.of("RUSTUP_TOOLCHAIN", "nightly", "RUSTFLAGS", "-Cx")))
                .containsEntry("RUSTUP_TOOLCHAIN", "nightly").containsEntry("RUST_BACKTRACE", "0").doesNotContainKey("RUSTFLAGS");
        assertThat(RustProfdata.installFix(22)).contains("rustup component add llvm-tools");
        var c = new RustProfdata.Choice(Optional.empty(), "", "no fit", RustProfdata.installFix(22)).forToolchain("nightly-x");
        assertThat(c.fix()).startsWith("rustup component add llvm-tools --toolchain nightly-x");
    }
}
