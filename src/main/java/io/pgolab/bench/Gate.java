package io.pgolab.bench;

import io.pgolab.UserError;
import io.pgolab.config.GateSpec;
import io.pgolab.config.Template;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.measure.Gated;
import io.pgolab.measure.Warning;
import io.pgolab.stats.Comparison;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.store.Worktrees;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A gate: the gated variants of two commits benched interleaved in one campaign per workload (subjects
 * base:VARIANT and candidate:VARIANT, so both see the same machine at the same moments), each candidate variant
 * compared with the same variant of the base, and every bounded metric decided within or out of bounds.
 */
public final class Gate {
    public static final String BASE = "base";
    public static final String CANDIDATE = "candidate";

    private Gate() {
    }

    /**
     * The commits and how to decide: what the command line and [gate] asked for.
     *
     * @param baseConfigBorrowed the base has no config of its own and was built with the candidate's
     */
    public record Request(Worktrees.Commit base, Worktrees.Commit candidate, String host, String configPath,
                          List<String> variants, GateSpec spec, String inconclusive, List<String> notes,
                          boolean baseConfigBorrowed) {
        public Request(Worktrees.Commit base, Worktrees.Commit candidate, String host, String configPath,
                       List<String> variants, GateSpec spec, String inconclusive, List<String> notes) {
            this(base, candidate, host, configPath, variants, spec, inconclusive, notes, false);
        }
    }

    /** The subjects' labels, in subject order: base:V1, candidate:V1, base:V2, ... */
    public static List<String> labels(List<String> variants) {
        List<String> out = new ArrayList<>();
        for (String v : variants) {
            out.add(BASE + ":" + v);
            out.add(CANDIDATE + ":" + v);
        }
        return out;
    }

    /** The artifacts in subject order: base and candidate of each variant. */
    public static List<BuiltArtifact> interleave(List<BuiltArtifact> base, List<BuiltArtifact> candidate) {
        List<BuiltArtifact> out = new ArrayList<>();
        for (int i = 0; i < base.size(); i++) {
            out.add(base.get(i));
            out.add(candidate.get(i));
        }
        return out;
    }

    /**
     * The [[bench]] entries to measure: those asked (every one when none is), less those that run a named artifact
     * ({artifact:NAME}) the base's own build does not make, as in the pull request that adds a suite: each left out
     * is said in notes, never run against a base that lacks it. Every entry left out is a user error.
     */
    public static List<String> runnableOnBase(List<WorkloadSpec> bench, List<String> asked, Set<String> baseArtifacts,
                                              List<String> notes) {
        List<String> out = new ArrayList<>(asked.isEmpty() ? bench.stream().map(WorkloadSpec::name).toList() : asked);
        List<String> dropped = new ArrayList<>();
        for (WorkloadSpec w : bench) {
            List<String> texts = new ArrayList<>(List.of(w.command()));
            w.service().ifPresent(sv -> {
                sv.processes().forEach(p -> texts.add(p.command()));
                texts.addAll(sv.clients());
            });
            List<String> missing = texts.stream().flatMap(t -> Template.placeholders(t).stream())
                    .filter(n -> n.startsWith("artifact:") && !baseArtifacts.contains(n.substring(9))).distinct().toList();
            if (!missing.isEmpty() && out.remove(w.name())) {   // an unknown name stays, for the selection's own error
                dropped.add("workload '" + w.name() + "' was not measured: it runs " + String.join(", ", missing.stream()
                        .map(n -> "{" + n + "}").toList()) + ", which the base's build does not make (its config"
                        + " declares no such build.artifacts); gates against a base that builds it measure it");
            }
        }
        if (out.isEmpty()) {
            throw new UserError("no [[bench]] workload can run on the base: " + String.join("; ", dropped),
                    "gate against a base that builds the named artifacts, or add a workload that runs {binary}");
        }
        notes.addAll(dropped);
        return out;
    }

    /** Runs the campaigns and decides. bench: the candidate's [[bench]] entries. */
    public static GateResult run(BenchEngine engine, String title, List<BenchWorkload> workloads, List<WorkloadSpec> bench,
                                 Request req, double defaultMinEffect) {
        return run(engine, title, workloads, bench, req, defaultMinEffect, false);
    }

