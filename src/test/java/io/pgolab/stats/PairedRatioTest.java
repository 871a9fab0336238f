package io.pgolab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PairedRatioTest {
    @Test
    void aClearTenPercentGainIsImprovedWithACiAroundIt() {
        double[] b = {1.00, 1.02, 0.99, 1.01, 1.03, 0.98, 1.00, 1.02, 1.01, 0.99};
        double[] c = new double[b.length];
        for (int i = 0; i < b.length; i++) {
            c[i] = b[i] * (0.90 + (i % 3) * 0.005);
        }
        PairedRatio r = PairedRatio.of(b, c, 42);
        assertThat(r.ratio()).isCloseTo(0.905, within(0.003));
        assertThat(r.ciLow()).isLessThan(r.ratio());
        assertThat(r.ciHigh()).isGreaterThan(r.ratio()).isLessThan(0.99);
        assertThat(r.ciHigh()).isLessThan(0.99);
    }

    @Test
    void identicalSamplesAreNoChangeAndSeededResultsRepeat() {
        double[] b = {1, 1.1, 0.9, 1.05, 0.95, 1};
        PairedRatio r = PairedRatio.of(b, b.clone(), 7);
        assertThat(r.ratio()).isEqualTo(1.0);
        assertThat(r.ciLow()).isEqualTo(1.0);
        assertThat(PairedRatio.of(b, new double[] {1.1, 1, 1, 1, 1, 0.9}, 7))
                .isEqualTo(PairedRatio.of(b, new double[] {1.1, 1, 1, 1, 1, 0.9}, 7));
    }

    @Test
    void noisyDataGivesACiAcrossOne() {
        double[] b = {1, 1, 1, 1, 1, 1};
        PairedRatio noisy = PairedRatio.of(b, new double[] {0.8, 1.2, 0.9, 1.1, 0.85, 1.15}, 1);
        assertThat(noisy.ciLow()).isLessThan(1.0);
        assertThat(noisy.ciHigh()).isGreaterThan(1.0);
    }

    @Test
    void medianOfEvenAndOdd() {
        assertThat(PairedRatio.median(new double[] {3, 1, 2})).isEqualTo(2);
        assertThat(PairedRatio.median(new double[] {4, 1, 2, 3})).isEqualTo(2.5);
    }
}
