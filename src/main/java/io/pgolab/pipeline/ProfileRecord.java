package io.pgolab.pipeline;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.pgolab.toolchain.ProfileData;
import java.nio.file.Path;
import java.util.List;

/** The current merged profile and how it was made (.pgolab/profiles/current.json). */
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
        String createdAt) {

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record WorkloadRun(String name, String command, double wallSeconds, double cpuSeconds, int rawFiles,
                              long rawBytes) {
    }

    public ProfileData data() {
        return new ProfileData(Path.of(profile), sha256, bytes);
    }
}
