package io.pgolab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.Ladder;
import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.MetricInfo;
import io.pgolab.measure.Run;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import io.pgolab.stats.Looks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A ladder over a sequential campaign: the gain over the previous step is the last look's, as every comparison. */
class LadderSequentialTest {
    @Test
    void theGainOverThePreviousStepIsTheLastLooksInterval() {
        List<Run> runs = new ArrayList<>();
        double[] base = {0.200, 0.170, 0.150};
        List<String> variants = List.of("release", "pgo", "pgo+lto");
        for (int round = 1; round <= 12; round++) {
            for (int v = 0; v < 3; v++) {
                double wobble = 1 + 0.01 * (((round * (v + 3)) % 5) - 2);
                runs.add(new Run(variants.get(v), round, v, Map.of("cpu_time", base[v] * wobble)));
            }
        }
        Looks looks = Looks.plan(6, 12);
        CampaignResult c = new CampaignResult(variants, runs, Map.of("cpu_time", new MetricInfo("cpu_time", "s",
                Direction.LOWER_IS_BETTER)), 12, 1, "cap: ...", 30, 7L, List.of(), Map.of(), List.of(), looks, Map.of(),
                Map.of(8, 20.0, 12, 30.0));
        List<Comparison> cs = c.compare("release", Map.of(), 0.01);
        BenchResults bench = new BenchResults("ladder", Fixtures.settings(), false, List.of(
                new BenchResults.WorkloadResult("hot", "{binary}", c, cs, List.of("cpu_time"))));

        Ladder l = Ladder.of(bench, Fixtures.built(), Map.of(), List.of());
        Comparison vsPrev = l.steps().get(2).vsPrevious();
        assertThat(vsPrev.baseline()).isEqualTo("pgo");
        assertThat(vsPrev.alpha()).isEqualTo(looks.looks().get(1).alpha()).isLessThan(0.05);
        assertThat(vsPrev.rounds()).isEqualTo(12);
        assertThat(vsPrev.seconds()).isEqualTo(30.0);
    }
}
