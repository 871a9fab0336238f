package io.pgolab.report.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.report.GoldenReportTest;
import io.pgolab.report.Results;
import io.pgolab.report.VerdictFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One interval format and one word per outcome (issue 40: the bench table said "-0.3% [-2.3%, +0.9%] inconclusive"
 * while the gate table beside it said "-0.3% ± 1.6% ok" for the same measure).
 */
class GateWordsTest {
    @Test
    void theBenchTableAndTheGateTableSayTheSameWordAndTheSameInterval() {
        String text = new TextExporter().render(Results.gate(GoldenReportTest.SOURCE, VerdictFixtures.gate("x86", 1.0)));
        List<String> cpu = text.lines().filter(l -> l.trim().startsWith("cpu_time")).toList();

        assertThat(cpu).hasSize(2);
        assertThat(cpu.get(0)).as("the bench table").endsWith(" within bounds").doesNotContain("no_change");
        assertThat(cpu.get(1)).as("the gate table").matches(".*\\([+-]\\d+\\.\\d% \\[[+-]\\d+\\.\\d%, [+-]\\d+\\.\\d%]\\)"
                + "\\s+within bounds");
        // the noise line's "95% CI ±0.49%" is a half-width the noise allows, not a result's interval
        assertThat(text.lines().filter(l -> !l.contains("noise on"))).noneMatch(l -> l.contains("±") || l.endsWith(" ok"));
        assertThat(text.lines().filter(l -> l.trim().startsWith("ops_per_sec")).findFirst().orElseThrow())
                .as("a metric without a bound keeps its own verdict").endsWith("(not gated)");
    }

    @Test
    void markdownSaysTheWordsBesideTheSigns() {
        String md = GateReport.markdown(io.pgolab.report.json.JsonExporter.gate(VerdictFixtures.gate("x86", 1.55)),
                List.of(io.pgolab.report.json.JsonExporter.bench(VerdictFixtures.gate("x86", 1.55).bench()).workloads()
                        .toArray(new io.pgolab.report.json.ResultsDocument.Workload[0])));
        assertThat(md).contains("❌ out of bounds").doesNotContain("±");
    }

    /** The gate's HTML shows its verdict once, in the header, and statuses in words (issue 40: twice, and a raw within_bounds). */
    @Test
    void theGatesHtmlShowsItsVerdictOnceAndInWords(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws Exception {
        java.nio.file.Path f = tmp.resolve("gate.json");
        java.nio.file.Files.writeString(f, VerdictFixtures.gateJson("x86", 1.0));
        String html = io.pgolab.report.files.ReportFiles.read(List.of(f)).html();
        String verdict = "Compared bbbbbbbbbbbb with aaaaaaaaaaaa on x86. All 1 measure within bounds.";

        assertThat(html.split(java.util.regex.Pattern.quote(verdict), -1)).hasSize(2);
        assertThat(html.replaceAll("class=\"[^\"]*\"", "").replaceAll("<script[\\s\\S]*?</script>", ""))
                .doesNotContain(">within_bounds<").contains(">within bounds<");
    }
}
