package io.pgolab.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code redis-benchmark --csv}. Redis 6.2 and later print a header line
 * {@code "test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"}
 * and one line per test; older versions print only {@code "TEST","rps"} lines, without a header.
 * The quiet form ({@code -q} without {@code --csv}: {@code SET: 81300.81 requests per second,
 * p50=0.295 msec}) is read too, and so is the default verbose form, which alone gives p99.9
 * ({@code <TEST>.p99_9_ms}, from its percentile distribution) and the completed request count.
 *
 * <p>Per test it reports {@code <TEST>.rps} (req/s, higher is better) and each latency column as
 * {@code <TEST>.<col>_ms} (avg, min, p50, p95, p99, max; ms, lower is better). The test name is
 * the part before " (", made safe: "LRANGE_100 (first 100 elements)" gives {@code LRANGE_100},
 * "MSET (10 keys)" gives {@code MSET}. When that short name is already taken (redis-benchmark's
 * helper "LPUSH (needed to benchmark LRANGE)" after "LPUSH"), the whole name is used:
 * {@code LPUSH_needed_to_benchmark_LRANGE}.
 *
 * <p>The CSV has no request count. Given {@code requestsPerTest} (the {@code -n} of the run) the
 * parser also reports {@link ParsedMetric#OPERATIONS} = requestsPerTest × number of tests.
 */
public final class RedisBenchmarkParser implements OutputParser {
    public static final String NAME = "redis-benchmark";

    /** Column order of Redis 7's header, used for header-less lines (a prefix of it in old versions). */
    private static final List<String> DEFAULT_COLUMNS = List.of("test", "rps", "avg_latency_ms", "min_latency_ms",
            "p50_latency_ms", "p95_latency_ms", "p99_latency_ms", "max_latency_ms");
    /** A line of quoted fields, as redis-benchmark writes every CSV line. */
    private static final Pattern CSV_LINE = Pattern.compile("^\"(?:[^\"]|\"\")*\"(?:,\"(?:[^\"]|\"\")*\")+$");
    private static final Pattern QUIET = Pattern.compile(
            "^\\s*(.+?): ([0-9][0-9.,]*) requests per second(?:, p50=([0-9.]+) msec)?\\s*$");

    private final long requestsPerTest;

    /** A parser that does not know the request count: no {@code operations} metric. */
    public RedisBenchmarkParser() {
        this.requestsPerTest = 0;
    }

    /** @param requestsPerTest the {@code -n} given to redis-benchmark (requests per test), > 0 */
    public RedisBenchmarkParser(long requestsPerTest) {
        if (requestsPerTest <= 0) {
            throw new IllegalArgumentException("requestsPerTest must be positive: " + requestsPerTest);
        }
        this.requestsPerTest = requestsPerTest;
    }

    /** redis-benchmark's request count per test when {@code -n} is not given. */
    public static final long DEFAULT_REQUESTS = 100_000;

    private static final Pattern INVOCATION = Pattern.compile("(?:^|[\\s/;&|(])redis-benchmark(?=\\s|$)([^;&|\\n]*)");
    private static final Pattern N_OPTION = Pattern.compile("(?:^|\\s)-n\\s+([0-9]+)(?=\\s|$)");

    /**
     * The requests per test of a shell command that runs redis-benchmark directly: its
     * {@code -n N}, or redis-benchmark's default of 100000 when there is no {@code -n}. Empty when
     * the command does not name redis-benchmark (a wrapper script, say): then nobody knows.
     */
    public static OptionalLong requestsFromCommand(String command) {
        if (command == null) {
            return OptionalLong.empty();
        }
        Matcher call = INVOCATION.matcher(command);
        if (!call.find()) {
            return OptionalLong.empty();
        }
        Matcher n = N_OPTION.matcher(call.group(1));
        long requests = DEFAULT_REQUESTS;
        while (n.find()) {
            requests = Long.parseLong(n.group(1)); // the last -n wins, as in redis-benchmark
        }
        return requests > 0 ? OptionalLong.of(requests) : OptionalLong.empty();
    }

    /** A parser reporting operations when {@link #requestsFromCommand} knows the request count. */
    public static RedisBenchmarkParser forCommand(String command) {
        OptionalLong n = requestsFromCommand(command);
        return n.isPresent() ? new RedisBenchmarkParser(n.getAsLong()) : new RedisBenchmarkParser();
    }

    public long requestsPerTest() {
        return requestsPerTest;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<ParsedMetric> parse(String output) {
        List<Row> rows = csvRows(output);
        if (rows.isEmpty()) {
            rows = verboseRows(output);
        }
        if (rows.isEmpty()) {
            rows = quietRows(output);
        }
        if (rows.isEmpty()) {
            throw new NoMatchException(NAME + ": no result lines; expected the CSV of `redis-benchmark --csv` "
                    + "(\"test\",\"rps\",... then one line per test, e.g. \"GET\",\"61919.50\",...)");
        }
        ParseSupport.Collector out = new ParseSupport.Collector();
        Set<String> used = new HashSet<>();
        for (Row row : rows) {
            String name = testName(row.test, used);
            for (int i = 0; i < row.columns.size(); i++) {
                String column = row.columns.get(i);
                double value = row.values.get(i);
                if (column.equals("rps")) {
                    out.add(name + ".rps", value, "req/s", true);
                } else if (column.endsWith("_ms")) {
                    String what = column.substring(0, column.length() - 3);
                    if (what.endsWith("_latency")) {
                        what = what.substring(0, what.length() - "_latency".length());
                    }
                    out.add(name + "." + ParseSupport.safeName(what) + "_ms", value, "ms", false);
                }
            }
        }
        long completed = rows.stream().mapToLong(Row::requests).sum();
        if (completed > 0 && rows.stream().allMatch(r -> r.requests() > 0)) {
            out.add(ParsedMetric.OPERATIONS, (double) completed, "ops", true);
        } else if (requestsPerTest > 0) {
            out.add(ParsedMetric.OPERATIONS, (double) requestsPerTest * rows.size(), "ops", true);
        }
        return out.list();
    }

    /** requests: the completed requests the output reports (verbose form only), else 0. */
    private record Row(String test, List<String> columns, List<Double> values, long requests) {
        Row(String test, List<String> columns, List<Double> values) {
            this(test, columns, values, 0);
        }
    }

    private static final Pattern SECTION = Pattern.compile("^====== (.+) ======$");
    private static final Pattern COMPLETED = Pattern.compile("^([0-9]+) requests completed in ");
    private static final Pattern PERCENTILE = Pattern.compile("^([0-9.]+)% <= ([0-9.]+) milliseconds");
    private static final Pattern THROUGHPUT = Pattern.compile("^throughput summary: ([0-9.]+) requests per second");
    private static final List<String> SUMMARY_COLUMNS = List.of("avg", "min", "p50", "p95", "p99", "max");

    /**
     * The default (verbose) output of redis-benchmark 6.2+: per test, "====== NAME ======", the
     * completed requests, the HdrHistogram percentile distribution (p99.9 is the first row at or
     * above 99.9%), the throughput and the latency summary (avg min p50 p95 p99 max).
     */
    private static List<Row> verboseRows(String output) {
        List<Row> rows = new ArrayList<>();
        String test = null;
        long requests = 0;
        boolean inPercentiles = false;
        boolean summaryHeader = false;
        List<String> columns = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        Double p999 = null;
        for (String raw : output.replace('\r', '\n').split("\n")) {
            String line = raw.strip();
            Matcher m = SECTION.matcher(line);
            if (m.find()) {
                if (test != null && !columns.isEmpty()) {
                    rows.add(verboseRow(test, columns, values, p999, requests));
                }
                test = m.group(1).trim();
                requests = 0;
                p999 = null;
                columns = new ArrayList<>();
                values = new ArrayList<>();
                inPercentiles = false;
                continue;
            }
            if (test == null) {
                continue;
            }
            if ((m = COMPLETED.matcher(line)).find()) {
                requests = Long.parseLong(m.group(1));
            } else if (line.startsWith("Latency by percentile distribution")) {
                inPercentiles = true;
            } else if (line.startsWith("Cumulative distribution")) {
                inPercentiles = false;
            } else if (inPercentiles && (m = PERCENTILE.matcher(line)).find()) {
                if (p999 == null && Double.parseDouble(m.group(1)) >= 99.9) {
                    p999 = Double.parseDouble(m.group(2));
                }
            } else if ((m = THROUGHPUT.matcher(line)).find()) {
                columns.add("rps");
                values.add(Double.parseDouble(m.group(1)));
            } else if (line.replaceAll("\\s+", " ").equals(String.join(" ", SUMMARY_COLUMNS))) {
                summaryHeader = true;
            } else if (summaryHeader) {
                summaryHeader = false;
                String[] cells = line.split("\\s+");
                for (int i = 0; i < cells.length && i < SUMMARY_COLUMNS.size(); i++) {
                    Double v = ParseSupport.number(cells[i]);
                    if (v != null) {
                        columns.add(SUMMARY_COLUMNS.get(i) + "_latency_ms");
                        values.add(v);
                    }
                }
            }
        }
        if (test != null && !columns.isEmpty()) {
            rows.add(verboseRow(test, columns, values, p999, requests));
        }
        return rows;
    }

    private static Row verboseRow(String test, List<String> columns, List<Double> values, Double p999, long requests) {
        if (p999 != null) {
            columns.add("p99_9_latency_ms");
            values.add(p999);
        }
        return new Row(test, columns, values, requests);
    }

    private static List<Row> csvRows(String output) {
        List<Row> rows = new ArrayList<>();
        List<String> header = DEFAULT_COLUMNS;
        for (String raw : ParseSupport.lines(output)) {
            String line = raw.strip();
            if (!CSV_LINE.matcher(line).matches()) {
                continue; // warnings such as "WARNING: Could not fetch server CONFIG"
            }
            List<String> cells = splitCsv(line);
            if (cells.size() < 2) {
                continue;
            }
            if (cells.get(0).equalsIgnoreCase("test")) {
                header = new ArrayList<>();
                for (String c : cells) {
                    header.add(c.trim().toLowerCase(Locale.ROOT));
                }
                continue;
            }
            Double rps = ParseSupport.number(cells.get(1));
            if (rps == null) {
                continue;
            }
            List<String> columns = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (int i = 1; i < cells.size() && i < header.size(); i++) {
                Double v = ParseSupport.number(cells.get(i));
                if (v != null) {
                    columns.add(header.get(i));
                    values.add(v);
                }
            }
            rows.add(new Row(cells.get(0), columns, values));
        }
        return rows;
    }

    private static List<Row> quietRows(String output) {
        List<Row> rows = new ArrayList<>();
        for (String line : ParseSupport.lines(output)) {
            Matcher m = QUIET.matcher(line);
            if (!m.matches()) {
                continue;
            }
            Double rps = ParseSupport.number(m.group(2));
            if (rps == null) {
                continue;
            }
            List<String> columns = new ArrayList<>(List.of("rps"));
            List<Double> values = new ArrayList<>(List.of(rps));
            Double p50 = m.group(3) == null ? null : ParseSupport.number(m.group(3));
            if (p50 != null) {   // "1.2.3" matches the pattern but is no number: no p50 then, never an exception
                columns.add("p50_latency_ms");
                values.add(p50);
            }
            rows.add(new Row(m.group(1).trim(), columns, values));
        }
        return rows;
    }

    /** Splits one CSV line with double-quoted fields ("" inside quotes is a quote). */
    static List<String> splitCsv(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cell.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }

    /** The metric-name prefix for a test; unique among the tests already seen. */
    static String testName(String test, Set<String> used) {
        int paren = test.indexOf(" (");
        String shortName = ParseSupport.safeName(paren > 0 ? test.substring(0, paren) : test);
        String fullName = ParseSupport.safeName(test);
        String name = shortName.isEmpty() ? "test" : shortName;
        if (used.contains(name) && !fullName.isEmpty()) {
            name = fullName;
        }
        String base = name;
        for (int n = 2; used.contains(name); n++) {
            name = base + "_" + n;
        }
        used.add(name);
        return name;
    }
}
