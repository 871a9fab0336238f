package io.pgolab.config;

import java.util.Set;

/**
 * [toolchain] partial_training: functions the training never ran are compiled as without a profile
 * (release's code) instead of as cold, size-optimized code. On by default for the kinds that shrink such
 * code: gcc (-fprofile-partial-training, GCC 10+), clang and cargo (the optimized build reads the profile
 * without its never-run functions, llvm-profdata merge --sparse). partial_training = false turns it off.
 * Go's PGO leaves code without samples as it is and the JVM kinds have no profile-use build, so there the
 * key is an error, with why.
 */
final class PartialTraining {
    static final String KEY = "partial_training";
    private static final Set<String> KINDS = Set.of("gcc", "clang", "cargo");

    private PartialTraining() {
    }

    /** The key's value (true when absent); a wrong type or a kind without the guard is a problem at its line. */
    static boolean read(TableReader toolchain, String kind, ConfigProblems problems) {
        if (!toolchain.has(KEY)) {
            return true;
        }
        boolean value = toolchain.bool(KEY, true);
        if (!kind.isEmpty() && !KINDS.contains(kind)) {
            problems.add(toolchain.line(KEY), toolchain.qualified(KEY), "only toolchain.kind = \"gcc\", \"clang\" or"
                    + " \"cargo\" takes it, not \"" + kind + "\"", hint(kind));
        }
        return value;
    }

    /** What to do instead, per kind. */
    static String hint(String kind) {
        return switch (kind) {
            case "go" -> "remove it: Go's PGO only inlines and devirtualizes hot calls, and code the profile"
                    + " missed is compiled as without PGO, so there is nothing to turn off";
            case "jvm" -> "remove it: the JVM variants (cds, aot) are not compiled from a profile";
            default -> "remove it, or set kind = \"gcc\", \"clang\" or \"cargo\"";
        };
    }
}
