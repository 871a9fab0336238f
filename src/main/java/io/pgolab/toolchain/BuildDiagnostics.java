package io.pgolab.toolchain;

import java.util.List;

/**
 * What the compiler said about the profile during an optimized build: functions whose profile no
 * longer matches the code (stale), functions or files with no profile data (missing), other
 * profile problems worth showing (samples), and the source files that lost profile data (unprofiled:
 * named in a missing-profile warning; only GCC's diagnostics fill it).
 */
public record BuildDiagnostics(int mismatched, int missing, List<String> samples, List<String> unprofiled) {
    public static final BuildDiagnostics NONE = new BuildDiagnostics(0, 0, List.of());

    public BuildDiagnostics(int mismatched, int missing, List<String> samples) {
        this(mismatched, missing, samples, List.of());
    }

    /** Adds a diagnostic line to samples while fewer than 5 are kept. */
    public static void keepSample(List<String> samples, String line) {
        if (samples.size() < 5) {
            samples.add(line.strip());
        }
    }
}
