package io.pgolab.stats;

import java.util.Locale;

/**
 * Why a verdict is {@link Verdict#INCONCLUSIVE}, from the same figures and thresholds as {@link Verdict#of}: too few
 * rounds, a CI beyond the minimum effect with a rank test that is not significant, a narrow CI across an edge of the
 * minimum effect (the change is about as large as the smallest that counts: more rounds would not tell), or a CI too
 * wide to tell. The wording of each cause is here, and only here.
 */
public enum Inconclusive {
    TOO_FEW_ROUNDS("fewer than " + Verdict.MIN_ROUNDS + " rounds"),
    NOT_SIGNIFICANT("the CI is beyond the minimum effect, but the rank test is not significant"),
    AT_MIN_EFFECT("the CI is narrow but reaches across the minimum effect: the change is about as large as the"
            + " smallest that counts"),
    CI_TOO_WIDE("the CI is too wide to tell");

    private final String words;

    Inconclusive(String words) {
        this.words = words;
    }

    /**
     * The cause for an inconclusive verdict with this CI (ratios candidate/base), minimum effect (a fraction) and
     * rounds. A CI across an edge of 1 ± minEffect that is no wider than minEffect itself is "at the minimum effect";
     * an unknown minimum effect (NaN) gives {@link #CI_TOO_WIDE}.
     */
    public static Inconclusive of(double ciLow, double ciHigh, double minEffect, int rounds) {
        if (rounds < Verdict.MIN_ROUNDS) {
            return TOO_FEW_ROUNDS;
        }
        if (Verdict.beyond(ciLow, ciHigh, minEffect)) {
            return NOT_SIGNIFICANT; // Verdict.of asks for significance only there
        }
        return ciHigh - ciLow <= minEffect ? AT_MIN_EFFECT : CI_TOO_WIDE;
    }

    /** The cause, as the final line and the sections say it in parentheses. */
    public String words() {
        return words;
    }

    /** What a measure adds to its figures for this cause ("minimum effect ±1.0%", "p = 0.081", "3 rounds"). */
    public String detail(double minEffectPercent, double pValue, int rounds) {
        return switch (this) {
            case TOO_FEW_ROUNDS -> rounds + " rounds";
            case NOT_SIGNIFICANT -> String.format(Locale.ROOT, "p = %.3f", pValue);
            case AT_MIN_EFFECT -> String.format(Locale.ROOT, "minimum effect ±%.1f%%", minEffectPercent);
            case CI_TOO_WIDE -> "";
        };
    }
}
