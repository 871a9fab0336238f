package io.pgolab.workload;

import io.pgolab.process.Measurement;
import java.util.List;

/** Measurements of several processes added up: times, switches and faults summed, the peak RSS the largest. */
public final class Measurements {
    private Measurements() {
    }

    /** The sum of ms (a run that failed or timed out makes the sum fail too); none: all zero. */
    public static Measurement sum(List<Measurement> ms) {
        int exit = 0;
        int signal = 0;
        boolean timedOut = false;
        double wall = 0;
        double user = 0;
        double sys = 0;
        long rss = 0;
        long vcs = 0;
        long ics = 0;
        long minf = 0;
        long majf = 0;
        for (Measurement m : ms) {
            exit = exit != 0 ? exit : m.exitCode();
            signal = signal != 0 ? signal : m.signal();
            timedOut |= m.timedOut();
            wall += m.wallSeconds();
            user += m.userSeconds();
            sys += m.sysSeconds();
            rss = Math.max(rss, m.maxRssKb());
            vcs += m.voluntaryCtxSwitches();
            ics += m.involuntaryCtxSwitches();
            minf += m.minorFaults();
            majf += m.majorFaults();
        }
        return new Measurement(exit, signal, timedOut, wall, user, sys, rss, vcs, ics, minf, majf);
    }
}
