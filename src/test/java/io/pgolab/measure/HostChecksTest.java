package io.pgolab.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Warnings are data: a kind to filter on, and the sentence the reports print unchanged. */
class HostChecksTest {
    @Test
    void samplesGiveHighVariationAndOutlierWarnings() {
        double[] noisy = {1.0, 1.3, 0.8, 1.2, 0.9, 1.1};
        double[] spike = {1.0, 1.001, 0.999, 1.0, 1.002, 9.0};
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            runs.add(new Run("a", i + 1, 0, Map.of("cpu_time", noisy[i])));
            runs.add(new Run("b", i + 1, 1, Map.of("cpu_time", spike[i])));
        }
        List<Subject> subjects = List.of(subject("a"), subject("b"));
        List<Warning> w = HostChecks.after(runs, subjects, List.of("cpu_time")).stream()
                .filter(x -> x.kind() != Warning.Kind.LOAD_AFTER).toList(); // the load depends on the machine
        assertThat(w).extracting(Warning::kind).containsExactly(Warning.Kind.HIGH_VARIATION,
                Warning.Kind.HIGH_VARIATION, Warning.Kind.OUTLIERS);
        assertThat(w.get(0).message()).isEqualTo("high variation: cpu_time of 'a' has a coefficient of variation of 17.8%");
        assertThat(w.get(2).message()).startsWith("1 outlier(s) in cpu_time of 'b' (modified z-score > 10; kept:");
    }

    private static Subject subject(String label) {
        return new Subject(label, List.of("true"), Path.of("."), Map.of(), Optional.empty());
    }

    @Test
    void procStatGivesEachCpusTicksAndTheTotalForACpuItDoesNotList() {
        long[] cpu0 = HostSampler.PROC.cpuTicks(0);
        long[] all = HostSampler.PROC.cpuTicks(100_000); // no such CPU: the "cpu" line of all of them
        assertThat(cpu0).hasSize(8);
        assertThat(all).hasSize(8);
        long sum0 = java.util.Arrays.stream(cpu0).sum();
        long sumAll = java.util.Arrays.stream(all).sum();
        assertThat(sum0).isPositive();
        assertThat(sumAll).isGreaterThanOrEqualTo(sum0);
        if (Runtime.getRuntime().availableProcessors() > 1) {
            assertThat(all).isNotEqualTo(cpu0);
        }
    }

    @Test
    void theThreadThatLooksIsOneOfThisJvmsRunnableThreads() {
        assertThat(HostChecks.ownRunnable()).isGreaterThanOrEqualTo(1);
        assertThat(HostChecks.otherRunnable()).isNotNegative();
    }
}
