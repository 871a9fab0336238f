package io.pgolab.bench;

import io.pgolab.UserError;
import io.pgolab.measure.Campaign;
import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.CampaignSettings;
import io.pgolab.measure.GatedMeasures;
import io.pgolab.measure.JvmPinning;
import io.pgolab.measure.Measurer;
import io.pgolab.measure.MetricInfo;
import io.pgolab.measure.Probe;
import io.pgolab.measure.Progress;
import io.pgolab.measure.Warning;
import io.pgolab.process.CommandMeasurer;
import io.pgolab.process.RunnerBinary;
import io.pgolab.stats.Comparison;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Strings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/** Measures each workload's subjects with one campaign and compares them with the first (the baseline). */
public final class BenchEngine {
    private final BenchOptions options;
    private final CommandLog log;
    private final Path scratch;
    private final BenchListener listener;
    private final Measurer measurer;
    private final LongSupplier nanoTime;

    /** Measures with pgolab-runner (CPU pinning, timeouts, rusage). */
    public BenchEngine(BenchOptions options, CommandLog log, Path scratch, BenchListener listener) {
        this(options, log, scratch, listener, Measurer.of(new CommandMeasurer(RunnerBinary.ensure())));
    }

    public BenchEngine(BenchOptions options, CommandLog log, Path scratch, BenchListener listener, Measurer measurer) {
        this(options, log, scratch, listener, measurer, System::nanoTime);
    }

    /** With the clock that the caps are timed by (see {@link Campaign}): tests pass one their fake Measurer advances. */
    public BenchEngine(BenchOptions options, CommandLog log, Path scratch, BenchListener listener, Measurer measurer,
                       LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        this.measurer = measurer;
        this.options = options;
        this.log = log;
        this.scratch = scratch;
        this.listener = listener;
    }

    /**
     * A command workload without a parser can only have the built-in metrics, its probes' and first_output_time:
     * a primary metric outside them (a typo in --primary) is refused before any round runs, not after them all.
     */
    static void checkPrimaryBeforeMeasuring(BenchWorkload w, CampaignSettings ws, List<Probe> probes) {
        if (w.subjects().stream().anyMatch(x -> x.parser().isPresent() || x.service().isPresent())) {
            return; // parsed figures and a server's roles are known only once it ran: checked after
        }
        List<String> known = new ArrayList<>(MetricInfo.builtIn().keySet());
        probes.forEach(p -> known.addAll(p.metrics().keySet()));
        known.add(MetricInfo.FIRST_OUTPUT_TIME);
        for (String p : ws.primaryMetrics()) {
            if (!known.contains(p)) {
                throw new UserError("primary metric '" + p + "' of workload '" + w.name() + "' is not measured for a"
                        + " command without a parser", Strings.closest(p, known)
                        .map(c -> "did you mean '" + c + "'? ").orElse("") + "metrics here: " + String.join(", ", known));
            }
        }
    }

    /** Results of a campaign that measured nothing (a gate decided without measuring), with this engine's settings. */
    public BenchResults nothing(String title) {
        return new BenchResults(title, options.settings(), options.deterministic(), List.of());
    }

    public BenchResults run(String title, List<BenchWorkload> workloads) {
        return run(title, workloads, this::primaryGated);
    }

    /**
     * A bench's gated measures: the metrics its verdict gates ({@link Microbench#gated}: the primary metrics, or a
     * suite's benchmarks) of every subject against the first, decided by their verdict.
     */
    GatedMeasures primaryGated(BenchWorkload w, CampaignSettings ws) {
        boolean chosen = primaryChosen(w);
        return measured -> Campaign.primaryGated(w.subjects(), Microbench.gated(ws.primaryMetrics(), chosen, measured),
                m -> w.minEffects().getOrDefault(m, options.minEffect()));
    }

    boolean primaryChosen(BenchWorkload w) {
        return options.primaryGiven() || !w.primary().isEmpty();
    }

    /** With the gated measures the stop rule waits for, per workload (given its settings). */
    public BenchResults run(String title, List<BenchWorkload> workloads,
                            BiFunction<BenchWorkload, CampaignSettings, GatedMeasures> gatedOf) {
        // pgolab's JIT and GC threads off the measured CPU while the campaigns run (the runner pins each command)
        JvmPinning pin = JvmPinning.awayFrom(options.settings().cpu(), log);
        try {
            return run(title, workloads, gatedOf, pin.outcome());
        } finally {
            pin.close();
        }
    }

