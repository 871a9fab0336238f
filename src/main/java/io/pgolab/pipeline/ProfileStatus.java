package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.Variant;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.store.Digests;
import io.pgolab.store.FileDigest;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The recorded profile of one profile set, whether it is stale (the instrumented build or the
 * training inputs changed since it was recorded), and the optimized builds that used it.
 */
public record ProfileStatus(ProfileRecord record, boolean stale, List<BuiltArtifact> optimized, String changed) {

    /** changed: what changed in the files the instrumented build read ("" when unknown), for the STALE line. */
    public ProfileStatus(ProfileRecord record, boolean stale, List<BuiltArtifact> optimized) {
        this(record, stale, optimized, "");
    }

    /** profileSet: a [[train]] tag, or empty for the first profile-guided variant's set. */
    public static ProfileStatus of(Config config, Toolchain toolchain, ArtifactStore store, TrainStage training,
                                   BuildStage builds, String profileSet) {
        Path current = training.recordFile(profileSet);
        if (!Files.isRegularFile(current)) {
            throw new UserError("there is no profile yet for " + config.name()
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
        Digests.change(Path.of(rec.profile()), new FileDigest(rec.bytes(), rec.sha256()), "merged", store.root().getParent())
                .ifPresent(d -> {
                    throw new UserError(d, "run 'pgolab build' (or 'pgolab train') to merge it again from the raw runs");
                });
        String instrKey = builds.key(Variant.PGO, Phase.INSTRUMENT, Optional.empty());
        boolean stale = !instrKey.equals(rec.instrumentedKey()) || store.lookup(BuiltArtifact.INSTRUMENTED, Optional.of(instrKey))
                .map(a -> !training.key(a, profileSet).equals(rec.trainKey()))
                .orElse(false);
        List<BuiltArtifact> optimized = new ArrayList<>();
        for (Variant v : config.variants()) {
            if (v.pgo()) {
                store.lookup(v.name(), Optional.empty())
                        .filter(a -> a.profileSha256().equals(rec.sha256()))
                        .ifPresent(optimized::add);
            }
        }
        return new ProfileStatus(rec, stale, optimized, stale ? builds.changesSince(Variant.PGO, Phase.INSTRUMENT, Optional.empty()) : "");
    }
}
