package io.pgolab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * report may use bench, measure, stats, pipeline, profile, store, toolchain, config, util, process; never cli. Its
 * own parts are layered as docs/architecture.md says: report, then report.json, report.text, report.html,
 * report.files, each using only those before it.
 */
class PackageReportTest {
    static final List<String> ALLOWED = List.of("report", "bench", "measure", "stats", "pipeline", "profile", "store",
            "toolchain", "config", "util", "process");

    @Test
    void reportImportsOnlyThePackagesBelowIt() throws Exception {
        Pattern use = Pattern.compile("\\bio\\.pgolab\\.([a-z]+)\\.");
        try (var files = Files.walk(Path.of("src/main/java/io/pgolab/report"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher m = use.matcher(Files.readString(f));
                while (m.find()) {
                    assertThat(ALLOWED).as(f + " uses io.pgolab." + m.group(1)).contains(m.group(1));
                }
            }
        }
    }

    static final List<String> PARTS = List.of("", "json", "text", "html", "files");

    @Test
    void eachPartUsesOnlyThePartsBeforeIt() throws Exception {
        Path root = Path.of("src/main/java/io/pgolab/report");
        Pattern use = Pattern.compile("\\bio\\.pgolab\\.report\\.(?:([a-z]+)\\.)?[A-Z]");
        try (var files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String part = root.relativize(f).getNameCount() == 1 ? "" : root.relativize(f).getName(0).toString();
                assertThat(PARTS).as("part of %s", f).contains(part);
                Matcher m = use.matcher(Files.readString(f));
                while (m.find()) {
                    String to = m.group(1) == null ? "" : m.group(1);
                    assertThat(PARTS.indexOf(to)).as(f + " (report." + part + ") uses report." + to)
                            .isLessThanOrEqualTo(PARTS.indexOf(part));
                }
            }
        }
    }
}
