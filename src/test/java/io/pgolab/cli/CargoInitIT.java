package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import io.pgolab.process.Exec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'pgolab init' beside a Cargo.toml writes a cargo config that loads and names the project's binaries. */
class CargoInitIT {
    @TempDir
    Path tmp;

    @Test
    void cargoProjectGetsACargoStarterWithItsBinaries() throws Exception {
        Path p = CargoProject.create(tmp.resolve("p"), "");
        Files.delete(p.resolve("pgolab.toml"));
        Cli.Result r = Cli.run(p, "init");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("(cargo)");
        String text = Files.readString(p.resolve("pgolab.toml"));
        assertThat(text).contains("found Cargo.toml", "kind = \"cargo\"", "CHANGE_ME");
        Config c = ConfigLoader.load(p.resolve("pgolab.toml"));
        assertThat(c.toolchain().kind()).isEqualTo("cargo");
        assertThat(c.build().cargo().orElseThrow().bins()).containsExactly("flagsdemo", "helper");
        assertThat(c.build().command()).startsWith("cargo build --profile release --target {target}");
    }

    /**
     * A workspace named like its program, with the project's own opt-level and .cargo/config.toml rustflags: init picks
     * the member's binary (package and bin) and the release build, unedited, has both (the program prints the cfg the
     * rustflags set, the audit the opt-level every compile got).
     */
    @Test
    void aWorkspaceIsInitialisedAndBuildsUneditedWithItsOwnProfileAndRustflags() throws Exception {
        Tool.assumeHere(io.pgolab.toolchain.ToolLocator.onPath("cargo").isPresent(), "no cargo");
        Tool.assumeHere(System.getenv("RUSTFLAGS") == null && System.getenv("CARGO_ENCODED_RUSTFLAGS") == null,
                "the test environment sets its own RUSTFLAGS");
        Path w = Files.createDirectories(tmp.resolve("counter"));
        Files.writeString(w.resolve("Cargo.toml"), "[workspace]\nmembers = [\"crates/*\"]\nresolver = \"2\"\n\n"
                + "[profile.release]\nopt-level = 2\ncodegen-units = 2\n");
        Files.createDirectories(w.resolve(".cargo"));
        Files.writeString(w.resolve(".cargo/config.toml"), "[build]\nrustflags = [\"--cfg\", \"from_ws_config\"]\n");
        for (String m : List.of("counter", "counter-core")) {
            Path src = Files.createDirectories(w.resolve("crates").resolve(m).resolve("src"));
            Files.writeString(w.resolve("crates").resolve(m).resolve("Cargo.toml"), "[package]\nname = \"" + m
                    + "\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n\n[lints.rust]\n"
                    + "unexpected_cfgs = { level = \"allow\" }\n");
            Files.writeString(src.resolve("main.rs"), "fn main() { println!(\"" + m + " config={}\", cfg!(from_ws_config)); }\n");
        }
        Cli.Result init = Cli.run(w, "init");
        assertThat(init.exitCode()).as(init.all()).isZero();
        String text = Files.readString(w.resolve("pgolab.toml"));
        assertThat(text).contains("found Cargo.toml, a workspace", "package = \"counter\"", "bins = [\"counter\"]",
                "also found: counter-core (package counter-core)");
        Cli.Result build = Cli.run(w, "build", "release");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.all()).contains("all opt-level=2");
        Path bin = Files.walk(w.resolve(".pgolab/build/release")).filter(f -> f.getFileName().toString().equals("counter")
                && Files.isRegularFile(f)).findFirst().orElseThrow();
        Exec.Result r = Exec.capture(null, null, Map.of(), List.of(bin.toString()), 30);
        assertThat(r.output()).contains("counter config=true");
    }
}
