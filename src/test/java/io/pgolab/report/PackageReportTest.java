package io.pgolab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** report may use bench, measure, stats, pipeline, toolchain, config, util, process; never cli. */
class PackageReportTest {
    static final List<String> ALLOWED = List.of("report", "bench", "measure", "stats", "pipeline", "toolchain", "config",
            "util", "process");

    @Test
    void reportImportsOnlyThePackagesBelowIt() throws Exception {
        Pattern use = Pattern.compile("\\bio\\.pgolab\\.([a-z]+)\\.");
        try (var files = Files.list(Path.of("src/main/java/io/pgolab/report"))) {
            for (Path f : files.toList()) {
                Matcher m = use.matcher(Files.readString(f));
                while (m.find()) {
                    assertThat(ALLOWED).as(f + " uses io.pgolab." + m.group(1)).contains(m.group(1));
                }
            }
        }
    }
}
