package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.profile.TrainingMatch;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A loss is never silent (issue 37): which comparisons are losses (the verdicts as they are), the headline, and the fix
 * chosen by cause: the guard off, training that missed the workload's code, training that covered it, unknown.
 */
class LossesTest {
    static final double[] BASE = TrainingCheckTest.BASE;
    static final double[] SLOWER = TrainingCheckTest.SLOWER;
    static final double[] FASTER = {80, 81, 79, 80, 80, 81, 79, 80};

    static BenchResults.WorkloadResult workload(String name, String command, Comparison... c) {
        return new BenchResults.WorkloadResult(name, command, null, List.of(c), List.of("cpu_time"));
    }

    static BenchResults nbody() {
        return new BenchResults("t", null, false, List.of(
                workload("n-body", "{binary} nbody.py 200000", TrainingCheckTest.cmp("cpu_time", "release", "pgo", BASE, SLOWER))));
    }

    /** The training check's finding for n-body: share in cold functions, the functions (training counts). */
    static TrainingMatch check(String set, double share, long... trainingCounts) {
        List<TrainingMatch.ColdFunction> cold = new java.util.ArrayList<>();
        String[] names = {"PyFloat_FromDouble", "float_dealloc", "float_pow", "long_add"};
        for (int i = 0; i < trainingCounts.length; i++) {
            cold.add(new TrainingMatch.ColdFunction(names[i], 1000 - i, share / trainingCounts.length, trainingCounts[i]));
        }
        TrainingMatch.Bench b = new TrainingMatch.Bench("n-body", "/p/nbody.profdata", 100_000, share, cold,
                share >= TrainingMatch.MISMATCH, "advice");
        return new TrainingMatch(set, "block counts", "/p/merged.profdata", List.of("startup"), TrainingMatch.NEARLY_COLD,
                "/p/against-bench", List.of(b), List.of());
    }

    static Losses.Training known(TrainingMatch m, Boolean guard) {
        return new Losses.Training(List.of(m), Map.of(), "", guard);
    }

    @Test
    void onlyRegressedGatedPgoAgainstAVariantWithoutAProfileIsALoss() {
        BenchResults r = new BenchResults("t", null, false, List.of(
                workload("a", "c", TrainingCheckTest.cmp("cpu_time", "release", "pgo", BASE, SLOWER),
                        TrainingCheckTest.cmp("cpu_time", "release", "lto", BASE, SLOWER),
                        TrainingCheckTest.cmp("cpu_time", "pgo", "pgo+lto", BASE, SLOWER),
                        TrainingCheckTest.cmp("cpu_time", "lto", "pgo+lto", BASE, SLOWER),
                        TrainingCheckTest.cmp("max_rss", "release", "pgo", BASE, SLOWER)),
                workload("b", "c", TrainingCheckTest.cmp("cpu_time", "release", "pgo", BASE, FASTER),
                        TrainingCheckTest.cmp("cpu_time", "release", "pgo@fast", new double[] {1, 2, 3}, new double[] {2, 3, 4}))));
        List<Loss> losses = Losses.of(r, Losses.Training.unknown("not checked"));
        // lto is not pgo; pgo+lto against pgo is a step between two profiles; max_rss is not gated; b improved or is
        // inconclusive (3 rounds)
        assertThat(losses).extracting(l -> l.variant() + " vs " + l.baseline() + " on " + l.workload())
                .containsExactly("pgo vs release on a", "pgo+lto vs lto on a");
    }

    @Test
    void theGuardOffAndABigColdShareSayTurnItBackOn() {
        Loss l = Losses.of(nbody(), known(check("", 0.13, 0, 0, 0), false)).get(0);
        assertThat(l.cause()).isEqualTo(Loss.GUARD_OFF);
        assertThat(l.headline()).isEqualTo("LOSS: pgo is " + String.format(java.util.Locale.ROOT, "%.1f", l.changePercent())
                + "% slower than release on n-body (cpu_time " + String.format(java.util.Locale.ROOT, "%+.1f%% [%+.1f%%, %+.1f%%]",
                l.changePercent(), l.ciLowPercent(), l.ciHighPercent()) + "): 13% of n-body's counts are in functions"
                + " training never ran (PyFloat_FromDouble, float_dealloc, float_pow)");
        assertThat(l.fixLine()).startsWith("fix: turn partial_training back on (remove `partial_training = false` from"
                + " [toolchain])");
        assertThat(l.coldShare()).isEqualTo(0.13);
        assertThat(l.guard()).isFalse();
        assertThat(l.unknown()).isNull();
    }

