package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import io.pgolab.stats.Verdict;
import org.junit.jupiter.api.Test;

/** Within bounds, out of bounds and inconclusive from the CI's ends, in both directions. */
class GateMeasureTest {
    static Comparison c(Direction d, double lo, double ratio, double hi, int rounds) {
        return new Comparison("m", "s", d, "base:release", "candidate:release", 1, ratio, ratio, lo, hi, 0.01, 0.01,
                Verdict.INCONCLUSIVE, rounds, 1, 0, 0, new double[0], new double[0], 0.05, 0);
    }

    static GateMeasure.Status status(Direction d, double lo, double hi) {
        return GateMeasure.of("w", "release", c(d, lo, (lo + hi) / 2, hi, 10), 2.0).status();
    }

    @Test
    void lowerIsBetterIsHeldAtTheUpperEnd() {
        assertThat(status(Direction.LOWER_IS_BETTER, 0.99, 1.019)).isEqualTo(GateMeasure.Status.WITHIN_BOUNDS);
        assertThat(status(Direction.LOWER_IS_BETTER, 0.99, 1.02)).isEqualTo(GateMeasure.Status.WITHIN_BOUNDS);
        assertThat(status(Direction.LOWER_IS_BETTER, 1.01, 1.03)).isEqualTo(GateMeasure.Status.INCONCLUSIVE);
        assertThat(status(Direction.LOWER_IS_BETTER, 1.021, 1.06)).isEqualTo(GateMeasure.Status.OUT_OF_BOUNDS);
        assertThat(status(Direction.LOWER_IS_BETTER, 0.80, 0.90)).isEqualTo(GateMeasure.Status.WITHIN_BOUNDS);
    }

    @Test
    void higherIsBetterIsHeldAtTheLowerEnd() {
        assertThat(status(Direction.HIGHER_IS_BETTER, 0.981, 1.05)).isEqualTo(GateMeasure.Status.WITHIN_BOUNDS);
        assertThat(status(Direction.HIGHER_IS_BETTER, 0.97, 0.99)).isEqualTo(GateMeasure.Status.INCONCLUSIVE);
        assertThat(status(Direction.HIGHER_IS_BETTER, 0.90, 0.97)).isEqualTo(GateMeasure.Status.OUT_OF_BOUNDS);
        assertThat(status(Direction.HIGHER_IS_BETTER, 1.10, 1.20)).isEqualTo(GateMeasure.Status.WITHIN_BOUNDS);
    }

    @Test
    void fewerThanFiveRoundsDecideNothing() {
        assertThat(GateMeasure.of("w", "release", c(Direction.LOWER_IS_BETTER, 1.0, 1.0, 1.0, 4), 2.0).status())
                .isEqualTo(GateMeasure.Status.INCONCLUSIVE);
    }

    @Test
    void theWorstEndIsWhatTheReportShows() {
        GateMeasure m = GateMeasure.of("w", "pgo", c(Direction.HIGHER_IS_BETTER, 0.95, 0.97, 0.99, 10), 2.0);
        assertThat(m.worstPercent()).isCloseTo(5.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(m.describe()).isEqualTo("pgo m on w -3.0% [-5.0%, -1.0%] (bound 2%)");
    }
}
