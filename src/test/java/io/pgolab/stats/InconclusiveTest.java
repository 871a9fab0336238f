package io.pgolab.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Why a verdict is inconclusive, from the thresholds Verdict.of decides with. */
class InconclusiveTest {
    private static Verdict verdict(double lo, double hi, double p, double minEffect, int rounds) {
        return Verdict.of(lo, hi, p, minEffect, Direction.LOWER_IS_BETTER, rounds, true);
    }

    @Test
    void eachInconclusiveVerdictHasItsRealCause() {
        // the report's gcc result: -1.1% [-1.2%, -0.9%], p < 0.001, minimum effect 1%: a narrow CI, across -1%
        assertThat(verdict(0.988, 0.991, 0.0005, 0.01, 20)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Inconclusive.of(0.988, 0.991, 0.01, 20)).isEqualTo(Inconclusive.AT_MIN_EFFECT);
        // a CI over the whole ±1% band, or across one edge and wider than the minimum effect: too wide to tell
        assertThat(verdict(0.98, 1.02, 0.5, 0.01, 20)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Inconclusive.of(0.98, 1.02, 0.01, 20)).isEqualTo(Inconclusive.CI_TOO_WIDE);
        assertThat(Inconclusive.of(0.989, 1.007, 0.01, 20)).isEqualTo(Inconclusive.CI_TOO_WIDE);
        // beyond the minimum effect, but p is not below 0.05
        assertThat(verdict(0.95, 0.97, 0.08, 0.01, 20)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Inconclusive.of(0.95, 0.97, 0.01, 20)).isEqualTo(Inconclusive.NOT_SIGNIFICANT);
        // fewer than 5 rounds, whatever the CI
        assertThat(verdict(0.95, 0.97, 0.01, 0.01, 4)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Inconclusive.of(0.95, 0.97, 0.01, 4)).isEqualTo(Inconclusive.TOO_FEW_ROUNDS);
        // no minimum effect known (an old caller): what was always said
        assertThat(Inconclusive.of(0.988, 0.991, Double.NaN, Integer.MAX_VALUE)).isEqualTo(Inconclusive.CI_TOO_WIDE);
    }
}
