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
}
