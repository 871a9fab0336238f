package io.pgolab.toolchain;

import java.util.List;

/**
 * A merged profile, the raw files that were dropped on the way (only in --failure-mode warn), and
 * what each workload put into it (empty when one workload made it, or its counts could not be read).
 */
public record MergeResult(ProfileData profile, List<String> dropped, List<Part> parts) {
    public MergeResult(ProfileData profile, List<String> dropped) {
        this(profile, dropped, List.of());
    }

    /**
     * One workload in the merge: counts, its profile's total alone (the toolchain's measure, as
     * {@link FunctionCounts}); weight, the whole number the merge multiplied them by; askedShare, its
     * share = F (0 when it gave a weight); share, its part of the merged profile's counts,
     * weight × counts over the sum of all of them.
     */
    public record Part(String workload, long counts, long weight, double askedShare, double share) {
    }
}
