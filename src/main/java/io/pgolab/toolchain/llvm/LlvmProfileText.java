package io.pgolab.toolchain.llvm;

import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.toolchain.FunctionCounts;
import io.pgolab.toolchain.ProfileSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses llvm-profdata show output and clang/rustc profile diagnostics. Pure functions, unit-tested. */
public final class LlvmProfileText {
    private static final Pattern MISMATCH = Pattern.compile("hash mismatch|control flow change detected");
    private static final Pattern MISSING = Pattern.compile("no profile data available for function");

    private LlvmProfileText() {
    }

    /**
     * Summarizes "llvm-profdata show --all-functions --counts": a function counts as covered when any
     * of its block counters is non-zero; hotness is the sum of its block counts.
     */
    public static ProfileSummary summarize(String showOutput, int top, long bytes) {
        return ProfileSummary.of(functions(showOutput), top, bytes);
    }

    /** Every function of "llvm-profdata show --all-functions --counts" with the sum of its block counts. */
    public static FunctionCounts functionCounts(String showOutput) {
        return FunctionCounts.of(functions(showOutput), FunctionCounts.BLOCK_COUNTS);
    }

    static List<ProfileSummary.HotFunction> functions(String showOutput) {
        List<ProfileSummary.HotFunction> all = new ArrayList<>();
        String current = null;
        for (String raw : showOutput.split("\n")) {
            String line = raw.stripTrailing();
            if (line.startsWith("  ") && !line.startsWith("    ") && line.endsWith(":")) {
                current = line.strip();
                current = current.substring(0, current.length() - 1);
            } else if (current != null && line.strip().startsWith("Block counts: [")) {
                String inner = line.substring(line.indexOf('[') + 1, line.lastIndexOf(']'));
                long sum = 0;
                for (String n : inner.split(",")) {
                    if (!n.isBlank()) {
                        sum += Long.parseLong(n.strip());
                    }
                }
                all.add(new ProfileSummary.HotFunction(current, sum, 0));
                current = null;
            } else if (current != null && line.strip().startsWith("Counters: 0")) {
                all.add(new ProfileSummary.HotFunction(current, 0, 0));
                current = null;
            }
        }
        return all;
    }

    public static BuildDiagnostics diagnostics(String log) {
        return diagnostics(log, Set.of());
    }

    /** As diagnostics(log), but a missing function named in untrained (left out by the guard) is not counted. */
    public static BuildDiagnostics diagnostics(String log, Set<String> untrained) {
        int mismatched = 0;
        int missing = 0;
        List<String> samples = new ArrayList<>();
        for (String line : log.split("\n")) {
            Matcher a = MISMATCH.matcher(line);
            Matcher b = MISSING.matcher(line);
            if (a.find()) {
                mismatched++;
                BuildDiagnostics.keepSample(samples, line);
            } else if (b.find() && !untrained.contains(missingName(line, b.end()))) {
                missing++;
            }
        }
        return new BuildDiagnostics(mismatched, missing, samples);
    }

    /** The function a "no profile data available for function NAME Hash = ..." line names. */
    static String missingName(String line, int from) {
        String rest = line.substring(from).strip();
        int end = rest.indexOf(' ');
        return end < 0 ? rest : rest.substring(0, end);
    }
}
