package io.pgolab.toolchain.go;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The hint for a failed go build names the keys the go toolchain takes. */
class GoHintsTest {
    static final Path CONFIG = Path.of("/p/pgolab.toml");

    @Test
    void goPointsAtGoflagsAndPackage() {
        assertThat(GoHints.go("main.go:3: undefined: x", CONFIG)).contains("build.goflags", "build.package", "{goflags}");
        assertThat(GoHints.go("go: go.mod file not found in current directory", CONFIG)).contains("project.root");
    }
}
