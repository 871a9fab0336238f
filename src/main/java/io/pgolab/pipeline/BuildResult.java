package io.pgolab.pipeline;

import io.pgolab.toolchain.BuildDiagnostics;

/** audit: the compile audit's line for the build table ("" when there is none). */
public record BuildResult(BuiltArtifact artifact, boolean cached, BuildDiagnostics diagnostics, String audit) {
    public BuildResult(BuiltArtifact artifact, boolean cached, BuildDiagnostics diagnostics) {
        this(artifact, cached, diagnostics, "");
    }

    BuildResult(BuiltArtifact artifact, boolean cached) {
        this(artifact, cached, artifact.profileDiagnostics());
    }
}
