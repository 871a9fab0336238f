package io.pgolab.measure;

import io.pgolab.stats.Comparison;
import io.pgolab.stats.Looks;
import io.pgolab.stats.PairedRatio;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every run of a comparison, why it stopped, the warnings about the machine and the samples, and the
 * machine's noise in each measured round (steal, iowait, load, phase changes; empty when not recorded).
 *
 * @param looks       the sequential plan the campaign followed ({@link Looks#none()}: 95% intervals, not sequential)
 * @param decidedAt   for each gated measure decided before the end ({@link Gated#key()}), the look's rounds
 * @param lookSeconds for each look taken, its time in seconds since the campaign started (warm-up included)
 */
public record CampaignResult(List<String> labels, List<Run> runs, Map<String, MetricInfo> metrics, int rounds,
                             int warmupRounds, String stopReason, double elapsedSeconds, long seed,
                             List<Warning> warnings, Map<String, String> outputs, List<RoundNoise> noise,
                             Looks looks, Map<String, Integer> decidedAt, Map<Integer, Double> lookSeconds) {

    /** Not sequential: every comparison at 95% over all rounds. */
    public CampaignResult(List<String> labels, List<Run> runs, Map<String, MetricInfo> metrics, int rounds,
                          int warmupRounds, String stopReason, double elapsedSeconds, long seed,
                          List<Warning> warnings, Map<String, String> outputs, List<RoundNoise> noise) {
        this(labels, runs, metrics, rounds, warmupRounds, stopReason, elapsedSeconds, seed, warnings, outputs, noise,
                Looks.none(), Map.of(), Map.of());
    }

    /** Without noise records. */
    public CampaignResult(List<String> labels, List<Run> runs, Map<String, MetricInfo> metrics, int rounds,
                          int warmupRounds, String stopReason, double elapsedSeconds, long seed,
                          List<Warning> warnings, Map<String, String> outputs) {
        this(labels, runs, metrics, rounds, warmupRounds, stopReason, elapsedSeconds, seed, warnings, outputs, List.of());
    }

    /** The same result with warnings known before measuring (what the subjects are), first: they weigh most. */
    public CampaignResult withWarnings(List<Warning> before) {
        if (before.isEmpty()) {
            return this;
        }
        List<Warning> all = new ArrayList<>(before);
        all.addAll(warnings);
        return new CampaignResult(labels, runs, metrics, rounds, warmupRounds, stopReason, elapsedSeconds, seed,
                List.copyOf(all), outputs, noise, looks, decidedAt, lookSeconds);
    }

    /** The same result without the warnings of one kind (a gate says unpaired benchmarks per commit pair itself). */
    public CampaignResult without(Warning.Kind kind) {
        return new CampaignResult(labels, runs, metrics, rounds, warmupRounds, stopReason, elapsedSeconds, seed,
                warnings.stream().filter(w -> w.kind() != kind).toList(), outputs, noise, looks, decidedAt, lookSeconds);
    }

    /** How many rounds are marked as at a machine-speed change. */
    public long phaseChanges() {
        return noise.stream().filter(RoundNoise::phaseChange).count();
    }

    /** Per-round values of one metric for one subject, in round order. */
    public double[] samples(String label, String metric) {
        return values(runs, label, metric);
    }

    /** Values of one metric for one subject, in run order. */
    static double[] values(List<Run> runs, String label, String metric) {
        return runs.stream().filter(r -> r.label().equals(label) && r.metrics().containsKey(metric))
                .mapToDouble(r -> r.metrics().get(metric)).toArray();
    }

    /**
     * Comparisons of every candidate against the baseline, for every metric that all runs have with
     * positive values (ratios of zero counts mean nothing).
     */
    public List<Comparison> compare(String baseline, Map<String, Double> minEffects, double defaultMinEffect) {
        List<Comparison> out = new ArrayList<>();
        for (String candidate : labels) {
            if (!candidate.equals(baseline)) {
                out.addAll(compare(baseline, candidate, minEffects, defaultMinEffect));
            }
        }
        return out;
    }

    /**
     * One candidate against one baseline, for every metric both have in every round with positive values. In a
     * sequential campaign a gated measure decided at a look keeps that look's comparison (its rounds, its interval):
     * the decision that stopped the campaign is the verdict; every other comparison is the last look's.
     */
    public List<Comparison> compare(String baseline, String candidate, Map<String, Double> minEffects,
                                    double defaultMinEffect) {
        List<Comparison> out = new ArrayList<>();
        for (MetricInfo m : metrics.values()) {
            double[] b = samples(baseline, m.name());
            double[] c = samples(candidate, m.name());
            if (b.length == rounds && c.length == rounds && rounds > 0) {
                int n = decidedAt.getOrDefault(Gated.key(baseline, candidate, m.name()), lastLook());
                comparison(m, baseline, candidate, Arrays.copyOf(b, n), Arrays.copyOf(c, n),
                        minEffects.getOrDefault(m.name(), defaultMinEffect), seed, looks.alpha(n).orElse(Looks.ALPHA),
                        lookSeconds.getOrDefault(n, 0.0)).ifPresent(out::add);
            }
        }
        return out;
    }

    /** The rounds of the last look taken (all rounds when not sequential). */
    int lastLook() {
        if (!looks.sequential()) {
            return rounds;
        }
        return looks.looks().stream().mapToInt(Looks.Look::round).filter(r -> r <= rounds).max().orElse(rounds);
    }

    /**
     * The comparison of one metric over these samples at level 1 - alpha, when the metric can be compared at all
     * (positive values, enough events): the campaign's stop rule and the report build it here, the same way.
     */
    static Optional<Comparison> comparison(MetricInfo m, String baseline, String candidate, double[] b,
                                                     double[] c, double minEffect, long seed, double alpha,
                                                     double seconds) {
        if (b.length == 0 || b.length != c.length || !positive(b) || !positive(c) || tooFewEvents(m, b, c)) {
            return Optional.empty();
        }
        return Optional.of(Comparison.of(m.name(), m.unit(), m.direction(), baseline, candidate, b, c,
                minEffect, seed, alpha, seconds));
    }

    public Map<String, Double> medians(String label) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (String metric : metrics.keySet()) {
            double[] xs = samples(label, metric);
            if (xs.length > 0) {
                m.put(metric, PairedRatio.median(xs));
            }
        }
        return m;
    }

    /** Ratios of a handful of events (1 vs 2 context switches) are noise, not findings. */
    private static boolean tooFewEvents(MetricInfo m, double[] b, double[] c) {
        return m.unit().equals("count") && PairedRatio.median(b) < 10
                && PairedRatio.median(c) < 10;
    }

    static boolean positive(double[] xs) {
        for (double x : xs) {
            if (!(x > 0) || Double.isInfinite(x)) {
                return false;
            }
        }
        return true;
    }

    /** Stopped because one measure decided the verdict whatever the others do (a gate's measure out of bounds). */
    public boolean settled() {
        return stopReason.startsWith(StopRule.SETTLED);
    }
}
