package io.pgolab.measure;

import io.pgolab.UserError;
import io.pgolab.parse.RunFiles;
import io.pgolab.process.LoaderFailure;
import io.pgolab.process.MeasuredCommand;
import io.pgolab.process.Measurement;
import io.pgolab.process.NoSpace;
import io.pgolab.stats.Direction;
import io.pgolab.stats.HodgesLehmann;
import io.pgolab.stats.Verdict;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Dirs;
import io.pgolab.util.OutputFile;
import io.pgolab.util.Shell;
import io.pgolab.util.Text;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.Set;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import java.util.function.ToDoubleFunction;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Runs subjects in rounds until every gated measure is decided at one of the planned looks, or the cap
 * ({@code --max-time}) leaves no room for the next look ({@link StopRule}).
 * Each round runs every subject once, pinned to one CPU, so that drift on a shared machine hits all
 * subjects alike; the order within rounds is counterbalanced ({@link RoundOrder}: ABBA for two subjects,
 * seeded Latin squares for more) so that a linear drift cancels out. Warm-up rounds come first, in seeded
 * shuffled order, and are not recorded. Every measured round records the machine's noise ({@link RoundNoise}).
 * Stopping looks at the verdicts, which is valid only because every look's interval spends its own share of the
 * 5% ({@link io.pgolab.stats.Looks}): whatever look the campaign stops at, its intervals keep their 95%.
 */
public final class Campaign {
    private final Measurer measurer;
    private final CommandLog log;
    private final Path scratch;
    private final List<Probe> probes;
    private final LongSupplier nanoTime;
    private final HostSampler host;
    private Random pad = new Random(0);

    public Campaign(Measurer measurer, CommandLog log, Path scratch, List<Probe> probes) {
        this(measurer, log, scratch, probes, System::nanoTime);
    }

    /**
     * With the clock that the cap and elapsed times are read from, in nanoseconds like
     * {@link System#nanoTime()}: tests pass a fake one that their fake Measurer advances.
     */
    public Campaign(Measurer measurer, CommandLog log, Path scratch, List<Probe> probes, LongSupplier nanoTime) {
        this(measurer, log, scratch, probes, nanoTime, HostSampler.PROC);
    }

    /** With where the per-round steal, iowait and load are read from: tests pass a fake. */
    public Campaign(Measurer measurer, CommandLog log, Path scratch, List<Probe> probes, LongSupplier nanoTime,
                    HostSampler host) {
        this.host = host;
        this.measurer = measurer;
        this.log = log;
        this.scratch = scratch;
        this.probes = probes;
        this.nanoTime = nanoTime;
    }

    /** Subjects that wrote nothing to stdout in a run that watched for its first output (this campaign's). */
    private final Set<String> silent = new LinkedHashSet<>();
    /** What the parsers left out of this campaign's runs. */
    private final LeftOut leftOut = new LeftOut();

    /** Gated: every primary metric of every subject against the first, decided by its bench verdict. */
    public CampaignResult run(List<Subject> subjects, CampaignSettings s, Progress progress) {
        return run(subjects, s, progress, primaryGated(subjects, s, MeasureDefaults.minEffect()));
    }

    /** Each primary metric of each subject after the first against the first, decided when not inconclusive. */
    public static List<Gated> primaryGated(List<Subject> subjects, CampaignSettings s, double minEffect) {
        return primaryGated(subjects, s, m -> minEffect);
    }

    public static List<Gated> primaryGated(List<Subject> subjects, CampaignSettings s,
                                           ToDoubleFunction<String> minEffect) {
        return primaryGated(subjects, s.primaryMetrics(), minEffect);
    }

    /** Each of metrics of each subject after the first against the first, decided when not inconclusive. */
    public static List<Gated> primaryGated(List<Subject> subjects, List<String> metrics,
                                           ToDoubleFunction<String> minEffect) {
        List<Gated> out = new ArrayList<>();
        for (Subject c : subjects.subList(Math.min(1, subjects.size()), subjects.size())) {
            for (String m : metrics) {
                out.add(new Gated(subjects.get(0).label(), c.label(), m, minEffect.applyAsDouble(m),
                        x -> x.verdict() != Verdict.INCONCLUSIVE));
            }
        }
        return out;
    }

    /** Until every gated measure is decided at a look, or the cap ({@link StopRule}). */
    public CampaignResult run(List<Subject> subjects, CampaignSettings s, Progress progress, List<Gated> gated) {
        return run(subjects, s, progress, GatedMeasures.fixed(gated));
    }

