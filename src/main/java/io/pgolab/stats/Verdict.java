package io.pgolab.stats;

/**
 * The two-gate verdict (measurement.md section 3.4): improved or regressed needs significance
 * (p below alpha) AND the whole confidence interval beyond the minimum effect; no_change needs the
 * whole interval inside it; everything else is inconclusive.
 */
public enum Verdict {
    IMPROVED, REGRESSED, NO_CHANGE, INCONCLUSIVE;

    public static final double ALPHA = 0.05;

    public static Verdict of(double ciLow, double ciHigh, double pValue, double minEffect, Direction direction,
                             int rounds, boolean rankTestUsable) {
        if (rounds < 5) {
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

    public String json() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
