package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** config.starter (what pgolab init writes) uses config; config never uses config.starter (docs/architecture.md). */
class PackageConfigTest {
    @Test
    void configNeverUsesItsStarters() throws Exception {
        List<String> violations = new ArrayList<>();
        try (var files = Files.list(Path.of("src/main/java/io/pgolab/config"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                if (Files.readString(f).contains("io.pgolab.config.starter.")) {
                    violations.add(f.getFileName().toString());
                }
            }
        }
        assertThat(violations).isEmpty();
    }
}
