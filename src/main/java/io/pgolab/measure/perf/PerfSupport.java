package io.pgolab.measure.perf;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What perf can do on this machine: the one answer that bench probes, BOLT, the PGO potential and
 * doctor all use. {@link Perf#detect()} finds it; {@link PerfDiagnosis#decide} derives it from what
 * the probe commands printed.
 *
 * @param binary          perf's path, or empty when it is not on PATH
 * @param version         {@code perf --version}, or empty when it did not run
 * @param problem         why {@code perf stat} cannot be used at all (not installed, not permitted, ...)
 * @param hardware        status of each of {@link PerfEvents#HARDWARE}
 * @param software        status of each of {@link PerfEvents#SOFTWARE}
 * @param pmu             whether the kernel exposes a CPU PMU ({@code /sys/bus/event_source/devices/cpu*})
 * @param samplingProblem why {@code perf record -e cpu-clock} (sampling, no PMU needed) cannot be used
 * @param branchRecords   whether {@code perf record -j any,u} works: taken-branch records (LBR) for BOLT
 * @param failure         the first line of perf's own message from the first probe that failed, or empty
 * @param paranoid        {@code kernel.perf_event_paranoid} as read, or empty when unreadable
 */
public record PerfSupport(Optional<Path> binary, String version, Optional<String> problem,
                          Map<String, EventStatus> hardware, Map<String, EventStatus> software, boolean pmu,
                          Optional<String> samplingProblem, boolean branchRecords, String failure,
                          Optional<String> paranoid) {
    static final String PMU_DIR = "/sys/bus/event_source/devices";

    /** What the detection found for one event. */
    public enum EventStatus {
        SUPPORTED,
        NOT_SUPPORTED,
        NOT_COUNTED,
        /** perf did not accept the event name here ("event syntax error") */
        UNKNOWN_EVENT
    }

    public PerfSupport {
        hardware = Collections.unmodifiableMap(new LinkedHashMap<>(hardware));
        software = Collections.unmodifiableMap(new LinkedHashMap<>(software));
    }

    public boolean installed() {
        return binary.isPresent();
    }

    /** perf stat can count (at least software events). */
    public boolean perfUsable() {
        return problem.isEmpty();
    }

    /** At least one hardware counter works. */
    public boolean hardwareCounters() {
        return hardware.containsValue(EventStatus.SUPPORTED);
    }

    /** perf record -e cpu-clock works: sampling for the PGO potential and BOLT's perf mode. */
    public boolean canSample() {
        return samplingProblem.isEmpty();
    }

    /** The status of one probed event; NOT_SUPPORTED when it was not probed (perf failed first). */
    public EventStatus status(String event) {
        return hardware.getOrDefault(event, software.getOrDefault(event, EventStatus.NOT_SUPPORTED));
    }

    /** The events (hardware and software) that counted in the probe, in request order. */
    public List<String> supportedEvents() {
        List<String> out = new ArrayList<>();
        hardware.forEach((e, s) -> {
            if (s == EventStatus.SUPPORTED) {
                out.add(e);
            }
        });
        software.forEach((e, s) -> {
            if (s == EventStatus.SUPPORTED) {
                out.add(e);
            }
        });
        return out;
    }

    /** Why there are no hardware counters, or empty when there are. */
    public Optional<String> hardwareUnavailableReason() {
        if (problem.isPresent()) {
            return problem;
        }
        if (hardwareCounters()) {
            return Optional.empty();
        }
        List<String> named = new ArrayList<>();
        hardware.forEach((e, s) -> named.add(e + " " + label(s)));
        return Optional.of("hardware performance counters are not available here: " + String.join(", ", named)
                + (pmu ? "" : "; the kernel exposes no CPU PMU (none in " + PMU_DIR
                + "), as is usual in VMs and containers")
                + ". Software events (task-clock, context-switches, page-faults) still work;"
                + " use --deterministic (valgrind) for instruction counts");
    }

    /** A few lines: version, each event's status, and why hardware counters are missing. */
    public String describe() {
        if (problem.isPresent()) {
            return "perf: unavailable: " + problem.get();
        }
        StringBuilder sb = new StringBuilder("perf: ").append(version.isEmpty() ? "(unknown version)" : version);
        sb.append("\n  hardware:");
        hardware.forEach((e, s) -> sb.append(' ').append(e).append('=').append(label(s)));
        sb.append("\n  software:");
        software.forEach((e, s) -> sb.append(' ').append(e).append('=').append(label(s)));
        hardwareUnavailableReason().ifPresent(r -> sb.append("\n  ").append(r));
        return sb.toString();
    }

    /** How perf itself prints the status (so messages match what users see from perf). */
    public static String label(EventStatus s) {
        return switch (s) {
            case SUPPORTED -> "supported";
            case NOT_SUPPORTED -> "<not supported>";
            case NOT_COUNTED -> "<not counted>";
            case UNKNOWN_EVENT -> "(unknown event)";
        };
    }
}
