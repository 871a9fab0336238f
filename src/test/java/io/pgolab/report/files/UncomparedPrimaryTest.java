package io.pgolab.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pgolab.bench.BenchResults;
import io.pgolab.bench.GateMeasure;
import io.pgolab.bench.GateResult;
import io.pgolab.bench.GatedOutcome;
import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.MetricInfo;
import io.pgolab.measure.Run;
import io.pgolab.report.Fixtures;
import io.pgolab.report.GoldenReportTest;
import io.pgolab.report.Html;
import io.pgolab.report.Md;
import io.pgolab.report.Results;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import io.pgolab.stats.Verdict;
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

/**
 * A gated primary metric that got no comparison (memtier printed "Ops/sec 0.00" for one sub-second run of
 * Dragonfly's pipelined mix, so ops_per_sec was zero in a round and never compared) makes the verdict inconclusive:
 * before, the final line read "All gated measures within bounds (cpu_time_per_op, ops_per_sec)" over cpu_time_per_op
 * alone, and a warning said the rest. The same in every output and when the results file is read again; for a
 * bench and for a gate.
 */
class UncomparedPrimaryTest {
    @TempDir
    Path tmp;

    /** 8 quiet rounds, the candidate's CPU per op the same as the base's; its ops/s zero in round 3. */
    private static CampaignResult campaign(String base, String candidate) {
        Map<String, MetricInfo> metrics = new LinkedHashMap<>();
        metrics.put("cpu_time_per_op", new MetricInfo("cpu_time_per_op", "ns/op", Direction.LOWER_IS_BETTER));
        metrics.put("ops_per_sec", new MetricInfo("ops_per_sec", "ops/s", Direction.HIGHER_IS_BETTER));
        List<Run> runs = new ArrayList<>();
        for (int round = 1; round <= 8; round++) {
            double wobble = 1 + 0.002 * ((round % 3) - 1);
            runs.add(new Run(base, round, 0, Map.of("cpu_time_per_op", 1300 * wobble, "ops_per_sec", 560000 / wobble)));
            runs.add(new Run(candidate, round, 1, Map.of("cpu_time_per_op", 1300 / wobble,
                    "ops_per_sec", round == 3 ? 0.0 : 560000 * wobble)));
        }
        return new CampaignResult(List.of(base, candidate), runs, metrics, 8, 1, "cap reached", 30, 7L, List.of(),
                Map.of(base, "ok", candidate, "ok"));
    }

    @Test
    void aBenchWhosePrimaryMetricWasNotComparedIsNotWithinBounds() throws Exception {
        CampaignResult c = campaign("release", "pgo");
        List<Comparison> cs = c.compare("release", "pgo", Map.of(), 0.01);
        assertThat(cs).extracting(Comparison::metric).contains("cpu_time_per_op").doesNotContain("ops_per_sec");
        assertThat(cs.stream().filter(x -> x.metric().equals("cpu_time_per_op")).findFirst().orElseThrow().verdict())
                .isEqualTo(Verdict.NO_CHANGE);
        BenchResults b = new BenchResults("pgolab bench: dragonfly", Fixtures.settings(), false, List.of(
                new BenchResults.WorkloadResult("pipelined", "{binary}", c, cs, List.of("cpu_time_per_op", "ops_per_sec"))));

        GatedOutcome o = b.outcome(b.gated());
        assertThat(o.state()).isEqualTo(GatedOutcome.State.INCONCLUSIVE);
        assertThat(o.passed()).isEmpty();
        String line = b.summary(b.gated());
        assertThat(line).isEqualTo("Not within bounds: 1 of 2 gated measure(s) not compared (missing or zero in some"
                + " rounds): pgo ops_per_sec in 'pipelined'.");

        Results r = Results.bench(GoldenReportTest.SOURCE, b);
        assertThat(Exports.text().render(r)).contains("\n" + line + "\n");
        assertThat(Exports.markdown().render(r)).contains("**" + Md.text(line) + "**");
        String html = Exports.html().render(r);
        assertThat(GatedOutcomeTest.banner(html)).isEqualTo("<p id=\"verdict\" class=\"verdict \">" + Html.text(line) + "</p>");
        JsonNode doc = Json.MAPPER.readTree(Exports.json().render(r));
        assertThat(doc.get("summary").asText()).isEqualTo(line);

        // read again, the file's own samples decide the same (no field of its own to edit)
        Path json = tmp.resolve("bench.json");
        Files.writeString(json, Exports.json().render(r));
        ReportFiles again = ReportFiles.read(List.of(json));
        assertThat(GatedOutcomeTest.banner(again.html())).isEqualTo(GatedOutcomeTest.banner(html));
        assertThat(again.markdown()).contains("**" + Md.text(line) + "**");
    }

    @Test
    void aGateWhosePrimaryMetricWasNotComparedDoesNotPass() throws Exception {
        CampaignResult c = campaign("base:pgo", "candidate:pgo");
        List<Comparison> cs = c.compare("base:pgo", "candidate:pgo", Map.of(), 0.01);
        BenchResults bench = new BenchResults("pgolab gate", Fixtures.settings(), false, List.of(
                new BenchResults.WorkloadResult("pipelined", "{binary}", c, cs, List.of("cpu_time_per_op", "ops_per_sec"))));
        List<GateMeasure> ms = cs.stream().filter(x -> x.metric().equals("cpu_time_per_op"))
                .map(x -> GateMeasure.of("pipelined", "pgo", x, 2.0)).toList();
        assertThat(ms).extracting(GateMeasure::status).containsExactly(GateMeasure.Status.WITHIN_BOUNDS);
        GateResult g = new GateResult(new Worktrees.Commit("main", "a".repeat(40)),
                new Worktrees.Commit("feature", "b".repeat(40)), "x86", "pgolab.toml", List.of("pgo"), "fail", ms, bench,
                List.of());
        assertThat(g.passed()).isFalse();
        String line = g.summary();
        assertThat(line).isEqualTo("Compared bbbbbbbbbbbb with aaaaaaaaaaaa on x86. 1 of 2 measures inconclusive (the CI"
                + " straddles the bound; they fail the gate; a longer --max-time narrows the CI): candidate:pgo ops_per_sec"
                + " in 'pipelined': not compared (missing or zero in some rounds).");
        Results r = Results.gate(GoldenReportTest.SOURCE, g);
        assertThat(r.regressed()).as("the exit code of a failed gate").isTrue();
        JsonNode doc = Json.MAPPER.readTree(Exports.json().render(r));
        assertThat(doc.get("gate").get("passed").asBoolean()).isFalse();
        assertThat(doc.get("gate").get("summary").asText()).isEqualTo(line);
        // the counts agree with the line: 1 within bounds, 1 inconclusive (the one not compared)
        assertThat(doc.get("gate").get("measures_within_bounds").asInt()).isEqualTo(1);
        assertThat(doc.get("gate").get("measures_inconclusive").asInt()).isEqualTo(1);

        // read again: the recorded verdict agrees with the one the file's samples give, and says the same line
        Path file = tmp.resolve("gate.json");
        Files.writeString(file, Exports.json().render(r));
        ReportFiles again = ReportFiles.read(List.of(file));
        assertThat(again.markdown()).contains(Md.text(line));
        // with --inconclusive pass it passes, as any inconclusive measure does
        GateResult lenient = new GateResult(g.base(), g.candidate(), g.host(), g.configPath(), g.variants(), "pass",
                g.measures(), g.bench(), g.notes());
        assertThat(lenient.passed()).isTrue();
    }
}
