package io.pgolab.pipeline;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * A finished build as recorded in .pgolab/variants/NAME.json. It is written only after the binary
 * is safely in place, so its presence means the artifact is good.
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
        String builtAt) {
}
