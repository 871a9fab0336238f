package io.pgolab.toolchain;

import java.nio.file.Path;

/**
 * The raw profile output of one training workload (or one role of it), and its weight in the merge.
 * share (0: none) is the fraction of the merged counts its workload is to contribute instead; group
 * names the workload, whose inputs (one per role) share one weight and one share.
 */
public record RawInput(String workload, Path dir, double weight, double share, String group) {
    public RawInput(String workload, Path dir, double weight) {
        this(workload, dir, weight, 0, workload);
    }
}
