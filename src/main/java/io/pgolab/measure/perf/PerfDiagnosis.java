package io.pgolab.measure.perf;

import io.pgolab.measure.perf.PerfSupport.EventStatus;
import io.pgolab.util.Strings;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The detection's decisions, from what the probe commands printed to a {@link PerfSupport}: pure
 * functions of captured text, so each case (perf missing, paranoid too high, no PMU, ...) is
 * tested on real output from machines other than the one running the tests. {@link Perf} runs the
 * commands.
 */
public final class PerfDiagnosis {
    static final String INSTALL_HINT =
            "Debian: apt-get install -y linux-perf; Ubuntu: apt-get install -y linux-tools-common linux-tools-$(uname -r)";

    private PerfDiagnosis() {
    }

    /** One command's exit code and stdout+stderr. */
    public record Run(int exitCode, String output) {
        /** A probe that was not run because an earlier one failed. */
        public static final Run NOT_RUN = new Run(-1, "");

        public boolean ok() {
            return exitCode == 0;
        }
    }

    /** One {@code perf stat -x, -o FILE} probe: the events asked for, the run, and the file's text. */
    public record StatRun(List<String> events, Run run, String csv) {
    }

    /**
     * Everything the detection saw. Each stat list starts with the run of all its events; when perf
     * rejected one name of several ({@link #oneByOne}), the runs of each event alone follow.
     *
     * @param binary   perf on PATH, or empty
     * @param version  {@code perf --version}
     * @param software the probes of {@link PerfEvents#SOFTWARE}; empty when not run
     * @param hardware the probes of {@link PerfEvents#HARDWARE}; empty when not run
     * @param sampling {@code perf record -e cpu-clock -- true}
     * @param branches {@code perf record -e cycles:u -j any,u -- true}
     * @param pmu      a CPU PMU in /sys/bus/event_source/devices
     * @param paranoid the content of /proc/sys/kernel/perf_event_paranoid, stripped
     */
    public record Observation(Optional<Path> binary, Run version, List<StatRun> software, List<StatRun> hardware,
                              Run sampling, Run branches, boolean pmu, Optional<String> paranoid) {
    }

    /** What the observation means. */
    public static PerfSupport decide(Observation o) {
        if (o.binary().isEmpty()) {
            return new PerfSupport(Optional.empty(), "", Optional.of("perf is not installed (" + INSTALL_HINT + ")"),
                    Map.of(), Map.of(), o.pmu(), Optional.of(notRunnable("no perf on PATH")), false, "", o.paranoid());
        }
        if (!o.version().ok()) {
            return new PerfSupport(o.binary(), "", Optional.of(classifyFailure(o.version(), o.paranoid())),
                    Map.of(), Map.of(), o.pmu(), Optional.of(notRunnable(Strings.firstLine(o.version().output(), "(no output)"))),
                    false, Strings.firstLine(o.version().output()), o.paranoid());
        }
        Map<String, EventStatus> software = new LinkedHashMap<>();
        Map<String, EventStatus> hardware = new LinkedHashMap<>();
        Optional<String> problem = eventStatuses(o.software(), software, o.paranoid());
        if (problem.isEmpty()) {
            problem = eventStatuses(o.hardware(), hardware, o.paranoid());
        }
        return new PerfSupport(o.binary(), o.version().output().strip(), problem, hardware, software, o.pmu(),
                samplingProblem(o.sampling(), o.paranoid()), o.branches().ok(), firstFailure(o), o.paranoid());
    }

    /** perf rejected one event name of several: each must be probed alone to find which. */
    public static boolean oneByOne(StatRun r) {
        return !r.run().ok() && r.run().output().contains("event syntax error") && r.events().size() > 1;
    }

    /** Fills {@code into} from a stat probe's runs; returns a reason when perf itself failed. */
    static Optional<String> eventStatuses(List<StatRun> runs, Map<String, EventStatus> into, Optional<String> paranoid) {
        if (runs.isEmpty()) {
            return Optional.empty();
        }
        StatRun group = runs.get(0);
        if (group.run().ok()) {
            return counted(group, into);
        }
        if (oneByOne(group)) {
            for (StatRun single : runs.subList(1, runs.size())) {
                Map<String, EventStatus> one = new LinkedHashMap<>();
                Optional<String> problem = eventStatuses(List.of(single), one, paranoid);
                if (problem.isPresent() && !one.containsKey(single.events().get(0))) {
                    return problem; // perf failed for another reason than the name
                }
                into.putAll(one);
            }
            return Optional.empty();
        }
        if (group.run().output().contains("event syntax error")) {
            into.put(group.events().get(0), EventStatus.UNKNOWN_EVENT);
            return Optional.of("perf does not know the event " + group.events().get(0));
        }
        return Optional.of(classifyFailure(group.run(), paranoid));
    }

