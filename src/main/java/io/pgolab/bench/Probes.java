package io.pgolab.bench;

import io.pgolab.measure.CachegrindProbe;
import io.pgolab.measure.perf.Perf;
import io.pgolab.measure.perf.PerfProbe;
import io.pgolab.measure.perf.PerfSupport;
import io.pgolab.measure.Probe;
import java.util.List;

/**
 * The metric sources for a measurement: valgrind in deterministic mode; otherwise perf hardware
 * counters when this machine has them (detected, never assumed: VMs without a PMU have none).
 */
final class Probes {
    private Probes() {
    }

    static List<Probe> forMode(boolean deterministic) {
        if (deterministic) {
            return List.of(CachegrindProbe.requireAvailable());
        }
        PerfSupport s = Perf.detect();
        if (s.problem().isEmpty() && s.hardwareCounters()) {
            return List.of(PerfProbe.forThisMachine());
        }
        return List.of();
    }

    /** One line for the report: which counters are in use and why. */
    static String describe(boolean deterministic) {
        if (deterministic) {
            return "valgrind cachegrind (cache and branch simulation)";
        }
        PerfSupport s = Perf.detect();
        return s.problem().isEmpty() && s.hardwareCounters() ? "perf hardware counters"
                : "no hardware counters (" + s.hardwareUnavailableReason().map(r -> r.split("[:;]")[0]).orElse("perf unavailable") + ")";
    }
}
