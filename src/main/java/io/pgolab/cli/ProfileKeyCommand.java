package io.pgolab.cli;

import io.pgolab.config.ConfigLoader;
import io.pgolab.pipeline.Pipeline;
import io.pgolab.process.Scratch;
import io.pgolab.profile.ProfileKey;
import io.pgolab.toolchain.detect.Toolchains;
import io.pgolab.util.Dirs;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "key", mixinStandardHelpOptions = true,
        description = {"Print the key to cache a stored profile under (one line, a SHA-256 in hex).",
                "It hashes what the profile depends on: the sources, the [[train]] workloads, the build and the toolchain.",
                "It needs no build. An unchanged key means training would make the same profile, so CI can skip it."})
final class ProfileKeyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--set", paramLabel = "TAG", defaultValue = "",
            description = "The key of the profile of the [[train]] workloads tagged profile = TAG. Default: the first"
                    + " profile-guided variant's.")
    String set;

    @Override
    public Integer call() {
        GlobalOptions g = Main.global(spec);
        var config = ConfigLoader.load(g.configFile());
        String profileSet = set.isEmpty() ? Pipeline.profileSets(config.variants()).get(0) : set.toLowerCase();
        var scratch = Scratch.newDir("profile-key-");
        try {
            var toolchain = Toolchains.detect(config, scratch, Session.commandLog(g));
            System.out.println(ProfileKey.of(config, toolchain, profileSet));
        } finally {
            Dirs.deleteTree(scratch);
        }
        return 0;
    }
}
