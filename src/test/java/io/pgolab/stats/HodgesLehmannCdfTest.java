package io.pgolab.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The memoized signed-rank CDF gives the very doubles the direct computation gave, for every n and x. */
class HodgesLehmannCdfTest {
    /** The former implementation: the distribution for n, summed up to x, on every call. */
    private static double direct(int n, long x) {
        if (x < 0) {
            return 0;
        }
        int m = n * (n + 1) / 2;
        if (x >= m) {
            return 1;
        }
        double[] p = new double[m + 1];
        p[0] = 1;
        int top = 0;
        for (int r = 1; r <= n; r++) {
            top += r;
            for (int s = top; s >= 0; s--) {
                p[s] = (p[s] + (s >= r ? p[s - r] : 0)) / 2;
            }
        }
        double c = 0;
        for (int s = 0; s <= x; s++) {
            c += p[s];
        }
        return Math.min(1, c);
    }

    @Test
    void memoizedEqualsDirect() {
        for (int n = 1; n <= HodgesLehmann.EXACT_BELOW + 2; n++) {
            int m = n * (n + 1) / 2;
            for (long x = -1; x <= m + 1; x += Math.max(1, m / 40)) {
                assertThat(HodgesLehmann.signRankCdf(n, x)).as("n=%d x=%d", n, x).isEqualTo(direct(n, x));
            }
        }
    }
}
