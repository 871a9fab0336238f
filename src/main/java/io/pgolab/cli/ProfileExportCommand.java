package io.pgolab.cli;

import io.pgolab.pipeline.BuildStage;
import io.pgolab.pipeline.Pipeline;
import io.pgolab.pipeline.ProfileExport;
import io.pgolab.pipeline.ProfileStatus;
import io.pgolab.pipeline.TrainStage;
import io.pgolab.profile.StoredProfile;
import io.pgolab.util.UserFile;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write the merged profile and what it was made from into one file (a stored profile).",
                "The header names the toolchain and versions, the source fingerprint, the training workloads and the git commit.",
                "Build from it with 'pgolab build --profile FILE' or [project] profile = \"FILE\".",
                "Format: docs/results-schema.md, \"Stored profile file\"."})
final class ProfileExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "Where to write the stored profile (replaced atomically; '-': stdout).")
    Path file;

    @Option(names = "--set", paramLabel = "TAG", defaultValue = "",
            description = "Export the profile of the [[train]] workloads tagged profile = TAG. Default: the profile of the"
                    + " first profile-guided variant.")
    String set;

    @Override
    public Integer call() {
        GlobalOptions g = Main.global(spec);
        try (Session s = Session.open(g)) {
            String profileSet = set.isEmpty() ? Pipeline.profileSets(s.config.variants()).get(0) : set.toLowerCase();
            ProfileStatus st = ProfileStatus.of(s.config, s.toolchain, s.store,
                    new TrainStage(s.config, s.toolchain, s.store, s.runner, s.console),
                    new BuildStage(s.config, s.toolchain, s.store, s.runner, s.console), profileSet);
            Path out = UserFile.isStdout(file) ? file : g.workDir().resolve(file).toAbsolutePath();
            StoredProfile h = ProfileExport.write(s.config, s.toolchain, st, out);
            // the archive on stdout ("-") gets stdout to itself
            (UserFile.isStdout(out) ? System.err : System.out).println("wrote " + (UserFile.isStdout(out) ? "stdout" : out) + ": " + h.profile().name() + " " + h.profile().sha256().substring(0, 12)
                    + " (" + h.profile().bytes() + " bytes, " + h.profile().functions() + " functions), commit "
                    + h.shortCommit() + ", key " + h.profileKey());
            return 0;
        }
    }
}
