package io.pgolab.toolchain;

import java.nio.file.Path;

/** The raw profile output of one training workload, and its weight in the merge. */
public record RawInput(String workload, Path dir, double weight) {
}
