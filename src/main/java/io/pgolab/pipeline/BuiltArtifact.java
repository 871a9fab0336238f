package io.pgolab.pipeline;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.pgolab.config.Variant;
import io.pgolab.toolchain.Phase;
import java.util.Optional;

/**
 * A finished build as recorded in .pgolab/variants/NAME.json. It is written only after the binary
 * is safely in place, so its presence means the artifact is good. Manifests written before
 * profileCheck existed read it as "".
 * <p>
 * variant and phase stay strings, as written in the manifest: variant is the artifact's name (a
 * Variant's name, "instrumented", or "NAME.base" for a BOLT variant's input), phase a Phase's id or
 * BOLT_PHASE. Use variantIs(Variant) and buildPhase() to compare them with the types.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BuiltArtifact(
        String variant,
        String phase,
        String key,
        String binary,
        String notes,
        long binaryBytes,
        double buildSeconds,
        String profileSha256,
        int profileMismatched,
        int profileMissing,
        String buildLog,
        String command,
        String builtAt,
        String profileCheck) {

    /** What proves an optimized build used its profile (go: 'go version -m'); "" when nothing does. */
    @Override
    public String profileCheck() {
        return profileCheck == null ? "" : profileCheck;
    }

    /** The phase a BOLT variant's manifest records: BOLT rewrote a build, it is no toolchain Phase. */
    public static final String BOLT_PHASE = "bolt";

    /** True when this is the artifact of v (for a BOLT variant: BOLT's output, not its ".base" input). */
    public boolean variantIs(Variant v) {
        return v.name().equals(variant);
    }

    /** The toolchain phase that built this artifact; empty for a BOLT variant (phase BOLT_PHASE). */
    public Optional<Phase> buildPhase() {
        return Phase.ofId(phase);
    }

    /** The same binary recorded under another name and phase (go: the release build is what gets profiled). */
    public BuiltArtifact as(String name, Phase newPhase) {
        return new BuiltArtifact(name, newPhase.id(), key, binary, notes, binaryBytes, buildSeconds, profileSha256,
                profileMismatched, profileMissing, buildLog, command, builtAt, profileCheck());
    }
}
