package io.pgolab.toolchain;

import io.pgolab.UserError;

/** What to do when a raw profile cannot be read: stop (default) or drop it, merge the rest and say so. */
public enum FailureMode {
    FAIL, WARN;

    /** From an option value: fail or warn. */
    public static FailureMode parse(String s) {
        return switch (s) {
            case "fail" -> FAIL;
            case "warn" -> WARN;
            default -> throw new UserError("unknown --failure-mode '" + s + "'", "use --failure-mode fail or --failure-mode warn");
        };
    }
}
