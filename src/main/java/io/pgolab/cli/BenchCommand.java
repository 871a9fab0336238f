package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.bench.BenchResults;
import io.pgolab.bench.BenchRun;
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
            BenchRun.Outcome o = BenchRun.bench(s.bench(), opts.benchRun("bench", selection, layoutCheck, noTrainingCheck),
                    variantNames, noBuild, FailedBuilds.builds(s, parent.global.workDir(), opts.json));
            Results results = Results.bench(s.source(), o.results()).withTraining(o.training());
            opts.exports(parent.global.workDir()).write(results);
            return opts.exitCode(results);
        }
    }
}
