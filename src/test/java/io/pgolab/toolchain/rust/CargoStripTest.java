package io.pgolab.toolchain.rust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cargo profile's strip setting as cargo reads it: BOLT's base build cannot link with --strip-all. */
class CargoStripTest {
    @TempDir
    Path tmp;

    private Path crate(String profiles) throws Exception {
        Path p = tmp.resolve("crate");
        Files.createDirectories(p);
        Files.writeString(p.resolve("Cargo.toml"), "[package]\nname = \"x\"\nversion = \"0.1.0\"\n\n" + profiles);
        return p;
    }

    private CargoStrip of(String profile, Path root, Map<String, String> env) {
        return CargoStrip.of(profile, root, env, tmp.resolve("no-cargo-home"));
    }

    @Test
    void readsTrueSymbolsDebuginfoAndTheLineItIsOn() throws Exception {
        Path p = crate("[profile.release]\nopt-level = 3\nstrip = true\n");
        CargoStrip s = of("release", p, Map.of());
        assertThat(s.symbols()).isTrue();
        assertThat(s.source()).isEqualTo("[profile.release] strip = true (" + p.resolve("Cargo.toml") + ":7)");
        assertThat(of("release", crate("[profile.release]\nstrip = \"symbols\"\n"), Map.of()).symbols()).isTrue();
        assertThat(of("release", crate("[profile.release]\nstrip = \"debuginfo\"\n"), Map.of()).value()).isEqualTo("debuginfo");
        assertThat(of("release", crate(""), Map.of()).value()).isEqualTo("none");
    }

    @Test
    void followsInheritsAndLetsTheEnvironmentAndCargoConfigWin() throws Exception {
        Path p = crate("[profile.release]\nstrip = true\n\n[profile.fast]\ninherits = \"release\"\n");
        assertThat(of("fast", p, Map.of()).symbols()).isTrue();
        assertThat(of("fast", p, Map.of("CARGO_PROFILE_FAST_STRIP", "false")).value()).isEqualTo("none");
        Files.createDirectories(p.resolve(".cargo"));
        Files.writeString(p.resolve(".cargo/config.toml"), "[profile.release]\nstrip = \"debuginfo\"\n");
        assertThat(of("release", p, Map.of()).value()).isEqualTo("debuginfo");
    }

    @Test
    void aWorkspaceMemberUsesTheWorkspaceRootsProfiles() throws Exception {
        Files.writeString(tmp.resolve("Cargo.toml"), "[workspace]\nmembers = [\"crate\"]\n\n[profile.release]\nstrip = true\n");
        Path member = crate("");
        assertThat(of("release", member, Map.of()).symbols()).isTrue();
    }

    @Test
    void aBadValueIsRefusedWithFileAndLine() throws Exception {
        Path p = crate("[profile.release]\nstrip = \"everything\"\n");
        assertThatThrownBy(() -> of("release", p, Map.of())).isInstanceOf(UserError.class)
                .hasMessageContaining("Cargo.toml:6").hasMessageContaining("\"symbols\"");
    }

    @Test
    void findsSymbolStripsInRustflags() {
        assertThat(CargoStrip.inRustflags(List.of("-Cstrip=symbols"), false)).contains("-Cstrip=symbols");
        assertThat(CargoStrip.inRustflags(List.of("-C", "strip=symbols"), false)).contains("-C strip=symbols");
        assertThat(CargoStrip.inRustflags(List.of("-Cstrip=symbols"), true)).isEmpty();
        assertThat(CargoStrip.inRustflags(List.of("-Clink-arg=-s"), true)).contains("-Clink-arg=-s");
        assertThat(CargoStrip.inRustflags(List.of("-C", "link-args=-Wl,-O1,--strip-all"), true)).isPresent();
        assertThat(CargoStrip.inRustflags(List.of("-Clink-arg=-Wl,--strip-all"), true)).isPresent();
        assertThat(CargoStrip.inRustflags(List.of("-Clink-arg=-static", "-Cstrip=debuginfo", "-Clink-arg=-Wl,-soname"), false)).isEmpty();
    }
}
