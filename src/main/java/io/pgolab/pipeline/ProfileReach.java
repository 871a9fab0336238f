package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import io.pgolab.util.Hashing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * The profile must reach the code, checked on what was built, not only on the command lines: a profile-use
 * build (pgo, pgo+lto and the steps on top) whose program is byte-for-byte the program of its counterpart
 * without a profile (release, or lto for a variant with LTO), as last built in this store, did not use the
 * profile, whatever the compile audit saw. An error that names the likeliest step that lost it (a compiler
 * cache, a wrapper or the build system between the compile command and the compiler), unless build.allow
 * names "profile-loss" (then a warning). Nothing is checked when the counterpart was never built here.
 */
final class ProfileReach {
    private ProfileReach() {
    }

    /** The counterpart's artifact name: the variant's LTO step alone (release or lto), never BOLT's base. */
    static String counterpart(Variant v) {
        return v.lto() ? Variant.LTO.name() : Variant.RELEASE.name();
    }

    static void check(String name, Variant v, Path binary, ArtifactStore store, Optional<String> compilerCache,
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
                + "...): the profile never reached the code, although it was on the compile commands";
        String why = compilerCache.map(c -> "the compiler cache (" + c + ") is the likeliest cause: it answered with"
                        + " objects compiled without the profile. Clear it or set [build] compiler_cache off in " + configFile
                        + ", then rebuild; if it happens again, the cache drops -fprofile-use")
                .orElse("something between the compile command and the compiler dropped the profile flags (a wrapper"
                        + " script in CC, the build system's own compiler launcher or flags it resets); the compile commands"
                        + " as given are in .pgolab/logs/audit-" + name + ".log");
        if (allow.contains(BuildAudit.PROFILE_LOSS)) {
            events.warn(what + " (allowed by build.allow = [\"" + BuildAudit.PROFILE_LOSS + "\"])");
            return;
        }
        throw new UserError(what, why + ". If training really ran no code this build compiles, add \""
                + BuildAudit.PROFILE_LOSS + "\" to build.allow");
    }
}
