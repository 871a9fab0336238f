package io.pgolab.toolchain;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per-function counts of one profile, by the function's name in the profile (clang's "file.c;name"
 * for file-local functions). What a count is depends on the toolchain and is named by measure:
 * clang and cargo sum each function's block counters (llvm-profdata show --counts), gcc sums each
 * function's arc counters (gcov-dump -l), go counts CPU samples of the function's own code (pprof
 * flat). Within one toolchain two profiles of the same binary are comparable; across toolchains
 * only the shares are.
 */
public record FunctionCounts(Map<String, Long> counts, String measure) {
    public static final String BLOCK_COUNTS = "block counts";
    public static final String ARC_COUNTS = "arc counts";
    public static final String SAMPLES = "CPU samples";

    public FunctionCounts {
        counts = Collections.unmodifiableMap(new LinkedHashMap<>(counts));
    }

    /** Counts by name; a name seen twice (two copies of a function) adds up. */
    public static FunctionCounts of(Iterable<ProfileSummary.HotFunction> functions, String measure) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (ProfileSummary.HotFunction f : functions) {
            m.merge(f.name(), f.count(), Long::sum);
        }
        return new FunctionCounts(m, measure);
    }

    public long total() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    public long max() {
        return counts.values().stream().mapToLong(Long::longValue).max().orElse(0);
    }

    /** The function's count; 0 for a function this profile does not list. */
    public long of(String function) {
        return counts.getOrDefault(function, 0L);
    }
}
