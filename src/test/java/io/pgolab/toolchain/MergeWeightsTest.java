package io.pgolab.toolchain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.pgolab.UserError;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** share = F into whole-number merge weights, and the shares the weights then give. */
class MergeWeightsTest {
    private static double[] realized(long[] w, long[] totals) {
        double sum = 0;
        for (int i = 0; i < w.length; i++) {
            sum += (double) w[i] * totals[i];
        }
        double[] out = new double[w.length];
        for (int i = 0; i < w.length; i++) {
            out[i] = w[i] * totals[i] / sum;
        }
        return out;
    }

    @Test
    void equalSharesOfUnequalWorkloadsWeighTheSmallOneUp() {
        long[] totals = {2_000_000, 100_000};
        long[] w = MergeWeights.fromShares(new double[] {0.5, 0.5}, totals, MergeWeights.LLVM_CAP);
        assertThat(w).containsExactly(1, 20);
        assertThat(realized(w, totals)[0]).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void weightsGrowUntilRoundingMovesNoneByMoreThanHalfAPercent() {
        long[] totals = {1000, 1000};
        long[] w = MergeWeights.fromShares(new double[] {0.3, 0.7}, totals, MergeWeights.LLVM_CAP);
        assertThat(w).containsExactly(3, 7);
        long[] odd = {1_000_003, 999_999};
        long[] wo = MergeWeights.fromShares(new double[] {0.41, 0.59}, odd, MergeWeights.LLVM_CAP);
        double[] r = realized(wo, odd);
        assertThat(r[0]).isCloseTo(0.41, within(0.41 * 0.006));
        assertThat(wo[0]).isLessThanOrEqualTo(1000);
    }

    @Test
    void sharesBelowOneAreScaledUpToOne() {
        long[] totals = {500, 500};
        double[] r = realized(MergeWeights.fromShares(new double[] {0.1, 0.3}, totals, MergeWeights.LLVM_CAP), totals);
        assertThat(r[0]).isCloseTo(0.25, within(1e-9));
    }

    @Test
    void pastTheCapTheSmallestWeightIsOneAndItsWorkloadGetsMore() {
        long[] totals = {1_000_000, 1};   // the second would need a weight of 10^6 x 9 to make 90%
        long[] w = MergeWeights.fromShares(new double[] {0.1, 0.9}, totals, MergeWeights.GO_CAP);
        assertThat(w[1]).isEqualTo(MergeWeights.GO_CAP);
        assertThat(w[0]).isEqualTo(1);
        assertThat(realized(w, totals)[1]).isLessThan(0.9);
    }

    @Test
    void noWeightMayOverflowACounter() {
        long[] totals = {Long.MAX_VALUE / 16, 1000};
        long[] w = MergeWeights.fromShares(new double[] {0.5, 0.5}, totals, MergeWeights.LLVM_CAP);
        assertThat((double) w[0] * totals[0]).isLessThan(Long.MAX_VALUE / 4.0);
    }

    @Test
    void inputsOfOneWorkloadShareItsWeightAndPartsAreReported() {
        List<RawInput> in = List.of(new RawInput("svc.server", Path.of("a"), 1, 0.5, "svc"),
                new RawInput("svc.client", Path.of("b"), 1, 0.5, "svc"), new RawInput("cli", Path.of("c"), 1, 0.5, "cli"));
        Map<String, Long> totals = Map.of("svc.server", 300L, "svc.client", 100L, "cli", 100L);
        MergeWeights m = MergeWeights.of(in, x -> totals.get(x.workload()), MergeWeights.LLVM_CAP);
        assertThat(m.weight(in.get(0))).isEqualTo(m.weight(in.get(1))).isEqualTo(1);
        assertThat(m.weight(in.get(2))).isEqualTo(4);
        assertThat(m.parts()).extracting(MergeResult.Part::workload).containsExactly("svc", "cli");
        assertThat(m.parts().get(0).counts()).isEqualTo(400);
        assertThat(m.parts().get(0).share()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void weightsAloneStayAsGivenAndStillReportTheirParts() {
        List<RawInput> in = List.of(new RawInput("big", Path.of("a"), 1), new RawInput("small", Path.of("b"), 2.4));
        MergeWeights m = MergeWeights.of(in, x -> x.workload().equals("big") ? 900 : 50, MergeWeights.LLVM_CAP);
        assertThat(m.weight(in.get(1))).isEqualTo(2);
        assertThat(m.parts().get(0).share()).isCloseTo(0.9, within(1e-9));
        assertThat(m.parts().get(0).askedShare()).isZero();
        // one workload: nothing is counted
        assertThat(MergeWeights.of(in.subList(0, 1), x -> {
            throw new AssertionError("not read");
        }, MergeWeights.LLVM_CAP).parts()).isEmpty();
    }

    @Test
    void aShareOfAWorkloadWithoutCountsOrWithoutACounterIsAUserError() {
        List<RawInput> in = List.of(new RawInput("a", Path.of("a"), 1, 0.5, "a"), new RawInput("b", Path.of("b"), 1, 0.5, "b"));
        assertThatThrownBy(() -> MergeWeights.of(in, x -> x.workload().equals("a") ? 0 : 10, MergeWeights.LLVM_CAP))
                .isInstanceOf(UserError.class).hasMessageContaining("'a' has share = 0.5, but its profile has no counts");
        assertThatThrownBy(() -> MergeWeights.of(in, null, MergeWeights.LLVM_CAP))
                .isInstanceOf(UserError.class).hasMessageContaining("share cannot be used");
    }
}
