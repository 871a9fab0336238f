package io.pgolab.report.json;

/**
 * Derived durations as the results JSON writes them (docs/results-schema.md, "Numbers"): sums and differences of
 * timings come out as 9.750000000000002; they are rounded to what was measured. Wall-clock durations (builds,
 * merges, training runs, BOLT steps, a workload's elapsed time) are read in milliseconds: 3 decimals. CPU times
 * come from rusage in microseconds: 6 decimals. Raw samples (a workload's runs, the comparisons' samples) are
 * never rounded.
 */
final class Seconds {
    private Seconds() {
    }

    /** A wall-clock duration in seconds, to the millisecond. */
    static double wall(double seconds) {
        return round(seconds, 1e3);
    }

    /** A CPU time in seconds, to the microsecond. */
    static double cpu(double seconds) {
        return round(seconds, 1e6);
    }

    static Double wall(Double seconds) {
        return seconds == null ? null : wall(seconds.doubleValue());
    }

    private static double round(double x, double scale) {
        if (Double.isNaN(x) || Double.isInfinite(x) || Math.abs(x) * scale > 1e15) {
            return x;
        }
        return Math.round(x * scale) / scale;
    }
}
