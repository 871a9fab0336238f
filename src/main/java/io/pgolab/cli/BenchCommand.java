package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.measure.CommandMeasurer;
import io.pgolab.measure.InterleavedRuns;
import io.pgolab.measure.RunnerBinary;
import io.pgolab.pipeline.BuiltArtifact;
import io.pgolab.pipeline.Pipeline;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.report.ComparisonReport;
import io.pgolab.report.ResultsFile;
import io.pgolab.util.Shell;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Compare built variants on each [[bench]] workload.",
                "The first configured variant is the baseline. Rounds run every variant once in shuffled",
                "order, pinned to one CPU, after a warm-up round."})
final class BenchCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Option(names = "--rounds", defaultValue = "10", description = "Measured rounds (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--json", paramLabel = "FILE", description = "Write every sample and verdict as JSON.")
    Path json;

    @Override
    public Integer call() {
        if (rounds < 5) {
            throw new UserError("--rounds must be at least 5 for a confidence interval", "use --rounds 10");
        }
        try (Session s = Session.open(parent.global)) {
            if (s.config.bench().isEmpty()) {
                throw new UserError("there is no [[bench]] workload in " + s.config.file(),
                        "add one: [[bench]] name = \"main\" command = \"{binary} input\"");
            }
            if (s.config.variants().size() < 2) {
                throw new UserError("bench needs at least two variants", "list two or more in project.variants");
            }
            // Build (or confirm up to date) first, so a bench never measures binaries of an older config.
            Pipeline.Outcome o = s.pipeline().build(s.config.variants(), false, FailureMode.FAIL);
            List<BuiltArtifact> built = new ArrayList<>();
            for (Variant v : s.config.variants()) {
                built.add(o.build(v.name()).orElseThrow().artifact());
            }
            InterleavedRuns runs = new InterleavedRuns(new CommandMeasurer(RunnerBinary.ensure()), s.log,
                    s.store.runs().resolve("bench"));
            List<Map<String, Object>> comparisons = new ArrayList<>();
            long seed = 20261130L;
            for (WorkloadSpec w : s.config.bench()) {
                List<InterleavedRuns.Subject> subjects = new ArrayList<>();
                for (BuiltArtifact a : built) {
                    subjects.add(new InterleavedRuns.Subject(a.variant(), Shell.bash(s.config.workloadCommand(w, a.binary())), s.config.configDir(),
                            w.env()));
                }
                s.console.started("bench " + w.name(), rounds + " rounds of " + built.size() + " variants");
                Map<String, InterleavedRuns.Samples> samples = runs.run(subjects, rounds, seed, w.timeout(), r -> { });
                InterleavedRuns.Samples base = samples.get(built.get(0).variant());
                for (BuiltArtifact a : built.subList(1, built.size())) {
                    ComparisonReport c = ComparisonReport.of(w.name(), w.command(), base, samples.get(a.variant()), seed);
                    System.out.print(c.text());
                    comparisons.addAll(c.json());
                }
            }
            if (json != null) {
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("comparisons", comparisons);
                ResultsFile.write(parent.global.workDir().resolve(json), s.config, s.toolchain, s.log, body);
            }
            return 0;
        }
    }
}
