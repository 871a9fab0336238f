package io.pgolab.measure;

import io.pgolab.UserError;
import io.pgolab.stats.Direction;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link Cachegrind} as a {@link Probe}: deterministic mode. Metrics are Cachegrind's
 * ({@link Cachegrind#METRICS}) prefixed with {@value #PREFIX}, e.g. {@code det.instructions},
 * {@code det.est_cycles}; all lower-is-better.
 */
public final class CachegrindProbe implements Probe {
    public static final String PREFIX = "det.";

    private final Cachegrind.Options options;

    public CachegrindProbe() {
        this(Cachegrind.Options.DEFAULT);
    }

    public CachegrindProbe(Cachegrind.Options options) {
        this.options = options == null ? Cachegrind.Options.DEFAULT : options;
    }

    /** Fails with a clear message when valgrind cannot run here. */
    public static CachegrindProbe requireAvailable() {
        Cachegrind.unavailableReason().ifPresent(r -> {
            throw new UserError("--deterministic needs valgrind: " + r, "or measure without --deterministic");
        });
        return new CachegrindProbe();
    }

    @Override
    public String name() {
        return "cachegrind";
    }

    @Override
    public List<String> wrap(List<String> argv, Path scratch) {
        return Cachegrind.wrap(argv, scratch, options);
    }

    @Override
    public Map<String, Double> read(Path scratch) {
        try {
            Map<String, Double> out = new LinkedHashMap<>();
            CachegrindOutput.read(scratch).metrics().forEach((k, v) -> out.put(PREFIX + k, v));
            return out;
        } catch (IOException e) {
            throw new UserError("deterministic mode: " + e.getMessage(),
                    "valgrind runs programs 20-100x slower: a timeout kills it before it writes its counts", e);
        }
    }

    @Override
    public Map<String, MetricInfo> metrics() {
        Map<String, MetricInfo> m = new LinkedHashMap<>();
        for (String name : Cachegrind.METRICS) {
            String unit = name.equals(Cachegrind.EST_CYCLES) ? "cycles" : "count";
            m.put(PREFIX + name, new MetricInfo(PREFIX + name, unit, Direction.LOWER_IS_BETTER));
        }
        return m;
    }
}
