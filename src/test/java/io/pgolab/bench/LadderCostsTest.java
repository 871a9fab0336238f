package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pgolab.config.Variant;
import io.pgolab.pipeline.PipelineOutcome;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.store.BuildLoad;
import io.pgolab.store.BuildResult;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.BuildDiagnostics;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a ladder step costs in CPU time: its builds' CPU, its training's CPU and the merge; unknown stays unknown. */
class LadderCostsTest {
    private static BuiltArtifact built(String name, String phase, double wall, Double cpu) {
        return new BuiltArtifact(name, phase, "k-" + name, "/p/bin/" + name + "/hot", "", 1000, wall, "", 0, 0,
                "/p/log", "make", "2026-01-01T00:00:00Z", "", Map.of(), cpu, cpu == null ? null : new BuildLoad(1, 2));
    }

    private static PipelineOutcome outcome(List<BuiltArtifact> builds, BuiltArtifact instrumented) {
        // training: two workloads, 3 s and 1 s of wall time, 2.5 s and 0.5 s of CPU; merge 0.25 s
        ProfileRecord p = new ProfileRecord("tk", "ik", "", "/p/merged.profdata", "ab", 10, 0.25,
                List.of(new ProfileRecord.WorkloadRun("a", "a", 3, 2.5, 1, 1, Map.of()),
                        new ProfileRecord.WorkloadRun("b", "b", 1, 0.5, 1, 1, Map.of())), List.of(), "", "");
        return new PipelineOutcome(builds.stream().map(b -> new BuildResult(b, false, BuildDiagnostics.NONE)).toList(),
                Optional.of(new BuildResult(instrumented, false, BuildDiagnostics.NONE)), Map.of("", p), true);
    }

    @Test
    void aPgoStepCostsItsBuildTheInstrumentedBuildTrainingAndMergeInCpuTime() {
        // make -j8 on a loaded machine: CPU time larger than wall time for builds, smaller for training
        List<BuiltArtifact> built = List.of(built("release", "plain", 2, 12.0), built("pgo", "optimize", 3, 14.0));
        PipelineOutcome o = outcome(built, built("instrumented", "instrument", 4, 16.0));
        List<Variant> steps = List.of(Variant.RELEASE, Variant.PGO);

        Map<String, Double> cpu = LadderCosts.pipelineCpuSeconds(o, steps, built);
        assertThat(cpu.get("release")).isCloseTo(12.0, within(1e-9));
        assertThat(cpu.get("pgo")).isCloseTo(14.0 + 16.0 + 2.5 + 0.5 + 0.25, within(1e-9));
        Map<String, Double> wall = LadderCosts.pipelineSeconds(o, steps, built);
        assertThat(wall.get("pgo")).isCloseTo(3 + 4 + 3 + 1 + 0.25, within(1e-9));
    }

    @Test
    void aStepWithABuildOfUnknownCpuTimeHasNoCpuCost() {
        // the instrumented build was recorded by an older pgolab: the pgo step's CPU is unknown, release's is not
        List<BuiltArtifact> built = List.of(built("release", "plain", 2, 12.0), built("pgo", "optimize", 3, 14.0));
        PipelineOutcome o = outcome(built, built("instrumented", "instrument", 4, null));
        Map<String, Double> cpu = LadderCosts.pipelineCpuSeconds(o, List.of(Variant.RELEASE, Variant.PGO), built);
        assertThat(cpu).containsOnlyKeys("release");
    }
}
