package io.pgolab.measure;

import io.pgolab.UserError;
import io.pgolab.parse.NoMatchException;
import io.pgolab.parse.ParsedMetric;
import io.pgolab.parse.ParsedOutput;
import io.pgolab.parse.RunFiles;
import io.pgolab.stats.Direction;
import io.pgolab.util.Dirs;
import io.pgolab.util.Text;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's figures read by its subject's parser (a load tool's or a suite's output), and the per-operation figures
 * they make possible: cpu_time_per_op and the like, when the parser reports how many operations ran.
 */
final class ParserMetrics {
    private ParserMetrics() {
    }

    /**
     * The directory of x's next run for the files its parser reads (criterion's samples), made fresh and empty, with
     * the run's start; NONE when the parser reads stdout only.
     */
    static RunFiles files(Subject x, Path dir) {
        if (x.parser().isEmpty() || x.parser().get().env(dir).isEmpty()) {
            return RunFiles.NONE;
        }
        Dirs.fresh(dir);
        return RunFiles.of(dir.toAbsolutePath(), Instant.now());
    }

    /** The run's environment: the variables x's parser needs for its files, then env (the workload's own win). */
    static Map<String, String> env(Subject x, RunFiles files, Map<String, String> env) {
        if (files.dir().isEmpty()) {
            return env;
        }
        Map<String, String> out = new LinkedHashMap<>(x.parser().get().env(files.dir().get()));
        out.putAll(env);
        return out;
    }

    /**
     * Reads the metrics of x's parser from out, the output (of size bytes when it was cut, else 0), and the files
     * the run wrote for it.
     */
    static void add(Subject x, String out, RunFiles files, long size, Map<String, Double> values,
                    Map<String, MetricInfo> metrics, List<String> roles, LeftOut leftOut) {
        var reported = x.parser().get().reportedError(out);
        if (reported.isPresent()) {
            throw new UserError("'" + x.label() + "' exited 0, but its output says it failed: "
                    + Text.visible(reported.get()) + RunOutput.cutNote(size)
                    + "\n  last lines of the output:\n    " + Text.lastLines(out, 15).replace("\n", "\n    "),
                    "run the command by hand to see why; a load tool's own error report counts as a failure even when"
                            + " it exits 0");
        }
        List<ParsedMetric> parsed;
        try {
            ParsedOutput read = x.parser().get().read(out, files);
            parsed = read.metrics();
            leftOut.record(x.label(), read.leftOut());
        } catch (NoMatchException e) {
            throw new UserError("the " + x.parser().get().name() + " parser found nothing in the output of '"
                    + x.label() + "': " + Text.visible(e.getMessage()) + RunOutput.cutNote(size)
                    + "\n  last lines of the output:\n    " + Text.lastLines(out, 15).replace("\n", "\n    "),
                    "check that the command prints what the parser reads (see docs/parsers.md), or use a regex metric");
        }
        Double ops = null;
        for (ParsedMetric p : parsed) {
            values.put(p.name(), p.value());
            metrics.putIfAbsent(p.name(), new MetricInfo(p.name(), p.unit(), Direction.of(p.higherIsBetter())));
            if (p.name().equals(ParsedMetric.OPERATIONS)) {
                ops = p.value();
            }
        }
        if (ops != null && ops > 0) {
            perOp(values, metrics, MetricInfo.CPU_TIME, "cpu_time_per_op", "ns/op", 1e9, ops);
            if (values.containsKey("voluntary_ctx_switches") && values.containsKey("involuntary_ctx_switches")) {
                values.put("ctx_switches_per_op", (values.get("voluntary_ctx_switches")
                        + values.get("involuntary_ctx_switches")) / ops);
                metrics.putIfAbsent("ctx_switches_per_op", new MetricInfo("ctx_switches_per_op", "switches/op",
                        Direction.LOWER_IS_BETTER));
            }
            for (String role : roles) {
                perOp(values, metrics, role + "." + MetricInfo.CPU_TIME, role + ".cpu_time_per_op", "ns/op", 1e9, ops);
                perOp(values, metrics, role + ".ctx_switches", role + ".ctx_switches_per_op", "switches/op",
                        1, ops);
            }
            perOp(values, metrics, "instructions", "instructions_per_op", "instr/op", 1, ops);
            perOp(values, metrics, "det.instructions", "det.instructions_per_op", "instr/op", 1, ops);
        }
    }

    private static void perOp(Map<String, Double> values, Map<String, MetricInfo> metrics, String from, String name,
                              String unit, double scale, double ops) {
        if (values.containsKey(from)) {
            values.put(name, values.get(from) * scale / ops);
            metrics.putIfAbsent(name, new MetricInfo(name, unit, Direction.LOWER_IS_BETTER));
        }
    }
}
