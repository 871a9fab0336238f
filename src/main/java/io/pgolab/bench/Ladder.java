package io.pgolab.bench;

import io.pgolab.config.Variant;
import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.MeasureDefaults;
import io.pgolab.measure.MetricInfo;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import io.pgolab.store.BuiltArtifact;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The optimization ladder: for each bench workload and its first primary metric, each step's gain
 * over release and over the step before it (paired rounds, so both comparisons come from the same
 * runs), with what the step cost to build and a recommendation.
 */
public record Ladder(List<Step> steps, List<Slowdown> trainingSlowdown) {

    /** vsRelease and vsPrevious are null for the first step. Gains are positive when the step is better. */
    /**
     * buildSeconds: the variant's own build (for BOLT: base build + BOLT); pipelineSeconds: everything
     * it takes from sources, with the instrumented build, training and merge of PGO variants;
     * trainingSeconds: the wall time of its training runs (both rounds for context-sensitive PGO), 0 without;
     * buildCpuSeconds and pipelineCpuSeconds: the same two costs in CPU time (user + system of the builds' and training
     * workloads' processes; the merge by its wall time), null when a part's CPU time was not recorded.
     */
    public record Step(String workload, String metric, String variant, String previous, double buildSeconds,
                       double pipelineSeconds, double trainingSeconds, long binaryBytes, Comparison vsRelease, Comparison vsPrevious,
                       String recommendation, Double buildCpuSeconds, Double pipelineCpuSeconds) {
        /** Without CPU times (not recorded). */
        public Step(String workload, String metric, String variant, String previous, double buildSeconds,
                    double pipelineSeconds, double trainingSeconds, long binaryBytes, Comparison vsRelease,
                    Comparison vsPrevious, String recommendation) {
            this(workload, metric, variant, previous, buildSeconds, pipelineSeconds, trainingSeconds, binaryBytes, vsRelease,
                    vsPrevious, recommendation, null, null);
        }
    }

    /** One training workload run once by the instrumented binary (recorded) and once by release. */
    public record Slowdown(String workload, double instrumentedCpuSeconds, double releaseCpuSeconds) {
        public double factor() {
            return instrumentedCpuSeconds / releaseCpuSeconds;
        }
    }

    /** pipelineSeconds: per variant, its build with what its profile cost (see Step). */
    public static Ladder of(BenchResults bench, List<BuiltArtifact> built, Map<String, Double> pipelineSeconds,
                            List<Slowdown> slowdown) {
        return of(bench, built, pipelineSeconds, Map.of(), slowdown);
    }

    /** As of, with each variant's training wall time (trainingSeconds, by variant name). */
    public static Ladder of(BenchResults bench, List<BuiltArtifact> built, Map<String, Double> pipelineSeconds,
                            Map<String, Double> trainingSeconds, List<Slowdown> slowdown) {
        return of(bench, built, pipelineSeconds, trainingSeconds, Map.of(), slowdown);
    }

