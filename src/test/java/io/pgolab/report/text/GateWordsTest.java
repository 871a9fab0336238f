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
}
