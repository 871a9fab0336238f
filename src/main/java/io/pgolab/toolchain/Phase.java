package io.pgolab.toolchain;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** Which kind of build a toolchain is asked for. */
public enum Phase {
    /** No profile involved (release, lto). */
    PLAIN,
    /** Instrumented build that writes raw profiles when it runs. */
    INSTRUMENT,
    /** Build that reads a merged profile. */
    OPTIMIZE,
    /**
     * Context-sensitive PGO's second instrumented build: reads the first profile (so it inlines as the
     * optimized build will) and is instrumented again after inlining (clang -fcs-profile-generate).
     */
    CS_INSTRUMENT;

    /** True for the builds that read a profile: OPTIMIZE and CS_INSTRUMENT. */
    public boolean readsProfile() {
        return this == OPTIMIZE || this == CS_INSTRUMENT;
    }

    /**
     * The phase as artifact manifests and the results JSON write it: "plain", "instrument", "optimize"
     * (a BOLT variant's manifest says "bolt", which is no build phase: see BuiltArtifact.BOLT_PHASE).
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The phase a manifest names; empty for "bolt" or anything else. */
    public static Optional<Phase> ofId(String id) {
        return Arrays.stream(values()).filter(p -> p.id().equals(id)).findFirst();
    }
}
