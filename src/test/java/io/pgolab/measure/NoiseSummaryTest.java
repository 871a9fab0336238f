package io.pgolab.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import java.util.List;
import org.junit.jupiter.api.Test;

class NoiseSummaryTest {

    private static Comparison compare(double[] b, double[] c) {
        return Comparison.of("cpu_time", "s", Direction.LOWER_IS_BETTER, "A", "B", b, c, 0.01, 1);
    }

    @Test
    void speedPhasesThatHitBothSubjectsAreCancelledByThePairing() {
        // the machine runs at two speeds (1.0 and 1.4): both subjects move together, B is 2% slower in every round
        double[] speed = {1.0, 1.0, 1.4, 1.4, 1.0, 1.4, 1.0, 1.4, 1.0, 1.0};
        double[] b = new double[speed.length];
        double[] c = new double[speed.length];
        for (int i = 0; i < speed.length; i++) {
            b[i] = 0.3 * speed[i] * (1 + 0.001 * (i % 3));
            c[i] = b[i] * 1.02 * (1 + 0.002 * ((i * 7) % 5 - 2));
        }
        List<RoundNoise> noise = List.of(new RoundNoise(1, 0.5, 0, 0.7, false), new RoundNoise(2, 3.25, 0, 1.9, true));
        NoiseSummary n = NoiseSummary.of(noise, compare(b, c)).orElseThrow();

        assertThat(n.baselineCvPercent()).isGreaterThan(15);
        assertThat(n.pairedSpread()).isLessThan(1);
        assertThat(n.unpairedSpread()).isGreaterThan(20 * n.pairedSpread());
        assertThat(n.machineLine()).isEqualTo("machine: load 0.70–1.90, steal ≤ 3.3%, 1 of 10 rounds at a speed change (kept)");
        assertThat(n.precisionLine()).startsWith("noise on cpu_time: A varied ").contains("pairing cut the spread from")
                .contains(">100× fewer rounds").endsWith("after 10 rounds");
    }

    @Test
    void independentNoiseIsNotNarrowedAndSaysSo() {
        double[] b = {1.00, 1.02, 0.98, 1.01, 0.99, 1.03, 0.97, 1.00};
        double[] c = {0.99, 0.98, 1.02, 1.00, 1.03, 0.97, 1.01, 1.02};
        NoiseSummary n = NoiseSummary.of(List.of(), compare(b, c)).orElseThrow();

        assertThat(n.machineLine()).isEmpty(); // nothing recorded about the machine (e.g. a file of pgolab 0.1)
        assertThat(n.precisionLine()).contains("pairing did not narrow it");
    }

    @Test
    void aMissedTargetSaysWhatItWouldCostFromThePairedSpread() {
        NoiseSummary wide = new NoiseSummary(1, 1, 0, 0, 60, "cpu_time", "A", "B", 8, 10.0, 12, 2.5);
        // (1.96 * 10 / 0.5)^2 / 0.955 = 1609.1 rounds; at 0.9 s per round about 24 min
        assertThat(wide.targetCostLine(0.5, 0.9)).contains(
                "±0.5% (the target) would take about 1610 rounds at this noise (about 24 min at 0.9 s per round)");
        assertThat(wide.targetCostLine(3, 0.9)).isEmpty();   // reached
        assertThat(new NoiseSummary(1, 1, 0, 0, 60, "cpu_time", "A", "B", 8, 500, 600, 90).targetCostLine(0.5, 1))
                .hasValueSatisfying(l -> assertThat(l).contains("out of reach"));
    }

    @Test
    void tooFewSamplesSayNothing() {
        assertThat(NoiseSummary.of(List.of(), compare(new double[] {1}, new double[] {1}))).isEmpty();
    }
}
