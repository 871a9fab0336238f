package io.pgolab.toolchain.go;

import io.pgolab.toolchain.FunctionCounts;
import io.pgolab.toolchain.ProfileSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads 'go tool pprof -top -sample_index=samples' output into a profile summary. */
final class PprofTop {
    private static final Pattern DURATION = Pattern.compile("Duration: ([0-9.]+)(ms|s|mins|hrs)");
    private static final Pattern TOTAL = Pattern.compile("Total samples = (\\d+)");
    private static final Pattern NODES = Pattern.compile("Showing top \\d+ nodes out of (\\d+)");
    private static final Pattern ROW = Pattern.compile("^\\s*(\\d+)\\s+([0-9.]+)%\\s+[0-9.]+%\\s+\\d+\\s+[0-9.]+%\\s+(.+?)\\s*$");

    private PprofTop() {
    }

    static ProfileSummary summarize(String top, long bytes) {
        long total = find(TOTAL, top).map(Long::parseLong).orElse(0L);
        List<ProfileSummary.HotFunction> hot = new ArrayList<>();
        int rows = 0;
        for (String line : top.lines().toList()) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                rows++;
                long flat = Long.parseLong(m.group(1));
                if (flat > 0) {
                    hot.add(new ProfileSummary.HotFunction(m.group(3).replaceFirst(" \\(inline\\)$", ""), flat,
                            total == 0 ? 0 : (double) flat / total));
                }
            }
        }
        // "out of N" is absent when every node fits on the page.
        int functions = find(NODES, top).map(Integer::parseInt).orElse(rows);
        return new ProfileSummary(functions, functions, total, hot, bytes, seconds(top));
    }

    /** Every row of "pprof -top" with flat samples, by function (inlined copies add up to their function). */
    static FunctionCounts functionCounts(String top) {
        List<ProfileSummary.HotFunction> rows = new ArrayList<>();
        for (String line : top.lines().toList()) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                long flat = Long.parseLong(m.group(1));
                if (flat > 0) {
                    rows.add(new ProfileSummary.HotFunction(m.group(3).replaceFirst(" \\(inline\\)$", ""), flat, 0));
                }
            }
        }
        return FunctionCounts.of(rows, FunctionCounts.SAMPLES);
    }

    static OptionalDouble seconds(String top) {
        Matcher m = DURATION.matcher(top);
        if (!m.find()) {
            return OptionalDouble.empty();
        }
        double v = Double.parseDouble(m.group(1));
        return OptionalDouble.of(switch (m.group(2)) {
            case "ms" -> v / 1000;
            case "mins" -> v * 60;
            case "hrs" -> v * 3600;
            default -> v;
        });
    }

    private static Optional<String> find(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }
}
