package io.pgolab.toolchain;

import java.util.List;

/** What is in a merged profile: coverage of functions and where the counts are. */
public record ProfileSummary(int functionsInstrumented, int functionsWithCounts, long totalCount,
                             List<HotFunction> hottest, long bytes) {

    public record HotFunction(String name, long count, double share) {
    }

    public double coveragePercent() {
        return functionsInstrumented == 0 ? 0 : 100.0 * functionsWithCounts / functionsInstrumented;
    }
}
