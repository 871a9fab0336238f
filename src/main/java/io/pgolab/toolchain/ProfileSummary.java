package io.pgolab.toolchain;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
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

    /** name: as in the profile (mangled for C++ and Rust); demangled: its readable form, null when the same or unknown. */
    public record HotFunction(String name, long count, double share,
                              @JsonInclude(JsonInclude.Include.NON_NULL) String demangled) {
        public HotFunction(String name, long count, double share) {
            this(name, count, share, null);
        }

        /** The readable name when there is one. */
        public String shown() {
            return demangled == null ? name : demangled;
        }
    }

    /** The same summary with each hottest function's readable name (demangler's map: name to demangled). */
    public ProfileSummary withDemangled(Map<String, String> names) {
        List<HotFunction> h = hottest.stream().map(f -> new HotFunction(f.name(), f.count(), f.share(),
                names.getOrDefault(f.name(), f.demangled()))).toList();
        return new ProfileSummary(functionsInstrumented, functionsWithCounts, totalCount, h, bytes, profiledSeconds);
    }

    /**
     * The summary of every function of a profile with its count: a function counts as covered when its
     * count is non-zero; the top hottest with their share of the total.
     */
    public static ProfileSummary of(List<HotFunction> all, int top, long bytes) {
        long total = all.stream().mapToLong(HotFunction::count).sum();
        int covered = (int) all.stream().filter(f -> f.count() > 0).count();
        List<HotFunction> hottest = all.stream()
                .filter(f -> f.count() > 0)
                .sorted(Comparator.comparingLong(HotFunction::count).reversed())
                .limit(top)
                .map(f -> new HotFunction(f.name(), f.count(), total == 0 ? 0 : (double) f.count() / total))
                .toList();
        return new ProfileSummary(all.size(), covered, total, hottest, bytes);
    }

    /** True for CPU-sample profiles, which have no notion of instrumented functions. */
    public boolean sampled() {
        return profiledSeconds.isPresent();
    }

    public double coveragePercent() {
        return functionsInstrumented == 0 ? 0 : 100.0 * functionsWithCounts / functionsInstrumented;
    }
}
