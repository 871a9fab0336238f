package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The shipped configs keep loading under the load-time validation. */
class ExampleConfigsTest {
    static Stream<Path> examples() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("examples"))) {
            List<Path> l = s.map(d -> d.resolve("pgolab.toml")).filter(Files::isRegularFile).sorted().toList();
            assertThat(l).isNotEmpty();
            return l.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("examples")
    void exampleLoads(Path file) {
        try {
            Config c = ConfigLoader.load(file);
            assertThat(c.variants()).isNotEmpty();
        } catch (UserError e) {
            // The examples' sources are fetched by the example tests; a missing root is the only allowed problem.
            assertThat(e.getMessage()).startsWith("invalid config\n").contains("key 'project.root': directory ");
        }
    }

    @Test
    void demoConfigLoads(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        try (InputStream in = ExampleConfigsTest.class.getResourceAsStream("/io/pgolab/demo/pgolab.toml")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("@KIND@", "clang");
            Files.writeString(dir.resolve("pgolab.toml"), text);
            Config c = ConfigLoader.load(dir.resolve("pgolab.toml"));
            assertThat(c.bench()).isNotEmpty();
        }
    }
}
