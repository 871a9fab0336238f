package io.pgolab.bench;

import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.Warning;
import io.pgolab.parse.SuiteResults;
import io.pgolab.stats.Comparison;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The benchmarks of a project's own microbenchmark suite (a workload whose parser is criterion, google-benchmark,
 * go-test or jmh): each is a metric micro.NAME and a gated measure. What is decided about them is decided by the one
 * verdict of bench ({@link GatedOutcome}) and of gate ({@link GateResult}); this class only says which metrics they
 * are and which benchmarks could not be paired.
 */
public final class Microbench {
    /** The bound key that applies to every benchmark of a suite: bounds = { micro = 5 }. */
    public static final String ALL = "micro";

    private Microbench() {
    }

    public static boolean isBenchmark(String metric) {
        return SuiteResults.isBenchmark(metric);
    }

    /**
     * The metrics a workload gates: its primary metrics and every benchmark measured. A suite's own time (cpu_time of
     * the whole invocation) is not gated unless primary was set (in [[bench]] or --primary): the suite picks its
     * iteration counts to fill a fixed time, so that figure hardly moves when the code gets slower.
     */
    static List<String> gated(List<String> primary, boolean primaryChosen, Set<String> measured) {
        List<String> benchmarks = measured.stream().filter(Microbench::isBenchmark).toList();
        Set<String> out = new LinkedHashSet<>(benchmarks.isEmpty() || primaryChosen ? primary : List.of());
        out.addAll(benchmarks);
        return List.copyOf(out);
    }

    /**
     * The benchmarks measured that have no comparison of candidate against baseline: new in the candidate, gone from
     * it, or missing (or zero) in some rounds. Said, never gated: a benchmark compared on some rounds only would pair
     * rounds that are not each other's.
     */
    static List<Warning> unpaired(String workload, CampaignResult r, List<Comparison> comparisons, String baseline,
                                 String candidate, String who) {
        return unpaired(workload, r, comparisons, baseline, candidate, who, List.of());
    }

    /**
     * The same for the benchmarks and the given primary metrics: a parser's figure that is missing or zero in some
     * rounds (memtier printed "Ops/sec 0.00" for one sub-second pipelined run of Dragonfly) has no comparison, and a
     * primary metric without one would silently leave the gate.
     */
    static List<Warning> unpaired(String workload, CampaignResult r, List<Comparison> comparisons, String baseline,
                                 String candidate, String who, List<String> primary) {
        List<Warning> out = new ArrayList<>();
        for (String m : r.metrics().keySet()) {
            boolean bench = isBenchmark(m);
            if (!bench && !primary.contains(m) || comparisons.stream().anyMatch(c -> c.metric().equals(m)
                    && c.baseline().equals(baseline) && c.candidate().equals(candidate))) {
                continue;
            }
            int b = r.samples(baseline, m).length;
            int c = r.samples(candidate, m).length;
            if (b > 0 || c > 0) {
                out.add(Warning.unpaired(who, workload, bench, m, baseline, candidate, b, c, r.rounds()));
            }
        }
        return out;
    }
}
