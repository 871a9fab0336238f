package io.pgolab.parse;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads Google Benchmark's {@code --benchmark_format=json} (or {@code --benchmark_out=/dev/stdout
 * --benchmark_out_format=json}): one metric {@code micro.<name>} per benchmark, the median of its repetitions'
 * figures ({@code --benchmark_repetitions}): by default each repetition's {@code cpu_time} per iteration (the
 * console's "CPU" column: the time the benchmark's thread ran, which other processes on the CPU hardly move), or
 * with {@code time = "real"} its {@code real_time} (the "Time" column, wall clock). The aggregates (mean, median,
 * stddev, cv) are never read when the repetitions are there; with {@code --benchmark_report_aggregates_only} the
 * JSON has only aggregates: the "median" aggregate is read then.
 */
public final class GoogleBenchmarkParser implements SuiteParser {
    public static final String NAME = "google-benchmark";
    private static final String EXPECTED = "the JSON of a Google Benchmark binary run with --benchmark_format=json";

    private final String time;

    /** A parser of cpu_time, the default. */
    public GoogleBenchmarkParser() {
        this(SuiteResults.CPU);
    }

    /** A parser of cpu_time ({@link SuiteResults#CPU}) or real_time ({@link SuiteResults#REAL}). */
    public GoogleBenchmarkParser(String time) {
        if (!time.equals(SuiteResults.CPU) && !time.equals(SuiteResults.REAL)) {
            throw new IllegalArgumentException("time " + time);
        }
        this.time = time;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ParsedOutput read(String output) {
        JsonNode runs = benchmarks(output);
        SuiteResults out = new SuiteResults(time);
        String field = time + "_time";
        Set<String> repeated = new HashSet<>();
        for (JsonNode b : runs) {
            if (!"aggregate".equals(b.path("run_type").asText("iteration")) && !b.path("error_occurred").asBoolean(false)) {
                repeated.add(runName(b));
            }
        }
        for (JsonNode b : runs) {
            String run = runName(b);
            boolean aggregate = "aggregate".equals(b.path("run_type").asText("iteration"));
            // the repetitions themselves when the JSON has them; the suite's own median only when it has nothing else
            if (b.path("error_occurred").asBoolean(false) || aggregate && (repeated.contains(run)
                    || !"median".equals(b.path("aggregate_name").asText()))) {
                continue;
            }
            JsonNode figure = b.get(field);
            Double t = ParseSupport.jsonNumber(figure);
            if (t == null) {
                out.leaveOut(run, figure == null || figure.isNull() ? "it has no " + field
                        : "its " + field + " " + figure + " is not a number");
                continue;
            }
            String unit = b.path("time_unit").asText("ns");
            double ns = SuiteResults.toNanos(t, unit);
            if (Double.isNaN(ns)) {
                throw new NoMatchException(NAME + ": benchmark '" + run + "' has the unknown time_unit '" + unit + "'");
            }
            out.add(run, ns, SuiteResults.NS);
        }
        if (out.isEmpty()) {
            long errored = 0;
            for (JsonNode b : runs) {
                errored += b.path("error_occurred").asBoolean(false) ? 1 : 0;
            }
            throw new NoMatchException(NAME + (runs.isEmpty()
                    ? ": the JSON's \"benchmarks\" holds no benchmark: none ran (a --benchmark_filter that matches none?)"
                    : errored == runs.size() ? ": every benchmark in the JSON errored (error_occurred)"
                    : ": the JSON's \"benchmarks\" holds no benchmark run, only aggregates without a median"));
        }
        return out.output(NAME);
    }

    /** A benchmark that called SkipWithError: Google Benchmark still exits 0 and writes the others. */
    @Override
    public Optional<String> reportedError(String output) {
        JsonNode runs;
        try {
            runs = benchmarks(output);
        } catch (NoMatchException e) {
            return Optional.empty();
        }
        List<String> failed = new ArrayList<>();
        for (JsonNode b : runs) {
            if (b.path("error_occurred").asBoolean(false)) {
                failed.add(runName(b) + ": " + b.path("error_message").asText("?"));
            }
        }
        return failed.isEmpty() ? Optional.empty() : Optional.of("Google Benchmark reported an error in "
                + failed.size() + " benchmark(s): " + String.join("; ", failed));
    }

    private static JsonNode benchmarks(String output) {
        JsonNode root = ParseSupport.json(NAME, output, EXPECTED);
        JsonNode runs = root.get("benchmarks");
        if (runs == null || !runs.isArray()) {
            // ParseSupport.json falls back to a nested object ("context" or one of its caches) when the whole is cut
            throw new NoMatchException(NAME + (output.contains("\"benchmarks\"")
                    ? ": the JSON is cut short (the suite crashed half-way, or its output was truncated)"
                    : ": the JSON has no \"benchmarks\" array; expected " + EXPECTED));
        }
        return runs;
    }

    private static String runName(JsonNode b) {
        return b.hasNonNull("run_name") ? b.get("run_name").asText() : b.path("name").asText("");
    }
}
