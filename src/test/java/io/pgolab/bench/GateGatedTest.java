package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.GateSpec;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.measure.Gated;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import io.pgolab.store.Worktrees;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a gate's campaign waits for: every bounded metric of every variant, decided by the gate's own status rule. */
class GateGatedTest {
    static Comparison ratio(double lo, double hi) {
        double[] b = {1, 1, 1, 1, 1, 1};
        return Comparison.of("cpu_time", "s", Direction.LOWER_IS_BETTER, "base:pgo", "candidate:pgo", b,
                new double[] {lo, hi, lo, hi, lo, hi}, 0.01, 1);
    }

    @Test
    void everyBoundedMetricOfEveryVariantIsWaitedFor_decidedByItsStatus() {
        GateSpec spec = new GateSpec(List.of(), 2.0, Map.of("instructions", 1.0), "fail");
        Gate.Request req = new Gate.Request(new Worktrees.Commit("main", "a".repeat(40)),
                new Worktrees.Commit("f", "b".repeat(40)), "h", "pgolab.toml", List.of("release", "pgo"), spec, "fail",
                List.of());
        List<Gated> gated = Gate.gated("w", List.of("cpu_time"), List.<WorkloadSpec>of(), req, 0.01);

        assertThat(gated).extracting(g -> g.baseline() + " " + g.candidate() + " " + g.metric()).containsExactly(
                "base:release candidate:release instructions", "base:release candidate:release cpu_time",
                "base:pgo candidate:pgo instructions", "base:pgo candidate:pgo cpu_time");
        Gated cpu = gated.get(3);
        assertThat(cpu.decided().test(ratio(1.00, 1.015))).as("within the 2% bound").isTrue();
        assertThat(cpu.decided().test(ratio(1.03, 1.05))).as("beyond it").isTrue();
        assertThat(cpu.decided().test(ratio(1.01, 1.03))).as("straddling it").isFalse();
        // a bench's rule would call +1.0% to +1.5% inconclusive (neither within nor beyond 1%): the gate's decides it
        assertThat(ratio(1.00, 1.015).verdict()).isEqualTo(io.pgolab.stats.Verdict.INCONCLUSIVE);
    }

    /** A suite's benchmarks are known only once it ran: each measured one is waited for, with the micro bound. */
    @Test
    void aSuitesBenchmarksMeasuredSoFarAreWaitedForEachWithItsBound() {
        GateSpec spec = new GateSpec(List.of(), 2.0, Map.of("micro", 5.0), "fail");
        Gate.Request req = new Gate.Request(new Worktrees.Commit("main", "a".repeat(40)),
                new Worktrees.Commit("f", "b".repeat(40)), "h", "pgolab.toml", List.of("release"), spec, "fail",
                List.of());
        assertThat(Gate.gated("w", List.of("cpu_time"), List.<WorkloadSpec>of(), req, 0.01))
                .extracting(Gated::metric).doesNotContain("micro.BM_a");
        List<Gated> gated = Gate.gated("w", List.of("cpu_time"), false, List.<WorkloadSpec>of(), req, 0.01,
                java.util.Set.of("cpu_time", "micro.BM_a"), false);
        // the suite's own cpu_time is not gated (primary not chosen), so the stop reason never counts it (issue 40:
        // "4 of 5 gated measures undecided" beside a verdict of "3 of 4")
        assertThat(gated).extracting(Gated::metric).containsExactly("micro", "micro.BM_a");
        assertThat(Gate.gated("w", List.of("cpu_time"), true, List.<WorkloadSpec>of(), req, 0.01,
                java.util.Set.of("cpu_time", "micro.BM_a"), false)).extracting(Gated::metric).contains("cpu_time");
        Gated bm = gated.stream().filter(g -> g.metric().equals("micro.BM_a")).findFirst().orElseThrow();
        double[] b = {1, 1, 1, 1, 1, 1};
        Comparison c = Comparison.of("micro.BM_a", "ns/op", Direction.LOWER_IS_BETTER, "base:release",
                "candidate:release", b, new double[] {1.03, 1.04, 1.03, 1.04, 1.03, 1.04}, 0.01, 1);
        assertThat(bm.decided().test(c)).as("+3..4%% is within the micro bound of 5%%, decided").isTrue();
    }

    /** A measure out of bounds settles the gate (it fails whatever the rest does); --measure-all turns that off. */
    @Test
    void aMeasureOutOfBoundsSettlesTheGateUnlessMeasureAll() {
        GateSpec spec = new GateSpec(List.of(), 2.0, Map.of(), "fail");
        Gate.Request req = new Gate.Request(new Worktrees.Commit("main", "a".repeat(40)),
                new Worktrees.Commit("f", "b".repeat(40)), "h", "pgolab.toml", List.of("pgo"), spec, "fail", List.of());
        Gated cpu = Gate.gated("w", List.of("cpu_time"), true, List.<WorkloadSpec>of(), req, 0.01, java.util.Set.of(),
                false).get(0);
        assertThat(cpu.settles().apply(ratio(1.03, 1.05))).hasValueSatisfying(why -> assertThat(why)
                .startsWith("is out of bounds, so the gate fails whatever the other measures do"));
        assertThat(cpu.settles().apply(ratio(1.00, 1.015))).as("within bounds settles nothing").isEmpty();
        Gated all = Gate.gated("w", List.of("cpu_time"), true, List.<WorkloadSpec>of(), req, 0.01, java.util.Set.of(),
                true).get(0);
        assertThat(all.settles().apply(ratio(1.03, 1.05))).isEmpty();
        assertThat(GateResult.passed(List.of(GateMeasure.Status.OUT_OF_BOUNDS, GateMeasure.Status.INCONCLUSIVE), "pass"))
                .isFalse();
    }
}