    /** Until every gated measure is decided at a look, or the cap; the measures asked again at every look. */
    public CampaignResult run(List<Subject> subjects, CampaignSettings s, Progress progress, GatedMeasures gated) {
        silent.clear();
        leftOut.clear();
        Map<String, MetricInfo> metrics = new LinkedHashMap<>(MetricInfo.builtIn());
        probes.forEach(p -> metrics.putAll(p.metrics()));
        if (watchesFirstOutput(s) && subjects.stream().anyMatch(x -> x.service().isEmpty())) {
            metrics.put(MetricInfo.FIRST_OUTPUT_TIME, MetricInfo.firstOutput()); // a server has ready_time instead
        }
        List<Warning> warnings = new ArrayList<>(HostChecks.before());
        Map<String, String> outputs = new LinkedHashMap<>();
        Random order = new Random(s.seed());
        pad = new Random(s.seed() ^ PAD_SEED);
        if (s.randomizeLayout() && HostInfo.read("/proc/sys/kernel/randomize_va_space").equals("0")) {
            warnings.add(Warning.aslrOff());
        }
        long start = nanoTime.getAsLong();
        subjects.forEach(x -> log.record(x.workDir(), x.env(), x.argv()));
        RunOutput.prune(scratch, subjects.stream().map(x -> safe(x.label())).collect(Collectors.toSet()));
        for (int w = 0; w < s.warmupRounds(); w++) {
            for (Subject x : shuffled(subjects, order)) {
                once(x, s, metrics, outputs);
            }
        }
        double warmupSeconds = (nanoTime.getAsLong() - start) / 1e9;
        StopRule rule = new StopRule(s, gated);
        if (s.warmupRounds() > 0) {
            planFromWarmUp(rule, s, progress, warmupSeconds).ifPresent(warnings::add);
        }
        Rounds r = rounds(subjects, s, progress, rule, metrics, outputs, order, start, warmupSeconds);
        List<String> labels = subjects.stream().map(Subject::label).toList();
        List<RoundNoise> noise = PhaseChanges.mark(r.noise(), r.runs(), labels, s.primaryMetrics().get(0));
        warnings.addAll(HostChecks.after(r.runs(), subjects, s.primaryMetrics()));
        silent.forEach(label -> warnings.add(Warning.noFirstOutput(label)));
        warnings.addAll(leftOut.warnings());
        warnings.addAll(PhaseChanges.warnings(noise));
        double total = (nanoTime.getAsLong() - start) / 1e9;
        return new CampaignResult(labels, r.runs(), metrics, r.count(), s.warmupRounds(), r.stop(), total, s.seed(),
                warnings, outputs, List.copyOf(noise), rule.looks(), rule.decidedAt(), rule.lookSeconds());
    }

    /** The looks planned from the warm-up's time per round; a warning when the minimum rounds do not fit the cap. */
    private static Optional<Warning> planFromWarmUp(StopRule rule, CampaignSettings s, Progress progress,
                                                    double warmupSeconds) {
        double perRound = warmupSeconds / s.warmupRounds();
        rule.plan(s.maxTime().toMillis() / 1000.0 - warmupSeconds, perRound);
        progress.paced(warmupSeconds, perRound);
        double needed = warmupSeconds + perRound * s.minRounds();
        return needed > s.maxTime().toSeconds()
                ? Optional.of(Warning.shortMaxTime(s.maxTime().toSeconds(), s.minRounds(), needed, perRound))
                : Optional.empty();
    }

    /** The measured rounds, the machine's noise in each, how many, and why they stopped. */
    private record Rounds(List<Run> runs, List<RoundNoise> noise, int count, String stop) {
    }

