package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.pgolab.stats.Direction;
import io.pgolab.stats.Comparison;

/**
 * Checks on a comparison from a results file that do not depend on how noisy the machine was: the
 * ratio is finite and inside its own confidence interval, and ratio and verdict are the ones the
 * written samples give again. A bound on the ratio itself belongs only to CPU-bound
 * workloads; throughput through the kernel swings several-fold between rounds on a shared VM.
 */
final class ComparisonChecks {
    private ComparisonChecks() {
    }

    static void consistent(JsonNode c) {
        String what = c.get("workload").asText() + " " + c.get("metric").asText();
        double ratio = c.get("ratio").asDouble();
        double low = c.get("ci_low").asDouble();
        double high = c.get("ci_high").asDouble();
        assertThat(ratio).as(what).isPositive().isFinite();
        assertThat(low).as(what + " ci_low").isLessThanOrEqualTo(ratio);
        assertThat(high).as(what + " ci_high").isGreaterThanOrEqualTo(ratio);
        Direction dir = "lower_is_better".equals(c.get("direction").asText()) ? Direction.LOWER_IS_BETTER
                : Direction.HIGHER_IS_BETTER;
        Comparison again = Comparison.of(c.get("metric").asText(), c.get("unit").asText(), dir, "b", "c",
                samples(c.get("baseline_samples")), samples(c.get("candidate_samples")), c.get("min_effect").asDouble(), 0);
        assertThat(again.ratio()).as(what + " ratio from the samples").isCloseTo(ratio, within(1e-3 * ratio));
        assertThat(c.get("verdict").asText()).as(what + " verdict from the samples").isEqualTo(again.verdict().json());
    }

    private static double[] samples(JsonNode a) {
        double[] xs = new double[a.size()];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = a.get(i).asDouble();
        }
        return xs;
    }
}
