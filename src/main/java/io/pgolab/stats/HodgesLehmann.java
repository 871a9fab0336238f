package io.pgolab.stats;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.inference.WilcoxonSignedRankTest;

/**
 * The paired, rank-based comparison pgolab reports (docs/statistics.md): from the per-round log ratios
 * d_i = ln(c_i / b_i),
 * <ul>
 * <li>the estimate is exp(Hodges-Lehmann), the median of the n(n+1)/2 Walsh averages (d_i + d_j) / 2, i &lt;= j;
 * <li>the 95% interval is exp of the order statistics [A_(k), A_(M+1-k)] of the M Walsh averages, with k the
 *     Wilcoxon signed-rank critical value: exact for n &lt; {@link #EXACT_BELOW}, else the normal approximation with
 *     continuity correction (the same k as R's {@code wilcox.test(d, conf.int = TRUE)} without ties);
 * <li>the p-value is the two-sided Wilcoxon signed-rank test of the same d_i (commons-statistics-inference).
 * </ul>
 * The interval is the inversion of that test, so without ties and for n &lt; 50 it excludes 1 exactly when
 * p &lt; 0.05; with ties (the library then uses the tie-corrected normal approximation) or for large n the two can
 * disagree at the boundary only. A few wild rounds move the estimate by at most a few Walsh averages' ranks, not
 * by their size: nothing is dropped.
 *
 * <p>The Walsh averages are never materialised (10 000 rounds would be 50 million): an order statistic is
 * found by bisecting over the doubles, counting averages at or below a value in O(n) on the sorted d.
 */
public record HodgesLehmann(double ratio, double ciLow, double ciHigh, double pValue, double level, int rounds) {
    /** Below this many rounds the critical value is exact (as is the library's p-value without ties). */
    public static final int EXACT_BELOW = 50;
    public static final double CONFIDENCE = 0.95;
    /** The normal quantile of the 95% interval, computed once (the stopping rule asks after every round). */
    private static final double Z_95 = NormalDistribution.of(0, 1).inverseSurvivalProbability((1 - CONFIDENCE) / 2);

    public static HodgesLehmann of(double[] baseline, double[] candidate) {
        return ofLogRatios(logRatios(baseline, candidate));
    }

    /** ln(candidate_i / baseline_i) per round. */
    private static double[] logRatios(double[] baseline, double[] candidate) {
        if (baseline.length != candidate.length || baseline.length == 0) {
            throw new IllegalArgumentException("need the same non-zero number of baseline and candidate rounds");
        }
        double[] d = new double[baseline.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = Math.log(candidate[i] / baseline[i]);
        }
        return d;
    }

    /**
     * Only the 95% interval of {@link #of} ({ciLow, ciHigh}, the same doubles): what the stopping rule needs after
     * every round, without the estimate's and the p-value's cost.
     */
    public static double[] interval(double[] baseline, double[] candidate) {
        double[] d = logRatios(baseline, candidate);
        Arrays.sort(d);
        int n = d.length;
        long m = (long) n * (n + 1) / 2;
        long k = criticalValue(n, 1 - CONFIDENCE);
        return new double[] {Math.exp(walsh(d, k)), Math.exp(walsh(d, m + 1 - k))};
    }

    /** From the paired log ratios directly. */
    public static HodgesLehmann ofLogRatios(double[] logRatios) {
        return ofLogRatios(logRatios, 1 - CONFIDENCE);
    }

    /**
     * With the interval at level 1 - alpha (a sequential look's spent alpha, {@link Looks}): the same estimate and
     * p-value, the order statistics of the Wilcoxon critical value for alpha (exact below {@link #EXACT_BELOW} rounds).
     */
    public static HodgesLehmann of(double[] baseline, double[] candidate, double alpha) {
        return ofLogRatios(logRatios(baseline, candidate), alpha);
    }

    static HodgesLehmann ofLogRatios(double[] logRatios, double alpha) {
        double[] d = logRatios.clone();
        Arrays.sort(d);
        int n = d.length;
        long m = (long) n * (n + 1) / 2;
        double hl = m % 2 == 1 ? walsh(d, (m + 1) / 2) : (walsh(d, m / 2) + walsh(d, m / 2 + 1)) / 2;
        long k = criticalValue(n, alpha);
        double lo = walsh(d, k);
        double hi = walsh(d, m + 1 - k);
        double level = n < EXACT_BELOW ? 1 - 2 * signRankCdf(n, k - 1) : 1 - alpha;
        return new HodgesLehmann(Math.exp(hl), Math.exp(lo), Math.exp(hi), pValue(d), level, n);
    }