    /** Counterbalanced rounds until the stop rule says why to stop (start: the warm-up's, warmupSeconds: its time). */
    private Rounds rounds(List<Subject> subjects, CampaignSettings s, Progress progress, StopRule rule,
                          Map<String, MetricInfo> metrics, Map<String, String> outputs, Random order, long start,
                          double warmupSeconds) {
        List<Run> runs = new ArrayList<>();
        long measuredStart = nanoTime.getAsLong();
        String stop = "";
        int round = 0;
        RoundOrder counterbalanced = new RoundOrder(subjects, order);
        List<RoundNoise> noise = new ArrayList<>();
        // Each subject's primary values so far, for the stopping rule (it scanned all runs after every round).
        PrimaryValues primaries = new PrimaryValues(s.primaryMetrics());
        // One /proc/stat read per round: a round's end is the next one's start (the statistics between count in).
        long[] ticks = host.cpuTicks(s.cpu());
        while (stop.isEmpty()) {
            round++;
            List<Subject> order1 = counterbalanced.next();
            for (int i = 0; i < order1.size(); i++) {
                Subject x = order1.get(i);
                Map<String, Double> values = once(x, s, metrics, outputs);
                runs.add(new Run(x.label(), round, i, values));
                primaries.add(x.label(), values);
            }
            long[] end = host.cpuTicks(s.cpu());
            double[] si = HostSampler.stealAndIowait(ticks, end);
            ticks = end;
            noise.add(new RoundNoise(round, si[0], si[1], host.loadAverage(), false));
            double elapsed = (nanoTime.getAsLong() - measuredStart) / 1e9;
            double perRound = elapsed / round;
            if (!rule.planned()) { // no warm-up: the first measured round times the rounds
                rule.plan(s.maxTime().toMillis() / 1000.0, perRound);
                progress.paced(0, perRound);
            }
            // For the progress line (95%, not a look's): computed once, and only when the progress report asks.
            int r = round;
            double[] memo = {Double.NaN};
            DoubleSupplier widestNow = () -> {
                if (Double.isNaN(memo[0])) {
                    memo[0] = widestHalfWidth(primaries, subjects, s, r);
                }
                return memo[0];
            };
            double left = s.maxTime().toMillis() / 1000.0 - warmupSeconds - elapsed;
            progress.round(round, s.maxRounds(), widestNow, Math.max(0, left));
            double sinceStart = (nanoTime.getAsLong() - start) / 1e9;
            stop = rule.after(round, runs, metrics, sinceStart, left, perRound).orElse("");
        }
        return new Rounds(runs, noise, round, stop);
    }

    /** first_output_time is measured (the runner watches stdout) when it is a primary metric. */
    static boolean watchesFirstOutput(CampaignSettings s) {
        return s.primaryMetrics().contains(MetricInfo.FIRST_OUTPUT_TIME);
    }

    /** Mixed into the seed of the padding lengths, so that they do not follow the round order's draws. */
    private static final long PAD_SEED = 0x5061644c61796f75L;
    /** Padding lengths are 0 to this, in bytes: a page, so the initial stack moves across all its alignments. */
    public static final int MAX_PAD = 4095;

    /** The next run's environment: the subject's, plus PGOLAB_PAD of seeded-random length with --randomize-layout. */
    private Map<String, String> env(Subject x, CampaignSettings s) {
        if (!s.randomizeLayout()) {
            return x.env();
        }
        Map<String, String> env = new LinkedHashMap<>(x.env());
        env.put(PAD_VARIABLE, "x".repeat(pad.nextInt(MAX_PAD + 1)));
        return env;
    }

    /** The variable that --randomize-layout pads the environment with. */
    public static final String PAD_VARIABLE = "PGOLAB_PAD";

    private static List<Subject> shuffled(List<Subject> subjects, Random order) {
        List<Subject> l = new ArrayList<>(subjects);
        Collections.shuffle(l, order);
        return l;
    }

    /** Widest 95% CI half-width (percent) of any primary metric of any candidate against the first subject. */
    static double widestHalfWidth(PrimaryValues primaries, List<Subject> subjects, CampaignSettings s, int rounds) {
        if (rounds < 2) {
            return Double.POSITIVE_INFINITY;
        }
        double widest = 0;
        String base = subjects.get(0).label();
        for (Subject c : subjects.subList(Math.min(1, subjects.size() - 1), subjects.size())) {
            for (String metric : s.primaryMetrics()) {
                double[] b = primaries.values(base, metric);
                double[] x = primaries.values(c.label(), metric);
                if (b.length != x.length || b.length < 2 || !CampaignResult.positive(b) || !CampaignResult.positive(x)) {
                    continue;
                }
                // The interval the verdict uses (stats.HodgesLehmann), so the progress line's CI is the kind reported.
                double[] ci = HodgesLehmann.interval(b, x);
                widest = Math.max(widest, (ci[1] - ci[0]) / 2 * 100);
            }
        }
        return widest;
    }

