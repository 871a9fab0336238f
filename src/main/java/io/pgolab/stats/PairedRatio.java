package io.pgolab.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The ratio candidate/baseline from paired rounds: exp(mean(ln(c_i/b_i))), the geometric mean of
 * per-round ratios, with a seeded percentile-bootstrap 95% confidence interval. No comparison or stopping decision
 * uses it any more: the reported comparison and its interval are {@link HodgesLehmann}'s, the campaign stops by
 * planned looks ({@link Looks}). pgolab itself uses only {@link #median}.
 */
public record PairedRatio(double ratio, double ciLow, double ciHigh, int rounds, long seed) {
    public static final int RESAMPLES = 10_000;


    public static PairedRatio of(double[] baseline, double[] candidate, long seed) {
        return of(baseline, candidate, seed, RESAMPLES);
    }

    /** With fewer resamples: for the stopping check after every round, where speed matters more. */
    public static PairedRatio of(double[] baseline, double[] candidate, long seed, int resamples) {
        if (baseline.length != candidate.length || baseline.length == 0) {
            throw new IllegalArgumentException("need the same non-zero number of baseline and candidate rounds");
        }
        int n = baseline.length;
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = Math.log(candidate[i] / baseline[i]);
        }
        double point = Math.exp(mean(d));
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] boot = new double[resamples];
        for (int k = 0; k < resamples; k++) {
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += d[rnd.nextInt(n)];
            }
            boot[k] = Math.exp(s / n);
        }
        Arrays.sort(boot);
        return new PairedRatio(point, quantile(boot, 0.025), quantile(boot, 0.975), n, seed);
    }

    /** Change in percent, e.g. -12.3 for a ratio of 0.877. */
    public double changePercent() {
        return (ratio - 1) * 100;
    }

    /** Half-width of the CI in percent of the ratio. */
    public double halfWidthPercent() {
        return (ciHigh - ciLow) / 2 / ratio * 100;
    }

    public static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    static double mean(double[] xs) {
        double s = 0;
        for (double x : xs) {
            s += x;
        }
        return s / xs.length;
    }

    static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }
}
