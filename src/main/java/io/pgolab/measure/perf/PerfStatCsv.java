package io.pgolab.measure.perf;

import io.pgolab.util.OutputFile;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the CSV that {@code perf stat -x,} writes ({@link PerfStat#wrap}).
 *
 * <p>{@link #read} keeps only trustworthy counts. A count whose event was multiplexed (perf's
 * "% running" column below 100: perf scaled a partial count up to an estimate) is rejected, as
 * rustc-perf does (rust-lang/rustc-perf#1014), and so are {@code <not counted>} and
 * {@code <not supported>}; {@link #readAll} shows every line with its {@link Status}.
 */
public final class PerfStatCsv {
    private PerfStatCsv() {
    }

    /** How one line of perf's CSV came out. */
    public enum Status {
        /** counted for 100 % of the run: usable */
        COUNTED,
        /** counted only part of the time (multiplexed) and scaled: rejected */
        MULTIPLEXED,
        /** {@code <not counted>}: the counter could not be scheduled, or the run ended first */
        NOT_COUNTED,
        /** {@code <not supported>}: no such counter here (typically no PMU) */
        NOT_SUPPORTED
    }

    /**
     * One line of {@code perf stat -x,} output.
     *
     * @param event          the event as perf printed it ({@code instructions:u}, {@code cpu_core/cycles/u})
     * @param metric         pgolab's name for it ({@link PerfEvents#metricName})
     * @param value          the count in pgolab's unit (task-clock in milliseconds), NaN unless
     *                       counted or multiplexed
     * @param unit           perf's unit column ({@code msec} for task-clock, usually empty)
     * @param runTimeNs      how long the counter ran, in nanoseconds
     * @param percentRunning share of the run the counter was on the PMU; below 100 means multiplexed
     */
    public record Reading(String event, String metric, double value, String unit, long runTimeNs,
                          double percentRunning, Status status) {
        public boolean usable() {
            return status == Status.COUNTED;
        }
    }

    /**
     * The usable counts in perf's CSV output file, by pgolab metric name. Multiplexed,
     * {@code <not counted>} and {@code <not supported>} events are left out (see
     * {@link #rejected(List)} for why). On hybrid CPUs the per-PMU lines of one event
     * ({@code cpu_core/instructions/u}, {@code cpu_atom/instructions/u}) are summed.
     *
     * @throws IOException the file is missing or holds no counts (perf failed before counting)
     */
    public static Map<String, Double> read(Path outFile) throws IOException {
        return usable(readAll(outFile));
    }

    /** Every line of perf's CSV output file. */
    public static List<Reading> readAll(Path outFile) throws IOException {
        String text;
        try {
            text = OutputFile.read(outFile);
        } catch (NoSuchFileException e) {
            throw new IOException("perf stat wrote no output file " + outFile + " (did perf start?)", e);
        }
        List<Reading> readings;
        try {
            readings = parse(text);
        } catch (IllegalArgumentException e) {
            throw new IOException(outFile + ": " + e.getMessage(), e);
        }
        if (readings.isEmpty()) {
            throw new IOException("perf stat wrote no counts to " + outFile + " (the command could not be started?)");
        }
        return readings;
    }

    /** Usable values by metric; see {@link #read}. */
    public static Map<String, Double> usable(List<Reading> readings) {
        Map<String, Double> out = new LinkedHashMap<>();
        Map<String, String> bad = rejected(readings);
        Map<String, List<String>> pmusSeen = new LinkedHashMap<>();
        for (Reading r : readings) {
            if (!r.usable() || bad.containsKey(r.metric())) {
                continue;
            }
            List<String> seen = pmusSeen.computeIfAbsent(r.metric(), k -> new ArrayList<>());
            String pmu = PerfEvents.pmuOf(r.event());
            if (seen.contains(pmu)) {
                continue; // the same event twice: keep the first
            }
            seen.add(pmu);
            out.merge(r.metric(), r.value(), Double::sum);
        }
        return out;
    }

    /**
     * Metrics {@link #usable} leaves out, with the reason: "multiplexed (62.50% running)",
     * "&lt;not counted&gt;", "&lt;not supported&gt;". A metric with one multiplexed line is rejected
     * as a whole; a {@code <not counted>} line of one PMU is ignored when another PMU counted the
     * event (a hybrid CPU's idle core type).
     */
    public static Map<String, String> rejected(List<Reading> readings) {
        Map<String, String> reasons = new LinkedHashMap<>();
        Map<String, Boolean> counted = new LinkedHashMap<>();
        for (Reading r : readings) {
            counted.merge(r.metric(), r.status() == Status.COUNTED, Boolean::logicalOr);
            if (r.status() == Status.MULTIPLEXED) {
                reasons.put(r.metric(), String.format(Locale.ROOT, "multiplexed (%.2f%% running)", r.percentRunning()));
            }
        }
        for (Reading r : readings) {
            if (!reasons.containsKey(r.metric()) && !counted.get(r.metric())) {
                reasons.put(r.metric(), r.status() == Status.NOT_SUPPORTED ? "<not supported>" : "<not counted>");
            }
        }
        return reasons;
    }

    /**
     * Parses {@code perf stat -x,} output: {@code value,unit,event,[variance%,]run time,% running,
     * metric value,metric unit}. Comment lines ({@code # started on ...}), blank lines and
     * extra-metric lines (empty event field) are skipped.
     *
     * @throws IllegalArgumentException a line that is not perf's CSV
     */
    public static List<Reading> parse(String text) {
        List<Reading> out = new ArrayList<>();
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split(",", -1);
            if (f.length < 5) {
                throw new IllegalArgumentException("not perf stat -x, output: '" + line + "'");
            }
            if (!f[2].isBlank()) {
                out.add(reading(line, f));
            }
        }
        return out;
    }

    private static Reading reading(String line, String[] f) {
        String event = f[2].strip();
        int i = 3;
        if (f[i].strip().endsWith("%") && f.length >= 6) {
            i++; // -r N adds the variance after the event
        }
        long runTime;
        double pct;
        try {
            runTime = f[i].isBlank() ? 0 : Long.parseLong(f[i].strip());
            pct = f[i + 1].isBlank() ? 100.0 : Double.parseDouble(f[i + 1].strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad run time / % running in perf output: '" + line + "'", e);
        }
        String valueText = f[0].strip();
        String unit = f[1].strip();
        Status status;
        double value = Double.NaN;
        if (valueText.equals("<not supported>")) {
            status = Status.NOT_SUPPORTED;
        } else if (valueText.equals("<not counted>")) {
            status = Status.NOT_COUNTED;
        } else {
            try {
                value = Double.parseDouble(valueText);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad value '" + valueText + "' in perf output: '" + line + "'", e);
            }
            status = pct < 100.0 ? Status.MULTIPLEXED : Status.COUNTED;
        }
        String metric = PerfEvents.metricName(event);
        if (metric.endsWith("_ms")) {
            value = toMillis(value, unit);
        }
        return new Reading(event, metric, value, unit, runTime, pct, status);
    }

    private static double toMillis(double value, String unit) {
        return switch (unit) {
            case "msec", "ms" -> value;
            case "usec", "us" -> value / 1e3;
            case "nsec", "ns" -> value / 1e6;
            case "sec", "s" -> value * 1e3;
            default -> value;
        };
    }
}
