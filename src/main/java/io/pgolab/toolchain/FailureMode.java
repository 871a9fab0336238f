package io.pgolab.toolchain;

/** What to do when a raw profile cannot be read: stop (default) or drop it, merge the rest and say so. */
public enum FailureMode {
    FAIL, WARN
}
