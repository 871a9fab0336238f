package io.pgolab.cli;

import io.pgolab.pipeline.PipelineOutcome;
import io.pgolab.config.StoredProfileSpec;
import io.pgolab.config.Variant;
import io.pgolab.report.files.Exports;
import io.pgolab.report.Results;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.util.Timings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "build", mixinStandardHelpOptions = true,
        description = {"Build variants (default: those in the config).",
                "Variants that use a profile build the instrumented binary and train it first.",
                "With a stored profile (--profile FILE, [project] profile) they are built from it instead.",
                "Unchanged inputs are not rebuilt."})
final class BuildCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Parameters(paramLabel = "VARIANT", arity = "0..*", description = "Variants (default: [project] variants): " + Variant.ALL_NAMES + ".")
    List<String> variants = new ArrayList<>();

    @Option(names = "--retrain", description = "Run the training workloads again even if the profile is current.")
    boolean retrain;

    @Option(names = "--failure-mode", paramLabel = "fail|warn", defaultValue = "fail",
            description = "What to do with an unreadable raw profile: fail (default) or warn (merge the rest).")
    String failureMode;

    @Option(names = "--profile", paramLabel = "FILE", description = "Build the profile-guided variants from this stored"
            + " profile (written by 'pgolab profile export') instead of training; overrides [project] profile."
            + " Too stale for these sources (profile_max_stale, profile_max_commits): pgolab trains instead.")
    Path profile;

    @Option(names = "--json", paramLabel = "FILE", description = "Write build results as JSON. '-': stdout.")
    Path json;

    @Override
    public Integer call() {
        try (Session s = Session.open(parent.global)) {
            List<Variant> chosen = variants.isEmpty() ? s.config.variants() : Variant.parseAll(variants);
            StoredProfileSpec stored = profile == null ? s.config.storedProfile()
                    : s.config.storedProfile().withFile(parent.global.workDir().resolve(profile).toAbsolutePath().normalize());
            FailureMode mode = FailureMode.parse(failureMode);
            PipelineOutcome o = FailedBuilds.build(s, parent.global.workDir(), json,
                    () -> s.pipeline().build(chosen, retrain, mode, stored));
            Timings.mark("pipeline build (up-to-date checks)");
            Exports.of(parent.global.workDir(), json, null, null)
                    .write(Results.build(s.source(), o));
            Timings.mark("results written");
            return 0;
        }
    }
}
