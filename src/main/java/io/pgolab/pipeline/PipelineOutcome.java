package io.pgolab.pipeline;

import io.pgolab.config.Variant;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.store.BuildResult;
import io.pgolab.store.BuiltArtifact;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** profiles: one per profile set used ("" = all training workloads); profile: the first of them. */
public record PipelineOutcome(List<BuildResult> builds, Optional<BuildResult> instrumented,
                              Map<String, ProfileRecord> profiles, boolean trained, Map<String, CsRound> csRounds) {
    public PipelineOutcome(List<BuildResult> builds, Optional<BuildResult> instrumented, Map<String, ProfileRecord> profiles,
                           boolean trained) {
        this(builds, instrumented, profiles, trained, Map.of());
    }

    /**
     * Context-sensitive PGO's second round for a variant (keyed by its name): the build instrumented on
     * top of the first profile, the record of its training (whose profile is the combined one), and whether
     * it trained now.
     */
    public record CsRound(BuildResult instrumented, ProfileRecord profile, boolean trained) {
        /** What the round cost before the optimized build: its instrumented build, training and merge. */
        public double seconds() {
            return instrumented.artifact().buildSeconds() + profile.mergeSeconds() + profile.trainingWallSeconds();
        }
    }

    /** The build of a variant, when it was among those built. */
    public Optional<BuildResult> build(Variant variant) {
        return builds.stream().filter(b -> b.artifact().variantIs(variant)).findFirst();
    }

    /** The build recorded under this name (see build(Variant)). */
    public Optional<BuildResult> build(String variant) {
        return builds.stream().filter(b -> b.artifact().variant().equals(variant)).findFirst();
    }

    /** The artifacts of variants, in their order; each must have been built in this outcome. */
    public List<BuiltArtifact> artifacts(List<Variant> variants) {
        return variants.stream().map(v -> build(v.name()).orElseThrow().artifact()).toList();
    }

    public Optional<ProfileRecord> profile() {
        return profiles.values().stream().findFirst();
    }
}
