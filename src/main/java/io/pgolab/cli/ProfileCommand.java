package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import io.pgolab.pipeline.BuildStage;
import io.pgolab.pipeline.BuiltArtifact;
import io.pgolab.pipeline.Pipeline;
import io.pgolab.pipeline.ProfileRecord;
import io.pgolab.pipeline.TrainStage;
import io.pgolab.report.ProfileReport;
import io.pgolab.report.ResultsFile;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileSummary;
import io.pgolab.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Option;

@Command(name = "profile", mixinStandardHelpOptions = true,
        description = {"Report on the merged profile: coverage, hottest functions, staleness.",
                "Also shows the profile size and the compiler's mismatched/missing-profile counts",
                "from the optimized builds."})
final class ProfileCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Option(names = "--top", defaultValue = "10", description = "How many hottest functions to list (default ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--set", paramLabel = "TAG", defaultValue = "",
            description = "Report on the profile of the [[train]] workloads tagged profile = TAG (used by variants pgo@TAG)."
                    + " Default: the profile of the first profile-guided variant.")
    String set;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the report as JSON.")
    Path json;

    @Override
    public Integer call() {
        try (Session s = Session.open(parent.global)) {
            TrainStage training = new TrainStage(s.config, s.toolchain, s.store, s.runner, s.console);
            String profileSet = set.isEmpty() ? Pipeline.profileSets(s.config.variants()).get(0) : set.toLowerCase();
            Path current = training.recordFile(profileSet);
            if (!Files.isRegularFile(current)) {
                throw new UserError("there is no profile yet for " + s.config.name()
                        + (profileSet.isEmpty() ? "" : " (profile set '" + profileSet + "')"),
                        "run 'pgolab train' (or 'pgolab build') first");
            }
            ProfileRecord rec;
            try {
                rec = Json.read(current, ProfileRecord.class);
            } catch (IOException e) {
                throw new UserError("the profile record " + current + " is unreadable: " + e.getMessage(),
                        "run 'pgolab train' to record a fresh profile");
            }
            if (rec.profile() == null || !Files.exists(Path.of(rec.profile()))) {
                throw new UserError("the merged profile " + rec.profile() + " is missing",
                        "run 'pgolab train' to record it again");
            }
            ProfileSummary summary = s.toolchain.summarize(rec.data(), Path.of(rec.notes()), top);
            String instrKey = new BuildStage(s.config, s.toolchain, s.store, s.runner, s.console)
                    .key(Variant.PGO, Phase.INSTRUMENT, Optional.empty());
            boolean stale = !instrKey.equals(rec.instrumentedKey()) || s.store.lookup("instrumented", Optional.of(instrKey))
                    .map(a -> !training.key(a, profileSet).equals(rec.trainKey()))
                    .orElse(false);
            List<BuiltArtifact> optimized = new ArrayList<>();
            for (Variant v : s.config.variants()) {
                if (v.pgo()) {
                    s.store.lookup(v.name(), Optional.empty())
                            .filter(a -> a.profileSha256().equals(rec.sha256()))
                            .ifPresent(optimized::add);
                }
            }
            System.out.print(ProfileReport.text(rec, summary, stale, optimized));
            if (json != null) {
                ResultsFile.write(parent.global.workDir().resolve(json), s.config, s.toolchain, s.log,
                        ProfileReport.json(rec, summary, stale, optimized));
            }
            return 0;
        }
    }
}
