package io.pgolab.store;

import io.pgolab.toolchain.BuildDiagnostics;

/**
 * audit: the compile audit's line for the build table ("" when there is none); sharedFrom: the config
 * file whose identical build this cached one is ("" when it is this config's own).
 */
public record BuildResult(BuiltArtifact artifact, boolean cached, BuildDiagnostics diagnostics, String audit,
                          String sharedFrom) {
    public BuildResult(BuiltArtifact artifact, boolean cached, BuildDiagnostics diagnostics, String audit) {
        this(artifact, cached, diagnostics, audit, "");
    }

    public BuildResult(BuiltArtifact artifact, boolean cached, BuildDiagnostics diagnostics) {
        this(artifact, cached, diagnostics, "");
    }

    public BuildResult(BuiltArtifact artifact, boolean cached) {
        this(artifact, cached, artifact.profileDiagnostics());
    }
}
