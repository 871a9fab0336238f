package io.pgolab.pipeline;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * A finished build as recorded in .pgolab/variants/NAME.json. It is written only after the binary
 * is safely in place, so its presence means the artifact is good. Manifests written before
 * profileCheck existed read it as "".
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

    /** The same binary recorded under another name and phase (go: the release build is what gets profiled). */
    public BuiltArtifact as(String name, String newPhase) {
        return new BuiltArtifact(name, newPhase, key, binary, notes, binaryBytes, buildSeconds, profileSha256,
                profileMismatched, profileMissing, buildLog, command, builtAt, profileCheck());
    }
}
