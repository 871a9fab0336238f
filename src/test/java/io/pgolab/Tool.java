package io.pgolab;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * Tests that need a tool. Outside CI a missing tool skips the test; under {@code CI=true}, where
 * {@code .ci/run} installs the tool, a missing tool fails it, because a skip there would hide a failure.
 */
public final class Tool {
    private Tool() {
    }

    /** True when the suite runs in CI ({@code CI=true}, which {@code .ci/run} sets). */
    public static boolean inCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** A tool {@code .ci/run} installs (clang-19, llvm-19, BOLT, gcc, valgrind, perf, redis-tools, ...). */
    public static void require(boolean present, String what) {
        if (present) {
            return;
        }
        if (inCi()) {
            fail(what + " is missing, yet .ci/run installs it: under CI=true this test fails instead of skipping");
        }
        Assumptions.abort(what + " is not installed here (skipped outside CI)");
    }

    /**
     * A condition that legitimately varies between machines (a tool .ci/run does not install, such as
     * cargo from rustup or Debian's LLVM 14, or a property of the kernel): skipped everywhere, with the reason.
     */
    public static void assumeHere(boolean holds, String why) {
        Assumptions.assumeTrue(holds, why);
    }
}
