package io.pgolab.report;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.GateMeasure;
import io.pgolab.bench.GateResult;
import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.MetricInfo;
import io.pgolab.measure.Run;
import io.pgolab.report.files.Exports;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import io.pgolab.store.Worktrees;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Results built from samples (no processes) for the verdict tests: a bench whose gated measures are all unsure, a gate. */
public final class VerdictFixtures {
    /** Per-round noise of the candidate: wide enough that 8 rounds cannot tell a change within ±1%. */
    private static final double[] NOISE = {0.62, 1.71, 0.93, 2.35, 0.55, 1.48, 0.81, 1.96};

    private VerdictFixtures() {
    }

    /** cpu_time and ops_per_sec of base and candidate subjects, candidate = base * factor * noise (ops: / ...). */
    static CampaignResult campaign(String base, String candidate, double factor, boolean noisy) {
        Map<String, MetricInfo> metrics = new LinkedHashMap<>();
        metrics.put("cpu_time", new MetricInfo("cpu_time", "s", Direction.LOWER_IS_BETTER));
        metrics.put("ops_per_sec", new MetricInfo("ops_per_sec", "op/s", Direction.HIGHER_IS_BETTER));
        List<Run> runs = new ArrayList<>();
        for (int round = 0; round < NOISE.length; round++) {
            double wobble = 1 + 0.003 * ((round % 3) - 1);
            double n = noisy ? NOISE[round] : wobble;
            runs.add(new Run(base, round, 0, Map.of("cpu_time", 0.100 * wobble, "ops_per_sec", 1000 / wobble)));
            runs.add(new Run(candidate, round, 1, Map.of("cpu_time", 0.100 * factor * n, "ops_per_sec", 1000 / factor / n)));
        }
        return new CampaignResult(List.of(base, candidate), runs, metrics, NOISE.length, 1, "cap reached", 30, 7L,
                List.of(), Map.of(base, "ok", candidate, "ok"));
    }

    /** A bench whose two gated measures are both inconclusive (the CI spans about -40% to +90%). */
    public static BenchResults allInconclusive() {
        CampaignResult c = campaign("release", "pgo", 1.0, true);
        List<Comparison> cs = c.compare("release", "pgo", Map.of(), 0.01);
        return new BenchResults("pgolab bench: pooler", Fixtures.settings(), false, List.of(
                new BenchResults.WorkloadResult("pooler", "{binary} serve", c, cs, List.of("cpu_time", "ops_per_sec"))));
    }

    /** A gate of one workload, variant pgo: the candidate commit factor times the base's CPU time, 8 quiet rounds. */
    public static GateResult gate(String host, double factor) {
        CampaignResult c = campaign("base:pgo", "candidate:pgo", factor, false);
        List<Comparison> cs = c.compare("base:pgo", "candidate:pgo", Map.of(), 0.01);
        BenchResults bench = new BenchResults("pgolab gate", Fixtures.settings(), false, List.of(
                new BenchResults.WorkloadResult("server", "{binary} serve", c, cs, List.of("cpu_time"))));
        List<GateMeasure> ms = cs.stream().filter(x -> x.metric().equals("cpu_time"))
                .map(x -> GateMeasure.of("server", "pgo", x, 2.0)).toList();
        return new GateResult(new Worktrees.Commit("main", "a".repeat(40)), new Worktrees.Commit("feature", "b".repeat(40)),
                host, "pgolab.toml", List.of("pgo"), "fail", ms, bench, List.of());
    }

    /**
     * A sequential gate of one workload, variant pgo, 12 quiet rounds of a candidate factor times the base's CPU time:
     * looks after 8 and 12 rounds (Looks.plan(6, 12)), cpu_time decided at the first (20 s), the campaign stopped at
     * the second (30 s).
     */
    public static GateResult sequentialGate(double factor) {
        Map<String, MetricInfo> metrics = new LinkedHashMap<>();
        metrics.put("cpu_time", new MetricInfo("cpu_time", "s", Direction.LOWER_IS_BETTER));
        metrics.put("wall_time", new MetricInfo("wall_time", "s", Direction.LOWER_IS_BETTER));
        List<Run> runs = new ArrayList<>();
        for (int round = 1; round <= 12; round++) {
            double wobble = 1 + 0.003 * ((round % 3) - 1);
            double wild = NOISE[round % NOISE.length];
            runs.add(new Run("base:pgo", round, 0, Map.of("cpu_time", 0.100 * wobble, "wall_time", 0.1)));
            runs.add(new Run("candidate:pgo", round, 1, Map.of("cpu_time", 0.100 * factor * (1 + 0.004 * (((round * 7) % 5) - 2)),
                    "wall_time", 0.1 * wild)));
        }
        io.pgolab.stats.Looks looks = io.pgolab.stats.Looks.plan(6, 12);
        CampaignResult c = new CampaignResult(List.of("base:pgo", "candidate:pgo"), runs, metrics, 12, 1,
                "cap: the last look the --max-time of 30s planned (round 12) is done", 30, 7L, List.of(),
                Map.of("base:pgo", "ok", "candidate:pgo", "ok"), List.of(), looks,
                Map.of(io.pgolab.measure.Gated.key("base:pgo", "candidate:pgo", "cpu_time"), 8), Map.of(8, 20.0, 12, 30.0));
        List<Comparison> cs = c.compare("base:pgo", "candidate:pgo", Map.of(), 0.01);
        BenchResults bench = new BenchResults("pgolab gate", Fixtures.settings(), false, List.of(
                new BenchResults.WorkloadResult("server", "{binary} serve", c, cs, List.of("cpu_time"))));
        List<GateMeasure> ms = cs.stream().map(x -> GateMeasure.of("server", "pgo", x, 2.0)).toList();
        return new GateResult(new Worktrees.Commit("main", "a".repeat(40)), new Worktrees.Commit("feature", "b".repeat(40)),
                "x86", "pgolab.toml", List.of("pgo"), "fail", ms, bench, List.of());
    }

    /** The gate's results file as 'pgolab gate --json' writes it. */
    public static String gateJson(String host, double factor) {
        return Exports.json().render(Results.gate(GoldenReportTest.SOURCE, gate(host, factor)));
    }
}
