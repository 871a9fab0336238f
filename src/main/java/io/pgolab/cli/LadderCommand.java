package io.pgolab.cli;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.BenchRun;
import io.pgolab.bench.BenchWorkload;
import io.pgolab.bench.Ladder;
import io.pgolab.bench.LadderCosts;
import io.pgolab.bench.LayoutCheck;
import io.pgolab.bench.PgoPotential;
import io.pgolab.bench.ProjectWorkloads;
import io.pgolab.bench.Steps;
import io.pgolab.bench.TrainingCheck;
import io.pgolab.config.Variant;
import io.pgolab.pipeline.PipelineOutcome;
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

@Command(name = "ladder", mixinStandardHelpOptions = true,
        description = {"Build the optimization ladder and show what each step gains and costs.",
                "Default steps: release, lto, pgo, pgo+lto, pgo+lto+bolt; with clang release, lto, pgo, pgo+lto, pgo+lto+cs, pgo+lto+cs+mfs, pgo+lto+cs+bolt (or [project] ladder, or the variants given).",
                "All steps are benched together on each [[bench]] workload, as 'pgolab bench' does.",
                "Each step is compared with release and with the step before it, with a verdict for each.",
                "The table shows each step's build time and binary size too."})
final class LadderCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Mixin
    MeasureOptions opts;

    @Mixin
    WorkloadSelection selection;

    @Parameters(paramLabel = "VARIANT", arity = "0..*", description = "The steps, in order; the first is the baseline.")
    List<String> variantNames = new ArrayList<>();

    @Option(names = "--no-training-check", description = {"Do not check whether training matches the benchmark (see"
            + " 'pgolab profile --against-bench'): before measuring when no [[bench]] workload is like a [[train]] one,"
            + " after it when a pgo variant regressed or was inconclusive."})
    boolean noTrainingCheck;

    @Option(names = "--layout-check", description = {"Also measure relink-1 and relink-2: the release code linked with its"
            + " functions in two random orders.",
            "Says how much layout alone moves each metric, beside every step's change (clang and gcc; needs lld)."})
    boolean layoutCheck;

    @Override
    public Integer call() {
        opts.settings(); // bad options fail before anything is built
        try (Session s = Session.open(parent.global)) {
            BenchRun.Outcome o = BenchRun.ladder(s.bench(), opts.benchRun("ladder", selection, layoutCheck, noTrainingCheck),
                    variantNames, FailedBuilds.builds(s, parent.global.workDir(), opts.json));
            Results results = Results.ladder(s.source(), o.results(), o.ladder().orElseThrow(), o.built())
                    .withTraining(o.training());
            opts.exports(parent.global.workDir()).write(results);
            return opts.exitCode(results);
        }
    }
}
