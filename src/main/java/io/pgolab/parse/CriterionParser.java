package io.pgolab.parse;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what {@code cargo bench} prints for criterion.rs benchmarks: one metric {@code micro.<id>} per benchmark,
 * criterion's own point estimate of the time per iteration in ns (the middle figure of
 * {@code time:   [low estimate high]}), which criterion computes from this invocation's samples. Also read: the
 * {@code --output-format bencher} lines ({@code test ID ... bench: 1,784 ns/iter (+/- 189)}), which are libtest's
 * too. criterion's comparison with its own saved baseline ({@code change: [...]}, whose nested {@code time:} line
 * holds percentages) is skipped: pgolab compares base and candidate itself.
 */
public final class CriterionParser implements SuiteParser {
    public static final String NAME = "criterion";
    /** A figure and its unit; a negative figure is read (and left out, said, by SuiteResults), never skipped unseen. */
    private static final String TIME = "\\s*(-?[0-9.,]+)\\s*(ps|ns|µs|μs|us|ms|s)";
    private static final Pattern ESTIMATE = Pattern.compile("^(.*?)\\s*\\btime:\\s*\\[" + TIME + TIME + TIME + "\\s*]\\s*$");
    private static final Pattern BENCHER = Pattern.compile("^test (.+) \\.\\.\\. bench:\\s*([0-9.,]+) ns/iter\\b.*$");
    /** Lines criterion prints between a benchmark's id and its figures, or between benchmarks: never an id. */
    private static final Pattern NOT_AN_ID = Pattern.compile(
            "^(Found \\d+ outliers.*|Benchmarking .*|Gnuplot not found.*|Warning: .*|WARNING: .*|Running .*)$");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ParsedOutput read(String output) {
        SuiteResults out = new SuiteResults();
        Set<String> seen = new HashSet<>();
        String pendingId = null;
        for (String line : ParseSupport.lines(output)) {
            if (line.isBlank()) {
                continue;
            }
            Matcher b = BENCHER.matcher(line.strip());
            if (b.matches()) {
                Double v = ParseSupport.number(b.group(2));
                out.add(once(seen, b.group(1)), v == null ? Double.NaN : v, SuiteResults.NS);
                pendingId = null;
                continue;
            }
            Matcher e = ESTIMATE.matcher(line);
            if (e.matches()) {
                String id = e.group(1).isBlank() ? pendingId : e.group(1).strip();
                if (id == null) {
                    throw new NoMatchException(NAME + ": a time: line without a benchmark id before it: " + line.strip());
                }
                Double v = ParseSupport.number(e.group(4));
                out.add(once(seen, id), v == null ? Double.NaN : SuiteResults.toNanos(v, e.group(5)), SuiteResults.NS);
                pendingId = null;
                continue;
            }
            boolean indented = Character.isWhitespace(line.charAt(0));
            if (!indented && !NOT_AN_ID.matcher(line.strip()).matches()) {
                pendingId = line.strip(); // a long id is printed alone, its figures on the next line
            }
        }
        if (out.isEmpty()) {
            throw new NoMatchException(NAME + ": no \"ID   time:   [low estimate high]\" line; expected the output of"
                    + " cargo bench with criterion benchmarks");
        }
        return out.output(NAME);
    }

    /**
     * One invocation prints each id once: an id printed twice is two benchmarks (two bench targets of one cargo bench
     * with the same id), whose figures must not be read as one's.
     */
    private static String once(Set<String> seen, String id) {
        if (!seen.add(id)) {
            throw new NoMatchException(NAME + ": the benchmark id '" + id + "' is printed twice: two benchmarks (two bench"
                    + " targets with the same id?) would be read as one; give them different ids, or run one target per [[bench]]");
        }
        return id;
    }
}
