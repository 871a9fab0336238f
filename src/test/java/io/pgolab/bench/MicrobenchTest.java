package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.GateSpec;
import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.MetricInfo;
import io.pgolab.measure.Run;
import io.pgolab.measure.Warning;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import io.pgolab.stats.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A suite's benchmarks as gated measures: which are gated, their bounds, the unpaired ones, the section's wording. */
class MicrobenchTest {
    private static Set<String> measured(String... names) {
        return new LinkedHashSet<>(List.of(names));
    }

    @Test
    void everyBenchmarkIsGatedAndTheSuitesOwnTimeOnlyWhenAsked() {
        Set<String> m = measured("cpu_time", "wall_time", "micro.BM_a", "micro.BM_b");
        assertThat(Microbench.gated(List.of("cpu_time"), false, m)).containsExactly("micro.BM_a", "micro.BM_b");
        assertThat(Microbench.gated(List.of("wall_time"), true, m)).containsExactly("wall_time", "micro.BM_a", "micro.BM_b");
        // not a suite: the primary metrics as before
        assertThat(Microbench.gated(List.of("cpu_time"), false, measured("cpu_time", "rps"))).containsExactly("cpu_time");
    }

    @Test
    void aBenchmarksBoundIsItsOwnThenTheSuitesThenTheGates() {
        GateSpec spec = new GateSpec(List.of(), 2.0, Map.of("micro", 5.0, "micro.BM_c", 9.0), "fail");
        GateSpec plain = new GateSpec(List.of(), 2.0, Map.of(), "fail");
        Map<String, Double> own = Map.of("micro", 7.0, "micro.BM_b", 3.0);
        assertThat(Gate.bound("micro.BM_b", own, spec, List.of())).contains(3.0);
        assertThat(Gate.bound("micro.BM_c", own, spec, List.of())).contains(9.0);
        assertThat(Gate.bound("micro.BM_a", own, spec, List.of())).contains(7.0);
        assertThat(Gate.bound("micro.BM_a", Map.of(), spec, List.of())).contains(5.0);
        assertThat(Gate.bound("micro.BM_a", Map.of(), plain, List.of())).contains(2.0);
        // bounds.micro is not a bound on a metric named "micro...." of another tool
        assertThat(Gate.bound("rps", own, spec, List.of())).isEmpty();
    }

    /** base and candidate, 6 rounds: micro.kept in both, micro.added in the candidate, micro.dropped in the base. */
    private static CampaignResult campaign() {
        Map<String, MetricInfo> metrics = new LinkedHashMap<>();
        for (String m : List.of("cpu_time", "micro.kept", "micro.added", "micro.dropped", "micro.flaky")) {
            metrics.put(m, new MetricInfo(m, "ns/op", Direction.LOWER_IS_BETTER));
        }
        List<Run> runs = new ArrayList<>();
        for (int r = 1; r <= 6; r++) {
            runs.add(new Run("base:release", r, 0, Map.of("cpu_time", 1.0 + r / 100.0, "micro.kept", 10.0 + r,
                    "micro.dropped", 5.0, "micro.flaky", 3.0)));
            Map<String, Double> c = new LinkedHashMap<>(Map.of("cpu_time", 1.0 + r / 90.0, "micro.kept", 10.0 + r,
                    "micro.added", 4.0));
            if (r % 2 == 0) {
                c.put("micro.flaky", 3.0);
            }
            runs.add(new Run("candidate:release", r, 1, c));
        }
        return new CampaignResult(List.of("base:release", "candidate:release"), runs, metrics, 6, 1, "cap reached", 3,
                1L, List.of(), Map.of());
    }

    @Test
    void newGoneAndPartlyMeasuredBenchmarksAreSaidNotCompared() {
        CampaignResult r = campaign();
        List<Comparison> cs = r.compare("base:release", "candidate:release", Map.of(), 0.01);
        assertThat(cs).extracting(Comparison::metric).contains("micro.kept").doesNotContain("micro.added",
                "micro.dropped", "micro.flaky");
        assertThat(Microbench.unpaired("suite", r, cs, "base:release", "candidate:release", "workload "))
                .allMatch(w -> w.kind() == Warning.Kind.UNPAIRED_BENCHMARK).extracting(Warning::message).containsExactly(
                "workload 'suite': benchmark micro.added is new in candidate:release (not in base:release): not compared,"
                        + " not gated",
                "workload 'suite': benchmark micro.dropped is gone from candidate:release (in base:release only): not"
                        + " compared, not gated",
                "workload 'suite': benchmark micro.flaky was measured in 6 rounds of base:release and 3 of"
                        + " candidate:release (of 6), or its time was zero: not compared, not gated");
    }

