package io.pgolab.bench;

import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import java.util.Locale;

/**
 * One measure of a gate: a metric of one workload and one variant, the candidate commit against the base, with its
 * bound (percent it may get worse). Within bounds: even the worst end of the 95% CI is no more than the bound worse.
 * Out of bounds: even the best end is more than the bound worse. In between the CI straddles the bound: inconclusive.
 */
public record GateMeasure(String workload, String variant, Comparison comparison, double boundPercent, Status status) {

    /** Percent closer than this to the bound is on it. */
    static final double ON_THE_BOUND = 1e-9;

    public enum Status {
        WITHIN_BOUNDS, OUT_OF_BOUNDS, INCONCLUSIVE;

        public String json() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** As every table says it: "within bounds", "out of bounds", "inconclusive". */
        public String words() {
            return words(json());
        }

        /** The words of a status as the results file records it ({@link #json}). */
        public static String words(String json) {
            return json.replace('_', ' ');
        }
    }

    /** The measure with its status decided from the comparison's CI (fewer than 5 rounds: inconclusive). */
    public static GateMeasure of(String workload, String variant, Comparison c, double boundPercent) {
        double worst = worsePercent(c, true);
        double best = worsePercent(c, false);
        return new GateMeasure(workload, variant, c, boundPercent, status(worst, best, boundPercent, c.rounds()));
    }

    /**
     * The status from the CI's worst and best ends (percent worse than the base) and the bound: the one rule, for a
     * gate that ran and for a results file read again (report/RecordedVerdicts).
     */
    public static Status status(double worstPercent, double bestPercent, double boundPercent, int rounds) {
        // ratio - 1 carries floating-point noise: a CI end of exactly 1.02 is +2.0000000000000018%, and on the bound
        return rounds < 5 ? Status.INCONCLUSIVE
                : worstPercent <= boundPercent + ON_THE_BOUND ? Status.WITHIN_BOUNDS
                : bestPercent > boundPercent + ON_THE_BOUND ? Status.OUT_OF_BOUNDS : Status.INCONCLUSIVE;
    }

    /** How much worse the candidate is at one end of the CI, in percent of the base (negative: better). */
    static double worsePercent(Comparison c, boolean worstEnd) {
        boolean lower = c.direction() == Direction.LOWER_IS_BETTER;
        double end = lower == worstEnd ? c.ciHigh() : c.ciLow();
        return lower ? (end - 1) * 100 : (1 - end) * 100;
    }

    /** At the worst end of the CI, percent worse than the base (what the bound is held against). */
    public double worstPercent() {
        return worsePercent(comparison, true);
    }

    public String metric() {
        return comparison.metric();
    }

    /** "pgo cpu_time on w +5.1% [+4.2%, +6.0%] (bound 2%)", for summaries: the interval as every table shows it. */
    public String describe() {
        Comparison c = comparison;
        return describe(workload, variant, c.metric(), c.changePercent(), (c.ciLow() - 1) * 100, (c.ciHigh() - 1) * 100,
                boundPercent);
    }

    /** The same description from a results file's numbers. */
    public static String describe(String workload, String variant, String metric, double changePercent,
                                  double ciLowPercent, double ciHighPercent, double boundPercent) {
        return String.format(Locale.ROOT, "%s %s on %s %+.1f%% [%+.1f%%, %+.1f%%] (bound %s%%)", variant, metric,
                workload, changePercent, ciLowPercent, ciHighPercent, plain(boundPercent));
    }

    /**
     * Improved beyond its bound: the whole CI is better than the base (worstPercent below 0) and the estimate is at
     * least the bound better. The same rule for a gate that ran and for a results file read again; the summary names
     * these, so that "within bounds" never hides a measured gain.
     *
     * @param estimateWorsePercent the estimate as percent worse than the base (negative: better)
     */
    public static boolean improved(double estimateWorsePercent, double worstPercent, double boundPercent) {
        return worstPercent < -ON_THE_BOUND && estimateWorsePercent <= -boundPercent + ON_THE_BOUND;
    }

    /** Whether this measure improved beyond its bound ({@link #improved(double, double, double)}). */
    public boolean improved() {
        Comparison c = comparison;
        double worse = c.direction() == Direction.LOWER_IS_BETTER ? c.changePercent() : -c.changePercent();
        return status == Status.WITHIN_BOUNDS && improved(worse, worstPercent(), boundPercent);
    }

    /** "release cpu_time on fast-1 -3.3% [-5.4%, -0.8%]", how the summary names an improvement. */
    public static String describeImprovement(String workload, String variant, String metric, double changePercent,
                                             double ciLowPercent, double ciHighPercent) {
        return String.format(Locale.ROOT, "%s %s on %s %+.1f%% [%+.1f%%, %+.1f%%]", variant, metric, workload,
                changePercent, ciLowPercent, ciHighPercent);
    }

    static String plain(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
