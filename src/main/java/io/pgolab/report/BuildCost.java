package io.pgolab.report;

import io.pgolab.pipeline.PipelineOutcome;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.store.BuildResult;
import java.util.Optional;

/** What the pgo pipeline cost over a release build, from recorded stage times: the build table's line and the JSON. */
public final class BuildCost {
    private BuildCost() {
    }

    /**
     * Extra CPU time of the pgo pipeline over a release build: the builds' CPU (user + system of their process
     * trees), the training workloads' CPU, and the merge by its wall time (its CPU is not measured). Empty when a
     * build's CPU time was not recorded (an artifact built by an older pgolab).
     */
    public static Optional<Double> pgoExtraCpuSeconds(PipelineOutcome o) {
        Optional<BuildResult> rel = o.build("release");
        Optional<BuildResult> pgo = o.build("pgo");
        if (rel.isEmpty() || pgo.isEmpty() || o.instrumented().isEmpty() || o.profile().isEmpty()) {
            return Optional.empty();
        }
        Optional<Double> r = rel.get().artifact().cpuSeconds();
        Optional<Double> p = pgo.get().artifact().cpuSeconds();
        Optional<Double> i = o.instrumented().get().artifact().cpuSeconds();
        if (r.isEmpty() || p.isEmpty() || i.isEmpty()) {
            return Optional.empty();
        }
        double training = o.profile().get().workloads().stream().mapToDouble(ProfileRecord.WorkloadRun::cpuSeconds).sum();
        return Optional.of(i.get() + training + o.profile().get().mergeSeconds() + p.get() - r.get());
    }

    /** Extra wall time of the pgo pipeline over a release build, from recorded stage times. */
    public static Optional<Double> pgoExtraSeconds(PipelineOutcome o) {
        Optional<BuildResult> rel = o.build("release");
        Optional<BuildResult> pgo = o.build("pgo");
        if (rel.isEmpty() || pgo.isEmpty() || o.instrumented().isEmpty() || o.profile().isEmpty()) {
            return Optional.empty();
        }
        double training = o.profile().get().trainingWallSeconds();
        double total = o.instrumented().get().artifact().buildSeconds() + training + o.profile().get().mergeSeconds()
                + pgo.get().artifact().buildSeconds();
        return Optional.of(total - rel.get().artifact().buildSeconds());
    }
}
