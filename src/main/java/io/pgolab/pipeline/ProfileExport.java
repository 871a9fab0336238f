package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.Version;
import io.pgolab.config.Config;
import io.pgolab.process.Exec;
import io.pgolab.profile.ProfileArchive;
import io.pgolab.profile.ProfileKey;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.profile.ProfileToolchains;
import io.pgolab.profile.StoredProfile;
import io.pgolab.profile.SymbolMatch;
import io.pgolab.store.SourceFingerprint;
import io.pgolab.toolchain.Toolchain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * 'pgolab profile export': the current merged profile of a profile set, with what it was made from,
 * written as one stored-profile file ({@link ProfileArchive}).
 */
public final class ProfileExport {
    private ProfileExport() {
    }

    /** Writes the profile of status (not stale) to out and returns the header written. */
    public static StoredProfile write(Config config, Toolchain toolchain, ProfileStatus status, Path out) {
        ProfileRecord rec = status.record();
        if (status.stale()) {
            throw new UserError("the profile" + (rec.set().isEmpty() ? "" : " @" + rec.set()) + " is stale: the sources,"
                    + " the build or the [[train]] workloads changed since it was recorded"
                    + (status.changed().isEmpty() ? "" : " (" + status.changed() + ")"),
                    "run 'pgolab train' (or 'pgolab build') first, so the exported profile matches these sources");
        }
        Path profile = Path.of(rec.profile());
        boolean tree = Files.isDirectory(profile);
        String name = tree ? ProfileArchive.TREE : toolchain.profileFileName();
        int functions = functions(toolchain, rec);
        StoredProfile header = new StoredProfile(StoredProfile.FORMAT, Version.get(), Instant.now().toString(), config.name(),
                ProfileToolchains.of(toolchain), new StoredProfile.Profile(tree ? "tree" : "file", name, rec.sha256(),
                rec.bytes(), functions, symbolMatch(toolchain, status)), rec.set(), ProfileKey.of(config, toolchain, rec.set()),
                SourceFingerprint.of(config.root(), config.file(), ProfileKey.excludes(config)),
                git(config.root(), "rev-parse", "HEAD"), !git(config.root(), "status", "--porcelain", "--", ".", ":(exclude).pgolab").isEmpty(),
                config.train().stream().filter(w -> w.feeds(rec.set()))
                        .map(w -> new StoredProfile.Workload(w.name(), w.command())).toList());
        ProfileArchive.write(out, header, profile);
        return header;
    }

    /** Functions in the profile (the denominator of profile_max_stale); 0 when the toolchain cannot say. */
    private static int functions(Toolchain toolchain, ProfileRecord rec) {
        try {
            return toolchain.summarize(rec.data(), Path.of(rec.notes() == null ? "" : rec.notes()), 1).functionsInstrumented();
        } catch (UserError e) {
            return 0;
        }
    }

    /** SymbolMatch of the profile in the first optimized binary built from it (-1: none built, or unknown). */
    private static double symbolMatch(Toolchain toolchain, ProfileStatus status) {
        return status.optimized().stream().findFirst()
                .map(a -> Math.round(SymbolMatch.of(toolchain, status.record().data(), Path.of(a.binary())) * 10000) / 10000.0)
                .orElse(-1.0);
    }

    private static String git(Path root, String... args) {
        List<String> argv = new ArrayList<>(List.of("git", "-C", root.toString()));
        argv.addAll(List.of(args));
        return Exec.quietOutput(argv).strip();
    }
}
