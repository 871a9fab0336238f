package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
