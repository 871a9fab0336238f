package io.pgolab.parse;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads memtier_benchmark results, either the JSON file written with {@code --json-out-file}
 * (detected by a leading '{') or the "ALL STATS" table printed on stdout.
 *
 * <p>Metrics come from the "Totals" row without a prefix, and from each other row (Sets, Gets,
 * or the arbitrary-command rows) with its lower-cased name as prefix ({@code gets.ops_per_sec}):
 * <ul>
 *   <li>{@code ops_per_sec} (ops/s, higher is better)</li>
 *   <li>{@code avg_ms} and one {@code p<N>_ms} per printed percentile, "." written "_"
 *       ({@code p50_ms}, {@code p99_ms}, {@code p99_9_ms}; ms, lower is better). In the JSON the
 *       average is "Accumulated Latency" / "Count": memtier writes "Average Latency" 0.000 for
 *       Totals. A latency of 0 is never reported.</li>
 *   <li>{@code kb_per_sec} (KB/s, higher is better)</li>
 *   <li>{@link ParsedMetric#OPERATIONS}: the Totals "Count" of the JSON, or else threads ×
 *       connections per thread × requests per client when the run was bounded by requests
 *       ({@code -n}) rather than by time</li>
 * </ul>
 * Rows with no traffic (Ops/sec 0, e.g. "Waits" without --wait-ratio) are left out, except Totals.
 * Hits/sec and Misses/sec are not reported: they describe the key space, not the speed.
 *
 * <p>The output of {@code --run-count} N &gt; 1 (BEST RUN, WORST RUN and AGGREGATED AVERAGE
 * RESULTS instead of ALL STATS) is refused: in real captures BEST and WORST were the same run, the
 * "average" was above the best run, and the JSON aggregate held zeros and 1e180s.
 */
public final class MemtierParser implements OutputParser {
    public static final String NAME = "memtier";

    private static final Pattern HEADER_TOKEN = Pattern.compile("Avg\\. Latency|p[0-9.]+ Latency|\\S+");
    private static final Pattern PERCENTILE_KEY = Pattern.compile("p([0-9]+(?:\\.[0-9]+)?)");
    private static final Pattern PERCENTILE_COLUMN = Pattern.compile("p([0-9]+(?:\\.[0-9]+)?) Latency");
    private static final Pattern THREADS = Pattern.compile("(?m)^\\s*([0-9]+)\\s+Threads\\s*$");
    private static final Pattern CONNECTIONS = Pattern.compile("(?m)^\\s*([0-9]+)\\s+Connections per thread\\s*$");
    private static final Pattern REQUESTS = Pattern.compile("(?m)^\\s*([0-9]+)\\s+Requests per client\\s*$");
    private static final Pattern RUNS = Pattern.compile("\\(([0-9]+) runs\\)");
    /** Section titles memtier prints instead of "ALL STATS" when --run-count is above 1. */
    private static final Pattern MULTI_RUN = Pattern.compile(
            "BEST RUN RESULTS|WORST RUN RESULTS|AGGREGATED AVERAGE RESULTS.*|RUN #[0-9]+ RESULTS");
    private static final String EXPECTED = "memtier_benchmark's \"ALL STATS\" table (Type Ops/sec ... KB/sec) "
            + "or the JSON of --json-out-file";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<ParsedMetric> parse(String output) {
        if (ParseSupport.isBlank(output)) {
            throw new NoMatchException(NAME + ": the output is empty; expected " + EXPECTED);
        }
        return output.stripLeading().startsWith("{") ? parseJson(output) : parseText(output);
    }

    // ---------------------------------------------------------------- JSON

    private List<ParsedMetric> parseJson(String output) {
        JsonNode root = ParseSupport.json(NAME, output, EXPECTED);
        JsonNode stats = root.get("ALL STATS");
        Double runCount = ParseSupport.jsonNumber(root.path("configuration").get("run_count"));
        boolean multiRun = runCount != null && runCount > 1;
        for (Iterator<String> it = root.fieldNames(); it.hasNext() && !multiRun; ) {
            multiRun = MULTI_RUN.matcher(it.next()).matches();
        }
        if (multiRun) {
            throw severalRuns(runCount);
        }
        if (stats == null || !stats.isObject()) {
            List<String> keys = new ArrayList<>();
            root.fieldNames().forEachRemaining(keys::add);
            throw new NoMatchException(NAME + ": the JSON has no \"ALL STATS\" object (top-level keys: "
                    + String.join(", ", keys) + "); expected the file written by --json-out-file");
        }
        ParseSupport.Collector out = new ParseSupport.Collector();
        JsonNode totals = null;
        for (Iterator<Map.Entry<String, JsonNode>> it = stats.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode row = e.getValue();
            if (!row.isObject() || !row.has("Ops/sec")) {
                continue; // "Runtime", or the histogram arrays ("SET", "GET") of old versions
            }
            if (e.getKey().equals("Totals")) {
                totals = row;
                continue;
            }
            jsonRow(out, prefix(e.getKey()), row, false);
        }
        if (totals == null) {
            throw new NoMatchException(NAME + ": the JSON's \"ALL STATS\" has no \"Totals\" row");
        }
        List<ParsedMetric> rows = out.list();
        ParseSupport.Collector all = new ParseSupport.Collector();
        jsonRow(all, "", totals, true);
        for (ParsedMetric m : rows) {
            all.add(m.name(), m.value(), m.unit(), m.higherIsBetter());
        }
        Double count = ParseSupport.jsonNumber(totals.get("Count"));
        if (count == null) {
            count = ParseSupport.jsonNumber(totals.get("Ops"));
        }
        if (count == null) {
            JsonNode info = root.path("run information");
            JsonNode config = root.path("configuration");
            count = requestBound(firstNumber(info.get("Threads"), config.get("threads")),
                    firstNumber(info.get("Connections per thread"), config.get("clients")),
                    firstNumber(info.get("Requests per client"), config.get("requests")));
        }
        if (count != null && count > 0) {
            all.add(ParsedMetric.OPERATIONS, count, "ops", true);
        }
        return all.list();
    }

    private static void jsonRow(ParseSupport.Collector out, String prefix, JsonNode row, boolean always) {
        Double ops = ParseSupport.jsonNumber(row.get("Ops/sec"));
        if (ops == null || (!always && ops == 0.0)) {
            return;
        }
        out.add(prefix + "ops_per_sec", ops, "ops/s", true);
        out.addIfPresent(prefix + "avg_ms", averageLatency(row), "ms", false);
        JsonNode percentiles = row.get("Percentile Latencies");
        if (percentiles != null && percentiles.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = percentiles.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> p = it.next();
                Matcher m = PERCENTILE_KEY.matcher(p.getKey());
                Double v = ParseSupport.jsonNumber(p.getValue());
                if (m.matches() && v != null && v > 0) {
                    String name = prefix + "p" + ParseSupport.percentileName(m.group(1)) + "_ms";
                    if (!out.has(name)) {
                        out.add(name, v, "ms", false);
                    }
                }
            }
        }
        out.addIfPresent(prefix + "kb_per_sec", ParseSupport.jsonNumber(row.get("KB/sec")), "KB/s", true);
    }

    /**
     * The average latency of a JSON row in ms: "Accumulated Latency" (ms) / "Count". memtier writes
     * "Latency" and "Average Latency" 0.000 in Totals, so those are only a fallback (old JSON without
     * the accumulated figure, or an accumulated figure of 0 ms); null rather than 0.
     */
    private static Double averageLatency(JsonNode row) {
        Double accumulated = ParseSupport.jsonNumber(row.get("Accumulated Latency"));
        Double count = ParseSupport.jsonNumber(row.get("Count"));
        if (accumulated != null && accumulated > 0 && count != null && count > 0) {
            return accumulated / count;
        }
        Double avg = firstNumber(row.get("Average Latency"), row.get("Latency"));
        return avg != null && avg > 0 ? avg : null;
    }

    /** The refusal of --run-count N output; runs is N when known. */
    private static NoMatchException severalRuns(Double runs) {
        String n = runs != null && runs > 1 ? String.valueOf(runs.longValue()) : "N";
        return new NoMatchException(NAME + ": this is the output of --run-count " + n + " (BEST RUN, WORST RUN"
                + " and AGGREGATED AVERAGE RESULTS instead of ALL STATS), which is not read: memtier's best and"
                + " worst can be the same run and its aggregate is not the runs' average; run memtier with"
                + " --run-count 1 (the default) and let pgolab repeat the rounds (--max-time, --min-rounds)");
    }

    private static Double firstNumber(JsonNode a, JsonNode b) {
        Double v = ParseSupport.jsonNumber(a);
        return v != null ? v : ParseSupport.jsonNumber(b);
    }

    // ---------------------------------------------------------------- text

    private record Table(String title, List<String> columns, List<List<String>> rows) {
    }

    private List<ParsedMetric> parseText(String output) {
        String[] lines = ParseSupport.lines(output);
        List<Table> tables = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            List<String> header = tokens(lines[i]);
            if (header.size() < 3 || !header.get(0).equals("Type") || !header.get(1).equals("Ops/sec")) {
                continue;
            }
            String title = "";
            for (int back = i - 1; back >= 0 && back >= i - 2; back--) {
                String t = lines[back].trim();
                if (!t.isEmpty() && !t.chars().allMatch(c -> c == '=')) {
                    title = t;
                    break;
                }
            }
            List<List<String>> rows = new ArrayList<>();
            int j = i + 1;
            if (j < lines.length && lines[j].trim().startsWith("---")) {
                j++;
            }
            for (; j < lines.length; j++) {
                String[] cells = lines[j].trim().split("\\s+");
                if (cells.length != header.size() || ParseSupport.number(cells[1]) == null) {
                    break;
                }
                rows.add(List.of(cells));
            }
            tables.add(new Table(title, header, rows));
            i = j - 1;
        }
        for (Table t : tables) {
            if (MULTI_RUN.matcher(t.title).matches()) {
                Matcher runs = RUNS.matcher(output);
                throw severalRuns(runs.find() ? ParseSupport.number(runs.group(1)) : null);
            }
        }
        Table table = pick(tables);
        if (table == null) {
            throw new NoMatchException(NAME + ": no results table; expected " + EXPECTED);
        }
        List<String> totals = null;
        for (List<String> row : table.rows) {
            if (row.get(0).equals("Totals")) {
                totals = row;
            }
        }
        if (totals == null) {
            throw new NoMatchException(NAME + ": the \"" + table.title + "\" table has no \"Totals\" row");
        }
        ParseSupport.Collector out = new ParseSupport.Collector();
        textRow(out, "", table.columns, totals, true);
        for (List<String> row : table.rows) {
            if (row != totals) {
                textRow(out, prefix(row.get(0)), table.columns, row, false);
            }
        }
        Double count = requestBound(first(THREADS, output), first(CONNECTIONS, output), first(REQUESTS, output));
        if (count != null && count > 0) {
            out.add(ParsedMetric.OPERATIONS, count, "ops", true);
        }
        return out.list();
    }

    private static void textRow(ParseSupport.Collector out, String prefix, List<String> columns, List<String> row,
            boolean always) {
        Double ops = ParseSupport.number(row.get(1));
        if (ops == null || (!always && ops == 0.0)) {
            return;
        }
        for (int c = 1; c < columns.size(); c++) {
            Double v = ParseSupport.number(row.get(c)); // "---" gives null
            if (v == null) {
                continue;
            }
            String column = columns.get(c);
            Matcher p = PERCENTILE_COLUMN.matcher(column);
            if (column.equals("Ops/sec")) {
                out.add(prefix + "ops_per_sec", v, "ops/s", true);
            } else if (column.equals("Avg. Latency") || column.equals("Latency")) {
                out.addIfPresent(prefix + "avg_ms", v > 0 ? v : null, "ms", false);
            } else if (p.matches()) {
                out.addIfPresent(prefix + "p" + ParseSupport.percentileName(p.group(1)) + "_ms", v > 0 ? v : null, "ms",
                        false);
            } else if (column.equals("KB/sec")) {
                out.add(prefix + "kb_per_sec", v, "KB/s", true);
            }
        }
    }

    /** "ALL STATS" if present, else the last table. */
    private static Table pick(List<Table> tables) {
        Table chosen = null;
        for (Table t : tables) {
            if (t.rows.isEmpty()) {
                continue;
            }
            if (chosen == null || !chosen.title.equals("ALL STATS")) {
                chosen = t;
            }
        }
        return chosen;
    }

    private static List<String> tokens(String line) {
        List<String> out = new ArrayList<>();
        Matcher m = HEADER_TOKEN.matcher(line);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    private static String prefix(String rowName) {
        return ParseSupport.safeName(rowName).toLowerCase(Locale.ROOT) + ".";
    }

    private static Double first(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? ParseSupport.number(m.group(1)) : null;
    }

    private static Double requestBound(Double threads, Double connections, Double requests) {
        if (threads == null || connections == null || requests == null || requests <= 0) {
            return null;
        }
        return threads * connections * requests;
    }
}
