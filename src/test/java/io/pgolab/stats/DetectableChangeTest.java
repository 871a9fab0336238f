package io.pgolab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DetectableChangeTest {
    @Test
    void theMinimumDetectableChangeShrinksWithTheRootOfTheRounds() {
        // log ratios alternate ±1%: MAD 1%, spread 1.4826%
        double[] base = new double[20];
        double[] cand = new double[20];
        for (int i = 0; i < 20; i++) {
            base[i] = 100;
            cand[i] = 100 * Math.exp(i % 2 == 0 ? 0.01 : -0.01);
        }
        double s = DetectableChange.spread(base, cand);
        assertThat(s).isCloseTo(0.014826, within(1e-9));
        double at20 = DetectableChange.percent(base, cand, 20);
        assertThat(at20).isCloseTo((Math.exp(2.801585 * 0.014826 / Math.sqrt(20)) - 1) * 100, within(1e-4));
        assertThat(DetectableChange.percent(base, cand, 80)).isCloseTo(at20 / 2, within(0.01));
    }

    @Test
    void noRoundsOrBadSamplesHaveNone() {
        assertThat(DetectableChange.percent(new double[] {1}, new double[] {1}, 1)).isNaN();
        assertThat(DetectableChange.percent(new double[] {1, 0}, new double[] {1, 1}, 2)).isNaN();
        assertThat(DetectableChange.percent(new double[] {1, 1}, new double[] {1, 1}, 2)).isZero();
    }

    @Test
    void roundsAtTheCapFollowThePace() {
        assertThat(DetectableChange.roundsAtCap(10, 60, 240, 0)).isEqualTo(40);
        assertThat(DetectableChange.roundsAtCap(10, 60, 240, 25)).isEqualTo(25);   // --max-rounds 25 comes first
        assertThat(DetectableChange.roundsAtCap(10, 60, 240, 10)).isEqualTo(10);
        assertThat(DetectableChange.roundsAtCap(10, 250, 240, 0)).isEqualTo(10);
        assertThat(DetectableChange.roundsAtCap(10, 60, Double.NaN, 0)).isEqualTo(10);
    }
}
