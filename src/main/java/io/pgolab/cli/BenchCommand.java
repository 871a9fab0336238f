package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.bench.BenchResults;
import io.pgolab.bench.BenchWorkload;
import io.pgolab.bench.LayoutCheck;
import io.pgolab.bench.PgoPotential;
import io.pgolab.bench.ProjectWorkloads;
import io.pgolab.bench.Steps;
import io.pgolab.bench.TrainingCheck;
import io.pgolab.config.Variant;
import io.pgolab.report.Results;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.FailureMode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Compare variants on each [[bench]] workload with an honest verdict.",
                "Default: release (or the first variant given) against every other configured variant.",
                "Builds what is missing first.",
                "Rounds run every variant once in shuffled order, pinned to one CPU.",
                "They go on until every gated measure is decided at a planned look, or --max-time."})
final class BenchCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Mixin
    MeasureOptions opts;

    @Mixin
    WorkloadSelection selection;

    @Option(names = "--no-build", description = "Measure the binaries already built; do not build or train.")
    boolean noBuild;

    @Parameters(paramLabel = "VARIANT", arity = "0..*", description = "Variants to compare; the first is the baseline.")
    List<String> variantNames = new ArrayList<>();

    @Option(names = "--no-training-check", description = {"Do not check whether training matches the benchmark (see"
            + " 'pgolab profile --against-bench'): before measuring when no [[bench]] workload is like a [[train]] one,"
            + " after it when a pgo variant regressed or was inconclusive."})
    boolean noTrainingCheck;

    @Option(names = "--layout-check", description = {"Also measure relink-1 and relink-2: the release code linked with its"
            + " functions in two random orders.",
            "Says how much layout alone moves each metric, beside every variant's change (clang and gcc; needs lld)."})
    boolean layoutCheck;

    @Override
    public Integer call() {
        opts.settings(); // bad options fail before anything is built
        try (Session s = Session.open(parent.global)) {
            ProjectWorkloads workloads = new ProjectWorkloads(s.bench(), selection.names); // a typo in the config should not wait for a build
            List<Variant> variants = Steps.withLayoutCheck(Steps.forBench(Variant.parseAll(variantNames), s.config), layoutCheck);
            List<BuiltArtifact> built = noBuild ? alreadyBuilt(s, variants)
                    // Build (or confirm up to date) first, so a bench never measures binaries of an older config.
                    : FailedBuilds.build(s, parent.global.workDir(), opts.json,
                            () -> s.pipeline().build(variants, false, FailureMode.FAIL)).artifacts(variants);
            TrainingCheck check = new TrainingCheck(s.bench(),
                    TrainingCheck.notRun(noTrainingCheck, noBuild, opts.deterministic));
            check.before(variants, workloads.names());
            List<BenchWorkload> measured = workloads.of(built);
            BenchResults r = s.engine(opts, "bench").run("pgolab bench: " + s.config.name(), measured);
            r = opts.flamegraphs(s.bench(), r, measured, built);
            r = LayoutCheck.addTo(PgoPotential.addTo(s.bench(), r, built, opts.deterministic), built, opts.minEffect / 100);
            check.after(r);
            Results results = Results.bench(s.source(), r).withTraining(check);
            opts.exports(parent.global.workDir()).write(results);
            return opts.exitCode(results);
        }
    }

    private static List<BuiltArtifact> alreadyBuilt(Session s, List<Variant> variants) {
        List<BuiltArtifact> built = new ArrayList<>();
        for (Variant v : variants) {
            built.add(s.store.verified(v.name()).orElseThrow(() -> new UserError(
                    "variant '" + v + "' has not been built", "run 'pgolab build " + v + "', or drop --no-build")));
        }
        return built;
    }
}
