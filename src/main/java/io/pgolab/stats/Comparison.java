package io.pgolab.stats;

import java.util.Arrays;
import java.util.Locale;

/**
 * One metric, candidate against baseline, from paired rounds: medians, the ratio candidate/baseline
 * (Hodges-Lehmann estimate of the per-round log ratios, exponentiated) with its distribution-free 95% CI, the
 * two-sided Wilcoxon signed-rank p-value of the same log ratios, and the verdict ({@link HodgesLehmann},
 * docs/statistics.md). The seed is the campaign's (round order); the interval does not resample.
 *
 * @param alpha   the interval's level is 1 - alpha: 0.05, or a sequential look's spent alpha ({@link Looks})
 * @param seconds when the look was taken, in seconds since its campaign started (warm-up included); 0 when unknown
 */
public record Comparison(String metric, String unit, Direction direction, String baseline, String candidate,
                         double baselineMedian, double candidateMedian, double ratio, double ciLow, double ciHigh,
                         double pValue, double minEffect, Verdict verdict, int rounds, long seed,
                         double baselineCv, double candidateCv, double[] baselineSamples, double[] candidateSamples,
                         double alpha, double seconds) {

    /** At 95%, not from a sequential look. */
    public static Comparison of(String metric, String unit, Direction direction, String baseline, String candidate,
                                double[] b, double[] c, double minEffect, long seed) {
        return of(metric, unit, direction, baseline, candidate, b, c, minEffect, seed, Looks.ALPHA, 0);
    }

    /**
     * The one verdict function: the interval at level 1 - alpha (a sequential look's), the verdict from it. The
     * campaign's stop rule, the reports and a results file read again all call this.
     */
    public static Comparison of(String metric, String unit, Direction direction, String baseline, String candidate,
                                double[] b, double[] c, double minEffect, long seed, double alpha, double seconds) {
        HodgesLehmann r = HodgesLehmann.of(b, c, alpha);
        boolean constant = isConstant(b) && isConstant(c);
        double p = constant ? (Arrays.equals(b, c) ? 1.0 : 0.0) : r.pValue();
        boolean deterministic = metric.startsWith("det.") || constant;
        Verdict v = Verdict.of(r.ciLow(), r.ciHigh(), p, minEffect, direction, b.length, !deterministic);
        return new Comparison(metric, unit, direction, baseline, candidate, PairedRatio.median(b), PairedRatio.median(c),
                r.ratio(), r.ciLow(), r.ciHigh(), p, minEffect, v, b.length, seed, cv(b), cv(c), b, c, alpha, seconds);
    }

    /** The interval's confidence level in percent, e.g. "95" or "99.3" (the level a look spent). */
    public String levelPercent() {
        return levelPercent(alpha);
    }

    public static String levelPercent(double alpha) {
        double pct = (1 - alpha) * 100;
        // enough decimals to show what is left of 100: 98.3, 99.83, 99.983
        int decimals = alpha > 0 ? Math.max(1, (int) Math.ceil(-Math.log10(alpha)) - 1) : 1;
        String s = String.format(Locale.ROOT, "%." + decimals + "f", pct);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }

    /** Change in percent of the ratio (negative: candidate smaller). */
    public double changePercent() {
        return (ratio - 1) * 100;
    }

    /** Half-width of the CI in percent. */
    public double halfWidthPercent() {
        return (ciHigh - ciLow) / 2 * 100;
    }

    static boolean isConstant(double[] xs) {
        for (double x : xs) {
            if (x != xs[0]) {
                return false;
            }
        }
        return true;
    }

    /** Coefficient of variation (sd / mean). */
    public static double cv(double[] xs) {
        double mean = 0;
        for (double x : xs) {
            mean += x;
        }
        mean /= xs.length;
        if (xs.length < 2 || mean == 0) {
            return 0;
        }
        double ss = 0;
        for (double x : xs) {
            ss += (x - mean) * (x - mean);
        }
        return Math.sqrt(ss / (xs.length - 1)) / Math.abs(mean);
    }
}
