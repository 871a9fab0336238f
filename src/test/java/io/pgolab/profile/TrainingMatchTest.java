package io.pgolab.profile;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.FunctionCounts;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The comparison of one bench run with the training profile: shares, cold functions, the advice. */
class TrainingMatchTest {
    static FunctionCounts counts(Object... nameCount) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < nameCount.length; i += 2) {
            m.put((String) nameCount[i], ((Number) nameCount[i + 1]).longValue());
        }
        return new FunctionCounts(m, FunctionCounts.BLOCK_COUNTS);
    }

    @Test
    void sharesOfFunctionsTrainingNeverRanOrRanRarely() {
        FunctionCounts training = counts("main", 5000, "ZSTD_compressBlock_doubleFast", 1_000_000,
                "zstd.c;ZSTD_compressBlock_fast", 0, "ZSTD_compressBlock_btultra2", 0, "rare", 500);
        FunctionCounts bench = counts("main", 10, "ZSTD_compressBlock_doubleFast", 300,
                "zstd.c;ZSTD_compressBlock_fast", 620, "rare", 70, "ZSTD_compressBlock_btultra2", 0);
        TrainingMatch.Bench b = TrainingMatch.compare("compress-1", "/p", training, bench, 5);
        assertThat(b.total()).isEqualTo(1000);
        assertThat(b.coldShare()).isEqualTo(0.69);   // 620 never ran + 70 below 0.1% of the training max (1000)
        assertThat(b.cold()).extracting(TrainingMatch.ColdFunction::name)
                .containsExactly("zstd.c;ZSTD_compressBlock_fast", "rare");   // btultra2: cold, but the bench did not run it either
        assertThat(b.cold().get(0).benchShare()).isEqualTo(0.62);
        assertThat(b.cold().get(0).neverRan()).isTrue();
        assertThat(b.cold().get(1).neverRan()).isFalse();
        assertThat(b.mismatch()).isTrue();
        assertThat(b.advice()).isEqualTo("bench compress-1 spends 69% of its block counts in functions training left"
                + " cold, 62% in ZSTD_compressBlock_fast (zstd.c) alone, which no training workload ran: add a training"
                + " workload like it (the inputs and options of [[bench]] 'compress-1')");
    }

    @Test
    void oneColdFunctionHoldingNearlyAllOfItIsNamedAlone() {
        TrainingMatch.Bench b = TrainingMatch.compare("compress-19", "/p", counts("a", 100, "b", 0),
                counts("a", 10, "b", 90), 5);
        assertThat(b.advice()).startsWith("bench compress-19 spends 90% of its block counts in b, which no training"
                + " workload ran: add a training workload like it");
    }

    @Test
    void aBenchRunInsideTrainedCodeMatches() {
        TrainingMatch.Bench b = TrainingMatch.compare("sum", "/p", counts("a", 100, "b", 0), counts("a", 1000, "b", 3), 5);
        assertThat(b.coldShare()).isLessThan(TrainingMatch.MISMATCH);
        assertThat(b.mismatch()).isFalse();
        assertThat(b.cold()).hasSize(1);
        assertThat(b.advice()).isEqualTo("training covers bench sum: 0.3% of its block counts fall in functions training"
                + " left cold");
    }

    @Test
    void topLimitsTheListNotTheShare() {
        TrainingMatch.Bench b = TrainingMatch.compare("w", "/p", counts("hot", 1),
                counts("x1", 10, "x2", 20, "x3", 30, "hot", 40), 2);
        assertThat(b.cold()).extracting(TrainingMatch.ColdFunction::name).containsExactly("x3", "x2");
        assertThat(b.coldShare()).isEqualTo(0.6);
    }

    @Test
    void anEmptyBenchRunSaysSo() {
        TrainingMatch.Bench b = TrainingMatch.compare("w", "/p", counts("a", 1), counts(), 5);
        assertThat(b.mismatch()).isFalse();
        assertThat(b.advice()).contains("left no block counts");
    }
}
