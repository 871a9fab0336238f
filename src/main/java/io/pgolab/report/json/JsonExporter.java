package io.pgolab.report.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.pgolab.Version;
import io.pgolab.bench.BenchResults;
import io.pgolab.bench.GateMeasure;
import io.pgolab.bench.GateResult;
import io.pgolab.bench.Ladder;
import io.pgolab.bench.LayoutCheck;
import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.HostInfo;
import io.pgolab.measure.Run;
import io.pgolab.measure.Warning;
import io.pgolab.pipeline.BoltReport;
import io.pgolab.pipeline.BoltStage;
import io.pgolab.pipeline.PipelineOutcome;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.report.BuildCost;
import io.pgolab.report.Exporter;
import io.pgolab.report.PotentialLines;
import io.pgolab.report.PotentialWorth;
import io.pgolab.report.Results;
import io.pgolab.stats.Comparison;
import io.pgolab.store.BuildResult;
import io.pgolab.store.BuildStepCost;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.store.Worktrees;
import io.pgolab.toolchain.ProfileSummary;
import io.pgolab.util.Json;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The results file, pgolab-results/1 (docs/results-schema.md): {@link ResultsDocument} written by Jackson. */
public final class JsonExporter implements Exporter {
    static final double CI_LEVEL = 0.95;
    /**
     * method.estimator and method.significance_test (docs/statistics.md). method.bootstrap_resamples is written as 0:
     * the reported interval is not resampled any more (the key stays, pgolab-results/1 keeps its keys).
     */
    static final String ESTIMATOR = "hodges-lehmann";
    static final String SIGNIFICANCE_TEST = "Wilcoxon signed-rank on per-round log ratios, two-sided, alpha 0.05";