    private BenchResults run(String title, List<BenchWorkload> workloads,
                             BiFunction<BenchWorkload, CampaignSettings, GatedMeasures> gatedOf,
                             JvmPinning.Outcome pinned) {
        CampaignSettings s = options.settings();
        List<Probe> probes = Probes.forMode(options.deterministic());
        Campaign campaign = new Campaign(measurer, log, scratch, probes, nanoTime);
        List<BenchResults.WorkloadResult> results = new ArrayList<>();
        double spent = 0;
        for (int i = 0; i < workloads.size(); i++) {
            BenchWorkload w = workloads.get(i);
            int left = workloads.size() - i;
            CampaignSettings ws = settingsFor(w, s).withMaxTime(TimePlan.share(s.maxTime(), options.maxTimeGiven(),
                    options.totalMaxTime(), spent, left));
            checkPrimaryBeforeMeasuring(w, ws, probes);
            listener.measuring(w.name(), w.subjects().size() + " subjects, until every gated measure is decided"
                    + " or --max-time " + TimePlan.duration(ws.maxTime().toMillis() / 1000.0) + " (primary: "
                    + String.join(",", ws.primaryMetrics()) + "); counters: "
                    + Probes.describe(options.deterministic()));
            GatedMeasures gm = gatedOf.apply(w, ws);
            CampaignResult r = campaign.run(w.subjects(), ws, paced(listener.progress(), ws, left), gm)
                    .withWarnings(w.warnings()).withWarnings(pinned.warning(s.cpu()).stream().toList());
            spent += r.elapsedSeconds();
            listener.measured(w.name());
            for (String p : ws.primaryMetrics()) {
                if (!r.metrics().containsKey(p)) {
                    boolean commands = w.subjects().stream().noneMatch(x -> x.service().isPresent());
                    List<String> known = new ArrayList<>(r.metrics().keySet());
                    if (commands) {
                        known.add(MetricInfo.FIRST_OUTPUT_TIME);
                    }
                    throw new UserError("primary metric '" + p + "' of workload '" + w.name() + "' was never measured",
                            Strings.closest(p, known).map(c -> "did you mean '" + c + "'? ").orElse("")
                                    + "metrics measured: " + String.join(", ", r.metrics().keySet())
                                    + (commands ? "; and first_output_time when it is a primary metric" : ""));
                }
            }
            String baseline = w.subjects().get(0).label();
            List<Comparison> cs = r.compare(baseline, w.minEffects(), options.minEffect());
            List<Warning> unpaired = new ArrayList<>();
            for (String label : r.labels().subList(1, r.labels().size())) {
                unpaired.addAll(Microbench.unpaired(w.name(), r, cs, baseline, label, "workload ", ws.primaryMetrics()));
            }
            // a suite's benchmarks are gated measures, each one (docs/parsers.md, "Microbenchmark suites")
            List<String> gated = Microbench.gated(ws.primaryMetrics(), primaryChosen(w),
                    r.metrics().keySet());
            results.add(new BenchResults.WorkloadResult(w.name(), w.command(), r.withWarnings(unpaired), cs, gated));
            if (settled(r, gm)) {
                break; // a measure decided the verdict whatever the workloads left do (a gate's, out of bounds)
            }
        }
        return new BenchResults(title, s, options.deterministic(), results, Optional.of(pinned));
    }

    /**
     * Whether a gated measure of this campaign decided the verdict whatever the other measures and workloads do
     * ({@link io.pgolab.measure.Gated#settles}: a gate's measure out of bounds; never a bench's), at its decision's look.
     */
    static boolean settled(CampaignResult r, GatedMeasures gated) {
        if (r.settled()) {
            return true;
        }
        for (io.pgolab.measure.Gated g : gated.of(r.metrics().keySet())) {
            boolean settles = r.compare(g.baseline(), g.candidate(), java.util.Map.of(), g.minEffect()).stream()
                    .anyMatch(c -> c.metric().equals(g.metric()) && g.decided().test(c)
                            && g.settles().apply(c).isPresent());
            if (settles) {
                return true;
            }
        }
        return false;
    }

    /** The listener's progress, and this workload's expected duration once its warm-up timed a round. */
    private Progress paced(Progress p, CampaignSettings ws, int left) {
        return new Progress() {
            @Override
            public void round(int round, int maxRounds, DoubleSupplier widest, double secondsLeft) {
                p.round(round, maxRounds, widest, secondsLeft);
            }

            @Override
            public void paced(double warmupSeconds, double secondsPerRound) {
                listener.expecting(TimePlan.estimate(left - 1, ws.warmupRounds(), ws.minRounds(), ws.maxRounds(),
                        secondsPerRound, ws.maxTime().toMillis() / 1000.0, options.maxTimeOption(), warmupSeconds));
            }
        };
    }

    /** A workload's own primary metrics unless some were given; its run limit (50 times it under valgrind). */
    private CampaignSettings settingsFor(BenchWorkload w, CampaignSettings s) {
        CampaignSettings ws = !options.primaryGiven() && !w.primary().isEmpty() ? s.withPrimary(w.primary()) : s;
        return ws.withRunTimeout(options.deterministic() ? w.timeout().multipliedBy(50) : w.timeout());
    }
}