    @Test
    void aPrimaryMetricThatWasZeroInOneRoundIsSaid_notDroppedSilently() {
        // memtier printed "Totals 0.00" Ops/sec for one sub-second pipelined run against Dragonfly (examples/dragonfly)
        Map<String, MetricInfo> metrics = new LinkedHashMap<>();
        metrics.put("cpu_time_per_op", new MetricInfo("cpu_time_per_op", "ns/op", Direction.LOWER_IS_BETTER));
        metrics.put("ops_per_sec", new MetricInfo("ops_per_sec", "ops/s", Direction.HIGHER_IS_BETTER));
        metrics.put("kb_per_sec", new MetricInfo("kb_per_sec", "KB/s", Direction.HIGHER_IS_BETTER));
        List<Run> runs = new ArrayList<>();
        for (int r = 1; r <= 6; r++) {
            runs.add(new Run("release", r, 0, Map.of("cpu_time_per_op", 1300.0 + r, "ops_per_sec", 560000.0 + r,
                    "kb_per_sec", 25000.0 + r)));
            runs.add(new Run("pgo", r, 1, Map.of("cpu_time_per_op", 1200.0 + r, "ops_per_sec", r == 2 ? 0.0 : 600000.0 + r,
                    "kb_per_sec", r == 2 ? 0.0 : 26000.0 + r)));
        }
        CampaignResult r = new CampaignResult(List.of("release", "pgo"), runs, metrics, 6, 1, "cap reached", 3, 1L,
                List.of(), Map.of());
        List<Comparison> cs = r.compare("release", "pgo", Map.of(), 0.01);
        assertThat(cs).extracting(Comparison::metric).contains("cpu_time_per_op").doesNotContain("ops_per_sec");
        assertThat(Microbench.unpaired("pipelined", r, cs, "release", "pgo", "workload ",
                List.of("cpu_time_per_op", "ops_per_sec"))).extracting(Warning::message).containsExactly(
                "workload 'pipelined': primary metric ops_per_sec was measured in 6 rounds of release and 6 of pgo"
                        + " (of 6), or it was zero: not compared, so the verdict is inconclusive");
        // without the primary list only benchmarks are looked at, as before
        assertThat(Microbench.unpaired("pipelined", r, cs, "release", "pgo", "workload ")).isEmpty();
    }

    private static GatedOutcome.Measure m(String metric, Verdict v, double change) {
        return new GatedOutcome.Measure("lto", metric, Direction.LOWER_IS_BETTER, v, change, change - 1, change + 1);
    }

    @Test
    void theBenchSectionCountsTheSameVerdictsAsTheFinalLine() {
        List<String> gated = List.of("micro.a", "micro.b", "micro.c", "wall_time");
        List<GatedOutcome.Measure> all = List.of(m("micro.a", Verdict.NO_CHANGE, 0.1), m("micro.b", Verdict.IMPROVED, -9),
                m("micro.c", Verdict.NO_CHANGE, 0.2), m("wall_time", Verdict.REGRESSED, 4));
        assertThat(GatedOutcome.ofBenchmarks(gated, all).microbench())
                .contains("Microbench: all 3 measures within bounds (1 improved).");
        // the final line counts the benchmarks instead of naming 135 of them
        assertThat(GatedOutcome.of(List.of("micro.a", "micro.b", "wall_time"), List.of(m("micro.a", Verdict.NO_CHANGE, 0),
                m("micro.b", Verdict.NO_CHANGE, 0), m("wall_time", Verdict.NO_CHANGE, 0))).summary())
                .isEqualTo("All gated measures within bounds (wall_time, 2 benchmarks).");
        List<GatedOutcome.Measure> bad = List.of(m("micro.a", Verdict.REGRESSED, 6), m("micro.b", Verdict.INCONCLUSIVE, 1),
                m("micro.c", Verdict.NO_CHANGE, 0));
        assertThat(GatedOutcome.ofBenchmarks(gated, bad).microbench()).contains("Microbench: 1 of 3 regressed: lto micro.a"
                + " +6.0% [+5.0%, +7.0%]; 1 of 3 inconclusive (the CI is too wide to tell): lto micro.b +1.0% [+0.0%, +2.0%].");
        assertThat(GatedOutcome.ofBenchmarks(List.of("wall_time"), all).microbench()).isEmpty();
    }

    @Test
    void theGateSectionNamesWhatIsOutOfBoundsOrInconclusive() {
        var within = new GateResult.Described(GateMeasure.Status.WITHIN_BOUNDS, "release micro.a on suite +0.1% (...)");
        var out = new GateResult.Described(GateMeasure.Status.OUT_OF_BOUNDS, "release micro.b on suite +9.0% (...)");
        var unsure = new GateResult.Described(GateMeasure.Status.INCONCLUSIVE, "release micro.c on suite +1.9% (...)");
        assertThat(GateResult.microbench(List.of(within, within))).contains("Microbench: all 2 measures within bounds.");
        assertThat(GateResult.microbench(List.of(within, out, unsure))).contains("Microbench: 1 of 3 measures out of"
                + " bounds: release micro.b on suite +9.0% (...). 1 of 3 measures inconclusive: release micro.c on suite"
                + " +1.9% (...).");
        assertThat(GateResult.microbench(List.of())).isEmpty();
    }
}