    @Override
    public String render(Results r) {
        try {
            return Json.MAPPER.writeValueAsString(document(r, envelope(r.source())));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The document of these results under this envelope (tests give a fixed one). */
    public static ResultsDocument document(Results r, ResultsDocument.Envelope envelope) {
        PipelineOutcome o = r.build();
        List<ResultsDocument.VariantEntry> variants = null;
        List<ResultsDocument.Training> sets = null;
        Double pgoExtra = null;
        Double pgoExtraCpu = null;
        if (o != null) {
            variants = variants(o);
            sets = training(o);
            pgoExtra = Seconds.wall(BuildCost.pgoExtraSeconds(o).orElse(null));
            pgoExtraCpu = BuildCost.pgoExtraCpuSeconds(o).map(Seconds::cpu).orElse(null);
        }
        ResultsDocument.LadderBody ladder = null;
        ResultsDocument.BenchBody nested = null;
        ResultsDocument.BenchBody top = r.bench() == null ? null : bench(r.bench());
        if (r.ladder() != null) {
            variants = r.ladder().built().stream().map(a -> new ResultsDocument.VariantEntry(a.variant(), null,
                    Seconds.wall(a.buildSeconds()), a.binaryBytes(), null, a.binary(), null, null, null, null, null, null, null,
                    cpu(a), null, null)).toList();
            ladder = ladder(r.ladder().ladder());
            nested = top;
            top = null;
        }
        ResultsDocument.ProfileEntry profile = null;
        Map<String, ResultsDocument.OptimizedBuild> optimized = null;
        if (r.profile() != null) {
            profile = profile(r.profile());
            optimized = new LinkedHashMap<>();
            for (BuiltArtifact a : r.profile().optimized()) {
                optimized.put(a.variant(), new ResultsDocument.OptimizedBuild(a.profileMismatched(), a.profileMissing(),
                        a.profileCheck()));
            }
        }
        return new ResultsDocument(envelope, r.losses(), variants, sets == null || sets.isEmpty() ? null : sets.get(0),
                sets == null || sets.isEmpty() ? null : sets, pgoExtra, pgoExtraCpu, r.buildFailure(), ladder, nested, profile, optimized, top,
                r.trainingMatch(), r.gate() == null ? null : gate(r.gate()), r.source().log().entries());
    }

    public static ResultsDocument.GateBody gate(GateResult g) {
        List<ResultsDocument.MeasureEntry> ms = g.measures().stream().map(m -> {
            Comparison c = m.comparison();
            return new ResultsDocument.MeasureEntry(m.workload(), m.variant(), c.metric(), c.unit(), c.direction().json(),
                    c.baselineMedian(), c.candidateMedian(), c.changePercent(), (c.ciLow() - 1) * 100,
                    (c.ciHigh() - 1) * 100, m.worstPercent(), m.boundPercent(), m.status().json(), c.rounds());
        }).toList();
        return new ResultsDocument.GateBody(commit(g.base()), commit(g.candidate()), g.host(), g.configPath(), g.variants(),
                g.inconclusive(), g.passed(), g.summary(), g.with(GateMeasure.Status.WITHIN_BOUNDS).size(),
                g.with(GateMeasure.Status.OUT_OF_BOUNDS).size(), g.inconclusiveCount(), ms,
                g.notes(), g.microbench().orElse(null), g.baseConfigBorrowed() ? Boolean.TRUE : null,
                g.samePrograms().isEmpty() ? null : g.samePrograms(), g.program().orElse(null));
    }

    private static ResultsDocument.CommitEntry commit(Worktrees.Commit c) {
        return new ResultsDocument.CommitEntry(c.ref(), c.sha());
    }

    /** Now, this machine, and the project and toolchain when there is one. */
    public static ResultsDocument.Envelope envelope(Results.Source s) {
        String now = Instant.now().toString();
        if (s.config() == null) {
            return new ResultsDocument.Envelope(ResultsDocument.SCHEMA, Version.get(), now, HostInfo.label(), null, null, null, null,
                    HostInfo.record(Path.of("").toAbsolutePath()));
        }
        return new ResultsDocument.Envelope(ResultsDocument.SCHEMA, Version.get(), now, HostInfo.label(), s.config().name(),
                s.config().file().toString(), s.toolchain().describe(), s.toolchain().versions(),
                HostInfo.record(s.config().root()));
    }

    static List<ResultsDocument.VariantEntry> variants(PipelineOutcome o) {
        List<BuildResult> rows = new ArrayList<>(o.builds());
        o.instrumented().ifPresent(rows::add);
        List<ResultsDocument.VariantEntry> out = new ArrayList<>();
        for (BuildResult r : rows) {
            BuiltArtifact a = r.artifact();
            BoltReport bolt = a.phase().equals("bolt") ? BoltStage.report(a).orElse(null) : null;
            out.add(new ResultsDocument.VariantEntry(a.variant(), a.phase(), Seconds.wall(a.buildSeconds()), a.binaryBytes(),
                    a.binarySha256().orElse(null), a.binary(), r.cached(), a.profileSha256(), a.profileMismatched(), a.profileMissing(),
                    a.profileCheck(), a.command(), bolt, cpu(a), a.loadAvg(), steps(a)));
        }
        return out;
    }

    private static List<BuildStepCost> steps(BuiltArtifact a) {
        return a.buildSteps() == null ? null : a.buildSteps().stream().map(st -> new BuildStepCost(
                st.step(), Seconds.wall(st.wallSeconds()), Seconds.cpu(st.cpuSeconds()))).toList();
    }

    private static Double cpu(Double seconds) {
        return seconds == null ? null : Seconds.cpu(seconds);
    }

    private static Double cpu(BuiltArtifact a) {
        return a.cpuSeconds().map(Seconds::cpu).orElse(null);
    }

    static List<ResultsDocument.Training> training(PipelineOutcome o) {
        List<ResultsDocument.Training> sets = new ArrayList<>();
        o.profiles().forEach((set, p) -> sets.add(new ResultsDocument.Training(set,
                ResultsDocument.TrainingRun.of(p), Seconds.wall(p.mergeSeconds()),
                p.profile(), p.sha256(), p.bytes(), p.dropped(), o.trained() && p.stored() == null
                        || o.trained() && !p.stored().retrained().isEmpty(), stored(p.stored()))));
        return sets;
    }

    static ResultsDocument.StoredProfileEntry stored(ProfileRecord.StoredUse s) {
        if (s == null) {
            return null;
        }
        return new ResultsDocument.StoredProfileEntry(s.file(), s.sha256(), s.gitCommit(), s.gitDirty(), s.createdAt(),
                s.commitsSince() < 0 ? null : s.commitsSince(), s.mismatched() < 0 ? null : s.mismatched(),
                s.missing() < 0 ? null : s.missing(), s.functions() > 0 ? s.functions() : null,
                s.staleShare() < 0 ? null : Math.round(s.staleShare() * 10000) / 10000.0, s.retrained().isEmpty(),
                s.retrained().isEmpty() ? null : s.retrained(),
                s.lostCounts() < 0 ? null : Math.round(s.lostCounts() * 10000) / 10000.0);
    }

    public static ResultsDocument.BenchBody bench(BenchResults r) {
        List<String> gated = r.gated();
        var s = r.settings();
        ResultsDocument.Method method = new ResultsDocument.Method(s.warmupRounds(), s.minRounds(),
                s.maxTime().toMillis() / 1000.0, s.targetHalfWidthPercent(), s.primaryMetrics(), gated, s.seed(),
                s.cpu(), r.deterministic(), CI_LEVEL, 0, SIGNIFICANCE_TEST, ESTIMATOR, r.jvmThreads()
                .map(p -> new ResultsDocument.JvmThreads(p.pinned(), p.cpus(), p.reason())).orElse(null), s.maxRounds());
        List<ResultsDocument.Workload> workloads = new ArrayList<>();
        List<ResultsDocument.ComparisonEntry> flat = new ArrayList<>();
        for (BenchResults.WorkloadResult w : r.workloads()) {
            CampaignResult c = w.campaign();
            Map<String, ResultsDocument.MetricEntry> metrics = new LinkedHashMap<>();
            c.metrics().values().forEach(i -> metrics.put(i.name(),
                    new ResultsDocument.MetricEntry(i.unit(), i.direction().json())));
            Map<String, Map<String, Double>> medians = new LinkedHashMap<>();
            c.labels().forEach(label -> medians.put(label, c.medians(label)));
            List<ResultsDocument.ComparisonEntry> comps = w.comparisons().stream()
                    .map(x -> comparison(w.name(), x, gated.contains(x.metric()))).toList();
            flat.addAll(comps);
            List<ResultsDocument.RunEntry> runs = new ArrayList<>();
            for (Run run : c.runs()) {
                runs.add(new ResultsDocument.RunEntry(run.label(), run.round(), run.position(), run.metrics()));
            }
            workloads.add(new ResultsDocument.Workload(w.name(), w.command(), c.labels(), c.rounds(), c.stopReason(),
                    Seconds.wall(c.elapsedSeconds()), c.warnings().stream().map(Warning::message).toList(),
                    c.warnings().stream().map(x -> x.kind().json()).toList(), c.outputs(), metrics, medians, comps,
                    w.potential(), runs,
                    c.noise().stream().map(ResultsDocument.RoundNoiseEntry::of).toList(),
                    w.layout().map(l -> layout(w.name(), l)).orElse(null), w.flamegraphs(),
                    PotentialWorth.of(w.potential()), PotentialLines.of(w, gated),
                    c.looks().looks().stream().map(l -> new ResultsDocument.LookEntry(l.round(), l.alpha())).toList()));
        }
        return new ResultsDocument.BenchBody(method, workloads, flat, r.summary(gated),
                r.outcome(gated).regressed().size(), r.microbench(gated).orElse(null));
    }

    static ResultsDocument.LayoutEntry layout(String workload, LayoutCheck l) {
        Map<String, Double> bounds = new LinkedHashMap<>();
        l.comparisons().forEach(c -> l.boundPercent(c.metric()).ifPresent(b -> bounds.put(c.metric(), b)));
        return new ResultsDocument.LayoutEntry(l.variants(), l.functions(), l.moved(), bounds,
                l.comparisons().stream().map(c -> comparison(workload, c, false)).toList());
    }

    public static ResultsDocument.ComparisonEntry comparison(String workload, Comparison x, boolean gated) {
        return new ResultsDocument.ComparisonEntry(workload, x.baseline(), x.candidate(), x.metric(), x.unit(),
                x.direction().json(), x.baselineMedian(), x.candidateMedian(), x.ratio(), x.ciLow(), x.ciHigh(),
                1 - x.alpha(), PValues.written(x.pValue()), PValues.upperBound(x.pValue()), x.minEffect(), x.verdict().json(), gated, x.rounds(), x.seed(), x.baselineCv(),
                x.candidateCv(), x.baselineSamples(), x.candidateSamples(), x.seconds() > 0 ? Seconds.wall(x.seconds()) : null);
    }

    static ResultsDocument.LadderBody ladder(Ladder l) {
        List<ResultsDocument.Step> steps = l.steps().stream().map(s -> new ResultsDocument.Step(s.workload(),
                s.metric(), s.variant(), s.previous(), Seconds.wall(s.buildSeconds()), Seconds.wall(s.pipelineSeconds()),
                Seconds.wall(s.trainingSeconds()), s.binaryBytes(),
                gain(s.vsRelease()), gain(s.vsPrevious()), s.recommendation(), cpu(s.buildCpuSeconds()),
                cpu(s.pipelineCpuSeconds()))).toList();
        List<ResultsDocument.Slowdown> slow = l.trainingSlowdown().stream().map(d -> new ResultsDocument.Slowdown(
                d.workload(), Seconds.cpu(d.instrumentedCpuSeconds()), Seconds.cpu(d.releaseCpuSeconds()), d.factor())).toList();
        return new ResultsDocument.LadderBody(steps, slow);
    }

    static ResultsDocument.Gain gain(Comparison c) {
        if (c == null) {
            return null;
        }
        double[] ci = Ladder.gainCi(c);
        return new ResultsDocument.Gain(Ladder.gain(c), ci[0], ci[1], PValues.written(c.pValue()),
                PValues.upperBound(c.pValue()), c.verdict().json(), c.rounds());
    }

    static ResultsDocument.ProfileEntry profile(Results.ProfilePart p) {
        ProfileSummary s = p.summary();
        return new ResultsDocument.ProfileEntry(p.record().profile(), p.record().sha256(), s.bytes(),
                s.functionsInstrumented(), s.functionsWithCounts(), s.coveragePercent(), s.totalCount(),
                s.profiledSeconds().isPresent() ? Seconds.wall(s.profiledSeconds().getAsDouble()) : null, s.hottest(), p.stale(),
                ResultsDocument.TrainingRun.of(p.record()), p.record().dropped());
    }
}
