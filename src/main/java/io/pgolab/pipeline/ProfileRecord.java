package io.pgolab.pipeline;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.pgolab.toolchain.ProfileData;
import java.nio.file.Path;
import java.util.List;

/**
 * A merged profile and how it was made (.pgolab/profiles/current.json for all training workloads,
 * current@TAG.json for the workloads tagged profile = "TAG").
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
        String profileSet) {

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record WorkloadRun(String name, String command, double wallSeconds, double cpuSeconds, int rawFiles,
                              long rawBytes) {
    }

    /** "" for the profile of all workloads (records written before profile sets existed read as null). */
    public String set() {
        return profileSet == null ? "" : profileSet;
    }

    public ProfileData data() {
        return new ProfileData(Path.of(profile), sha256, bytes);
    }
}
