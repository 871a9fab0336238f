package io.pgolab.store;

import io.pgolab.measure.HostChecks;

/**
 * The machine's 1-minute load average when a build started and when it ended (/proc/loadavg): beside a build's
 * wall time, it says whether other work shared the CPUs (the CPU time of the build does not depend on it).
 */
public record BuildLoad(double start, double end) {
    public static double now() {
        return HostChecks.loadAverage();
    }
}