    private Map<String, Double> once(Subject x, CampaignSettings s, Map<String, MetricInfo> metrics,
                                     Map<String, String> outputs) {
        if (x.service().isPresent()) {
            return onceService(x, s, metrics, outputs);
        }
        Path dir = scratch.resolve(safe(x.label()));
        Path stdout = dir.resolve("stdout");
        Path stderr = dir.resolve("stderr");
        try {
            if (!Files.isDirectory(dir)) { // createDirectories throws (and catches) an exception when it exists
                Files.createDirectories(dir);
            }
            List<String> argv = x.argv();
            List<Path> probeDirs = new ArrayList<>();
            for (Probe p : probes) {
                Path pd = dir.resolve("probe-" + p.name());
                Dirs.fresh(pd);
                probeDirs.add(pd);
                argv = p.wrap(argv, pd);
            }
            boolean first = watchesFirstOutput(s);
            RunFiles files = ParserMetrics.files(x, dir.resolve("files"));
            Measurement m = measurer.run(new MeasuredCommand(argv, x.workDir(), ParserMetrics.env(x, files, env(x, s)),
                    OptionalInt.of(s.cpu()), s.runTimeout(), stdout, stderr, first));
            if (!m.succeeded()) {
                Optional<UserError> full = NoSpace.check(x.argv(), List.of(stdout, stderr),
                        OutputFile.readQuietly(stdout) + "\n" + OutputFile.readQuietly(stderr), x.workDir());
                if (full.isPresent()) {
                    throw full.get();
                }
                throw new UserError("'" + x.label() + "' failed during measurement (" + m.outcome() + "):\n  $ "
                        + Shell.join(x.argv()) + "\n  last lines of its output:\n    "
                        + RunOutput.tail(stdout, stderr, 15).replace("\n", "\n    "),
                        m.timedOut() ? "raise the workload's timeout" : LoaderFailure.hint(OutputFile.readQuietly(stderr))
                                .orElse("run the command by hand to see why; a failed run is never averaged in"));
            }
            Map<String, Double> values = MetricInfo.of(m);
            if (values.containsKey(MetricInfo.RUN_DELAY)) {
                metrics.putIfAbsent(MetricInfo.RUN_DELAY, MetricInfo.runDelay());
            }
            if (first) {
                // Nothing written: the run's first output is its end (and the campaign says so).
                values.put(MetricInfo.FIRST_OUTPUT_TIME, m.firstOutputSeconds() >= 0 ? m.firstOutputSeconds() : m.wallSeconds());
                if (m.firstOutputSeconds() < 0) {
                    silent.add(x.label());
                }
            }
            for (int i = 0; i < probes.size(); i++) {
                values.putAll(probes.get(i).read(probeDirs.get(i)));
            }
            if (x.parser().isPresent()) {
                ParserMetrics.add(x, RunOutput.forParser(stdout, x.label(), x.parser().get()), files,
                        RunOutput.size(stdout), values, metrics, List.of(), leftOut);
            }
            outputs.computeIfAbsent(x.label(), k -> OutputFile.tailOrNote(stdout, 1).strip());
            return values;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted during measurement");
        } finally {
            OutputFile.capQuietly(stdout);
            OutputFile.capQuietly(stderr);
        }
    }

    /** A server under load: its own rusage (cpu_time is the server's), wall_time the load window. */
    private Map<String, Double> onceService(Subject x, CampaignSettings s, Map<String, MetricInfo> metrics,
                                            Map<String, String> outputs) {
        // another CPU of pgolab's own set, read before JvmPinning narrowed it (under taskset -c 0: CPU 0 too)
        int clientCpu = MeasuredCpu.clientFor(s.cpu());
        ServiceExec.Outcome o = x.service().get().run(s.cpu(), clientCpu);
        Map<String, Double> values = MetricInfo.of(o.underTest());
        values.put(MetricInfo.WALL_TIME, o.loadSeconds());
        if (o.readySeconds() > 0) {
            values.put(MetricInfo.READY_TIME, o.readySeconds());
            metrics.putIfAbsent(MetricInfo.READY_TIME, new MetricInfo(MetricInfo.READY_TIME, "s",
                    Direction.LOWER_IS_BETTER));
        }
        o.roles().forEach((role, m) -> MetricInfo.ofRole(role, m).forEach((name, v) -> {
            values.put(name, v);
            metrics.putIfAbsent(name, MetricInfo.roleInfo(name));
        }));
        if (x.parser().isPresent()) {
            ParserMetrics.add(x, o.clientOutput(), RunFiles.NONE, 0, values, metrics, o.roleNames(), leftOut);
        }
        outputs.computeIfAbsent(x.label(), k -> Text.lastLines(o.clientOutput(), 1).strip());
        return values;
    }

    private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9._+-]");

    private static String safe(String label) {
        return UNSAFE.matcher(label).replaceAll("_");
    }
}
