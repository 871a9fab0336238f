package io.pgolab.stats;

import java.util.Locale;

/**
 * The two-gate verdict (measurement.md section 3.4): improved or regressed needs significance
 * (p below alpha) AND the whole confidence interval beyond the minimum effect; no_change needs the
 * whole interval inside it; everything else is inconclusive.
 */
public enum Verdict {
    IMPROVED, REGRESSED, NO_CHANGE, INCONCLUSIVE;

    public static final double ALPHA = 0.05;
    /** Fewer rounds than this are always inconclusive. */
    public static final int MIN_ROUNDS = 5;

    /** The verdict; why an inconclusive one is, {@link Inconclusive#of} says from the same thresholds. */
    public static Verdict of(double ciLow, double ciHigh, double pValue, double minEffect, Direction direction,
                             int rounds, boolean rankTestUsable) {
        if (rounds < MIN_ROUNDS) {
            return INCONCLUSIVE;
        }
        // Deterministic counts tie or repeat: the rank test is meaningless there, so gate on effect only.
        boolean significant = !rankTestUsable || pValue < ALPHA;
        boolean below = ciHigh < 1 - minEffect;
        boolean above = ciLow > 1 + minEffect;
        if (significant && (below || above)) {
            boolean better = direction == Direction.LOWER_IS_BETTER ? below : above;
            return better ? IMPROVED : REGRESSED;
        }
        if (ciLow >= 1 - minEffect && ciHigh <= 1 + minEffect) {
            return NO_CHANGE;
        }
        return INCONCLUSIVE;
    }

    /** The whole CI beyond 1 ± minEffect, on one side. */
    static boolean beyond(double ciLow, double ciHigh, double minEffect) {
        return ciHigh < 1 - minEffect || ciLow > 1 + minEffect;
    }

    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
