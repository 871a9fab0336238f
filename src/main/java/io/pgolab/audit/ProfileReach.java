package io.pgolab.audit;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import io.pgolab.store.ArtifactStore;
import io.pgolab.util.Events;
import io.pgolab.util.Hashing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * The profile must reach the code, checked on what was built, not only on the command lines: a profile-use
 * build (pgo, pgo+lto and the steps on top) whose program is byte-for-byte the program of its counterpart
 * without a profile (release, or lto for a variant with LTO), as last built in this store, did not use the
 * profile, whatever the compile audit saw. With a compiler cache in the way that is an error naming the cache
 * (unless build.allow names "profile-loss"); without one a warning, since a training that ran almost none of
 * the program (a starter's --help) gives the same bytes. Nothing is checked when the counterpart was never
 * built here.
 */
public final class ProfileReach {
    private ProfileReach() {
    }

    /** The counterpart's artifact name: the variant's LTO step alone (release or lto), never BOLT's base. */
    static String counterpart(Variant v) {
        return v.lto() ? Variant.LTO.name() : Variant.RELEASE.name();
    }

    public static void check(String name, Variant v, Path binary, ArtifactStore store, Optional<String> compilerCache,
                      Set<String> allow, Path configFile, Events events) {
        if (!v.pgo() || v.bolt()) {
            return;
        }
        String other = counterpart(v);
        Optional<Path> theirs = store.lookup(other, Optional.empty()).map(a -> Path.of(a.binary())).filter(Files::isRegularFile);
        if (theirs.isEmpty() || !Files.isRegularFile(binary)) {
            return;
        }
        String sha = Hashing.ofPath(binary);
        if (!sha.equals(Hashing.ofPath(theirs.get()))) {
            return;
        }
        String what = "the " + name + " build's program is byte-for-byte " + other + "'s (SHA-256 " + sha.substring(0, 12)
                + "...): the profile changed nothing in it, although it was on the compile commands";
        if (compilerCache.isEmpty() || allow.contains(BuildAudit.PROFILE_LOSS)) {
            // No cache in the way: a training that ran almost none of the program gives the same bytes too.
            events.warn(what + (allow.contains(BuildAudit.PROFILE_LOSS) ? " (allowed by build.allow = [\""
                    + BuildAudit.PROFILE_LOSS + "\"])" : ". Either training ran too little of the program to change any"
                    + " code (a --help run, a starter's CHANGE_ME workload), or something between the compile command and the"
                    + " compiler dropped the profile flags (a wrapper script in CC, the build system's own compiler launcher);"
                    + " the compile commands as given are in .pgolab/logs/audit-" + name + ".log"));
            return;
        }
        throw new UserError(what + ": the profile never reached the code", "the compiler cache (" + compilerCache.get()
                + ") is the likeliest cause: it answered with objects compiled without the profile. Clear it or set [build]"
                + " compiler_cache off in " + configFile + ", then rebuild; if it happens again, the cache drops -fprofile-use."
                + " If training really ran no code this build compiles, add \"" + BuildAudit.PROFILE_LOSS + "\" to build.allow");
    }
}
