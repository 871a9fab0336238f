package io.pgolab.audit;

import io.pgolab.UserError;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.util.Events;
import io.pgolab.util.Hashing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A profile-guided build whose objects lost their profile (GCC: a truncated or foreign .gcda, or
 * objects compiled at other paths than in the instrumented build, so GCC finds no .gcda): when
 * every object lost it the build is an error, when half or more a loud warning.
 */
public final class ProfileLoss {
    public static final String HINT = "the profile does not match the objects compiled: run 'pgolab build --retrain' to record"
            + " a fresh one; if it happens again, the objects are compiled at other paths than in the instrumented build"
            + " (GCC finds each .gcda by the object's absolute path): compile them under {builddir}, the same in every build";

    private ProfileLoss() {
    }

    /** Throws when every object lost its profile; warns when half or more did. objects: 0 when unknown. */
    public static void check(String name, BuildDiagnostics d, int objects, Path log, Events events) {
        check(name, d, Set.of(), objects, log, events);
    }

    /**
     * noProfile: sources of objects that can have no profile (the compile audit's ProfilableObjects: assembly, no
     * functions, not linked); GCC's missing-profile warning for them is no loss, and they are left out.
     */
    public static void check(String name, BuildDiagnostics full, Set<Path> noProfile, int objects, Path log,
                      Events events) {
        List<String> kept = full.unprofiled().stream().filter(f -> noProfile.stream()
                .noneMatch(p -> p.normalize().endsWith(Path.of(f).normalize()))).toList();
        BuildDiagnostics d = new BuildDiagnostics(full.mismatched(), full.missing(), full.samples(), kept);
        int lost = d.unprofiled().size();
        if (lost == 0 || objects == 0 || 2 * lost < objects) {
            return;
        }
        boolean all = lost >= objects;
        String what = "the " + name + " build lost its profile in " + (all ? "every object" : lost + " of " + objects
                + " objects") + " (" + names(d.unprofiled()) + "): the compiler printed " + d.missing()
                + " missing-profile warning(s), see " + log;
        if (all) {
            throw new UserError(what, HINT);
        }
        events.warn(what + "; " + HINT);
    }

    /** Objects that should have a profile: the instrumented build's notes (.gcno), or the profile's files. */
    public static int objects(ArtifactStore store, ProfileData profile) {
        int notes = store.lookup(BuiltArtifact.INSTRUMENTED, Optional.empty()).map(a -> a.notes() == null ? "" : a.notes())
                .filter(n -> !n.isEmpty() && Files.isDirectory(Path.of(n)))
                .map(n -> Hashing.filesUnder(Path.of(n)).size()).orElse(0);
        int profiled = Files.isDirectory(profile.path()) ? Hashing.filesUnder(profile.path()).size() : 0;
        return Math.max(notes, profiled);
    }

    private static String names(List<String> files) {
        return files.size() <= 5 ? String.join(", ", files)
                : String.join(", ", files.subList(0, 5)) + " and " + (files.size() - 5) + " more";
    }
}