    private static Optional<String> counted(StatRun r, Map<String, EventStatus> into) {
        List<PerfStatCsv.Reading> readings;
        try {
            readings = PerfStatCsv.parse(r.csv());
        } catch (IllegalArgumentException e) {
            return Optional.of("cannot read perf's output: " + e.getMessage());
        }
        for (String e : r.events()) {
            into.put(e, statusOf(e, readings));
        }
        return Optional.empty();
    }

    /** The best status among the lines of one event (a hybrid CPU prints one line per PMU). */
    private static EventStatus statusOf(String requested, List<PerfStatCsv.Reading> readings) {
        String base = PerfEvents.baseEvent(requested);
        EventStatus best = null;
        for (PerfStatCsv.Reading r : readings) {
            if (!PerfEvents.baseEvent(r.event()).equals(base)) {
                continue;
            }
            EventStatus s = switch (r.status()) {
                case COUNTED, MULTIPLEXED -> EventStatus.SUPPORTED;
                case NOT_COUNTED -> EventStatus.NOT_COUNTED;
                case NOT_SUPPORTED -> EventStatus.NOT_SUPPORTED;
            };
            if (best == null || s.ordinal() < best.ordinal()) {
                best = s;
            }
        }
        return best == null ? EventStatus.NOT_SUPPORTED : best;
    }

    /**
     * A clear reason from a failed perf invocation's exit code and output: permission
     * ({@code perf_event_paranoid}), no perf_event_open in the kernel or sandbox, perf not built for
     * the running kernel, or the end of perf's message.
     */
    static String classifyFailure(Run run, Optional<String> paranoid) {
        String text = run.output() == null ? "" : run.output();
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.contains("perf_event_paranoid") || lower.contains("access to performance monitoring")
                || lower.contains("no permission") || lower.contains("permission denied")
                || lower.contains("operation not permitted")) {
            return "perf is not permitted to open performance counters (kernel.perf_event_paranoid = "
                    + paranoid.orElse("?") + "; in a container, perf_event_open may also be blocked by seccomp):"
                    + " run as root or with CAP_PERFMON, or lower it with `sysctl kernel.perf_event_paranoid=1`";
        }
        if (lower.contains("function not implemented")) {
            return "this kernel or sandbox does not provide perf_event_open (ENOSYS), so perf cannot count anything";
        }
        if (lower.contains("not found for kernel")) {
            return "perf is installed but not built for the running kernel: " + Strings.firstLine(text)
                    + " (" + INSTALL_HINT + ")";
        }
        return "perf stat failed (exit " + run.exitCode() + ")"
                + (text.isBlank() ? "" : ":\n" + Strings.indentedTail(text, 5));
    }

    /** Why sampling cannot be used, from the {@code perf record -e cpu-clock -- true} probe. */
    static Optional<String> samplingProblem(Run sampling, Optional<String> paranoid) {
        if (sampling.ok()) {
            return Optional.empty();
        }
        return Optional.of("perf record -e cpu-clock failed (exit " + sampling.exitCode() + "): "
                + Strings.firstLine(sampling.output(), "(no output)") + "; kernel.perf_event_paranoid="
                + paranoid.orElse("unknown") + " (sampling another process needs <= 1, or root/CAP_PERFMON:"
                + " sysctl -w kernel.perf_event_paranoid=1)");
    }

    private static String notRunnable(String firstLine) {
        return "perf is not installed (or not on PATH): " + firstLine + "; Debian: apt-get install -y linux-perf";
    }

    private static String firstFailure(Observation o) {
        for (List<StatRun> runs : List.of(o.software(), o.hardware())) {
            for (StatRun r : runs) {
                if (!r.run().ok()) {
                    return Strings.firstLine(r.run().output());
                }
            }
        }
        return "";
    }
}
