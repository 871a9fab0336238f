package io.pgolab.measure;


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
            // Only the two lines needed are split: /proc/stat's "intr" line alone has thousands of fields.
            String stat = ProcFile.STAT.read();
            String own = line(stat, "cpu" + cpu + " ");
            return ticks(own != null ? own : line(stat, "cpu "));
        }

        @Override
        public double loadAverage() {
            return HostChecks.loadAverage();
        }
    };

    /** The line of text that starts with prefix, null when there is none. */
    private static String line(String text, String prefix) {
        int at = text.startsWith(prefix) ? 0 : text.indexOf("\n" + prefix);
        if (at < 0) {
            return null;
        }
        int from = at == 0 ? 0 : at + 1;
        int end = text.indexOf('\n', from);
        return text.substring(from, end < 0 ? text.length() : end);
    }

    /** The 8 counters after the line's label; null when there are fewer or one is not a number. */
    private static long[] ticks(String line) {
        if (line == null) {
            return null;
        }
        // By hand, not split + streams: this runs after every round, mostly before the JIT compiled it.
        long[] t = new long[8];
        int i = line.indexOf(' ');
        for (int k = 0; k < 8; k++) {
            while (i >= 0 && i < line.length() && line.charAt(i) == ' ') {
                i++;
            }
            if (i < 0 || i >= line.length()) {
                return null;
            }
            int end = line.indexOf(' ', i);
            end = end < 0 ? line.length() : end;
            try {
                t[k] = Long.parseLong(line, i, end, 10);
            } catch (NumberFormatException e) {
                return null;
            }
            i = end;
        }
        return t;
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
