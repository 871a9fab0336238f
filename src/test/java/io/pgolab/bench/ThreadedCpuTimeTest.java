package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.MetricInfo;
import io.pgolab.measure.Run;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A gated cpu_time of a multi-threaded or mostly waiting process gets a note that suggests wall_time (issue 28). */
class ThreadedCpuTimeTest {

    @Test
    void severalThreadsOrMuchWaitingIsSaidAndABusySingleThreadIsNot() {
        assertThat(ThreadedCpuTime.note("decompress", "release", 3.1, 3.4)).hasValueSatisfying(n -> assertThat(n)
                .contains("workload 'decompress' (release)", "up to 3.4x", "several threads", "wall_time",
                        "primary = [\"wall_time\"]"));
        assertThat(ThreadedCpuTime.note("server", "pgo", 0.2, 0.25)).hasValueSatisfying(n -> assertThat(n)
                .contains("down to 20%", "waited", "wall_time"));
        assertThat(ThreadedCpuTime.note("loop", "release", 0.98, 1.01)).isEmpty();
        assertThat(ThreadedCpuTime.note("loop", "release", Double.NaN, Double.NaN)).isEmpty();
        // one side is enough: the candidate became multi-threaded
        assertThat(ThreadedCpuTime.note("loop", "release", 0.99, 1.9)).isPresent();
    }

    /** A 6 ms loop on a busy machine (A/A gate while the test suite ran): cpu_time 0.46x of wall_time, preempted. */
    @Test
    void aShortProgramWaitingForTheCpuIsNotToldToGateWallTime() {
        assertThat(ThreadedCpuTime.gaveUpTheCpu(Map.of("voluntary_ctx_switches", 1.0, "involuntary_ctx_switches", 9.0)))
                .isFalse();
        assertThat(ThreadedCpuTime.gaveUpTheCpu(Map.of("voluntary_ctx_switches", 40.0, "involuntary_ctx_switches", 3.0)))
                .isTrue();
        assertThat(ThreadedCpuTime.note("loop", "release", 0.50, 0.46, false)).isEmpty();
        assertThat(ThreadedCpuTime.note("server", "pgo", 0.2, 0.25, true)).isPresent();
        // several threads need no switch counts: cpu_time above wall_time cannot come from waiting
        assertThat(ThreadedCpuTime.note("decompress", "release", 3.1, 3.4, false)).isPresent();
    }

    @Test
    void aGateOnTheCpuTimeOfAThreadedProgramCarriesTheNote() {
        CampaignResult c = campaign(2.0); // both commits: 2 s of CPU in 1 s of wall time
        List<Comparison> cs = c.compare("base:release", "candidate:release", Map.of(), 0.01);
        BenchResults r = new BenchResults("gate", null, false, List.of(
                new BenchResults.WorkloadResult("lz4-d", "{binary} -d", c, cs, List.of("cpu_time"))));
        List<GateMeasure> ms = cs.stream().filter(x -> x.metric().equals("cpu_time"))
                .map(x -> GateMeasure.of("lz4-d", "release", x, 2.0)).toList();
        assertThat(ThreadedCpuTime.notes(r, ms)).singleElement().asString().contains("lz4-d", "2.0x");
        // gated on wall_time: nothing to say
        List<GateMeasure> wall = cs.stream().filter(x -> x.metric().equals("wall_time"))
                .map(x -> GateMeasure.of("lz4-d", "release", x, 2.0)).toList();
        assertThat(ThreadedCpuTime.notes(r, wall)).isEmpty();
        assertThat(ThreadedCpuTime.notes(withRatio(1.0), List.of())).isEmpty();
    }

    private static BenchResults withRatio(double ratio) {
        CampaignResult c = campaign(ratio);
        return new BenchResults("gate", null, false, List.of(new BenchResults.WorkloadResult("w", "x", c,
                c.compare("base:release", "candidate:release", Map.of(), 0.01), List.of("cpu_time"))));
    }

    private static CampaignResult campaign(double cpuPerWall) {
        Map<String, MetricInfo> metrics = new LinkedHashMap<>();
        metrics.put(MetricInfo.CPU_TIME, new MetricInfo(MetricInfo.CPU_TIME, "s", Direction.LOWER_IS_BETTER));
        metrics.put(MetricInfo.WALL_TIME, new MetricInfo(MetricInfo.WALL_TIME, "s", Direction.LOWER_IS_BETTER));
        List<Run> runs = new ArrayList<>();
        for (int round = 0; round < 8; round++) {
            double w = 1 + 0.002 * (round % 3);
            runs.add(new Run("base:release", round, 0, Map.of("cpu_time", cpuPerWall * w, "wall_time", w)));
            runs.add(new Run("candidate:release", round, 1, Map.of("cpu_time", cpuPerWall * w, "wall_time", w)));
        }
        return new CampaignResult(List.of("base:release", "candidate:release"), runs, metrics, 8, 1, "cap reached", 30,
                7L, List.of(), Map.of());
    }
}
