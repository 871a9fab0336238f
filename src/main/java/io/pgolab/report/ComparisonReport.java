package io.pgolab.report;

import io.pgolab.UserError;
import io.pgolab.measure.InterleavedRuns;
import io.pgolab.stats.PairedRatio;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One workload, baseline against candidate: medians, the paired ratio with its 95% CI, and a
 * verdict. A simple comparison until the full benchmark engine lands.
 */
public record ComparisonReport(String workload, String command, InterleavedRuns.Samples baseline,
                               InterleavedRuns.Samples candidate, PairedRatio cpu, PairedRatio wall) {
    static final double MIN_EFFECT = 0.01;

    public static ComparisonReport of(String workload, String command, InterleavedRuns.Samples baseline,
                                      InterleavedRuns.Samples candidate, long seed) {
        if (!baseline.output().equals(candidate.output())) {
            throw new UserError("workload '" + workload + "': " + baseline.label() + " and " + candidate.label()
                    + " give different output: '" + last(baseline.output()) + "' vs '" + last(candidate.output()) + "'",
                    "an optimized build must not change results; this is a compiler or program bug");
        }
        return new ComparisonReport(workload, command, baseline, candidate, PairedRatio.of(baseline.cpu(), candidate.cpu(), seed),
                PairedRatio.of(baseline.wall(), candidate.wall(), seed));
    }

    public String text() {
        StringBuilder s = new StringBuilder();
        s.append(String.format("%n%s vs %s on '%s' (%d interleaved rounds, same output: %s)%n", baseline.label(),
                candidate.label(), workload, cpu.rounds(), last(baseline.output())));
        s.append(String.format("%-10s %10s %10s %9s %20s  %s%n", "metric", baseline.label(), candidate.label(), "change",
                "95% CI", "verdict"));
        row(s, "cpu_time", baseline.cpu(), candidate.cpu(), cpu);
        row(s, "wall_time", baseline.wall(), candidate.wall(), wall);
        s.append("(medians in seconds; change = geometric mean of the per-round " + candidate.label() + "/" + baseline.label()
                + " ratios, so it can differ from the ratio of medians; 95% CI by paired bootstrap)\n");
        return s.toString();
    }

    private static void row(StringBuilder s, String name, double[] b, double[] c, PairedRatio r) {
        s.append(String.format("%-10s %9.3fs %9.3fs %+8.1f%% [%+6.1f%%, %+6.1f%%]  %s%n", name,
                PairedRatio.median(b), PairedRatio.median(c), r.changePercent(), (r.ciLow() - 1) * 100,
                (r.ciHigh() - 1) * 100, r.verdictLowerIsBetter(MIN_EFFECT)));
    }

    private static String last(String output) {
        String[] lines = output.strip().split("\n");
        String l = lines[lines.length - 1];
        return l.length() > 60 ? l.substring(0, 57) + "..." : l;
    }

    public List<Map<String, Object>> json() {
        List<Map<String, Object>> out = new ArrayList<>();
        out.add(entry("cpu_time", baseline.cpu(), candidate.cpu(), cpu));
        out.add(entry("wall_time", baseline.wall(), candidate.wall(), wall));
        return out;
    }

    private Map<String, Object> entry(String metric, double[] b, double[] c, PairedRatio r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workload", workload);
        m.put("command", command);
        m.put("baseline", baseline.label());
        m.put("candidate", candidate.label());
        m.put("metric", metric);
        m.put("unit", "s");
        m.put("direction", "lower_is_better");
        m.put("baseline_median", PairedRatio.median(b));
        m.put("candidate_median", PairedRatio.median(c));
        m.put("ratio", r.ratio());
        m.put("ci_low", r.ciLow());
        m.put("ci_high", r.ciHigh());
        m.put("ci_level", 0.95);
        m.put("p_value", null);
        m.put("min_effect", MIN_EFFECT);
        m.put("verdict", r.verdictLowerIsBetter(MIN_EFFECT));
        m.put("rounds", r.rounds());
        m.put("bootstrap_seed", r.seed());
        m.put("baseline_samples", b);
        m.put("candidate_samples", c);
        return m;
    }
}
