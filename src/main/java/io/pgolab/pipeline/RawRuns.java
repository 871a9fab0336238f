package io.pgolab.pipeline;

import io.pgolab.profile.ProfileRecord;
import io.pgolab.store.Digests;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.Hashing;
import io.pgolab.util.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The raw profiles a training workload left in .pgolab/profiles/runs/NAME-KEY/raw/, recorded with
 * their sizes and SHA-256 in the run's run.json and checked before they are merged again.
 */
final class RawRuns {
    private RawRuns() {
    }

    /**
     * What changed in a run's raw profiles since they were recorded, if anything. A run.json written
     * before digests existed is checked by its file count and total size.
     */
    static Optional<String> damage(ProfileRecord.WorkloadRun run, Path raw, Toolchain toolchain, Path shownFrom) {
        if (run.files() != null) {
            return Digests.change(raw, run.files(), "recorded", shownFrom);
        }
        List<Path> files = toolchain.rawProfiles(raw);
        long bytes = files.stream().mapToLong(Hashing::sizeOf).sum();
        if (files.size() != run.rawFiles() || bytes != run.rawBytes()) {
            return Optional.of(Digests.changed(Digests.shown(raw, shownFrom), "recorded", files.size() + " file(s) of "
                    + Digests.size(bytes) + ", was " + run.rawFiles() + " of " + Digests.size(run.rawBytes())));
        }
        return Optional.empty();
    }

    /** The run with the digests of its raw profiles, recorded in marker (run.json) if they were not yet. */
    static ProfileRecord.WorkloadRun recordDigests(ProfileRecord.WorkloadRun run, Path marker) {
        return run.files() != null ? run : rerecord(run, marker);
    }

    /** Records the raw profiles as they are now (after a merge dropped and deleted unreadable ones). */
    static ProfileRecord.WorkloadRun rerecord(ProfileRecord.WorkloadRun run, Path marker) {
        ProfileRecord.WorkloadRun r = run.withFiles(Digests.of(marker.resolveSibling("raw")));
        Json.write(marker, r);
        return r;
    }

    /** rerecord for each run, with the directories of the same workloads' runs, in the same order. */
    static List<ProfileRecord.WorkloadRun> rerecord(List<ProfileRecord.WorkloadRun> runs, List<Path> runDirs) {
        List<ProfileRecord.WorkloadRun> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            out.add(rerecord(runs.get(i), runDirs.get(i).resolve("run.json")));
        }
        return out;
    }
}
