package io.pgolab.parse;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The benchmarks of one invocation of a microbenchmark suite (criterion, Google Benchmark, Go's testing.B, JMH), each
 * reported as one metric {@code micro.<name>}: the median of the suite's own repetitions of that benchmark in this
 * invocation (each repetition's own figure, never the suite's aggregates when it printed the repetitions). One value
 * per benchmark per invocation is what lets pgolab pair the base's and the candidate's invocations round by round, as
 * it pairs every other metric; the repetitions inside one invocation are not independent of each other (same process,
 * same moment of the machine), so they are summarised, not pooled. The unit says which time the figures are: the
 * benchmark's CPU time ({@link #CPU}) or its wall-clock time ({@link #REAL}), e.g. {@code ns/op (cpu)}.
 */
public final class SuiteResults {
    /** Every benchmark of a suite is a metric with this prefix; the gate and bench gate each of them. */
    public static final String PREFIX = "micro.";
    /** Time per operation, in nanoseconds: lower is better. */
    public static final String NS = "ns/op";
    /** Operations per second: higher is better. */
    public static final String OPS = "ops/s";

    /** The suite's CPU time per operation (Google Benchmark's cpu_time): what other processes' load hardly moves. */
    public static final String CPU = "cpu";
    /** The suite's wall-clock time per operation (real_time, criterion's samples, go test's ns/op, JMH's scores). */
    public static final String REAL = "real";

    private static final String HEX = "0123456789ABCDEF";

    private final String time;

    private final Map<String, List<Double>> values = new LinkedHashMap<>();
    private final Map<String, String> units = new HashMap<>();
    private final Map<String, List<String>> left = new LinkedHashMap<>();

    /** The benchmarks of one invocation, whose figures are time (CPU or REAL). */
    SuiteResults(String time) {
        this.time = time;
    }

    /** The unit a suite's metric is reported in: ns/op or ops/s, and which time it is, e.g. "ns/op (cpu)". */
    public static String unit(String unit, String time) {
        return unit + " (" + time + ")";
    }

    /** Whether a metric is a suite's benchmark. */
    public static boolean isBenchmark(String metric) {
        return metric.startsWith(PREFIX);
    }

    /**
     * One repetition of a benchmark: its name as the suite prints it, the value in ns/op or ops/s. A value that is not
     * positive measures nothing (Go's "0 ns/op" for a loop the compiler removed, a negative time): it is left out,
     * and said ({@link #output}).
     */
    void add(String rawName, double value, String unit) {
        if (rawName.isBlank()) {
            leaveOut(rawName, "it has no name");
            return;
        }
        if (!(value > 0) || !Double.isFinite(value)) {
            String what = unit.equals(OPS) ? "its score is " : "its time is ";
            String figure = String.format(Locale.ROOT, "%.4g", value) + " " + unit;
            leaveOut(rawName, Double.isNaN(value) ? "it has no numeric figure" : value == 0 ? what + "0 " + unit
                    : value < 0 ? what + "negative (" + figure + ")" : what + figure);
            return;
        }
        String earlier = units.putIfAbsent(rawName, unit);
        if (earlier != null && !earlier.equals(unit)) {
            throw new NoMatchException("benchmark '" + rawName + "' is reported both in " + earlier + " and in " + unit);
        }
        values.computeIfAbsent(rawName, k -> new ArrayList<>()).add(value);
    }

    /** One repetition of a benchmark that has no usable figure, and why ("its line has no ns/op"). */
    void leaveOut(String rawName, String why) {
        left.computeIfAbsent(rawName, k -> new ArrayList<>()).add(why);
    }

    /** Nothing read at all, neither a figure nor a benchmark left out. */
    boolean isEmpty() {
        return values.isEmpty() && left.isEmpty();
    }

    /**
     * The metrics and a sentence for every benchmark with a repetition left out. When every benchmark was left out
     * there is nothing to compare: a NoMatchException names each one and why, never a run with the suite's own
     * cpu_time silently gated instead.
     */
    ParsedOutput output(String tool) {
        List<String> notes = new ArrayList<>();
        for (var e : left.entrySet()) {
            String name = e.getKey().isBlank() ? "a benchmark without a name" : "benchmark " + metricName(e.getKey());
            List<String> why = e.getValue().stream().distinct().toList();
            int kept = values.getOrDefault(e.getKey(), List.of()).size();
            int n = e.getValue().size();
            notes.add(kept == 0
                    ? name + " is left out, not compared: " + String.join("; ", why) + (n > 1 ? " (all " + n
                            + " repetitions)" : "")
                    : name + ": " + n + " of its " + (n + kept) + " repetitions left out (" + String.join("; ", why)
                            + "); its figure is the median of the other " + kept);
        }
        if (values.isEmpty()) {
            throw new NoMatchException(tool + ": every benchmark is left out: " + String.join("; ", notes));
        }
        return new ParsedOutput(metrics(), notes);
    }

    /**
     * One metric per benchmark, in the suite's order: micro.NAME, NAME the benchmark's name as the suite printed it
     * ({@link #metricName}). Two benchmarks never share a metric: the name is escaped reversibly, never sanitised.
     */
    List<ParsedMetric> metrics() {
        List<ParsedMetric> out = new ArrayList<>();
        for (var e : values.entrySet()) {
            String unit = units.get(e.getKey());
            out.add(new ParsedMetric(metricName(e.getKey()), median(e.getValue()), unit(unit, time), unit.equals(OPS)));
        }
        return List.copyOf(out);
    }

    /**
     * A benchmark's metric: {@link #PREFIX} and its name as the suite printed it, with only the characters a metric
     * name cannot hold percent-encoded as UTF-8 bytes: '%' itself (so that the encoding can be undone), control and
     * other invisible format characters (a tab, an ESC, a right-to-left override) that would corrupt a terminal line or
     * a report. Everything else stays: {@code BM_Fib/10}, {@code a:b}, {@code fib 20}, {@code BM<int, 8>}. Two
     * different names always give two different metrics.
     */
    public static String metricName(String raw) {
        StringBuilder b = new StringBuilder(PREFIX);
        raw.codePoints().forEach(c -> {
            if (c == '%' || Character.isISOControl(c) || Character.getType(c) == Character.FORMAT
                    || Character.isWhitespace(c) && c != ' ' || c == 0x2028 || c == 0x2029) {
                for (byte x : new String(Character.toChars(c)).getBytes(StandardCharsets.UTF_8)) {
                    b.append('%').append(HEX.charAt((x >> 4) & 0xF)).append(HEX.charAt(x & 0xF));
                }
            } else {
                b.appendCodePoint(c);
            }
        });
        return b.toString();
    }

    static double median(List<Double> xs) {
        double[] a = xs.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(a);
        int n = a.length;
        return n % 2 == 1 ? a[n / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
    }

    /** A time per operation in a suite's unit (ps, ns, us, µs, ms, s) in nanoseconds; NaN for an unknown unit. */
    static double toNanos(double value, String unit) {
        return switch (unit) {
            case "ps" -> value / 1e3;
            case "ns" -> value;
            case "us", "µs", "μs" -> value * 1e3;
            case "ms" -> value * 1e6;
            case "s" -> value * 1e9;
            default -> Double.NaN;
        };
    }
}
