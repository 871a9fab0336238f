package io.pgolab.parse;

import io.pgolab.UserError;
import io.pgolab.util.Strings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The built-in parsers by name, and the user-defined ones ({@code [[bench.metric]]} entries with
 * a regex or a JSON pointer).
 */
public final class Parsers {
    private static final Map<String, Supplier<OutputParser>> BUILT_IN = new LinkedHashMap<>();
    private static final Map<String, String> ALIASES = Map.of(
            "memtier_benchmark", MemtierParser.NAME,
            "memtier-benchmark", MemtierParser.NAME,
            "redis_benchmark", RedisBenchmarkParser.NAME,
            "google_benchmark", GoogleBenchmarkParser.NAME,
            "gbench", GoogleBenchmarkParser.NAME,
            "go_test", GoBenchParser.NAME,
            "gotest", GoBenchParser.NAME);

    static {
        BUILT_IN.put(RedisBenchmarkParser.NAME, RedisBenchmarkParser::new);
        BUILT_IN.put(MemtierParser.NAME, MemtierParser::new);
        BUILT_IN.put(WrkParser.NAME, WrkParser::new);
        BUILT_IN.put(Iperf3Parser.NAME, Iperf3Parser::new);
        BUILT_IN.put(PgbenchParser.NAME, PgbenchParser::new);
        BUILT_IN.put(HyperfineParser.NAME, HyperfineParser::new);
        BUILT_IN.put(CriterionParser.NAME, CriterionParser::new);
        BUILT_IN.put(GoogleBenchmarkParser.NAME, GoogleBenchmarkParser::new);
        BUILT_IN.put(GoBenchParser.NAME, GoBenchParser::new);
        BUILT_IN.put(JmhParser.NAME, JmhParser::new);
    }

    private Parsers() {
    }

    /** Other spellings {@link #byName} accepts, each with the parser's name. */
    public static Map<String, String> aliases() {
        return ALIASES;
    }

    /** The names of the built-in parsers, in a fixed order. */
    public static List<String> names() {
        return List.copyOf(BUILT_IN.keySet());
    }

    /**
     * The built-in parser of that name ("memtier_benchmark" is accepted for "memtier").
     *
     * @throws UserError for an unknown name, listing the known ones
     */
    public static OutputParser byName(String name) {
        String key = name == null ? "" : name.trim();
        key = ALIASES.getOrDefault(key, key);
        Supplier<OutputParser> s = BUILT_IN.get(key);
        if (s == null) {
            s = BUILT_IN.get(key.toLowerCase(Locale.ROOT));
        }
        if (s != null) {
            return s.get();
        }
        String known = String.join(", ", names());
        if (key.equals(RegexParser.NAME) || key.equals(JsonPointerParser.NAME)) {
            throw new UserError("parser '" + key + "' is not a built-in parser",
                    "leave parser out and describe each figure with [[bench.metric]] name/" + (key.equals("regex")
                            ? "regex" : "json_pointer") + "/unit/direction; built-in parsers: " + known);
        }
        String hint = Strings.closest(key, names()).map(c -> "did you mean '" + c + "'? ").orElse("")
                + "known parsers: " + known
                + "; for other tools, describe each figure with [[bench.metric]] and a regex or json_pointer";
        throw new UserError("unknown parser '" + key + "'", hint);
    }

    /**
     * The times a suite parser can read, its default first: Google Benchmark's cpu_time ("cpu") and real_time
     * ("real"); criterion, go test and JMH measure wall-clock time only ("real"). Empty for any other name.
     */
    public static List<String> suiteTimes(String name) {
        String key = name == null ? "" : name.trim();
        key = ALIASES.getOrDefault(key, key).toLowerCase(Locale.ROOT);
        if (key.equals(GoogleBenchmarkParser.NAME)) {
            return List.of(SuiteResults.CPU, SuiteResults.REAL);
        }
        Supplier<OutputParser> s = BUILT_IN.get(key);
        return s != null && s.get() instanceof SuiteParser ? List.of(SuiteResults.REAL) : List.of();
    }

    /**
     * {@link #byName}, a suite's reading the time given ("cpu" or "real", one of {@link #suiteTimes}; "" for the
     * suite's default).
     */
    public static OutputParser byName(String name, String time) {
        OutputParser p = byName(name);
        if (time.isEmpty() || !(p instanceof SuiteParser)) {
            return p;
        }
        if (!suiteTimes(name).contains(time)) {
            throw new UserError("the " + p.name() + " parser cannot read time = \"" + time + "\"", "the "
                    + p.name() + " parser reads " + String.join(" or ", suiteTimes(name)) + " time");
        }
        return p instanceof GoogleBenchmarkParser ? new GoogleBenchmarkParser(time) : p;
    }

