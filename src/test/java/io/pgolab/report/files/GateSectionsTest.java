package io.pgolab.report.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pgolab.UserError;
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

/** One gate of a program and its suite: a "Program" and a "Microbench" section in every output, long tables folded. */
class GateSectionsTest {
    @TempDir
    Path tmp;

    /** 8 rounds of one workload: each metric's base value, the candidate that much slower, ±0.2% noise. */
    private static CampaignResult campaign(Map<String, Double> base, Map<String, Double> slower) {
        Map<String, MetricInfo> metrics = new LinkedHashMap<>();
        base.keySet().forEach(m -> metrics.put(m, new MetricInfo(m, m.startsWith("micro.") ? "ns/op" : "s",
                Direction.LOWER_IS_BETTER)));
        List<Run> runs = new ArrayList<>();
        for (int r = 0; r < 8; r++) {
            double w = 1 + 0.002 * ((r % 3) - 1);
            Map<String, Double> b = new LinkedHashMap<>();
            Map<String, Double> c = new LinkedHashMap<>();
            base.forEach((m, v) -> {
                b.put(m, v * w);
                c.put(m, v * slower.getOrDefault(m, 1.0) / w);
            });
            runs.add(new Run("base:release", r, 0, b));
            runs.add(new Run("candidate:release", r, 1, c));
        }
        return new CampaignResult(List.of("base:release", "candidate:release"), runs, metrics, 8, 1, "cap reached", 30,
                7L, List.of(), Map.of("base:release", "ok", "candidate:release", "ok"));
    }

    /** The program's loop (cpu_time, unchanged) and a suite of 12 benchmarks, BM_5 20% slower. */
    static GateResult gate() {
        List<BenchResults.WorkloadResult> ws = new ArrayList<>();
        List<GateMeasure> ms = new ArrayList<>();
        Map<String, Double> suite = new LinkedHashMap<>();
        for (int i = 0; i < 12; i++) {
            suite.put("micro.BM_" + i, 100.0 + i);
        }
        for (var w : List.of(Map.entry("loop", Map.of("cpu_time", 0.5)), Map.entry("suite", suite))) {
            CampaignResult c = campaign(w.getValue(), Map.of("micro.BM_5", 1.2));
            List<Comparison> cs = c.compare("base:release", "candidate:release", Map.of(), 0.01);
            List<String> gated = List.copyOf(w.getValue().keySet());
            ws.add(new BenchResults.WorkloadResult(w.getKey(), "{binary}", c, cs, gated));
            cs.stream().filter(x -> gated.contains(x.metric())).forEach(x -> ms.add(GateMeasure.of(w.getKey(), "release",
                    x, 2.0)));
        }
        BenchResults bench = new BenchResults("pgolab gate", Fixtures.settings(), false, ws);
        return new GateResult(new Worktrees.Commit("main", "a".repeat(40)), new Worktrees.Commit("pr", "b".repeat(40)),
                "x86", "pgolab.toml", List.of("release"), "fail", ms, bench, List.of());
    }

    @Test
    void everyOutputHasBothSectionsWithTheirOwnLine() throws Exception {
        GateResult g = gate();
        String program = g.program().orElseThrow();
        String micro = g.microbench().orElseThrow();
        assertThat(program).isEqualTo("Program: all 1 measure within bounds.");
        assertThat(micro).startsWith("Microbench: 1 of 12 measures out of bounds: release micro.BM_5 on suite +20.0%");
        assertThat(g.passed()).isFalse();   // one verdict over both sections
        Results r = Results.gate(GoldenReportTest.SOURCE, g);
        assertThat(Exports.text().render(r)).contains("\n" + program + "\n" + micro + "\n");
        String md = Exports.markdown().render(r);
        assertThat(md).contains("### Program\n\n" + Md.text(program), "### Microbench\n\n" + Md.text(micro));
        assertThat(md.indexOf("**loop**")).isBetween(md.indexOf("### Program"), md.indexOf("### Microbench"));
        assertThat(md.indexOf("**suite**")).isGreaterThan(md.indexOf("### Microbench"));
        // the program's section is all within bounds: folded; the suite's 12 rows are more than 10: folded
        assertThat(md).contains("<details><summary>loop: ", ", all within bounds</summary>\n\n| measure |",
                "<details><summary>suite: all 12 rows</summary>");
        // the row out of bounds stays open above the folded table
        assertThat(md.indexOf("| micro.BM_5 |")).isLessThan(md.indexOf("<details><summary>suite:"));
        assertThat(md).contains("Runner noise: samples' CV", "smallest change detectable at 8 rounds: release cpu_time ",
                "over 12 measures");
        String html = Exports.html().render(r);
        assertThat(html).contains("<p class=\"program\">" + Html.text(program) + "</p>", "<h3>Program</h3>",
                "<h3>Microbench</h3>");
        assertThat(Json.MAPPER.readTree(Exports.json().render(r)).get("gate").get("program").asText()).isEqualTo(program);
    }

    @Test
    void aFileReadAgainAndAnOldFileWithoutTheProgramLineShowTheSameSections() throws Exception {
        GateResult g = gate();
        ObjectNode d = (ObjectNode) Json.MAPPER.readTree(Exports.json().render(Results.gate(GoldenReportTest.SOURCE, g)));
        ((ObjectNode) d.get("gate")).remove("program");   // written before sections
        Path f = tmp.resolve("old.json");
        Files.writeString(f, Json.MAPPER.writeValueAsString(d));
        ResultsDocument read = RecordedVerdicts.verified(f, ResultsReader.read(f));
        assertThat(read.gate().program()).isEqualTo(g.program().orElseThrow());
        String md = DocMarkdown.render(read);
        assertThat(md).contains("### Program", "### Microbench", "<details>");
    }

    @Test
    void aMergeLinksEachHostsHtmlReportAndRefusesAnUnknownHost() throws Exception {
        Path a = tmp.resolve("a.json");
        Files.writeString(a, Exports.json().render(Results.gate(GoldenReportTest.SOURCE, gate())));
        Merge.Merged m = Merge.of(List.of(a), false);
        String label = m.hosts().get(0).label();
        String md = MergeReport.markdown(m, MergeReport.links(m, Map.of(label, "https://example.org/a/report(1).html")));
        assertThat(md).contains("#### Program", "#### Microbench",
                "[HTML report](https://example.org/a/report%281%29.html)");
        assertThatThrownBy(() -> MergeReport.links(m, Map.of("nowhere", "https://example.org/x")))
                .isInstanceOf(UserError.class).hasMessageContaining("no merged host is labelled 'nowhere'");
        assertThatThrownBy(() -> MergeReport.links(m, Map.of(label, "javascript:alert(1)")))
                .isInstanceOf(UserError.class).hasMessageContaining("not an http(s) address");
    }
}
