package io.pgolab.profile;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.pgolab.store.FileDigest;
import io.pgolab.toolchain.ProfileData;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A merged profile and how it was made (.pgolab/profiles/current.json for all training workloads,
 * current@TAG.json for the workloads tagged profile = "TAG"). sha256 and bytes are those of the merged
 * profile (a file, or a directory tree for GCC), checked before every reuse (TrainStage.current).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ProfileRecord(
        String trainKey,
        String instrumentedKey,
        String notes,
        String profile,
        String sha256,
        long bytes,
        double mergeSeconds,
        List<WorkloadRun> workloads,
        List<String> dropped,
        String createdAt,
        String profileSet,
        StoredUse stored,
        List<Contribution> contributions) {

    public ProfileRecord(String trainKey, String instrumentedKey, String notes, String profile, String sha256, long bytes,
                         double mergeSeconds, List<WorkloadRun> workloads, List<String> dropped, String createdAt,
                         String profileSet) {
        this(trainKey, instrumentedKey, notes, profile, sha256, bytes, mergeSeconds, workloads, dropped, createdAt,
                profileSet, null, List.of());
    }

    public ProfileRecord {
        contributions = contributions == null ? List.of() : List.copyOf(contributions);
    }

    /**
     * What one workload put into the merged profile (listed when more than one was merged): counts, its
     * profile's total alone (block counts for clang and cargo, arc counts for gcc, CPU samples for go);
     * weight, the whole number the merge multiplied them by; askedShare, its share = F scaled so the
     * set's add up to 1 (0 when it gave a weight); share, its part of the merged counts; base, whether it
     * is the project's own broad training ([[train]] base = true).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Contribution(String name, boolean base, long counts, long weight, double askedShare, double share) {
    }

    /** The share of the merged counts that came from base workloads (0 when none is, or nothing was recorded). */
    @JsonIgnore
    public double baseShare() {
        return contributions.stream().filter(Contribution::base).mapToDouble(Contribution::share).sum();
    }

    public ProfileRecord withContributions(List<Contribution> c) {
        return new ProfileRecord(trainKey, instrumentedKey, notes, profile, sha256, bytes, mergeSeconds, workloads, dropped,
                createdAt, profileSet, stored, c);
    }

    /**
     * A stored profile this build used or tried (null: none). file: the stored profile; commitsSince:
     * commits from its commit to HEAD (-1: unknown); mismatched, missing: the compiler's counts (-1: not built from it); staleShare: the largest share of its functions an
     * optimized build found mismatched or missing, or the lost share of its counts (the larger; -1: not built
     * from it); retrained: why pgolab trained instead ("" when the stored profile was used); lostCounts: the
     * share of the profile's counts whose functions the new build no longer has by name (SymbolMatch.lost; -1:
     * unknown).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record StoredUse(String file, String sha256, String gitCommit, boolean gitDirty, String createdAt,
                            int commitsSince, int mismatched, int missing, int functions, double staleShare,
                            String retrained, double lostCounts) {
    }

    /** The wall time of its training runs, added up. */
    @JsonIgnore
    public double trainingWallSeconds() {
        return workloads.stream().mapToDouble(WorkloadRun::wallSeconds).sum();
    }

    public ProfileRecord withStored(StoredUse s) {
        return new ProfileRecord(trainKey, instrumentedKey, notes, profile, sha256, bytes, mergeSeconds, workloads, dropped,
                createdAt, profileSet, s, contributions);
    }

    /**
     * One training workload's run. files: size and SHA-256 of each raw profile it left, by path relative
     * to its raw/ directory (null in records written before digests existed, or before they were taken).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record WorkloadRun(String name, String command, double wallSeconds, double cpuSeconds, int rawFiles,
                              long rawBytes, Map<String, FileDigest> files) {
        public WorkloadRun withFiles(Map<String, FileDigest> digests) {
            return new WorkloadRun(name, command, wallSeconds, cpuSeconds, rawFiles, rawBytes, digests);
        }
    }

    /** "" for the profile of all workloads (records written before profile sets existed read as null). */
    public String set() {
        return profileSet == null ? "" : profileSet;
    }

    public ProfileData data() {
        return new ProfileData(Path.of(profile), sha256, bytes);
    }
}
