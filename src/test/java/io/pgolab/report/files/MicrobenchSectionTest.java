package io.pgolab.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pgolab.bench.BenchResults;
import io.pgolab.bench.GateMeasure;
import io.pgolab.bench.GateResult;
import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.MetricInfo;
import io.pgolab.measure.Run;
import io.pgolab.report.Fixtures;
import io.pgolab.report.GoldenReportTest;
import io.pgolab.report.Html;
import io.pgolab.report.Md;
import io.pgolab.report.Results;
import io.pgolab.report.json.ReportDocs;
import io.pgolab.report.json.ResultsDocument;
import io.pgolab.report.json.ResultsReader;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import io.pgolab.store.Worktrees;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The "Microbench:" section: the same line in every output, and decided again from a results file's numbers. */
class MicrobenchSectionTest {
    @TempDir
    Path tmp;

    /** 8 quiet rounds: micro.BM_same unchanged, micro.BM_slow 20% slower in the candidate, cpu_time unchanged. */
    private static CampaignResult campaign(String base, String candidate) {
        Map<String, MetricInfo> metrics = new LinkedHashMap<>();
        metrics.put("cpu_time", new MetricInfo("cpu_time", "s", Direction.LOWER_IS_BETTER));
        metrics.put("micro.BM_same", new MetricInfo("micro.BM_same", "ns/op", Direction.LOWER_IS_BETTER));
        metrics.put("micro.BM_slow", new MetricInfo("micro.BM_slow", "ns/op", Direction.LOWER_IS_BETTER));
        List<Run> runs = new ArrayList<>();
        for (int r = 0; r < 8; r++) {
            double w = 1 + 0.002 * ((r % 3) - 1);
            runs.add(new Run(base, r, 0, Map.of("cpu_time", 0.1 * w, "micro.BM_same", 100 * w, "micro.BM_slow", 50 * w)));
            runs.add(new Run(candidate, r, 1, Map.of("cpu_time", 0.1 / w, "micro.BM_same", 100 / w,
                    "micro.BM_slow", 60 / w)));
        }
        return new CampaignResult(List.of(base, candidate), runs, metrics, 8, 1, "cap reached", 30, 7L, List.of(),
                Map.of(base, "ok", candidate, "ok"));
    }

    private static GateResult gate() {
        CampaignResult c = campaign("base:release", "candidate:release");
        List<Comparison> cs = c.compare("base:release", "candidate:release", Map.of(), 0.01);
        List<String> gated = List.of("micro.BM_same", "micro.BM_slow");
        BenchResults bench = new BenchResults("pgolab gate", Fixtures.settings(), false, List.of(
                new BenchResults.WorkloadResult("suite", "{binary} --benchmark_format=json", c, cs, gated)));
        List<GateMeasure> ms = cs.stream().filter(x -> gated.contains(x.metric()))
                .map(x -> GateMeasure.of("suite", "release", x, 2.0)).toList();
        return new GateResult(new Worktrees.Commit("main", "a".repeat(40)), new Worktrees.Commit("pr", "b".repeat(40)),
                "x86", "pgolab.toml", List.of("release"), "fail", ms, bench, List.of());
    }

    @Test
    void everyOutputOfAGateHasTheSameSection() throws Exception {
        GateResult g = gate();
        String line = g.microbench().orElseThrow();
        assertThat(line).startsWith("Microbench: 1 of 2 measures out of bounds: release micro.BM_slow on suite +20.0%");
        Results r = Results.gate(GoldenReportTest.SOURCE, g);
        assertThat(Exports.text().render(r)).contains("\n" + line + "\n");
        assertThat(Exports.markdown().render(r)).contains(Md.text(line));
        assertThat(Exports.html().render(r)).contains("<p class=\"microbench\">" + Html.text(line) + "</p>");
        String json = Exports.json().render(r);
        assertThat(Json.MAPPER.readTree(json).get("gate").get("microbench").asText()).isEqualTo(line);
        assertThat(g.passed()).isFalse();
    }

    @Test
    void aResultsFileIsGivenItsSectionFromItsMeasuresNotFromItsText() throws Exception {
        GateResult g = gate();
        ObjectNode d = (ObjectNode) Json.MAPPER.readTree(Exports.json().render(Results.gate(GoldenReportTest.SOURCE, g)));
        ((ObjectNode) d.get("gate")).put("microbench", "Microbench: all 2 measures within bounds.");
        Path f = tmp.resolve("edited.json");
        Files.writeString(f, Json.MAPPER.writeValueAsString(d));
        // pgolab report and merge read a file through RecordedVerdicts
        ResultsDocument read = RecordedVerdicts.verified(f, ResultsReader.read(f));
        assertThat(read.gate().microbench()).isEqualTo(g.microbench().orElseThrow());
        assertThat(ReportDocs.microbench(read)).isEqualTo(g.microbench());
    }

    @Test
    void aMergeShowsEachHostsSection() throws Exception {
        GateResult g = gate();
        String line = g.microbench().orElseThrow();
        Path a = tmp.resolve("a.json");
        Path b = tmp.resolve("b.json");
        for (Path f : List.of(a, b)) {
            ObjectNode d = (ObjectNode) Json.MAPPER.readTree(Exports.json().render(Results.gate(GoldenReportTest.SOURCE, g)));
            ((ObjectNode) d.get("gate")).put("host", f.getFileName().toString());
            ((ObjectNode) d).put("host", f.getFileName().toString());
            Files.writeString(f, Json.MAPPER.writeValueAsString(d));
        }
        String md = MergeReport.markdown(Merge.of(List.of(a, b), false));
        assertThat(md.split(java.util.regex.Pattern.quote(Md.text(line)), -1)).hasSize(3);
    }

    @Test
    void aBenchFileReadAgainHasTheSectionItsRunPrinted() throws Exception {
        CampaignResult c = campaign("release", "lto");
        List<Comparison> cs = c.compare("release", Map.of(), 0.01);
        List<String> gated = List.of("micro.BM_same", "micro.BM_slow");
        BenchResults b = new BenchResults("pgolab bench: suite", Fixtures.settings(), false, List.of(
                new BenchResults.WorkloadResult("suite", "{binary}", c, cs, gated)));
        String line = b.microbench(gated).orElseThrow();
        assertThat(line).startsWith("Microbench: 1 of 2 regressed: lto micro.BM_slow +20.0%");
        Results r = Results.bench(GoldenReportTest.SOURCE, b);
        assertThat(Exports.text().render(r)).contains("\n" + line + "\n");
        assertThat(Exports.markdown().render(r)).contains(Md.text(line));
        Path f = tmp.resolve("bench.json");
        Files.writeString(f, Exports.json().render(r));
        ResultsDocument read = ResultsReader.read(f);
        assertThat(ReportDocs.bench(read).microbench()).isEqualTo(line);
        assertThat(ReportDocs.microbench(read)).contains(line);
        assertThat(Exports.html().render(r)).contains("<p class=\"microbench\">" + Html.text(line) + "</p>");
    }
}
