package io.pgolab.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VerdictTest {
    @Test
    void twoGatesSignificanceAndEffect() {
        var lower = Direction.LOWER_IS_BETTER;
        assertThat(Verdict.of(0.90, 0.95, 0.001, 0.01, lower, 10, true)).isEqualTo(Verdict.IMPROVED);
        assertThat(Verdict.of(1.02, 1.04, 0.001, 0.01, lower, 10, true)).isEqualTo(Verdict.REGRESSED);
        // whole CI beyond the bound but not significant: not a verdict either way
        assertThat(Verdict.of(1.02, 1.04, 0.20, 0.01, lower, 10, true)).isEqualTo(Verdict.INCONCLUSIVE);
        // significant but the CI reaches inside the minimum effect
        assertThat(Verdict.of(0.985, 0.998, 0.001, 0.01, lower, 10, true)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Verdict.of(0.995, 1.004, 0.6, 0.01, lower, 10, true)).isEqualTo(Verdict.NO_CHANGE);
        assertThat(Verdict.of(0.90, 0.95, 0.001, 0.01, lower, 4, true)).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void higherIsBetterMirrors() {
        assertThat(Verdict.of(1.05, 1.10, 0.001, 0.01, Direction.HIGHER_IS_BETTER, 10, true)).isEqualTo(Verdict.IMPROVED);
        assertThat(Verdict.of(0.90, 0.95, 0.001, 0.01, Direction.HIGHER_IS_BETTER, 10, true)).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void deterministicCountsAreGatedOnEffectOnly() {
        double[] b = {100, 100, 100, 100, 100, 100};
        double[] c = {97, 97, 97, 97, 97, 97};
        Comparison x = Comparison.of("det.instructions", "count", Direction.LOWER_IS_BETTER, "a", "b", b, c, 0.01, 1);
        assertThat(x.verdict()).isEqualTo(Verdict.IMPROVED);
        assertThat(x.ratio()).isEqualTo(0.97, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void signedRankPValueIsSmallForSeparatedSamples() {
        double[] b = {1.00, 1.01, 0.99, 1.02, 1.00, 0.98, 1.01, 1.00};
        double[] c = {1.10, 1.11, 1.09, 1.12, 1.10, 1.08, 1.11, 1.10};
        Comparison x = Comparison.of("cpu_time", "s", Direction.LOWER_IS_BETTER, "a", "b", b, c, 0.01, 1);
        // every one of the 8 rounds slower; the exact two-sided signed-rank p would be 2 / 2^8, but tied |log ratios|
        // (1.10 / 1.00 twice) make the library use the tie-corrected normal approximation: 0.0137
        assertThat(x.pValue()).isBetween(2.0 / 256, 0.02);
        assertThat(x.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(x.changePercent()).isBetween(9.0, 11.0);
    }
}
