package io.pgolab.parse;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the text of {@code go test -run '^$' -bench . -count N} (the format benchstat reads): one metric
 * {@code micro.<name>} per benchmark, its ns/op, the median of the N lines {@code -count} prints. The -GOMAXPROCS
 * suffix ({@code BenchmarkFib-8}) is dropped when every line has the same one; with several packages in the output
 * each name is prefixed with its package's path. Other units on the line (MB/s, B/op, allocs/op, custom metrics)
 * are not read: one measure per benchmark.
 */
public final class GoBenchParser implements SuiteParser {
    public static final String NAME = "go-test";
    private static final Pattern LINE = Pattern.compile("^(Benchmark\\S*)\\s+(\\d+)(?:\\s+(.*))?$");
    private static final Pattern NS_PER_OP = Pattern.compile("(?:^|\\s)([0-9.eE+-]+) ns/op(?:\\s|$)");
    private static final Pattern PROCS = Pattern.compile("-(\\d+)$");
    private static final Pattern FAILED = Pattern.compile("^(--- FAIL: .*|FAIL(\\s.*)?|panic: .*)$");

    /** A benchmark line: ns is null when the line has no ns/op. */
    private record Line(String pkg, String name, String iterations, Double ns) {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ParsedOutput read(String output) {
        List<Line> lines = new ArrayList<>();
        String pkg = "";
        for (String l : ParseSupport.lines(output)) {
            String s = l.strip();
            if (s.startsWith("pkg: ")) {
                pkg = s.substring(5).strip();
                continue;
            }
            Matcher m = LINE.matcher(s);
            if (!m.matches()) {
                continue;
            }
            Matcher ns = NS_PER_OP.matcher(m.group(3) == null ? "" : m.group(3));
            lines.add(new Line(pkg, m.group(1), m.group(2), ns.find() ? ParseSupport.number(ns.group(1)) : null));
        }
        if (lines.isEmpty()) {
            throw new NoMatchException(NAME + ": no benchmark line with ns/op (\"BenchmarkName-8  1000  123 ns/op\");"
                    + " expected the output of go test -run '^$' -bench . -count N");
        }
        Set<String> procs = new LinkedHashSet<>();
        Set<String> pkgs = new LinkedHashSet<>();
        for (Line l : lines) {
            Matcher p = PROCS.matcher(l.name());
            procs.add(p.find() ? p.group(1) : "");
            pkgs.add(l.pkg());
        }
        // a name's own trailing -N (a sub-benchmark "size-1") is kept unless every line ends in the same one
        boolean strip = procs.size() == 1 && !procs.contains("");
        SuiteResults out = new SuiteResults(SuiteResults.REAL);
        for (Line l : lines) {
            String name = strip ? PROCS.matcher(l.name()).replaceFirst("") : l.name();
            String full = pkgs.size() > 1 ? l.pkg() + "." + name : name;
            if (l.ns() == null) {
                // testing.B prints no ns/op when it is 0: a timer stopped for the whole run, ReportMetric(0, "ns/op")
                out.leaveOut(full, "its line has no ns/op (" + l.iterations() + " iterations; go test prints none when"
                        + " the time is 0)");
            } else if (l.ns() == 0) {
                out.leaveOut(full, "its time is 0 ns/op (" + l.iterations() + " iterations)");
            } else {
                out.add(full, l.ns(), SuiteResults.NS);
            }
        }
        return out.output(NAME);
    }

    /** go test prints "--- FAIL" and "FAIL" for a benchmark that failed, and exits 1 (0 through a pipe). */
    @Override
    public Optional<String> reportedError(String output) {
        for (String l : ParseSupport.lines(output)) {
            if (FAILED.matcher(l.strip()).matches()) {
                return Optional.of("go test reported a failure: " + l.strip());
            }
        }
        return Optional.empty();
    }
}
