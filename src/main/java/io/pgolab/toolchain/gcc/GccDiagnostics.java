package io.pgolab.toolchain.gcc;

import io.pgolab.toolchain.BuildDiagnostics;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Counts GCC's profile warnings in an optimized build's output. Missing: each -Wmissing-profile
 * warning ("'X.gcda' profile count data file not found" for an object without a .gcda, "profile for
 * function 'f' not found in profile data" for a function a truncated or foreign .gcda lacks) and each
 * "'X.gcda' is not a gcov data file" (an empty or corrupt one). The source files they name are the
 * unprofiled ones.
 */
public final class GccDiagnostics {
    /** "src/a.c:3:1: warning: ..." or "a.c: warning: ...": the file a diagnostic is about. */
    private static final Pattern SOURCE = Pattern.compile("^([^\\s:][^:]*?):(?:\\d+:(?:\\d+:)?)? (?:warning|error): ");

    private GccDiagnostics() {
    }

    public static BuildDiagnostics scan(String log) {
        int mismatched = 0;
        int missing = 0;
        List<String> samples = new ArrayList<>();
        Set<String> unprofiled = new LinkedHashSet<>();
        // GCC repeats some diagnostics (once with the source excerpt, once without): count each once.
        for (String line : new LinkedHashSet<>(List.of(log.split("\n")))) {
            if (line.contains("[-Wcoverage-mismatch]") || line.contains("[-Werror=coverage-mismatch]")) {
                if (line.contains("warning:") || line.contains("error:")) {
                    mismatched++;
                    BuildDiagnostics.keepSample(samples, line);
                }
            } else if (isMissing(line)) {
                missing++;
                BuildDiagnostics.keepSample(samples, line);
                Matcher m = SOURCE.matcher(line);
                if (m.find()) {
                    unprofiled.add(m.group(1));
                }
            } else if (line.contains(".gcda") && line.contains("expected version")) {
                mismatched++;
                BuildDiagnostics.keepSample(samples, line);
            }
        }
        return new BuildDiagnostics(mismatched, missing, samples, List.copyOf(unprofiled));
    }

    private static boolean isMissing(String line) {
        return line.contains("[-Wmissing-profile]") || line.contains("[-Werror=missing-profile]")
                || line.contains("profile count data file not found") || line.contains("is not a gcov data file");
    }
}
