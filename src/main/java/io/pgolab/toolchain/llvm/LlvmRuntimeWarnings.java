package io.pgolab.toolchain.llvm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What LLVM's profile runtime said in a training run's output that leaves the profile incomplete
 * although the run succeeded: value-profile counters that ran out (indirect-call targets and
 * memcpy sizes of the busiest sites are then partly lost; seen with CPython's regrtest) and
 * "LLVM Profile Error" lines (a profile that could not be written or merged).
 */
public final class LlvmRuntimeWarnings {
    static final String OUT_OF_COUNTERS = "LLVM Profile Warning: Unable to track new values: Running out of static counters";
    static final String ERROR = "LLVM Profile Error:";

    private LlvmRuntimeWarnings() {
    }

    /**
     * One sentence per kind of trouble found in output (empty: the runtime said nothing wrong);
     * moreCounters is how this toolchain's user allocates more value-profile counters.
     */
    public static Optional<String> of(String output, String moreCounters) {
        int outOfCounters = 0;
        String firstError = null;
        int errors = 0;
        for (String line : output.split("\n", -1)) {
            if (line.contains(OUT_OF_COUNTERS)) {
                outOfCounters++;
            } else if (line.contains(ERROR)) {
                errors++;
                if (firstError == null) {
                    firstError = line.substring(line.indexOf(ERROR)).strip();
                }
            }
        }
        List<String> said = new ArrayList<>();
        if (errors > 0) {
            said.add("the profile runtime reported " + errors + " error(s), first: '" + cut(firstError)
                    + "': part of this run's profile may be missing (check the disk and the profile directory)");
        }
        if (outOfCounters > 0) {
            said.add("the instrumented program ran out of value-profile counters " + outOfCounters + " time(s) ('Running out"
                    + " of static counters'): indirect-call and memcpy-size profiles of its busiest sites are incomplete;"
                    + " to allocate more, " + moreCounters);
        }
        return said.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", said));
    }

    private static String cut(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "…";
    }
}
