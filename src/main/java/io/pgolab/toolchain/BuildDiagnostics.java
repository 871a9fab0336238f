package io.pgolab.toolchain;

import java.util.List;

/**
 * What the compiler said about the profile during an optimized build: functions whose profile no
 * longer matches the code (stale), functions or files with no profile data (missing), and other
 * profile problems worth showing.
 */
public record BuildDiagnostics(int mismatched, int missing, List<String> samples) {
    public static final BuildDiagnostics NONE = new BuildDiagnostics(0, 0, List.of());
}
