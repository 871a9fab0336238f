package io.pgolab.measure;

import java.util.Arrays;

/** Reads what the machine did around the runs: CPU time counters and the load average. Tests give a fake. */
public interface HostSampler {
    /**
     * Cumulative CPU time of one CPU (or all CPUs when the kernel does not list it) in clock ticks, as
     * /proc/stat gives them: user, nice, system, idle, iowait, irq, softirq, steal; null when unreadable.
     */
    long[] cpuTicks(int cpu);

    /** The 1-minute load average, 0 when unreadable. */
    double loadAverage();

    /** /proc/stat and /proc/loadavg. */
    HostSampler PROC = new HostSampler() {
        @Override
        public long[] cpuTicks(int cpu) {
            String stat = HostInfo.read("/proc/stat");
            long[] all = null;
            for (String line : stat.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f[0].equals("cpu" + cpu)) {
                    return ticks(f);
                }
                if (f[0].equals("cpu")) {
                    all = ticks(f);
                }
            }
            return all;
        }

        @Override
        public double loadAverage() {
            return HostChecks.loadAverage();
        }
    };

    private static long[] ticks(String[] f) {
        if (f.length < 9) {
            return null;
        }
        try {
            return Arrays.stream(f, 1, 9).mapToLong(Long::parseLong).toArray();
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Steal and iowait (percent of all ticks) between two readings; NaN when either is missing or no time passed. */
    static double[] stealAndIowait(long[] before, long[] after) {
        if (before == null || after == null || before.length < 8 || after.length < 8) {
            return new double[] {Double.NaN, Double.NaN};
        }
        long total = 0;
        for (int i = 0; i < 8; i++) {
            total += after[i] - before[i];
        }
        if (total <= 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        return new double[] {100.0 * (after[7] - before[7]) / total, 100.0 * (after[4] - before[4]) / total};
    }
}
