package io.pgolab.doctor;

import java.util.List;

/**
 * What doctor found about this machine besides the toolchains, already as checks (perf, valgrind,
 * JDKs, optional tools), and the one fact the readiness matrix uses: whether perf counts hardware events.
 */
public record HostFacts(boolean hardwareCounters, List<DoctorCheck> measurement, List<DoctorCheck> jdks,
                        List<DoctorCheck> optionalTools) {
    public HostFacts {
        measurement = List.copyOf(measurement);
        jdks = List.copyOf(jdks);
        optionalTools = List.copyOf(optionalTools);
    }

    /** No perf, no JDKs, no optional tools: for tests of the toolchain part. */
    public static HostFacts none() {
        return new HostFacts(false, List.of(), List.of(), List.of());
    }
}
