package io.pgolab.bench;

import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.CampaignSettings;
import io.pgolab.measure.JvmPinning;
import io.pgolab.measure.perf.Flamegraph;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Verdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything one bench or compare produced: per workload, the runs and the comparisons.
 *
 * @param jvmThreads whether pgolab's own threads were kept off the measured CPU meanwhile (empty: not known)
 */
public record BenchResults(String title, CampaignSettings settings, boolean deterministic, List<WorkloadResult> workloads,
                           Optional<JvmPinning.Outcome> jvmThreads) {

    /** Results whose JVM pinning is not known (tests, files of older versions). */
    public BenchResults(String title, CampaignSettings settings, boolean deterministic, List<WorkloadResult> workloads) {
        this(title, settings, deterministic, workloads, Optional.empty());
    }

    /** The same bench with these workloads (the comparisons of a gate, a layout check's). */
    public BenchResults withWorkloads(List<WorkloadResult> ws) {
        return new BenchResults(title, settings, deterministic, ws, jvmThreads);
    }

    /**
     * potential: for servers, per variant, where its CPU went (own code, libraries, kernel, in percent,
     * and the sample count) and a one-line summary; empty for commands.
     */
    public record WorkloadResult(String name, String command, CampaignResult campaign, List<Comparison> comparisons,
                                 List<String> primary, Map<String, Potential> potential,
                                 Optional<LayoutCheck> layout,
                                 Map<String, Flamegraph> flamegraphs) {
        public WorkloadResult(String name, String command, CampaignResult campaign, List<Comparison> comparisons,
                              List<String> primary, Map<String, Potential> potential,
                              Optional<LayoutCheck> layout) {
            this(name, command, campaign, comparisons, primary, potential, layout, Map.of());
        }

        public WorkloadResult(String name, String command, CampaignResult campaign, List<Comparison> comparisons,
                              List<String> primary) {
            this(name, command, campaign, comparisons, primary, Map.of(), Optional.empty());
        }

        public WorkloadResult(String name, String command, CampaignResult campaign, List<Comparison> comparisons,
                              List<String> primary, Map<String, Potential> potential) {
            this(name, command, campaign, comparisons, primary, potential, Optional.empty());
        }

        public WorkloadResult withComparisons(List<Comparison> cs) {
            return new WorkloadResult(name, command, campaign, cs, primary, potential, layout, flamegraphs);
        }

        /** With the campaign's result replaced (the same runs, other warnings). */
        public WorkloadResult withCampaign(CampaignResult c) {
            return new WorkloadResult(name, command, c, comparisons, primary, potential, layout, flamegraphs);
        }

        public WorkloadResult withPotential(Map<String, Potential> p) {
            return new WorkloadResult(name, command, campaign, comparisons, primary, p, layout, flamegraphs);
        }

        public WorkloadResult withLayout(LayoutCheck check) {
            return new WorkloadResult(name, command, campaign, comparisons, primary, potential, Optional.of(check),
                    flamegraphs);
        }

        /** With the flamegraph of each variant (--flamegraph), variant → folded stacks. */
        public WorkloadResult withFlamegraphs(Map<String, Flamegraph> f) {
            return new WorkloadResult(name, command, campaign, comparisons, primary, potential, layout,
                    Map.copyOf(new LinkedHashMap<>(f)));
        }
    }

    public BenchResults withPotential(String workload, Map<String, Potential> potential) {
        return withWorkloads(workloads.stream()
                .map(w -> w.name().equals(workload) ? w.withPotential(potential) : w).toList());
    }

    public BenchResults withFlamegraphs(String workload, Map<String, Flamegraph> f) {
        return withWorkloads(workloads.stream()
                .map(w -> w.name().equals(workload) ? w.withFlamegraphs(f) : w).toList());
    }

    /** Metrics that gate (--fail-on) and decide stopping: the primary metrics of every workload. */
    public List<String> gated() {
        return workloads.stream().flatMap(w -> w.primary().stream()).distinct().toList();
    }

    /** Comparisons of gated metrics whose verdict is regressed. */
    public List<Comparison> regressions(List<String> gated) {
        return workloads.stream().flatMap(w -> w.comparisons().stream())
                .filter(c -> gated.contains(c.metric()) && c.verdict() == Verdict.REGRESSED).toList();
    }

    /** What the gated measures say together: the final line, the banner and --fail-on's exit code. */
    public GatedOutcome outcome(List<String> gated) {
        return GatedOutcome.of(gated, measures(gated), workloads.stream().flatMap(w -> GatedOutcome.uncompared(w.name(),
                gated, w.campaign().metrics().keySet(), w.comparisons().stream()
                        .map(c -> new GatedOutcome.Pair(c.candidate(), c.metric())).toList()).stream()).toList());
    }

    /** The "Microbench:" section: the same verdicts as {@link #outcome}, over the suites' benchmarks alone. */
    public Optional<String> microbench(List<String> gated) {
        return GatedOutcome.ofBenchmarks(gated, measures(gated)).microbench();
    }

    private List<GatedOutcome.Measure> measures(List<String> gated) {
        return workloads.stream().flatMap(w -> w.comparisons().stream())
                .filter(c -> gated.contains(c.metric()))
                .map(c -> new GatedOutcome.Measure(c.candidate(), c.metric(), c.direction(), c.verdict(), c.changePercent(),
                        (c.ciLow() - 1) * 100, (c.ciHigh() - 1) * 100, c.minEffect() * 100, c.pValue(), c.rounds())).toList();
    }

    /** One line a CI bot can print: all within bounds, or what regressed and what is inconclusive. */
    public String summary(List<String> gated) {
        return outcome(gated).summary();
    }
}
