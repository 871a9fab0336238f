package io.pgolab.bench;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.measure.Subject;
import io.pgolab.parse.NoMatchException;
import io.pgolab.parse.OutputParser;
import io.pgolab.parse.ParsedMetric;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.util.Shell;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the demo program's "checksum=XXXXXXXX ops=N" line: N operations give per-operation figures. */
public final class DemoOutputParser implements OutputParser {
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
    public static void requireSameOutput(BenchResults r) {
        for (BenchResults.WorkloadResult w : r.workloads()) {
            if (new HashSet<>(w.campaign().outputs().values()).size() > 1) {
                throw new UserError("the variants print different results: " + w.campaign().outputs(),
                        "an optimization must not change a program's output; this is a compiler or program bug");
            }
        }
    }

    /** The demo's one [[bench]] workload on each built variant, read by this parser. */
    public static BenchWorkload workload(Config config, List<BuiltArtifact> built) {
        WorkloadSpec bench = config.bench().get(0);
        List<Subject> subjects = new ArrayList<>();
        for (BuiltArtifact a : built) {
            subjects.add(new Subject(a.variant(), Shell.bash(config.workloadCommand(bench, a.binary())), config.configDir(),
                    Map.of(), Optional.of(new DemoOutputParser())));
        }
        return new BenchWorkload(bench.name(), bench.command(), subjects);
    }
}