    /** Two-sided Wilcoxon signed-rank p-value of d against 0; 1 when every d is 0 (no evidence of a change). */
    static double pValue(double[] d) {
        boolean allZero = true;
        for (double x : d) {
            allZero &= x == 0;
        }
        if (allZero) {
            return 1.0;
        }
        return WilcoxonSignedRankTest.withDefaults().test(d).getPValue();
    }

    /**
     * k, 1-based, such that [A_(k), A_(M+1-k)] has coverage at least 1 - alpha: the largest k with
     * P(W &lt;= k - 1) &lt;= alpha / 2 (R's qsignrank(alpha / 2, n)), at least 1.
     */
    static long criticalValue(int n, double alpha) {
        long k;
        if (n < EXACT_BELOW) {
            k = 0;
            while (signRankCdf(n, k) <= alpha / 2) {
                k++;
            }
            // now P(W <= k) > alpha / 2 >= P(W <= k - 1): k is the first x with P(W <= x) > alpha/2
        } else {
            double mu = n * (n + 1.0) / 4;
            double sigma = Math.sqrt(n * (n + 1.0) * (2 * n + 1) / 24);
            double z = alpha == 1 - CONFIDENCE ? Z_95 : NormalDistribution.of(0, 1).inverseSurvivalProbability(alpha / 2);
            k = (long) Math.floor(mu - z * sigma + 0.5);
        }
        return Math.max(1, k);
    }

    /**
     * The smallest alpha whose interval exists at n rounds: below it even [min d, max d] covers less than 1 - alpha
     * (2 / 2^n exactly, e.g. 0.031 at 6 rounds); 0 from {@link #EXACT_BELOW} rounds on (the normal approximation).
     */
    public static double smallestAlpha(int n) {
        return n < EXACT_BELOW ? 2 * signRankCdf(n, 0) : 0;
    }

    /** P(W+ &lt;= x) for the signed-rank statistic of n untied, non-zero differences, exactly. */
    static double signRankCdf(int n, long x) {
        if (x < 0) {
            return 0;
        }
        int m = n * (n + 1) / 2;
        if (x >= m) {
            return 1;
        }
        return signRankCdf(n)[(int) x];
    }

    /**
     * The whole CDF for n, memoized for n &lt; {@link #EXACT_BELOW}: the stopping rule asks for it after every
     * round, and the critical value scans it (computing it afresh for each x cost ~milliseconds per round).
     */
    private static double[] signRankCdf(int n) {
        if (n < EXACT_BELOW) {
            double[] c = CDF.get(n);
            if (c == null) {
                c = computeCdf(n);
                CDF.set(n, c);
            }
            return c;
        }
        return computeCdf(n);
    }

    private static final AtomicReferenceArray<double[]> CDF =
            new AtomicReferenceArray<>(EXACT_BELOW);

    private static double[] computeCdf(int n) {
        int m = n * (n + 1) / 2;
        double[] p = new double[m + 1];
        p[0] = 1;
        int top = 0;
        for (int r = 1; r <= n; r++) {
            top += r;
            for (int s = top; s >= 0; s--) {
                p[s] = (p[s] + (s >= r ? p[s - r] : 0)) / 2;
            }
        }
        double[] cdf = new double[m + 1];
        double c = 0;
        for (int s = 0; s <= m; s++) {
            c += p[s];
            cdf[s] = Math.min(1, c); // the same sums, in the same order, as summing p[0..x] for each x
        }
        return cdf;
    }

    /** The k-th smallest (1-based) Walsh average of sorted d, exactly as the double (d_i + d_j) / 2. */
    static double walsh(double[] sorted, long k) {
        long lo = key(sorted[0]);
        long hi = key(sorted[sorted.length - 1]);
        // smallest t with count(<= t) >= k; count(<= max) = M >= k
        while (lo < hi) {
            long mid = lo + ((hi - lo) >>> 1);
            if (countAtMost(sorted, unkey(mid)) >= k) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return unkey(lo);
    }

    static long countAtMost(double[] d, double t) {
        long count = 0;
        int j = d.length - 1;
        for (int i = 0; i < d.length; i++) {
            while (j >= i && (d[i] + d[j]) / 2 > t) {
                j--;
            }
            if (j < i) {
                break;
            }
            count += j - i + 1;
        }
        return count;
    }

    /** A long ordered as the doubles are (for finite values). */
    private static long key(double x) {
        long l = Double.doubleToLongBits(x);
        return l < 0 ? l ^ Long.MAX_VALUE : l;
    }

    private static double unkey(long l) {
        return Double.longBitsToDouble(l < 0 ? l ^ Long.MAX_VALUE : l);
    }

    /** Change in percent, e.g. -12.3 for a ratio of 0.877. */
    public double changePercent() {
        return (ratio - 1) * 100;
    }
}
