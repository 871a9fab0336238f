package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.bench.BenchContext;
import io.pgolab.bench.BenchOptions;
import io.pgolab.bench.BenchResults;
import io.pgolab.bench.BenchRun;
import io.pgolab.bench.BenchWorkload;
import io.pgolab.bench.Flamegraphs;
import io.pgolab.config.Durations;
import io.pgolab.measure.CampaignSettings;
import io.pgolab.measure.MeasureDefaults;
import io.pgolab.measure.MetricInfo;
import io.pgolab.report.Results;
import io.pgolab.report.files.Exports;
import io.pgolab.store.BuiltArtifact;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Options shared by bench, ladder, gate, compare and demo: how long, how precise, where the results go. */
final class MeasureOptions {
    @Option(names = "--max-time", paramLabel = "DURATION",
            description = {"Cap per workload, e.g. 60s, 5m (default " + MeasureDefaults.MAX_TIME_TEXT + "; --budget, its older name, is still read).",
                    "A workload stops as soon as every gated measure is decided, at the latest at this cap;",
                    "the minimum rounds a verdict needs win over it; the expected duration is printed after the warm-up."})
    String maxTime;

    @Option(names = "--total-max-time", paramLabel = "DURATION",
            description = {"Cap of all workloads together, shared evenly between them (e.g. 90s, 10m; --total-budget, its older name, is still read).",
                    "Replaces the default --max-time; with --max-time too, a workload gets the smaller of the two."})
    String totalMaxTime;

    /** --budget and --total-budget: the options' names before "max time", still read, not shown in the usage. */
    @Option(names = "--budget", hidden = true, paramLabel = "DURATION")
    void budget(String value) {
        maxTime = value;
    }

    @Option(names = "--total-budget", hidden = true, paramLabel = "DURATION")
    void totalBudget(String value) {
        totalMaxTime = value;
    }

    @Option(names = "--target-ci", paramLabel = "PERCENT", defaultValue = MeasureDefaults.TARGET_CI_PERCENT_TEXT,
            description = {"No longer stops a campaign: the sequential rule does (docs/statistics.md).",
                    "The noise line estimates the rounds a CI of this half-width would take (default ${DEFAULT-VALUE}%%)."})
    double targetCi;

