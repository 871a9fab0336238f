package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.parse.NoMatchException;
import io.pgolab.parse.OutputParser;
import io.pgolab.parse.ParsedMetric;
import io.pgolab.bench.BenchResults;
import java.util.HashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the demo program's "checksum=XXXXXXXX ops=N" line: N operations give per-operation figures. */
final class DemoOutputParser implements OutputParser {
    private static final Pattern LINE = Pattern.compile("checksum=([0-9a-f]+) ops=(\\d+)");

    @Override
    public String name() {
        return "demo";
    }

    @Override
    public List<ParsedMetric> parse(String output) {
        Matcher m = LINE.matcher(output);
        if (!m.find()) {
            throw new NoMatchException("no 'checksum=... ops=...' line");
        }
        return List.of(new ParsedMetric(ParsedMetric.OPERATIONS, Double.parseDouble(m.group(2)), "ops", true));
    }

    /** Optimized builds must not change results: every variant printed the same checksum. */
    static void requireSameOutput(BenchResults r) {
        for (BenchResults.WorkloadResult w : r.workloads()) {
            if (new HashSet<>(w.campaign().outputs().values()).size() > 1) {
                throw new UserError("the variants print different results: " + w.campaign().outputs(),
                        "an optimization must not change a program's output; this is a compiler or program bug");
            }
        }
    }
}
