package io.pgolab.parse;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the file written by {@code hyperfine --export-json FILE} (its stdout is not parsed). For
 * the k-th benchmarked command, numbered from 1 as hyperfine prints "Benchmark 1: ...", it
 * reports {@code <k>.mean_s}, {@code <k>.stddev_s} (absent after a single run),
 * {@code <k>.median_s}, {@code <k>.min_s}, {@code <k>.max_s}, {@code <k>.user_s} and
 * {@code <k>.system_s} (seconds, lower is better), and {@link ParsedMetric#OPERATIONS} = the number
 * of timed runs of all commands (warm-up runs excluded).
 */
public final class HyperfineParser implements OutputParser {
    public static final String NAME = "hyperfine";
    private static final String EXPECTED = "the JSON file written by `hyperfine --export-json FILE`";
    private static final String[] FIELDS = {"mean", "stddev", "median", "min", "max", "user", "system"};

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<ParsedMetric> parse(String output) {
        JsonNode root = ParseSupport.json(NAME, output, EXPECTED);
        JsonNode results = root.get("results");
        if (results == null || !results.isArray() || results.isEmpty()) {
            throw new NoMatchException(NAME + ": the JSON has no \"results\" array; expected " + EXPECTED);
        }
        ParseSupport.Collector out = new ParseSupport.Collector();
        long runs = 0;
        for (int i = 0; i < results.size(); i++) {
            JsonNode r = results.get(i);
            String prefix = (i + 1) + ".";
            if (ParseSupport.jsonNumber(r.get("mean")) == null) {
                throw new NoMatchException(NAME + ": result " + (i + 1) + " (" + r.path("command").asText("?")
                        + ") has no numeric \"mean\"");
            }
            for (String field : FIELDS) {
                out.addIfPresent(prefix + field + "_s", ParseSupport.jsonNumber(r.get(field)), "s", false);
            }
            JsonNode times = r.get("times");
            if (times != null && times.isArray()) {
                runs += times.size();
            }
        }
        if (runs > 0) {
            out.add(ParsedMetric.OPERATIONS, runs, "ops", true);
        }
        return out.list();
    }

    /** The command string of each result, in order, for labelling {@code <k>.} metrics. */
    public static List<String> commands(String output) {
        JsonNode results = ParseSupport.json(NAME, output, EXPECTED).path("results");
        List<String> out = new ArrayList<>();
        for (JsonNode r : results) {
            out.add(r.path("command").asText(""));
        }
        return out;
    }
}