    /** As of, with each variant's pipeline in CPU time (pipelineCpuSeconds, by variant name; absent: unknown). */
    public static Ladder of(BenchResults bench, List<BuiltArtifact> built, Map<String, Double> pipelineSeconds,
                            Map<String, Double> trainingSeconds, Map<String, Double> pipelineCpuSeconds,
                            List<Slowdown> slowdown) {
        List<Step> steps = new ArrayList<>();
        for (BenchResults.WorkloadResult w : bench.workloads()) {
            String metric = w.primary().get(0);
            CampaignResult c = w.campaign();
            MetricInfo info = c.metrics().get(metric);
            for (int i = 0; i < built.size(); i++) {
                BuiltArtifact a = built.get(i);
                double pipeline = pipelineSeconds.getOrDefault(a.variant(), a.buildSeconds());
                double training = trainingSeconds.getOrDefault(a.variant(), 0.0);
                if (i == 0) {
                    steps.add(new Step(w.name(), metric, a.variant(), "", a.buildSeconds(), pipeline, training, a.binaryBytes(),
                            null, null, "baseline", a.buildCpuSeconds(), pipelineCpuSeconds.get(a.variant())));
                    continue;
                }
                String prev = built.get(i - 1).variant();
                Comparison vsRelease = w.comparisons().stream()
                        .filter(x -> x.metric().equals(metric) && x.candidate().equals(a.variant())).findFirst().orElse(null);
                double minEffect = vsRelease == null ? MeasureDefaults.minEffect() : vsRelease.minEffect();
                // the campaign's last look's interval, as every other comparison of a sequential campaign
                Comparison vsPrev = c.compare(prev, a.variant(), Map.of(metric, minEffect), minEffect).stream()
                        .filter(x -> x.metric().equals(metric)).findFirst()
                        .orElseGet(() -> Comparison.of(metric, info.unit(), info.direction(), prev, a.variant(),
                                c.samples(prev, metric), c.samples(a.variant(), metric), minEffect, c.seed()));
                steps.add(new Step(w.name(), metric, a.variant(), prev, a.buildSeconds(), pipeline, training, a.binaryBytes(),
                        vsRelease, vsPrev, recommendation(prev, a.variant(), vsPrev), a.buildCpuSeconds(),
                        pipelineCpuSeconds.get(a.variant())));
            }
        }
        return new Ladder(steps, slowdown);
    }

    /** Gain in percent: positive when the candidate is better in the metric's direction. */
    public static double gain(Comparison c) {
        double change = c.changePercent();
        return c.direction() == Direction.HIGHER_IS_BETTER ? change : -change;
    }

    /** The gain's 95% CI, as [low, high] in gain terms. */
    public static double[] gainCi(Comparison c) {
        double lo = (c.ciLow() - 1) * 100;
        double hi = (c.ciHigh() - 1) * 100;
        return c.direction() == Direction.HIGHER_IS_BETTER ? new double[] {lo, hi} : new double[] {-hi, -lo};
    }

    static String recommendation(String previous, String variant, Comparison c) {
        String what = stepName(previous, variant);
        double[] ci = gainCi(c);
        String figure = String.format(java.util.Locale.ROOT, "%+.1f%% [%+.1f%%, %+.1f%%]", gain(c), ci[0], ci[1]);
        String verdict = switch (c.verdict()) {
            case IMPROVED -> "worth it";
            case REGRESSED -> "makes it worse";
            case NO_CHANGE -> String.format("not worth it (within ±%.1f%%)", c.minEffect() * 100);
            default -> "not significant (a longer --max-time may tell)";
        };
        return what + ": " + figure + " " + c.metric() + ", " + verdict;
    }

    /** "BOLT adds ... on top of pgo+lto", or "pgo instead of lto" when the step swaps optimizations. */
    static String stepName(String previous, String variant) {
        Set<String> prev = parts(previous);
        Set<String> cur = parts(variant);
        Set<String> added = new LinkedHashSet<>(cur);
        added.removeAll(prev);
        Set<String> removed = new LinkedHashSet<>(prev);
        removed.removeAll(cur);
        if (removed.isEmpty() && !added.isEmpty()) {
            return String.join("+", added.stream().map(Ladder::stepTitle).toList()) + " on top of " + previous;
        }
        return variant + " instead of " + previous;
    }

    /** "LTO", "BOLT"; the steps whose initials say little get their name: "context-sensitive PGO (cs)". */
    private static String stepTitle(String step) {
        return switch (step) {
            case "cs" -> "context-sensitive PGO (cs)";
            case "mfs" -> "machine function splitting (mfs)";
            case "order" -> "function order (order)";
            default -> step.toUpperCase(Locale.ROOT);
        };
    }

    private static Set<String> parts(String variant) {
        String base = variant.replaceAll("@.*", "");
        Set<String> s = new LinkedHashSet<>(List.of(base.split("\\+")));
        s.remove(Variant.RELEASE.name());
        return s;
    }
}
