package io.pgolab.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pgolab.bench.GateMeasure;
import io.pgolab.bench.GateResult;
import io.pgolab.report.GoldenReportTest;
import io.pgolab.report.Html;
import io.pgolab.report.Md;
import io.pgolab.report.Results;
import io.pgolab.report.VerdictFixtures;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate's verdict line (issue 28): an improvement beyond the bound is named, and a base gated with the candidate's
 * config says so in the first sentence; the same line in the terminal, Markdown, HTML, JSON and verdict.json, and
 * again when pgolab report reads the file.
 */
class GateVerdictLineTest {
    @TempDir
    Path tmp;

    @Test
    void anImprovementBeyondTheBoundIsNamedInEveryOutput() throws Exception {
        GateResult g = VerdictFixtures.gate("x86", 0.95); // the candidate takes 5% less CPU time, bound 2%
        String line = g.summary();
        assertThat(line).startsWith("Compared bbbbbbbbbbbb with aaaaaaaaaaaa on x86. All 1 measure within bounds;"
                + " improved: pgo cpu_time on server -5.0% [").endsWith("].");
        assertThat(g.passed()).isTrue();
        assertEverywhere(g, line);
    }

    @Test
    void aSmallOrUncertainGainIsNotAnImprovement() {
        // 1% faster: within bounds, but less than the bound better
        assertThat(VerdictFixtures.gate("x86", 0.99).summary()).endsWith("All 1 measure within bounds.");
        // the rule: the whole CI better than the base and the estimate at least the bound better
        assertThat(GateMeasure.improved(-3.3, -0.8, 2)).isTrue();
        assertThat(GateMeasure.improved(-3.3, 0.4, 2)).isFalse();
        assertThat(GateMeasure.improved(-1.5, -0.8, 2)).isFalse();
        assertThat(GateMeasure.improved(-2.0, -0.1, 2)).isTrue();
    }

    @Test
    void outOfBoundsAndImprovedAreBothSaid() {
        List<GateResult.Described> ms = List.of(
                new GateResult.Described(GateMeasure.Status.OUT_OF_BOUNDS, "release wall_time on a +4.0% [+3.0%, +5.0%] (bound 2%)"),
                new GateResult.Described(GateMeasure.Status.WITHIN_BOUNDS, "release cpu_time on a -3.3% (...)",
                        "release cpu_time on a -3.3% [-5.4%, -0.8%]"));
        assertThat(GateResult.summary("c", "b", "h", ms, "fail")).isEqualTo("Compared c with b on h. 1 of 2 measures out"
                + " of bounds: release wall_time on a +4.0% [+3.0%, +5.0%] (bound 2%). Improved: release cpu_time on a"
                + " -3.3% [-5.4%, -0.8%].");
    }

    @Test
    void aBaseGatedWithTheCandidatesConfigSaysSoFirst() throws Exception {
        GateResult own = VerdictFixtures.gate("x86", 1.0);
        GateResult g = new GateResult(own.base(), own.candidate(), own.host(), own.configPath(), own.variants(),
                own.inconclusive(), own.measures(), own.bench(), own.notes(), true);
        String line = g.summary();
        assertThat(line).startsWith("Compared bbbbbbbbbbbb with aaaaaaaaaaaa on x86 (the base has no config of its own:"
                + " both commits were built and measured with the candidate's). All 1 measure within bounds.");
        String text = Exports.text().render(Results.gate(GoldenReportTest.SOURCE, g));
        assertThat(text.lines().findFirst().orElseThrow()).contains("has no config of its own");
        assertEverywhere(g, line);
        JsonNode doc = Json.MAPPER.readTree(Exports.json().render(Results.gate(GoldenReportTest.SOURCE, g)));
        assertThat(doc.get("gate").get("base_config_borrowed").asBoolean()).isTrue();
        // a gate whose base had its own config writes no such key
        JsonNode plain = Json.MAPPER.readTree(Exports.json().render(Results.gate(GoldenReportTest.SOURCE, own)));
        assertThat(plain.get("gate").has("base_config_borrowed")).isFalse();
    }

    /** The line in the terminal, Markdown (first line), JSON, verdict.json, and the HTML and Markdown of the file read again. */
    private void assertEverywhere(GateResult g, String line) throws Exception {
        Results r = Results.gate(GoldenReportTest.SOURCE, g);
        assertThat(Exports.text().render(r)).contains(line);
        assertThat(Exports.markdown().render(r).lines().findFirst().orElseThrow()).isEqualTo(Md.text(line));
        JsonNode doc = Json.MAPPER.readTree(Exports.json().render(r));
        assertThat(doc.get("gate").get("summary").asText()).isEqualTo(line);
        assertThat(Json.MAPPER.readTree(Exports.verdict().render(r)).toString()).contains(Json.MAPPER.writeValueAsString(line));
        Path file = tmp.resolve("gate.json");
        Files.writeString(file, Exports.json().render(r));
        ReportFiles again = ReportFiles.read(List.of(file));
        assertThat(GatedOutcomeTest.banner(again.html())).contains(Html.text(line));
        assertThat(again.markdown()).contains(Md.text(line));
    }
}
