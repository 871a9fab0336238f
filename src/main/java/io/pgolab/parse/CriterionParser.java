package io.pgolab.parse;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a criterion.rs suite's run: one metric {@code micro.<id>} per benchmark, the median of its samples' times per
 * iteration in ns, from the {@code sample.json} criterion wrote in this run's own directory (its CRITERION_HOME, which
 * pgolab sets for every run: {@link #env}); criterion measures wall-clock time. Without a fresh sample.json for a
 * benchmark its figure is criterion's printed point estimate (the middle figure of
 * {@code time:   [low estimate high]}), and said. Also read on stdout: the {@code --output-format bencher} lines
 * ({@code test ID ... bench: 1,784 ns/iter (+/- 189)}), which are libtest's too. criterion's comparison with its own
 * saved baseline ({@code change: [...]}, whose nested {@code time:} line holds percentages) is skipped: pgolab
 * compares base and candidate itself.
 */
public final class CriterionParser implements SuiteParser {
    public static final String NAME = "criterion";
    /** The variable criterion (0.3.4 and later) writes its files under; cargo-criterion sets it too. */
    public static final String HOME = "CRITERION_HOME";
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
    public Map<String, String> env(Path dir) {
        return Map.of(HOME, dir.toString());
    }

    /** stdout only: criterion's printed estimates. */
    @Override
    public ParsedOutput read(String output) {
        return read(output, RunFiles.NONE);
    }

    @Override
    public ParsedOutput read(String output, RunFiles files) {
        Map<String, Double> printed = printed(output);
        SuiteResults out = new SuiteResults(SuiteResults.REAL);
        if (files.dir().isEmpty()) {
            if (printed.isEmpty()) {
                throw noEstimate();
            }
            printed.forEach((id, v) -> out.add(id, v, SuiteResults.NS));
            return out.output(NAME);
        }
        CriterionSamples samples = CriterionSamples.read(files.dir().get(), files.started());
        if (printed.isEmpty() && samples.samples.isEmpty()) {
            throw noEstimate();
        }
        List<String> notes = new ArrayList<>(samples.notes);
        if (samples.samples.isEmpty()) {
            notes.add("criterion wrote no sample.json in this run under " + HOME + "=" + files.dir().get()
                    + (samples.anyFile ? " that is this run's" : "") + ", so each benchmark's figure is its printed"
                    + " estimate, not the median of its samples (does the command set " + HOME + " itself, or run"
                    + " cargo-criterion? is criterion older than 0.3.4?)");
        }
        for (var e : printed.entrySet()) {
            List<Double> xs = samples.samples.remove(e.getKey());
            if (xs == null) {
                if (!samples.samples.isEmpty() || samples.anyFile) {
                    notes.add("benchmark " + SuiteResults.metricName(e.getKey()) + " has no sample.json of this run:"
                            + " its figure is criterion's printed estimate");
                }
                out.add(e.getKey(), e.getValue(), SuiteResults.NS);
            } else {
                xs.forEach(x -> out.add(e.getKey(), x, SuiteResults.NS));
            }
        }
        // a benchmark with samples this run wrote but no line on stdout (a format the parser does not read) counts too
        samples.samples.forEach((id, xs) -> xs.forEach(x -> out.add(id, x, SuiteResults.NS)));
        ParsedOutput o = out.output(NAME);
        notes.addAll(o.leftOut());
        return new ParsedOutput(o.metrics(), notes);
    }

    /** Each benchmark's printed estimate in ns (NaN when unreadable), in the order printed. */
    private static Map<String, Double> printed(String output) {
        Map<String, Double> out = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        String pendingId = null;
        for (String line : ParseSupport.lines(output)) {
            if (line.isBlank()) {
                continue;
            }
            Matcher b = BENCHER.matcher(line.strip());
            if (b.matches()) {
                Double v = ParseSupport.number(b.group(2));
                out.put(once(seen, b.group(1)), v == null ? Double.NaN : v);
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
                out.put(once(seen, id), v == null ? Double.NaN : SuiteResults.toNanos(v, e.group(5)));
                pendingId = null;
                continue;
            }
            boolean indented = Character.isWhitespace(line.charAt(0));
            if (!indented && !NOT_AN_ID.matcher(line.strip()).matches()) {
                pendingId = line.strip(); // a long id is printed alone, its figures on the next line
            }
        }
        return out;
    }

    private static NoMatchException noEstimate() {
        return new NoMatchException(NAME + ": no \"ID   time:   [low estimate high]\" line; expected the output of"
                + " cargo bench with criterion benchmarks");
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
