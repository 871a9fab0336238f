package io.pgolab.cli;

import io.pgolab.config.Config;
import io.pgolab.measure.Campaign;
import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.CampaignSettings;
import io.pgolab.process.CommandMeasurer;
import io.pgolab.measure.Probe;
import io.pgolab.process.RunnerBinary;
import io.pgolab.measure.Subject;
import io.pgolab.report.BenchCsv;
import io.pgolab.report.BenchJson;
import io.pgolab.report.BenchMarkdown;
import io.pgolab.report.BenchResults;
import io.pgolab.report.BenchText;
import io.pgolab.report.ResultsFile;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.CommandLog;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Runs the comparison of each workload with the shared engine and writes every requested output. */
final class BenchRunner {
    /** Subjects of one workload; primary and minEffects (fractions) from its config entry, if any. */
    record Workload(String name, String command, List<Subject> subjects, List<String> primary,
                    Map<String, Double> minEffects, java.time.Duration timeout) {
        Workload(String name, String command, List<Subject> subjects) {
            this(name, command, subjects, List.of(), Map.of(), java.time.Duration.ofMinutes(10));
        }
    }

    private final MeasureOptions opts;
    private final CommandLog log;
    private final Path scratch;
    private final PrintStream err = System.err;

    BenchRunner(MeasureOptions opts, CommandLog log, Path scratch) {
        this.opts = opts;
        this.log = log;
        this.scratch = scratch;
    }

    BenchResults run(String title, List<Workload> workloads) {
        CampaignSettings s = opts.settings();
        List<Probe> probes = Probes.forOptions(opts);
        Campaign campaign = new Campaign(new CommandMeasurer(RunnerBinary.ensure()), log, scratch, probes);
        List<BenchResults.WorkloadResult> results = new ArrayList<>();
        for (Workload w : workloads) {
            err.println("==> measuring " + w.name() + ": " + w.subjects().size() + " subjects, budget "
                    + s.budget().toSeconds() + "s, target ±" + s.targetHalfWidthPercent() + "% on "
                    + String.join(",", s.primaryMetrics()) + "; counters: " + Probes.describe(opts));
            CampaignSettings ws = (opts.primary.isEmpty() && !w.primary().isEmpty() ? s.withPrimary(w.primary()) : s)
                    .withRunTimeout(opts.deterministic ? w.timeout().multipliedBy(50) : w.timeout());
            CampaignResult r = campaign.run(w.subjects(), ws, new ProgressLine(err));
            if (System.console() != null) {
                err.println();
            }
            for (String p : ws.primaryMetrics()) {
                if (!r.metrics().containsKey(p)) {
                    throw new io.pgolab.UserError("primary metric '" + p + "' of workload '" + w.name() + "' was never measured",
                            "metrics measured: " + String.join(", ", r.metrics().keySet()));
                }
            }
            results.add(new BenchResults.WorkloadResult(w.name(), w.command(), r,
                    r.compare(w.subjects().get(0).label(), w.minEffects(), opts.minEffect / 100), ws.primaryMetrics()));
        }
        return new BenchResults(title, s, opts.deterministic, results);
    }

    /** Prints the table, writes the files, and returns the exit code (1 on a gated regression with --fail-on). */
    int report(BenchResults r, Path workDir, Config config, Toolchain toolchain) {
        List<String> gated = r.gated();
        System.out.print(BenchText.render(r, gated));
        if (opts.json != null) {
            Path f = workDir.resolve(opts.json);
            if (config != null) {
                ResultsFile.write(f, config, toolchain, log, BenchJson.body(r, gated));
            } else {
                ResultsFile.writeEnvelopeOnly(f, withCommands(BenchJson.body(r, gated)));
            }
        }
        write(workDir, opts.markdown, BenchMarkdown.render(r, gated));
        write(workDir, opts.csv, BenchCsv.render(r));
        return opts.failOn != null && !r.regressions(gated).isEmpty() ? 1 : 0;
    }

    private Map<String, Object> withCommands(Map<String, Object> body) {
        body.put("commands", log.entries());
        return body;
    }

    static void write(Path workDir, Path file, String text) {
        if (file == null) {
            return;
        }
        Path f = workDir.resolve(file);
        try {
            Files.writeString(f, text);
        } catch (IOException e) {
            throw new io.pgolab.UserError("cannot write " + f + ": " + e.getMessage(), "pass a path in a writable directory");
        }
    }

    /** Round i of n, widest CI, time left: rewritten in place on a terminal, a plain line every 10 rounds otherwise. */
    static final class ProgressLine implements io.pgolab.measure.Progress {
        private final PrintStream err;
        private final boolean tty = System.console() != null;

        ProgressLine(PrintStream err) {
            this.err = err;
        }

        @Override
        public void round(int round, int maxRounds, double widest, double secondsLeft) {
            String ci = Double.isInfinite(widest) ? "-" : String.format("±%.2f%%", widest);
            String line = String.format("    round %d, widest CI %s, at most %.0fs left", round, ci, secondsLeft);
            if (tty) {
                err.print("\r" + line + "   ");
            } else if (round % 10 == 0) {
                err.println(line);
            }
        }
    }
}
