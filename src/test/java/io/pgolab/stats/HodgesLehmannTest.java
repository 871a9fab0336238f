package io.pgolab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HodgesLehmannTest {
    /**
     * R's own ?wilcox.test example (depression scale, Hollander and Wolfe 1973, p. 29), differences x - y.
     * The expected values were computed by brute force (R is not installed here), the way R's
     * wilcox.test(x, y, paired = TRUE, conf.int = TRUE) does for small untied samples:
     * <pre>
     * x = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30]
     * y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29]
     * d = [a - b for a, b in zip(x, y)]; n = 9
     * w = sorted((d[i] + d[j]) / 2 for i in range(n) for j in range(i, n))      # 45 Walsh averages
     * hl = w[22]                                                                # 0.46
     * null: all 2^9 sign patterns; k = qsignrank(0.025, 9) = 6 (P(W <= 5) = 10/512, P(W <= 6) = 14/512)
     * ci = (w[k - 1], w[45 - k]) = (0.010, 0.786); coverage 1 - 2 * 10/512 = 0.9609375
     * V = 40, two-sided exact p = 2 * 10/512 = 0.0390625   (R's example: V = 40, one-sided p = 0.01953)
     * </pre>
     */
    @Test
    void theIntervalAloneIsTheSameDoublesAsTheFullComparison() {
        java.util.Random r = new java.util.Random(7);
        for (int n : new int[] {1, 2, 5, 49, 50, 51, 250}) {
            double[] b = new double[n];
            double[] c = new double[n];
            for (int i = 0; i < n; i++) {
                b[i] = 1 + 0.1 * r.nextDouble();
                c[i] = 0.9 + 0.1 * r.nextDouble();
            }
            HodgesLehmann full = HodgesLehmann.of(b, c);
            assertThat(HodgesLehmann.interval(b, c)).as("n=%d", n).containsExactly(full.ciLow(), full.ciHigh());
        }
    }

    @Test
    void knownValuesOfRsWilcoxExample() {
        double[] x = {1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
        double[] y = {0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};
        double[] d = new double[x.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = x[i] - y[i];
        }
        HodgesLehmann h = HodgesLehmann.ofLogRatios(d);
        assertThat(Math.log(h.ratio())).isCloseTo(0.46, within(1e-12));
        assertThat(Math.log(h.ciLow())).isCloseTo(0.010, within(1e-12));
        assertThat(Math.log(h.ciHigh())).isCloseTo(0.786, within(1e-12));
        assertThat(h.level()).isEqualTo(0.9609375);
        assertThat(h.pValue()).isCloseTo(0.0390625, within(1e-12));
        assertThat(HodgesLehmann.criticalValue(9, 0.05)).isEqualTo(6);
    }

    @Test
    void exactNullDistribution() {
        // n = 3: W+ takes 0..6 with counts 1,1,1,2,1,1,1 out of 8
        assertThat(HodgesLehmann.signRankCdf(3, 0)).isEqualTo(1 / 8.0);
        assertThat(HodgesLehmann.signRankCdf(3, 3)).isEqualTo(5 / 8.0);
        assertThat(HodgesLehmann.signRankCdf(3, 6)).isEqualTo(1.0);
        // published two-sided 0.05 critical values (signed-rank tables): n = 10 -> 8, n = 20 -> 52, n = 30 -> 137
        assertThat(HodgesLehmann.criticalValue(10, 0.05)).isEqualTo(8 + 1);
        assertThat(HodgesLehmann.criticalValue(20, 0.05)).isEqualTo(52 + 1);
        assertThat(HodgesLehmann.criticalValue(30, 0.05)).isEqualTo(137 + 1);
        // from n = 50 the normal approximation with continuity correction: floor(637.5 - 1.95996 * 103.59 + 0.5)
        assertThat(HodgesLehmann.criticalValue(50, 0.05)).isEqualTo(434);
        assertThat(HodgesLehmann.criticalValue(49, 0.05)).isLessThan(HodgesLehmann.criticalValue(50, 0.05));
    }

    @Test
    void orderStatisticsOfWalshAveragesWithoutMaterialisingThem() {
        SplittableRandom r = new SplittableRandom(3);
        for (int trial = 0; trial < 50; trial++) {
            int n = 1 + r.nextInt(40);
            double[] d = new double[n];
            for (int i = 0; i < n; i++) {
                d[i] = r.nextInt(5) == 0 ? r.nextInt(3) - 1 : r.nextGaussian(); // some ties and zeros
            }
            Arrays.sort(d);
            double[] w = new double[n * (n + 1) / 2];
            int m = 0;
            for (int i = 0; i < n; i++) {
                for (int j = i; j < n; j++) {
                    w[m++] = (d[i] + d[j]) / 2;
                }
            }
            Arrays.sort(w);
            for (int k = 1; k <= w.length; k++) {
                assertThat(HodgesLehmann.walsh(d, k)).isEqualTo(w[k - 1]);
            }
        }
    }

    /** The interval inverts the test: excludes 1 exactly when p < 0.05 (untied, n < 50); near the edge above. */
    @Test
    void intervalAndPValueAgree() {
        SplittableRandom r = new SplittableRandom(11);
        int disagreements = 0;
        for (int trial = 0; trial < 2000; trial++) {
            int n = 6 + r.nextInt(80);
            double shift = (r.nextDouble() - 0.5) * 0.02;
            double[] d = new double[n];
            for (int i = 0; i < n; i++) {
                d[i] = shift + r.nextGaussian() * 0.01;
            }
            HodgesLehmann h = HodgesLehmann.ofLogRatios(d);
            boolean excludes = h.ciLow() > 1 || h.ciHigh() < 1;
            if (excludes != h.pValue() < 0.05) {
                assertThat(n).as("exact below 50 rounds").isGreaterThanOrEqualTo(HodgesLehmann.EXACT_BELOW);
                assertThat(h.pValue()).as("only at the boundary").isBetween(0.045, 0.055);
                disagreements++;
            }
            assertThat(h.ciLow()).isLessThanOrEqualTo(h.ratio());
            assertThat(h.ciHigh()).isGreaterThanOrEqualTo(h.ratio());
        }
        assertThat(disagreements).isLessThan(20);
    }

    /**
     * Issue 13's A/A: 50 rounds within +-1% and three rounds at speed-phase changes (0.81, 1.35, 1.38). The old
     * geometric mean with bootstrap excluded 1.0 on the measured data; the rank interval must contain it.
     */
    @Test
    void aaWithAFewWildRoundsHasNoVerdict() {
        SplittableRandom r = new SplittableRandom(13);
        double[] b = new double[53];
        double[] c = new double[53];
        for (int i = 0; i < 50; i++) {
            b[i] = 1.0;
            c[i] = 1 + (r.nextDouble() * 2 - 1) * 0.01;
        }
        double[] wild = {0.81, 1.35, 1.38};
        for (int i = 0; i < 3; i++) {
            b[50 + i] = 1.0;
            c[50 + i] = wild[i];
        }
        Comparison cmp = Comparison.of("cpu_time", "s", Direction.LOWER_IS_BETTER, "a", "a2", b, c, 0.01, 1);
        assertThat(cmp.ciLow()).isLessThanOrEqualTo(1.0);
        assertThat(cmp.ciHigh()).isGreaterThanOrEqualTo(1.0);
        assertThat(cmp.pValue()).isGreaterThan(0.05);
        assertThat(Math.abs(cmp.changePercent())).as("the wild rounds do not drag the estimate").isLessThan(0.5);
        assertThat(cmp.verdict()).isIn(Verdict.NO_CHANGE, Verdict.INCONCLUSIVE);
    }

    @Test
    void clearFivePercentSlowdownIsDetected() {
        SplittableRandom r = new SplittableRandom(5);
        double[] b = new double[20];
        double[] c = new double[20];
        for (int i = 0; i < b.length; i++) {
            double phase = 1 + r.nextDouble() * 0.1; // machine speed drifts; pairs share it
            b[i] = phase * (1 + r.nextGaussian() * 0.005);
            c[i] = phase * 1.05 * (1 + r.nextGaussian() * 0.005);
        }
        Comparison cmp = Comparison.of("cpu_time", "s", Direction.LOWER_IS_BETTER, "a", "b", b, c, 0.01, 1);
        assertThat(cmp.ratio()).isCloseTo(1.05, within(0.005));
        assertThat(cmp.ciLow()).isGreaterThan(1.03);
        assertThat(cmp.pValue()).isLessThan(0.001);
        assertThat(cmp.verdict()).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void constantAndIdenticalSamples() {
        double[] b = {100, 100, 100, 100, 100, 100};
        Comparison same = Comparison.of("det.instructions", "count", Direction.LOWER_IS_BETTER, "a", "b", b, b.clone(), 0.01, 1);
        assertThat(same.ratio()).isEqualTo(1.0);
        assertThat(same.ciLow()).isEqualTo(1.0);
        assertThat(same.ciHigh()).isEqualTo(1.0);
        assertThat(same.pValue()).isEqualTo(1.0);
        assertThat(same.verdict()).isEqualTo(Verdict.NO_CHANGE);

        double[] c = {97, 97, 97, 97, 97, 97};
        Comparison fewer = Comparison.of("det.instructions", "count", Direction.LOWER_IS_BETTER, "a", "b", b, c, 0.01, 1);
        assertThat(fewer.ratio()).isCloseTo(0.97, within(1e-12));
        assertThat(fewer.ciHigh()).isCloseTo(0.97, within(1e-12));
        assertThat(fewer.verdict()).isEqualTo(Verdict.IMPROVED);

        // every pair equal but rounds differ: all log ratios 0, no evidence of a change
        double[] v = {1.0, 1.2, 0.9, 1.1, 1.05, 0.95};
        HodgesLehmann h = HodgesLehmann.of(v, v.clone());
        assertThat(h.ratio()).isEqualTo(1.0);
        assertThat(h.pValue()).isEqualTo(1.0);
    }

    /** n = 5: the widest interval [min, max] covers only 93.75% and p cannot go below 0.0625: never a verdict. */
    @Test
    void tinySample() {
        double[] b = {1, 1, 1, 1, 1};
        double[] c = {1.10, 1.11, 1.12, 1.13, 1.14};
        HodgesLehmann h = HodgesLehmann.of(b, c);
        assertThat(h.ciLow()).isCloseTo(1.10, within(1e-12));
        assertThat(h.ciHigh()).isCloseTo(1.14, within(1e-12));
        assertThat(h.level()).isEqualTo(0.9375);
        assertThat(h.pValue()).isCloseTo(0.0625, within(1e-12));
        Comparison cmp = Comparison.of("cpu_time", "s", Direction.LOWER_IS_BETTER, "a", "b", b, c, 0.01, 1);
        assertThat(cmp.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void tenThousandRoundsAreFast() {
        SplittableRandom r = new SplittableRandom(17);
        double[] d = new double[10_000];
        for (int i = 0; i < d.length; i++) {
            d[i] = 0.02 + r.nextGaussian() * 0.01;
        }
        long t0 = System.nanoTime();
        HodgesLehmann h = HodgesLehmann.ofLogRatios(d);
        assertThat((System.nanoTime() - t0) / 1e9).isLessThan(2.0);
        assertThat(Math.log(h.ratio())).isCloseTo(0.02, within(0.001));
        assertThat(h.pValue()).isLessThan(1e-10);
    }
}
