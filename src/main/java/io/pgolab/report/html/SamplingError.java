package io.pgolab.report.html;

import java.util.Locale;

/**
 * Whether a frame's share of a profile's samples changed by more than sampling noise: a two-proportion test (normal
 * approximation with Yates' continuity correction, which keeps a frame of a handful of samples from counting) on k1
 * of n1 samples against k0 of n0. A flamegraph of a few hundred samples moves frames by tenths of a point from one
 * run to the next; the differential graph colours only what lies beyond this margin. flame.js computes the same.
 */
final class SamplingError {
    /** Two-sided 95%. */
    static final double Z = 1.959964;

    private SamplingError() {
    }

    /** The 95% margin of the difference of two shares k1/n1 - k0/n0 (0..1), continuity correction included. */
    static double margin(long k1, long n1, long k0, long n0) {
        if (n1 <= 0 || n0 <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        double p = (k1 + k0) / (double) (n1 + n0);
        return Z * Math.sqrt(p * (1 - p) * (1.0 / n1 + 1.0 / n0)) + 0.5 * (1.0 / n1 + 1.0 / n0);
    }

    /** True when k1/n1 and k0/n0 differ by more than {@link #margin}. */
    static boolean beyond(long k1, long n1, long k0, long n0) {
        return n1 > 0 && n0 > 0 && Math.abs(k1 / (double) n1 - k0 / (double) n0) > margin(k1, n1, k0, n0);
    }

    /**
     * What the page and the SVG say about the threshold, base's samples first: "coloured: changes of self share beyond
     * the 95% sampling error of 1,647 and 1,451 samples (±1.0 points for a frame at 1%, ±2.9 at 10%); grey: within it".
     */
    static String describe(long n1, long n0) {
        return String.format(Locale.ROOT, "coloured: changes of self share beyond the 95%% sampling error of"
                        + " %,d and %,d samples (±%.1f points for a frame at 1%%, ±%.1f at 10%%); grey: within it",
                n0, n1, 100 * margin(Math.round(0.01 * n1), n1, Math.round(0.01 * n0), n0),
                100 * margin(Math.round(0.1 * n1), n1, Math.round(0.1 * n0), n0));
    }
}
