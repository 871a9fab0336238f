package io.pgolab.toolchain.llvm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Lines LLVM's profile runtime printed in real training runs (CPython 3.11's regrtest, clang 19). */
class LlvmRuntimeWarningsTest {
    static final String OUT_OF_COUNTERS = "LLVM Profile Warning: Unable to track new values: Running out of static counters."
            + "  Consider using option -mllvm -vp-counters-per-site=<n> to allocate more value profile counters at"
            + " compile time. ";

    @Test
    void outOfCountersIsCountedAndNamesTheFix() {
        String log = "0:00:00 load avg: 4.20 Run tests sequentially (timeout: 20 min)\n" + (OUT_OF_COUNTERS + "\n").repeat(10)
                + "test test_generators failed\n\nTotal duration: 44.1 sec\nTests result: FAILURE\n";
        assertThat(LlvmRuntimeWarnings.of(log, "add X")).hasValueSatisfying(s -> assertThat(s)
                .contains("ran out of value-profile counters 10 time(s)").contains("to allocate more, add X")
                .doesNotContain("error"));
    }

    @Test
    void aProfileErrorIsQuotedFirst() {
        String log = "ok\nLLVM Profile Error: Failed to write file \"/p/raw/default_1.profraw\": No space left on device\n"
                + "LLVM Profile Error: Failed to write file \"/p/raw/default_2.profraw\": No space left on device\n";
        assertThat(LlvmRuntimeWarnings.of(log, "x")).hasValueSatisfying(s -> assertThat(s)
                .startsWith("the profile runtime reported 2 error(s), first: 'LLVM Profile Error: Failed to write file"
                        + " \"/p/raw/default_1.profraw\": No space left on device'"));
    }

    @Test
    void aCleanRunSaysNothing() {
        assertThat(LlvmRuntimeWarnings.of("all 40 tests OK\n", "x")).isEmpty();
    }
}
