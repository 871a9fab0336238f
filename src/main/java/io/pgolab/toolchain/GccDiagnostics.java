package io.pgolab.toolchain;

import java.util.ArrayList;
import java.util.List;

/** Counts GCC's profile warnings in an optimized build's output. */
public final class GccDiagnostics {
    private GccDiagnostics() {
    }

    public static BuildDiagnostics scan(String log) {
        int mismatched = 0;
        int missing = 0;
        List<String> samples = new ArrayList<>();
        // GCC repeats some diagnostics (once with the source excerpt, once without): count each once.
        for (String line : new java.util.LinkedHashSet<>(List.of(log.split("\n")))) {
            if (line.contains("[-Wcoverage-mismatch]") || line.contains("[-Werror=coverage-mismatch]")) {
                if (line.contains("warning:") || line.contains("error:")) {
                    mismatched++;
                    LlvmProfileText.keep(samples, line);
                }
            } else if (line.contains("profile count data file not found")) {
                missing++;
                LlvmProfileText.keep(samples, line);
            } else if (line.contains(".gcda") && line.contains("expected version")) {
                mismatched++;
                LlvmProfileText.keep(samples, line);
            }
        }
        return new BuildDiagnostics(mismatched, missing, samples);
    }
}