    /**
     * The same; measureAll: measure every workload until each measure is decided or the cap, even once one measure
     * is out of bounds (by default the gate stops there: its verdict cannot change).
     */
    public static GateResult run(BenchEngine engine, String title, List<BenchWorkload> workloads, List<WorkloadSpec> bench,
                                 Request req, double defaultMinEffect, boolean measureAll) {
        BenchResults r = engine.run(title, workloads, (w, ws) -> measured -> gated(w.name(), ws.primaryMetrics(),
                engine.primaryChosen(w), bench, req, defaultMinEffect, measured, measureAll));
        List<BenchResults.WorkloadResult> paired = new ArrayList<>();
        for (BenchResults.WorkloadResult w : r.workloads()) {
            Map<String, Double> minEffects = spec(bench, w.name()).map(WorkloadSpec::minEffects).orElse(Map.of());
            List<Comparison> cs = new ArrayList<>();
            for (String v : req.variants()) {
                cs.addAll(w.campaign().compare(BASE + ":" + v, CANDIDATE + ":" + v, minEffects, defaultMinEffect));
            }
            // the engine paired every subject with the first; a gate pairs each variant of the two commits
            paired.add(w.withComparisons(cs).withCampaign(w.campaign().without(
                    Warning.Kind.UNPAIRED_BENCHMARK)));
        }
        BenchResults pairedResults = r.withWorkloads(paired);
        List<String> notes = new ArrayList<>(req.notes());
        skipped(workloads, r).ifPresent(notes::add);
        for (BenchResults.WorkloadResult w : paired) {
            // a benchmark left out of runs (0 ns/op, no time) is said in the gate's notes, as an unpaired one is
            w.campaign().warnings().stream().filter(x -> x.kind() == Warning.Kind.LEFT_OUT_BENCHMARK)
                    .forEach(x -> notes.add("workload '" + w.name() + "': " + x.message()));
            for (String v : req.variants()) {
                Microbench.unpaired(w.name(), w.campaign(), w.comparisons(), BASE + ":" + v,
                        CANDIDATE + ":" + v, "workload ").forEach(x -> notes.add(x.message()));
            }
        }
        List<GateMeasure> measures = measures(pairedResults, bench, req.spec(), notes);
        notes.addAll(ThreadedCpuTime.notes(pairedResults, measures));
        return new GateResult(req.base(), req.candidate(), req.host(), req.configPath(), req.variants(),
                req.inconclusive(), measures,
                pairedResults, List.copyOf(notes), req.baseConfigBorrowed());
    }

