package io.pgolab.toolchain;

/** Which kind of build a toolchain is asked for. */
public enum Phase {
    /** No profile involved (release, lto). */
    PLAIN,
    /** Instrumented build that writes raw profiles when it runs. */
    INSTRUMENT,
    /** Build that reads a merged profile. */
    OPTIMIZE
}
