package io.pgolab.config.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.config.Variant;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoStarterTest {
    @TempDir
    Path tmp;

    @Test
    void aGoModuleGetsAValidGoStarterWithItsMainPackage() throws Exception {
        Files.writeString(tmp.resolve("go.mod"), "module example.com/widget\n\ngo 1.22\n");
        Files.writeString(tmp.resolve("lib.go"), "package widget\n");
        Files.createDirectories(tmp.resolve("cmd/widgetd"));
        Files.writeString(tmp.resolve("cmd/widgetd/main.go"), "package main\n\nfunc main() {}\n");
        assertThat(StarterConfig.kindOf(tmp)).contains("go");
        String text = StarterConfig.render(tmp, "go");
        assertThat(text).contains("found go.mod, module example.com/widget");
        Config c = ConfigLoader.parse(tmp.resolve("pgolab.toml"), text);
        assertThat(c.toolchain().kind()).isEqualTo("go");
        assertThat(c.build().command()).isEqualTo("{go} build {goflags} -o {builddir}/widgetd ./cmd/widgetd");
        assertThat(c.variants()).containsExactly(Variant.RELEASE, Variant.PGO);
    }

    @Test
    void aDirectoryWithoutGoModIsNotGo() {
        assertThat(StarterConfig.kindOf(tmp)).isEmpty();
    }
}