    /** The workloads a settled gate left unmeasured ({@link GateResult#settles}), as a note; empty when none. */
    private static Optional<String> skipped(List<BenchWorkload> workloads, BenchResults r) {
        List<String> done = r.workloads().stream().map(BenchResults.WorkloadResult::name).toList();
        List<String> left = workloads.stream().map(BenchWorkload::name).filter(n -> !done.contains(n)).toList();
        if (left.isEmpty() || done.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("workload" + (left.size() == 1 ? " '" : "s '") + String.join("', '", left) + "' not measured:"
                + " workload '" + done.get(done.size() - 1) + "' has a measure out of bounds, so the gate fails whatever"
                + " they do (--measure-all measures every workload)");
    }

    /**
     * What the campaign's stop rule waits for: every bounded metric of every variant, decided when the measure's status
     * ({@link GateMeasure#of}, the gate's one rule) is within or out of bounds. A bound on a metric the workload does
     * not measure is no measure (noted after the campaign).
     */
    static List<Gated> gated(String workload, List<String> primary, List<WorkloadSpec> bench, Request req,
                             double defaultMinEffect) {
        return gated(workload, primary, true, bench, req, defaultMinEffect, Set.of(), false);
    }

    /**
     * measured: the metrics measured so far, whose suite benchmarks (micro.NAME) are gated measures each; the primary
     * metrics as the verdict counts them ({@link Microbench#gated}: a suite's own time only when primary was chosen),
     * so the stop reason never counts a measure the verdict does not. A measure out of bounds settles the gate
     * ({@link GateResult#settles}) unless measureAll.
     */
    static List<Gated> gated(String workload, List<String> primary, boolean primaryChosen, List<WorkloadSpec> bench,
                             Request req, double defaultMinEffect, Set<String> measured, boolean measureAll) {
        Map<String, Double> own = spec(bench, workload).map(WorkloadSpec::bounds).orElse(Map.of());
        Map<String, Double> minEffects = spec(bench, workload).map(WorkloadSpec::minEffects).orElse(Map.of());
        List<String> counted = Microbench.gated(primary, primaryChosen, measured);
        List<Gated> out = new ArrayList<>();
        for (String v : req.variants()) {
            Set<String> names = boundedNames(own, req.spec(), counted);
            measured.stream().filter(Microbench::isBenchmark).forEach(names::add);
            for (String m : names) {
                double b = bound(m, own, req.spec(), counted).orElseThrow();
                out.add(new Gated(BASE + ":" + v, CANDIDATE + ":" + v, m, minEffects.getOrDefault(m, defaultMinEffect),
                        c -> GateMeasure.of(workload, v, c, b).status() != GateMeasure.Status.INCONCLUSIVE,
                        c -> measureAll ? Optional.empty() : GateResult.settles(GateMeasure.of(workload, v, c, b).status())));
            }
        }
        return out;
    }

    /** Every comparison of a metric with a bound, as a measure; bounds that apply nowhere are noted. */
    static List<GateMeasure> measures(BenchResults r, List<WorkloadSpec> bench, GateSpec spec, List<String> notes) {
        List<GateMeasure> out = new ArrayList<>();
        Set<String> globalUsed = new LinkedHashSet<>();
        for (BenchResults.WorkloadResult w : r.workloads()) {
            Map<String, Double> own = spec(bench, w.name()).map(WorkloadSpec::bounds).orElse(Map.of());
            boolean suite = w.campaign().metrics().keySet().stream().anyMatch(Microbench::isBenchmark);
            for (String m : own.keySet()) {
                if (!w.campaign().metrics().containsKey(m) && !(suite && m.equals(Microbench.ALL))) {
                    throw new UserError("workload '" + w.name() + "' has a bound on '" + m + "', but it was never measured",
                            "metrics measured: " + String.join(", ", w.campaign().metrics().keySet()));
                }
            }
            Set<String> bounded = new LinkedHashSet<>();
            for (Comparison c : w.comparisons()) {
                Optional<Double> bound = bound(c.metric(), own, spec, w.primary());
                if (bound.isPresent()) {
                    String variant = c.candidate().substring(CANDIDATE.length() + 1);
                    out.add(GateMeasure.of(w.name(), variant, c, bound.get()));
                    bounded.add(c.metric());
                    if (spec.bounds().containsKey(c.metric())) {
                        globalUsed.add(c.metric());
                    } else if (Microbench.isBenchmark(c.metric()) && spec.bounds().containsKey(Microbench.ALL)) {
                        globalUsed.add(Microbench.ALL);
                    }
                }
            }
            for (String m : boundedNames(own, spec, w.primary())) {
                // an unpaired benchmark is said by Microbench.unpaired
                if (w.campaign().metrics().containsKey(m) && !bounded.contains(m) && !Microbench.isBenchmark(m)) {
                    notes.add("workload '" + w.name() + "': " + m + " has a bound but no comparison (zero or too few"
                            + " events in some round), so it is not a measure");
                }
            }
        }
        for (String m : spec.bounds().keySet()) {
            if (!globalUsed.contains(m)) {
                notes.add("[gate] bounds." + m + " applies nowhere: no workload measured " + m
                        + (m.startsWith("instructions") || m.startsWith("cycles") || m.contains("misses")
                        ? " (perf hardware counters are not available on this machine?)" : ""));
            }
        }
        return out;
    }

    /** A metric's bound: the workload's own, else [gate] bounds, else [gate] bound for a primary metric. */
    static Optional<Double> bound(String metric, Map<String, Double> own, GateSpec spec, List<String> primary) {
        if (own.containsKey(metric)) {
            return Optional.of(own.get(metric));
        }
        if (spec.bounds().containsKey(metric)) {
            return Optional.of(spec.bounds().get(metric));
        }
        if (Microbench.isBenchmark(metric)) {
            // a suite's benchmarks, all of them: bounds = { micro = 5 } in [[bench]], then in [gate], then [gate] bound
            return Optional.of(own.getOrDefault(Microbench.ALL, spec.bounds().getOrDefault(Microbench.ALL, spec.bound())));
        }
        return primary.contains(metric) ? Optional.of(spec.bound()) : Optional.empty();
    }

    private static Set<String> boundedNames(Map<String, Double> own, GateSpec spec, List<String> primary) {
        Set<String> s = new LinkedHashSet<>(own.keySet());
        s.addAll(spec.bounds().keySet());
        s.addAll(primary);
        return s;
    }

    private static Optional<WorkloadSpec> spec(List<WorkloadSpec> bench, String name) {
        return bench.stream().filter(w -> w.name().equals(name)).findFirst();
    }
}
