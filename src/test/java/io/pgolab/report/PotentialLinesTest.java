package io.pgolab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.Potential;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** An inconclusive server CPU figure is explained by a small own-code share, per role; other figures are left alone. */
class PotentialLinesTest {
    static final double[] BASE = {100, 130, 80, 110, 95, 125, 70, 105};
    static final double[] NOISY = {90, 140, 85, 100, 105, 115, 80, 100};
    static final double[] FASTER = {80, 104, 64, 88, 76, 100, 56, 84};

    static Comparison cmp(String metric, double[] c) {
        return Comparison.of(metric, "s", Direction.LOWER_IS_BETTER, "release", "pgo", BASE, c, 0.01, 1);
    }

    static BenchResults.WorkloadResult workload(Map<String, Potential> potential, Comparison... cs) {
        return new BenchResults.WorkloadResult("tunnel", "cmd", null, List.of(cs), List.of("cpu_time"), potential,
                Optional.empty());
    }

    static Potential own(double own, double kernel) {
        return new Potential(own, 100 - own - kernel, kernel, 2000, "");
    }

    @Test
    void anInconclusiveCpuFigureOfAKernelBoundTunnelIsExplainedPerRole() {
        Map<String, Potential> p = new LinkedHashMap<>();
        p.put("release/server", own(8, 88));
        p.put("release/client", own(11, 85));
        p.put("pgo/server", own(7, 89));
        Comparison c = cmp("cpu_time", NOISY);
        assertThat(c.verdict().json()).isEqualTo("inconclusive");
        List<String> lines = PotentialLines.of(workload(p, c), List.of("cpu_time"));
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).contains("why pgo of cpu_time is inconclusive", "server 8% (kernel 88%)",
                "client 11% (kernel 85%)", "about 2.2% at most", "95% CI of ±");
        // a role's own metric is explained by that role only
        List<String> role = PotentialLines.of(workload(p, cmp("server.cpu_time", NOISY)), List.of("server.cpu_time"));
        assertThat(role.get(0)).contains("server 8%").doesNotContain("client");
    }

    @Test
    void conclusiveUngatedOrOwnCodeBoundFiguresGetNoExplanation() {
        Map<String, Potential> small = Map.of("release", own(10, 85));
        assertThat(PotentialLines.of(workload(small, cmp("cpu_time", FASTER)), List.of("cpu_time"))).isEmpty();
        assertThat(PotentialLines.of(workload(small, cmp("cpu_time", NOISY)), List.of("wall_time"))).isEmpty();
        assertThat(PotentialLines.of(workload(Map.of("release", own(70, 25)), cmp("cpu_time", NOISY)),
                List.of("cpu_time"))).isEmpty();
        assertThat(PotentialLines.of(workload(Map.of(), cmp("cpu_time", NOISY)), List.of("cpu_time"))).isEmpty();
    }
}
