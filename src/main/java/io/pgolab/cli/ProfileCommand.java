package io.pgolab.cli;

import io.pgolab.pipeline.AgainstBench;
import io.pgolab.pipeline.BuildStage;
import io.pgolab.pipeline.Pipeline;
import io.pgolab.pipeline.ProfileStatus;
import io.pgolab.pipeline.ReadableNames;
import io.pgolab.pipeline.TrainStage;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.profile.TrainingMatch;
import io.pgolab.report.files.Exports;
import io.pgolab.report.Results;
import io.pgolab.toolchain.ProfileSummary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "profile", mixinStandardHelpOptions = true,
        description = {"Report on the merged profile: coverage, hottest functions, staleness.",
                "Also shows the profile size.",
                "With it, the compiler's mismatched/missing-profile counts from the optimized builds.",
                "--against-bench also runs each [[bench]] workload once on the instrumented binary, into a profile never used for a build.",
                "It reports the share of each workload's counts in functions training left cold, the top such functions and what to add to training.",
                "'profile export FILE' writes the profile into a stored-profile file; 'profile key' prints the key to cache it under."})
final class ProfileCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Option(names = "--top", defaultValue = "10", description = "How many hottest functions to list (default ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--set", paramLabel = "TAG", defaultValue = "",
            description = "Report on the profile of the [[train]] workloads tagged profile = TAG (used by variants pgo@TAG)."
                    + " Default: the profile of the first profile-guided variant.")
    String set;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the report as JSON. '-': stdout.")
    Path json;

    @Option(names = "--against-bench", description = "Does training match the benchmark? Run each [[bench]] workload once"
            + " on the instrumented binary and report, per workload, the share of its counts in functions training left"
            + " cold (builds and trains first when needed).")
    boolean againstBench;

    @Option(names = "--bench-workload", paramLabel = "NAME", description = "With --against-bench: only this [[bench]]"
            + " workload (repeatable; default: all).")
    List<String> benchWorkloads = new ArrayList<>();

    @Override
    public Integer call() {
        try (Session s = Session.open(parent.global)) {
            String profileSet = set.isEmpty() ? Pipeline.profileSets(s.config.variants()).get(0) : set.toLowerCase();
            TrainingMatch match = againstBench ? new AgainstBench(s.config, s.toolchain, s.store, s.runner, s.console)
                    .run(profileSet, Math.min(top, AgainstBench.TOP), benchWorkloads) : null;
            TrainStage training = new TrainStage(s.config, s.toolchain, s.store, s.runner, s.console);
            ProfileStatus st = ProfileStatus.of(s.config, s.toolchain, s.store, training,
                    new BuildStage(s.config, s.toolchain, s.store, s.runner, s.console), profileSet);
            ProfileRecord rec = st.record();
            ProfileSummary raw = s.toolchain.summarize(rec.data(), Path.of(rec.notes()), top);
            ProfileSummary summary = raw.withDemangled(ReadableNames.of(s.toolchain,
                    raw.hottest().stream().map(ProfileSummary.HotFunction::name).toList(), s.console));
            Results.Source source = s.source();
            Exports.of(parent.global.workDir(), json, null, null)
                    .write(Results.profile(source, rec, summary, st.stale(), st.optimized(), st.changed())
                            .withTrainingMatch(match == null ? List.of() : List.of(match)));
            return 0;
        }
    }
}
