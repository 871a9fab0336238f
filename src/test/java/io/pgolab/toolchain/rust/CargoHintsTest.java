package io.pgolab.toolchain.rust;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Variant;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The hint for a failed cargo build names the keys cargo takes, never build.command. */
class CargoHintsTest {
    static final Path CONFIG = Path.of("/p/pgolab.toml");

    @Test
    void cargoNeverSuggestsBuildCommandAsTheFix() {
        String h = CargoHints.cargo("error[E0425]: cannot find value", Variant.RELEASE, CONFIG, "release", Optional.empty());
        assertThat(h).contains("build.command is not used for cargo", "features", "RUSTFLAGS", "CARGO_PROFILE_RELEASE_<KEY>");
        assertThat(CargoHints.cargo("error[E0554]: `#![feature]` may not be used on the stable release channel", Variant.RELEASE,
                CONFIG, "release", Optional.empty())).contains("rust-toolchain.toml", "RUSTUP_TOOLCHAIN");
        assertThat(CargoHints.cargo("error: failed to download from `x`", Variant.RELEASE, CONFIG, "release", Optional.empty()))
                .contains("cargo fetch", "--offline");
        assertThat(CargoHints.cargo("error: failed to download `bitflags v2.4.0`\n\nCaused by:\n  attempting to make an HTTP"
                + " request, but --offline was specified", Variant.RELEASE, CONFIG, "release", Optional.empty()))
                .startsWith("cargo runs offline").contains("cargo fetch");
        assertThat(CargoHints.cargo("error: no bin target named `nope`", Variant.RELEASE, CONFIG, "release", Optional.empty()))
                .contains("build.bins");
    }
}
