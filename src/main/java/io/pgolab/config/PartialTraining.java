package io.pgolab.config;

/**
 * [toolchain] partial_training: GCC's -fprofile-partial-training on the profile-use builds (GCC 10+).
 * Without it GCC optimizes every function the training never ran for size; with it those functions
 * are optimized as if there were no profile. Only kind = "gcc" takes the key; the others have no such
 * flag, so the key is an error there, with what comes nearest.
 */
final class PartialTraining {
    static final String KEY = "partial_training";

    private PartialTraining() {
    }

    /** The key's value (false when absent); a wrong type or a non-gcc kind is a problem at its line. */
    static boolean read(TableReader toolchain, String kind, ConfigProblems problems) {
        if (!toolchain.has(KEY)) {
            return false;
        }
        boolean value = toolchain.bool(KEY, false);
        if (!kind.isEmpty() && !kind.equals("gcc")) {
            problems.add(toolchain.line(KEY), toolchain.qualified(KEY), "only toolchain.kind = \"gcc\" takes it"
                    + " (-fprofile-partial-training is a GCC 10+ flag), not \"" + kind + "\"", hint(kind));
        }
        return value;
    }

    /** What to do instead, per kind. */
    static String hint(String kind) {
        return switch (kind) {
            case "clang" -> "remove it: clang has no such flag. Code the training never ran is optimized for size"
                    + " by LLVM's profile-guided size optimization; the nearest switch is cflags/ldflags += \"-mllvm"
                    + " -pgso=false\" (not offered by pgolab), or train on the missing path too";
            case "cargo" -> "remove it: rustc (LLVM) has no such flag; train on the missing path too"
                    + " (LLVM's -pgso=false via RUSTFLAGS=-Cllvm-args=-pgso=false is the nearest, not offered by pgolab)";
            case "go" -> "remove it: Go's PGO only inlines and devirtualizes hot calls, and code the profile"
                    + " missed is compiled as without PGO, so there is nothing to turn off";
            default -> "remove it, or set kind = \"gcc\"";
        };
    }
}
