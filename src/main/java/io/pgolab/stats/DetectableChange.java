package io.pgolab.stats;

import java.util.Arrays;

/**
 * The smallest change a paired comparison could have detected (the minimum detectable effect): with d_i the per-round
 * log ratios candidate/base and s their robust spread (1.4826 · MAD, as {@code measure.NoiseSummary} reports it),
 * a true change of (z_{1-α/2} + z_{1-β}) · s / √n on the log scale gives a 95% CI that excludes no change in 80% of
 * runs of n rounds (α = 0.05, power 0.8: 1.960 + 0.842 = 2.802). Shown in percent, exp(·) − 1. It says what this
 * run's noise and rounds could see, never what the gate decided (docs/statistics.md, "Minimum detectable effect").
 */
public final class DetectableChange {
    /** z_{0.975} + z_{0.80}: a two-sided 95% CI, power 80%. */
    public static final double Z = 1.959964 + 0.841621;

    private DetectableChange() {
    }

    /** The robust spread of the paired log ratios; NaN when fewer than two rounds pair or a sample is not positive. */
    public static double spread(double[] base, double[] candidate) {
        if (base == null || candidate == null || base.length < 2 || base.length != candidate.length) {
            return Double.NaN;
        }
        double[] d = new double[base.length];
        for (int i = 0; i < d.length; i++) {
            if (!(base[i] > 0 && candidate[i] > 0)) {
                return Double.NaN;
            }
            d[i] = Math.log(candidate[i] / base[i]);
        }
        double med = PairedRatio.median(d);
        return 1.4826 * PairedRatio.median(Arrays.stream(d).map(v -> Math.abs(v - med)).toArray());
    }

    /** The minimum detectable change in percent at this many rounds, from the observed spread of these samples. */
    public static double percent(double[] base, double[] candidate, int rounds) {
        double s = spread(base, candidate);
        return Double.isNaN(s) || rounds < 2 ? Double.NaN : (Math.exp(Z * s / Math.sqrt(rounds)) - 1) * 100;
    }

    /**
     * The rounds the cap allows at this run's pace: rounds × cap / elapsed when the run stopped before its time was up,
     * never fewer than measured nor more than maxRounds (--max-rounds; 0: not known); the rounds measured when no cap
     * is known or the run used its time.
     */
    public static int roundsAtCap(int rounds, double elapsedSeconds, double capSeconds, int maxRounds) {
        int byTime = !(capSeconds > 0) || !(elapsedSeconds > 0) || elapsedSeconds >= capSeconds ? rounds
                : (int) Math.max(rounds, Math.floor(rounds * capSeconds / elapsedSeconds));
        return maxRounds > 0 ? Math.max(rounds, Math.min(byTime, maxRounds)) : byTime;
    }
}
