package io.pgolab.bench;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.pipeline.PipelineOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The steps of 'pgolab bench' and 'pgolab ladder', in order: the [[bench]] workloads chosen (a typo fails before any
 * build), the variants or steps, the build (or, for a bench with --no-build, the binaries already built), the
 * training check before measuring ({@link TrainingCheck}), the measurements, flamegraphs when asked, PGO potential,
 * the layout check, and the training check after. A ladder also times what each step cost ({@link LadderCosts}).
 * The commands parse their options before, and write the results after.
 */
public final class BenchRun {
    private final BenchContext c;
    private final Request req;
    private final ProjectWorkloads workloads;

    /** How the command builds variants: its pipeline, which writes a failed build to --json. */
    public interface Builds {
        PipelineOutcome build(List<Variant> variants);
    }

    /**
     * What a bench or ladder was asked for, beside its variants.
     *
     * @param command           "bench" or "ladder": the results' title and the scratch directory under the store's runs
     * @param options           how to measure
     * @param listener          where the measurements' progress goes
     * @param workloads         the [[bench]] entries to run (--workload; empty: every one)
     * @param layoutCheck       --layout-check: measure relink-1 and relink-2 too
     * @param skipTrainingCheck --no-training-check
     * @param flamegraph        --flamegraph
     */
    public record Request(String command, BenchOptions options, BenchListener listener, List<String> workloads,
                          boolean layoutCheck, boolean skipTrainingCheck, boolean flamegraph) {
    }

    /**
     * What a run found: the results, the training check (with what it found), the artifacts of the variants or steps
     * (without the layout check's relinks on a ladder), and a ladder's steps with their costs.
     */
    public record Outcome(BenchResults results, TrainingCheck training, List<BuiltArtifact> built,
                          Optional<Ladder> ladder) {
    }

    private BenchRun(BenchContext c, Request req) {
        this.c = c;
        this.req = req;
        this.workloads = new ProjectWorkloads(c, req.workloads()); // a typo in the config should not wait for a build
    }

    /** 'pgolab bench': the variants named (else the configured ones, release first), built unless noBuild. */
    public static Outcome bench(BenchContext c, Request req, List<String> variantNames, boolean noBuild, Builds builds) {
        BenchRun run = new BenchRun(c, req);
        List<Variant> variants = Steps.withLayoutCheck(Steps.forBench(Variant.parseAll(variantNames), c.config()),
                req.layoutCheck());
        // Build (or confirm up to date) first, so a bench never measures binaries of an older config.
        List<BuiltArtifact> built = noBuild ? alreadyBuilt(c, variants) : builds.build(variants).artifacts(variants);
        TrainingCheck check = run.trainingCheck(noBuild, variants);
        BenchResults r = run.measure(check, built, built);
        return new Outcome(r, check, built, Optional.empty());
    }

    /** 'pgolab ladder': the steps named (else [project] ladder, else the toolchain's), each with what it cost. */
    public static Outcome ladder(BenchContext c, Request req, List<String> stepNames, Builds builds) {
        BenchRun run = new BenchRun(c, req);
        List<Variant> steps = Steps.forLadder(Variant.parseAll(stepNames), c.config(), c.toolchain(), c.events());
        List<Variant> measured = Steps.withLayoutCheck(steps, req.layoutCheck());
        PipelineOutcome o = builds.build(measured);
        List<BuiltArtifact> built = o.artifacts(steps);
        List<Ladder.Slowdown> slowdown = LadderCosts.trainingSlowdown(c, o, built);
        TrainingCheck check = run.trainingCheck(false, steps);
        BenchResults r = run.measure(check, built, o.artifacts(measured));
        Ladder ladder = Ladder.of(r, built, LadderCosts.pipelineSeconds(o, steps, built),
                LadderCosts.trainingSeconds(o, steps, built), LadderCosts.pipelineCpuSeconds(o, steps, built), slowdown);
        return new Outcome(r, check, built, Optional.of(ladder));
    }

    /** The training check, run before measuring: it does not run with --no-build or --deterministic. */
    private TrainingCheck trainingCheck(boolean noBuild, List<Variant> variants) {
        TrainingCheck check = new TrainingCheck(c,
                TrainingCheck.notRun(req.skipTrainingCheck(), noBuild, req.options().deterministic()));
        check.before(variants, workloads.names());
        return check;
    }

    /**
     * The shared steps after the build: measure every artifact, then flamegraphs, PGO potential (of the variants
     * or steps) and the layout check (of all measured), then the training check after.
     */
    private BenchResults measure(TrainingCheck check, List<BuiltArtifact> variants, List<BuiltArtifact> all) {
        List<BenchWorkload> ws = workloads.of(all);
        BenchEngine engine = new BenchEngine(req.options(), c.log(), c.store().runs().resolve(req.command()),
                req.listener());
        BenchResults r = engine.run("pgolab " + req.command() + ": " + c.config().name(), ws);
        r = Flamegraphs.addIfAsked(req.flamegraph(), req.options().deterministic(), c, r, ws, all);
        r = PgoPotential.addTo(c, r, variants, req.options().deterministic());
        r = LayoutCheck.addTo(r, all, req.options().minEffect());
        check.after(r);
        return r;
    }

    /** --no-build: each variant's binary as built before, verified; one not built is a user error. */
    private static List<BuiltArtifact> alreadyBuilt(BenchContext c, List<Variant> variants) {
        List<BuiltArtifact> built = new ArrayList<>();
        for (Variant v : variants) {
            built.add(c.store().verified(v.name()).orElseThrow(() -> new UserError(
                    "variant '" + v + "' has not been built", "run 'pgolab build " + v + "', or drop --no-build")));
        }
        return built;
    }
}
