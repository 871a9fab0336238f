package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.pipeline.Pipeline;
import io.pgolab.pipeline.PipelineOutcome;
import io.pgolab.report.Results;
import io.pgolab.report.files.Exports;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.ToolchainKind;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "train", mixinStandardHelpOptions = true,
        description = {"Run the training workloads and merge their profiles.",
                "Builds the instrumented binary if needed and runs every [[train]] workload against it.",
                "Checks that each wrote a profile, and merges them into .pgolab/profiles/merged-<hash>."})
final class TrainCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Option(names = "--failure-mode", paramLabel = "fail|warn", defaultValue = "fail",
            description = "What to do with an unreadable raw profile: fail (default) or warn (merge the rest, list what was dropped).")
    String failureMode;

    @Option(names = "--json", paramLabel = "FILE", description = "Write training results as JSON. '-': stdout.")
    Path json;

    @Override
    public Integer call() {
        try (Session s = Session.open(parent.global)) {
            if (ToolchainKind.of(s.config.toolchain().kind()).jvm()) {
                throw new UserError("pgolab train makes compiler profiles; a JVM project's class archives and AOT"
                        + " caches are made by its training runs during 'pgolab build'",
                        "run 'pgolab build --retrain' to make them again");
            }
            PipelineOutcome o = s.pipeline().profile(Pipeline.profileSets(s.config.variants()), true,
                    FailureMode.parse(failureMode));
            Exports.of(parent.global.workDir(), json, null, null)
                    .write(Results.build(s.source(), o));
            return 0;
        }
    }
}
