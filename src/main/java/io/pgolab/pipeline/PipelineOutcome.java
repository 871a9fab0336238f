package io.pgolab.pipeline;

import io.pgolab.config.Variant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** profiles: one per profile set used ("" = all training workloads); profile: the first of them. */
public record PipelineOutcome(List<BuildResult> builds, Optional<BuildResult> instrumented,
                              Map<String, ProfileRecord> profiles, boolean trained) {
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