    @Test
    void theGuardOnAndABigColdShareSayAddAWorkloadLikeItOrAWeight() {
        Loss l = Losses.of(nbody(), known(check("", 0.13, 0, 5, 0), true)).get(0);
        assertThat(l.cause()).isEqualTo(Loss.TRAINING_MISSED);
        assertThat(l.headline()).endsWith("13% of n-body's counts are in functions training left cold"
                + " (PyFloat_FromDouble, float_dealloc, float_pow)");
        assertThat(l.fix()).isEqualTo("add a training workload like n-body (its command: `{binary} nbody.py 200000`) or"
                + " raise the weight of a [[train]] workload that runs this code (`weight = N`)");
        // a toolchain without the guard (go) gets the same advice
        assertThat(Losses.of(nbody(), known(check("", 0.5, 0), null)).get(0).cause()).isEqualTo(Loss.TRAINING_MISSED);
    }

    @Test
    void aSmallColdShareSaysTrainingCoveredTheCodeAndWhereToLookInstead() {
        for (Boolean guard : new Boolean[] {true, false, null}) {
            Loss l = Losses.of(nbody(), known(check("", 0.004, 0), guard)).get(0);
            assertThat(l.cause()).isEqualTo(Loss.TRAINING_COVERED);
            assertThat(l.headline()).contains("only 0.4% of n-body's counts are in functions training never ran");
            assertThat(l.fix()).startsWith("training covered n-body's code (0.4% of its counts are in functions training"
                    + " left cold), so the loss is not from missing training").contains("layout", "LTO", "noise",
                    "pgolab profile --against-bench");
        }
    }

    @Test
    void withoutTheCheckTheLossIsSaidAnywayWithHowToGetTheShare() {
        Loss l = Losses.of(nbody(), new Losses.Training(List.of(), Map.of(), "the training check was skipped"
                + " (--no-training-check)", true)).get(0);
        assertThat(l.cause()).isEqualTo(Loss.UNKNOWN);
        assertThat(l.coldShare()).isNull();
        assertThat(l.headline()).startsWith("LOSS: pgo is ").endsWith("the share of n-body's counts in code training"
                + " missed is unknown; the training check was skipped (--no-training-check)");
        assertThat(l.fix()).isEqualTo("run 'pgolab profile --against-bench --bench-workload n-body' to see the share of"
                + " n-body's counts in functions training left cold");

        Loss off = Losses.of(nbody(), new Losses.Training(List.of(), Map.of(), "x", false)).get(0);
        assertThat(off.fix()).startsWith("partial_training = false is set").contains("--against-bench");
    }

    @Test
    void aCheckThatFailedOrSkippedTheWorkloadSaysWhy() {
        BenchResults r = new BenchResults("t", null, false, List.of(workload("n-body", "c",
                TrainingCheckTest.cmp("cpu_time", "release", "pgo@server", BASE, SLOWER))));
        Loss failed = Losses.of(r, new Losses.Training(List.of(), Map.of("server", "build failed"), "", true)).get(0);
        assertThat(failed.unknown()).isEqualTo("the training check failed: build failed");
        assertThat(failed.fix()).contains("--against-bench --set server --bench-workload n-body");
        TrainingMatch skipped = new TrainingMatch("server", "block counts", "/p", List.of(), 0.001, "/d", List.of(),
                List.of("n-body: exit status 3"));
        assertThat(Losses.of(r, known(skipped, true)).get(0).unknown())
                .isEqualTo("the training check could not run it on the instrumented binary: exit status 3");
        // a check of another profile set says nothing about pgo@server
        assertThat(Losses.of(r, known(check("", 0.5, 0), true)).get(0).cause()).isEqualTo(Loss.UNKNOWN);
    }

    @Test
    void aThroughputLossIsSlowerWithItsOwnSign() {
        Comparison ops = Comparison.of("ops_per_sec", "op/s", Direction.HIGHER_IS_BETTER, "release", "pgo", SLOWER, BASE,
                0.01, 1);
        BenchResults r = new BenchResults("t", null, false, List.of(new BenchResults.WorkloadResult("lb", "c", null,
                List.of(ops), List.of("ops_per_sec"))));
        Loss l = Losses.of(r, Losses.Training.unknown("x")).get(0);
        assertThat(l.changePercent()).isNegative();
        assertThat(l.headline()).matches("LOSS: pgo is \\d+\\.\\d% slower than release on lb \\(ops_per_sec -\\d+\\.\\d%"
                + " \\[-\\d+\\.\\d%, -\\d+\\.\\d%\\]\\).*");
    }
}
