package io.pgolab.toolchain;

import java.util.List;
import java.util.OptionalDouble;

/**
 * What is in a merged profile: coverage of functions and where the counts are. For a sampled
 * profile (go), totalCount is the number of samples, both function counts are the functions that
 * have samples, and profiledSeconds is the wall time the profiles cover.
 */
public record ProfileSummary(int functionsInstrumented, int functionsWithCounts, long totalCount,
                             List<HotFunction> hottest, long bytes, OptionalDouble profiledSeconds) {

    public ProfileSummary(int functionsInstrumented, int functionsWithCounts, long totalCount,
                          List<HotFunction> hottest, long bytes) {
        this(functionsInstrumented, functionsWithCounts, totalCount, hottest, bytes, OptionalDouble.empty());
    }

    public record HotFunction(String name, long count, double share) {
    }

    /** True for CPU-sample profiles, which have no notion of instrumented functions. */
    public boolean sampled() {
        return profiledSeconds.isPresent();
    }

    public double coveragePercent() {
        return functionsInstrumented == 0 ? 0 : 100.0 * functionsWithCounts / functionsInstrumented;
    }
}
