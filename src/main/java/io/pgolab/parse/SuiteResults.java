package io.pgolab.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The benchmarks of one invocation of a microbenchmark suite (criterion, Google Benchmark, Go's testing.B, JMH), each
 * reported as one metric {@code micro.<name>}: the median of the suite's own repetitions of that benchmark in this
 * invocation. One value per benchmark per invocation is what lets pgolab pair the base's and the candidate's
 * invocations round by round, as it pairs every other metric; the repetitions inside one invocation are not
 * independent of each other (same process, same moment of the machine), so they are summarised, not pooled.
 */
public final class SuiteResults {
    /** Every benchmark of a suite is a metric with this prefix; the gate and bench gate each of them. */
    public static final String PREFIX = "micro.";
    /** Time per operation, in nanoseconds: lower is better. */
    public static final String NS = "ns/op";
    /** Operations per second: higher is better. */
    public static final String OPS = "ops/s";

    private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9_.]+");

    private final Map<String, List<Double>> values = new LinkedHashMap<>();
    private final Map<String, String> units = new HashMap<>();

    /** Whether a metric is a suite's benchmark. */
    public static boolean isBenchmark(String metric) {
        return metric.startsWith(PREFIX);
    }

    /** One repetition of a benchmark: its name as the suite prints it, the value in ns/op or ops/s. */
    void add(String rawName, double value, String unit) {
        if (!(value > 0) || !Double.isFinite(value)) {
            return; // a zero time (an errored Google Benchmark run) or a NaN score measures nothing
        }
        String earlier = units.putIfAbsent(rawName, unit);
        if (earlier != null && !earlier.equals(unit)) {
            throw new NoMatchException("benchmark '" + rawName + "' is reported both in " + earlier + " and in " + unit);
        }
        values.computeIfAbsent(rawName, k -> new ArrayList<>()).add(value);
    }

    boolean isEmpty() {
        return values.isEmpty();
    }

    /**
     * One metric per benchmark, in the suite's order: micro.NAME, NAME made of letters, digits, '_' and '.' (runs of
     * anything else become one '_'); two names that become the same get _2, _3 in the order the suite printed them.
     */
    List<ParsedMetric> metrics() {
        List<ParsedMetric> out = new ArrayList<>();
        Map<String, Integer> taken = new HashMap<>();
        for (var e : values.entrySet()) {
            String base = PREFIX + safe(e.getKey());
            int n = taken.merge(base, 1, Integer::sum);
            String name = n == 1 ? base : base + "_" + n;
            String unit = units.get(e.getKey());
            out.add(new ParsedMetric(name, median(e.getValue()), unit, unit.equals(OPS)));
        }
        return List.copyOf(out);
    }

    /** A benchmark's name as a metric-name fragment. */
    static String safe(String raw) {
        String s = UNSAFE.matcher(raw.strip()).replaceAll("_");
        int start = 0;
        int end = s.length();
        while (start < end && (s.charAt(start) == '_' || s.charAt(start) == '.')) {
            start++;
        }
        while (end > start && (s.charAt(end - 1) == '_' || s.charAt(end - 1) == '.')) {
            end--;
        }
        return start == end ? "unnamed" : s.substring(start, end);
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
