package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pgolab.config.GateSpec;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.measure.CampaignSettings;
import io.pgolab.measure.MetricInfo;
import io.pgolab.measure.Subject;
import io.pgolab.process.Measurement;
import io.pgolab.store.Worktrees;
import io.pgolab.util.CommandLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gate out of bounds stops: its verdict cannot change (issue 40: out of bounds at round 16, 14 s, it kept
 * measuring its other workload to 224 s). --measure-all measures every workload anyway.
 */
class GateSettleTest {
    @TempDir
    Path scratch;

    @Test
    void aGateOutOfBoundsInItsFirstWorkloadLeavesTheOthersUnmeasured_andSaysSo() {
        GateResult g = gate(false);

        assertThat(g.bench().workloads()).extracting(BenchResults.WorkloadResult::name).containsExactly("one");
        // its one measure decided (out of bounds): the campaign says "decided", the workloads left are not measured
        // (a campaign with measures left undecided stops at once: CampaignTest)
        assertThat(g.bench().workloads().get(0).campaign().stopReason()).startsWith("decided: the gated measure");
        assertThat(g.measures()).extracting(GateMeasure::status).containsExactly(GateMeasure.Status.OUT_OF_BOUNDS);
        assertThat(g.notes()).contains("workloads 'two', 'three' not measured: workload 'one' has a measure out of"
                + " bounds, so the gate fails whatever they do (--measure-all measures every workload)");
        assertThat(g.passed()).isFalse();
    }

    @Test
    void measureAllMeasuresEveryWorkload() {
        GateResult g = gate(true);

        assertThat(g.bench().workloads()).extracting(BenchResults.WorkloadResult::name)
                .containsExactly("one", "two", "three");
        assertThat(g.bench().workloads().get(0).campaign().stopReason()).startsWith("decided: ");
        assertThat(g.notes()).noneMatch(n -> n.contains("not measured"));
    }

    private GateResult gate(boolean measureAll) {
        assumeTrue(Probes.forMode(false).isEmpty(), "perf counters would wrap the fake commands");
        long[] now = {0};
        CampaignSettings s = CampaignSettings.defaults().withRounds(6, 1000).withWarmup(1)
                .withPrimary(List.of(MetricInfo.CPU_TIME));
        BenchOptions o = new BenchOptions(s, false, 0.01, false, Optional.of(Duration.ofSeconds(300)), false);
        BenchEngine engine = new BenchEngine(o, CommandLog.silent(), scratch, TimePlanTest.silentListener(), c -> {
            Files.writeString(c.stdoutFile(), "");
            Files.writeString(c.stderrFile(), "");
            now[0] += TimeUnit.SECONDS.toNanos(1);
            // the candidate 10 % slower in cpu_time, with a little noise; wall_time the same for both
            double cpu = (c.argv().get(1).startsWith("candidate") ? 1.1 : 1.0) * (1 + (now[0] / 1_000_000_000L % 3) * 0.001);
            return new Measurement(0, 0, false, 1.0, cpu, 0, 1000, 1, 1, 100, 0);
        }, () -> now[0]);
        GateSpec spec = new GateSpec(List.of(), 2.0, Map.of(), "fail");
        Gate.Request req = new Gate.Request(new Worktrees.Commit("main", "a".repeat(40)),
                new Worktrees.Commit("f", "b".repeat(40)), "h", "pgolab.toml", List.of("pgo"), spec, "fail", List.of());
        return Gate.run(engine, "t", List.of(workload("one"), workload("two"), workload("three")),
                List.<WorkloadSpec>of(), req, 0.01, measureAll);
    }

    private static BenchWorkload workload(String name) {
        return new BenchWorkload(name, "run", List.of(subject("base:pgo"), subject("candidate:pgo")));
    }

    private static Subject subject(String label) {
        return new Subject(label, List.of("run", label), Path.of("/"), Map.of(), Optional.empty());
    }
}
