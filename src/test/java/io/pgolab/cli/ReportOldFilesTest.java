package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** pgolab report re-renders results files written by pgolab 0.1.0 (src/test/resources/results), in every format. */
class ReportOldFilesTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"demo", "compare", "build", "ladder"})
    void aResultsFileOf010IsRenderedAgain(String kind) throws Exception {
        Path old = Path.of("src/test/resources/results", kind + "-0.1.0.json").toAbsolutePath();
        Path html = tmp.resolve(kind + ".html");
        Path md = tmp.resolve(kind + ".md");
        Cli.Result r = Cli.run(tmp, "report", old.toString(), "--html", html.toString(), "--markdown", md.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        String page = Files.readString(html);
        assertThat(page).startsWith("<!DOCTYPE html>").contains("</html>");
        if (!kind.equals("build")) {
            // the measurements' verdicts, as the file has them
            assertThat(page).containsAnyOf("improved", "regressed");
            assertThat(Files.readString(md)).isNotBlank();
        }
    }

    /**
     * A bench of a Google Benchmark suite written before suite names were kept as printed (by the commit before
     * them): its a/b and a:b are micro.a_b and micro.a_b_2, and are rendered with the names the file holds.
     */
    @org.junit.jupiter.api.Test
    void aResultsFileWithTheOldSanitisedBenchmarkNamesIsRenderedAgain() throws Exception {
        Path old = Path.of("src/test/resources/results/microbench-old-names.json").toAbsolutePath();
        Path html = tmp.resolve("micro.html");
        Path md = tmp.resolve("micro.md");
        Cli.Result r = Cli.run(tmp, "report", old.toString(), "--html", html.toString(), "--markdown", md.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("micro.BM_Fib_10", "micro.a_b ", "micro.a_b_2", "Microbench: 4 of 4 inconclusive");
        assertThat(Files.readString(md)).contains("micro.a_b_2").contains("Microbench:");
        assertThat(Files.readString(html)).contains("micro.a_b_2");
    }
}
