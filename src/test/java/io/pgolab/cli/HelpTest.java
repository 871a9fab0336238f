package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every subcommand has help that renders cleanly (picocli warns on unescaped '%'). */
class HelpTest {
    @ParameterizedTest
    @ValueSource(strings = {"demo", "init", "doctor", "build", "bench", "compare", "train", "profile"})
    void helpRendersWithoutWarnings(String command) {
        Cli.Result r = Cli.run(Path.of("."), command, "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Usage: pgolab " + command);
        assertThat(r.all()).doesNotContain("WARN").doesNotContain("%n");
    }
}