    @Option(names = "--min-effect", paramLabel = "PERCENT", defaultValue = MeasureDefaults.MIN_EFFECT_PERCENT_TEXT,
            description = "Smallest change that counts as improved/regressed (default ${DEFAULT-VALUE}%%).")
    double minEffect;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = MeasureDefaults.WARMUP_ROUNDS_TEXT, description = "Warm-up rounds, not recorded (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--min-rounds", paramLabel = "N", defaultValue = MeasureDefaults.MIN_ROUNDS_TEXT, description = "Measured rounds at least (default ${DEFAULT-VALUE}).")
    int minRounds;

    @Option(names = "--max-rounds", paramLabel = "N", defaultValue = MeasureDefaults.MAX_ROUNDS_TEXT, description = "Measured rounds at most.")
    int maxRounds;

    @Option(names = "--primary", paramLabel = "METRIC", split = ",",
            description = {"Metrics that decide stopping and gating (default: cpu_time; det.instructions with --deterministic).",
                    "first_output_time (a command's time to its first output) is measured only when named here."})
    List<String> primary = new ArrayList<>();

    @Option(names = "--seed", defaultValue = MeasureDefaults.SEED_TEXT, description = "Seed of the round order (and of --randomize-layout's padding).")
    long seed;

    @Option(names = "--randomize-layout",
            description = {"Give every run an environment variable PGOLAB_PAD of seeded-random length 0-4095.",
                    "It moves the initial stack (Mytkowicz et al. 2009); it does not relink or move code (docs/config.md)."})
    boolean randomizeLayout;

    @Option(names = "--deterministic", description = "Run under valgrind (cache and branch simulation): repeatable counts, a proxy for time.")
    boolean deterministic;

    @Option(names = "--fail-on", paramLabel = "regression", description = "Exit 1 when a gated metric regressed beyond its bound.")
    String failOn;

    @Option(names = "--json", paramLabel = "FILE", description = "Write every raw sample and verdict as JSON. '-': stdout.")
    Path json;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Write a Markdown report (for issues and PRs). '-': stdout.")
    Path markdown;

    @Option(names = "--csv", paramLabel = "FILE", description = "Write raw samples as CSV. '-': stdout.")
    Path csv;

    @Option(names = "--html", paramLabel = "FILE", description = "Write a self-contained HTML report (charts; flamegraphs with --flamegraph). '-': stdout.")
    Path html;

    @Option(names = "--flamegraph", description = {"After measuring, record one more run per variant and workload under perf record.",
            "Its call stacks go into --json and --html (a flamegraph per variant, and candidate against baseline) and SVG files."})
    boolean flamegraph;

    /** With --flamegraph, the results with a flamegraph per subject (artifacts in subject order); else as they are. */
    BenchResults flamegraphs(BenchContext c, BenchResults r,
                                             List<BenchWorkload> workloads,
                                             List<BuiltArtifact> artifacts) {
        return Flamegraphs.addIfAsked(flamegraph, deterministic, c, r, workloads, artifacts);
    }

    /** bench's and ladder's steps with these options and what the command adds. */
    BenchRun.Request benchRun(String command, WorkloadSelection selection, boolean layoutCheck,
                              boolean noTrainingCheck) {
        return new BenchRun.Request(command, benchOptions(), new TerminalBenchListener(System.err), selection.names,
                layoutCheck, noTrainingCheck, flamegraph);
    }

    /** --json, --markdown, --csv and --html as given, with the terminal on System.out. */
    Exports exports(Path workDir) {
        return Exports.of(workDir, json, markdown, csv).to(html, Exports.html());
    }

    CampaignSettings settings() {
        Duration b = maxTime == null ? MeasureDefaults.maxTime() : duration("--max-time", maxTime);
        totalMaxTime();
        if (targetCi <= 0 || minEffect < 0) {
            throw new UserError("--target-ci must be positive and --min-effect not negative", "e.g. --target-ci 1 --min-effect 1");
        }
        if (minRounds < 5) {
            throw new UserError("--min-rounds must be at least 5 (fewer cannot give a verdict)", "use --min-rounds 5 or more, or leave it out (the default is " + MeasureDefaults.MIN_ROUNDS + ")");
        }
        if (failOn != null && !failOn.equals("regression")) {
            throw new UserError("unknown --fail-on '" + failOn + "'", "the only value is: --fail-on regression");
        }
        return CampaignSettings.defaults().withMaxTime(b).withTarget(targetCi).withRounds(minRounds, Math.max(minRounds, maxRounds))
                .withWarmup(warmup).withSeed(seed).withPrimary(primaryMetrics()).withRandomizeLayout(randomizeLayout);
    }

    /** The engine's settings; bad options are user errors. */
    BenchOptions benchOptions() {
        return new BenchOptions(settings(), !primary.isEmpty(), minEffect / 100, deterministic, totalMaxTime(),
                maxTime != null);
    }

    /** The cap's option as the user wrote it, for messages. */
    Optional<Duration> totalMaxTime() {
        return totalMaxTime == null ? Optional.empty() : Optional.of(duration("--total-max-time", totalMaxTime));
    }

    private static Duration duration(String option, String text) {
        Duration d = Durations.parse(text).orElseThrow(() -> new UserError(option + " '" + text + "' is not a duration",
                "write e.g. " + option + " 60s or " + option + " 5m"));
        return d;
    }

    /** 1 with --fail-on regression when a gated measure regressed, else 0. */
    int exitCode(Results results) {
        return failOn != null && results.regressed() ? 1 : 0;
    }

    List<String> primaryMetrics() {
        if (!primary.isEmpty()) {
            return primary;
        }
        return List.of(deterministic ? "det.instructions" : MetricInfo.CPU_TIME);
    }
}
