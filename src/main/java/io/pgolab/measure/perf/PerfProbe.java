package io.pgolab.measure.perf;

import io.pgolab.measure.MetricInfo;
import io.pgolab.measure.Probe;
import io.pgolab.UserError;
import io.pgolab.stats.Direction;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code perf stat} as a {@link Probe}: {@link PerfStat#wrap} around each run, writing
 * {@code <scratch>/perf.csv} that {@link PerfStatCsv} reads. Metric names are {@link PerfEvents#metricName}'s
 * ({@code instructions}, {@code task_clock_ms}, ...); all lower-is-better. Counts perf marks as
 * multiplexed, {@code <not counted>} or {@code <not supported>} are left out of {@link #read}.
 */
public final class PerfProbe implements Probe {
    public static final String FILE = "perf.csv";

    private final List<String> events;

    public PerfProbe(List<String> events) {
        if (events == null || events.isEmpty()) {
            throw new IllegalArgumentException("perf probe needs events");
        }
        this.events = List.copyOf(events);
    }

    /** The events {@link Perf#detect()} found working here (software events on a VM without PMU). */
    public static PerfProbe forThisMachine() {
        PerfSupport s = Perf.detect();
        if (s.problem().isPresent() || s.supportedEvents().isEmpty()) {
            throw new UserError("perf counters are unavailable: " + s.problem().orElse("no event counted"),
                    "measure without perf counters");
        }
        return new PerfProbe(s.supportedEvents());
    }

    public List<String> events() {
        return events;
    }

    @Override
    public String name() {
        return "perf";
    }

    @Override
    public List<String> wrap(List<String> argv, Path scratch) {
        return PerfStat.wrap(argv, scratch.resolve(FILE), events);
    }

    @Override
    public Map<String, Double> read(Path scratch) {
        try {
            return PerfStatCsv.read(scratch.resolve(FILE));
        } catch (IOException e) {
            throw new UserError("perf counters: " + e.getMessage(), "run the command under perf stat by hand to see why", e);
        }
    }

    @Override
    public Map<String, MetricInfo> metrics() {
        Map<String, MetricInfo> m = new LinkedHashMap<>();
        for (String e : events) {
            String name = PerfEvents.metricName(e);
            m.put(name, new MetricInfo(name, name.endsWith("_ms") ? "ms" : "count", Direction.LOWER_IS_BETTER));
        }
        return m;
    }
}