    /**
     * Reads a {@code direction} setting: "higher" (higher is better) or "lower".
     *
     * @throws UserError for anything else
     */
    public static boolean higherIsBetter(String direction) {
        String d = direction == null ? "" : direction.trim().toLowerCase(Locale.ROOT);
        switch (d) {
            case "higher", "higher_is_better", "higher-is-better":
                return true;
            case "lower", "lower_is_better", "lower-is-better":
                return false;
            default:
                String hint = Strings.closest(d, List.of("higher", "lower")).map(c -> "did you mean '" + c + "'? ")
                        .orElse("") + "direction is \"higher\" (e.g. requests/s) or \"lower\" (e.g. latency)";
                throw new UserError("unknown direction '" + (direction == null ? "" : direction) + "'", hint);
        }
    }

    /**
     * One {@code [[bench.metric]]} entry: exactly one of regex and jsonPointer is set; direction
     * is "higher" or "lower"; scale multiplies the value read (use 1 for none).
     */
    public record MetricSpec(String name, String regex, String jsonPointer, String unit, String direction,
            double scale) {
        public MetricSpec(String name, String regex, String jsonPointer, String unit, String direction) {
            this(name, regex, jsonPointer, unit, direction, 1.0);
        }
    }

    /**
     * A parser for {@code [[bench.metric]]} entries: a {@link RegexParser} for those with a regex,
     * a {@link JsonPointerParser} for those with a json_pointer, combined when both kinds are used.
     *
     * @throws UserError when an entry is unusable
     */
    public static OutputParser fromMetrics(List<MetricSpec> specs) {
        if (specs == null || specs.isEmpty()) {
            throw new UserError("no metrics to read", "add [[bench.metric]] entries, or set parser to one of "
                    + String.join(", ", names()));
        }
        List<RegexParser.Extractor> regexes = new ArrayList<>();
        List<JsonPointerParser.Extractor> pointers = new ArrayList<>();
        for (MetricSpec m : specs) {
            boolean hasRegex = m.regex() != null && !m.regex().isEmpty();
            boolean hasPointer = m.jsonPointer() != null && !m.jsonPointer().isEmpty();
            String label = m.name() == null || m.name().isBlank() ? "a metric" : "metric '" + m.name() + "'";
            if (hasRegex == hasPointer) {
                throw new UserError(label + (hasRegex ? " has both regex and json_pointer" : " has neither regex nor json_pointer"),
                        "give each [[bench.metric]] exactly one of regex = '...' or json_pointer = \"/...\"");
            }
            boolean higher = higherIsBetter(m.direction());
            if (hasRegex) {
                regexes.add(new RegexParser.Extractor(m.name(), m.regex(), m.unit(), higher, m.scale()));
            } else {
                pointers.add(new JsonPointerParser.Extractor(m.name(), m.jsonPointer(), m.unit(), higher, m.scale()));
            }
        }
        List<OutputParser> parts = new ArrayList<>();
        if (!regexes.isEmpty()) {
            parts.add(new RegexParser(regexes));
        }
        if (!pointers.isEmpty()) {
            parts.add(new JsonPointerParser(pointers));
        }
        return combine(parts);
    }

    /**
     * A parser reporting the metrics of all the given parsers (e.g. a built-in one plus
     * {@code [[bench.metric]]} entries). Each must match; a metric name reported twice is an error.
     */
    public static OutputParser combine(List<OutputParser> parsers) {
        if (parsers.size() == 1) {
            return parsers.get(0);
        }
        List<OutputParser> parts = List.copyOf(parsers);
        String name = String.join("+", parts.stream().map(OutputParser::name).toList());
        return new OutputParser() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public List<ParsedMetric> parse(String output) {
                return read(output).metrics();
            }

            @Override
            public ParsedOutput read(String output) {
                return readAll(p -> p.read(output));
            }

            private ParsedOutput readAll(Function<OutputParser, ParsedOutput> reading) {
                List<ParsedMetric> all = new ArrayList<>();
                List<String> leftOut = new ArrayList<>();
                Map<String, String> from = new HashMap<>();
                for (OutputParser p : parts) {
                    ParsedOutput o = reading.apply(p);
                    leftOut.addAll(o.leftOut());
                    for (ParsedMetric m : o.metrics()) {
                        String earlier = from.putIfAbsent(m.name(), p.name());
                        if (earlier != null) {
                            throw new UserError("metric '" + m.name() + "' is reported by both the " + earlier
                                    + " parser and the " + p.name() + " parser",
                                    "rename the [[bench.metric]] entry");
                        }
                        all.add(m);
                    }
                }
                return new ParsedOutput(all, leftOut);
            }

            @Override
            public ParsedOutput read(String output, RunFiles files) {
                return readAll(p -> p.read(output, files));
            }

            @Override
            public Map<String, String> env(Path dir) {
                Map<String, String> env = new HashMap<>();
                parts.forEach(p -> env.putAll(p.env(dir)));
                return env;
            }

            @Override
            public Optional<String> reportedError(String output) {
                return parts.stream().map(p -> p.reportedError(output)).flatMap(Optional::stream).findFirst();
            }

            @Override
            public boolean readsWholeOutput() {
                return parts.stream().anyMatch(OutputParser::readsWholeOutput);
            }
        };
    }
}
