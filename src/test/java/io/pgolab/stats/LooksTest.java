package io.pgolab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The planned looks and their alpha spending, and the false-decision rate of looking at every one of them. */
class LooksTest {
    @Test
    void looksAreGeometricBackwardsFromTheLastAndSpendFivePercentLinearlyInRounds() {
        Looks l = Looks.plan(6, 100);
        assertThat(l.looks()).extracting(Looks.Look::round).containsExactly(13, 19, 29, 44, 66, 100);
        // the 8-round look could spend 0.05 * 8 / 100 = 0.004 < 2/2^8: no exact interval exists there, merged into 13
        assertThat(l.looks().get(0).alpha()).isCloseTo(0.05 * 13 / 100, within(1e-15));
        assertThat(l.looks().get(5).alpha()).isCloseTo(0.05 * 34 / 100, within(1e-15));
        assertThat(l.spent()).isCloseTo(0.05, within(1e-12));
        for (Looks.Look k : l.looks()) {
            assertThat(k.alpha()).as("look %d", k.round()).isGreaterThanOrEqualTo(HodgesLehmann.smallestAlpha(k.round()));
        }
        assertThat(l.at(29)).contains(l.looks().get(2));
        assertThat(l.at(30)).isEmpty();
        assertThat(l.after(29)).contains(l.looks().get(3));
        assertThat(l.after(100)).isEmpty();
        assertThat(l.alpha(30)).isEmpty();
    }

    @Test
    void aPlanEndingEarlierSpendsTheDroppedLooksAlphaAtItsLastLook() {
        Looks plan = Looks.plan(6, 29);                      // 8, 12, 19, 29
        Looks ended = plan.endingAt(12, 15);
        assertThat(ended.looks()).extracting(Looks.Look::round).containsExactly(8, 12, 15);
        assertThat(ended.looks().subList(0, 2)).isEqualTo(plan.looks().subList(0, 2));
        assertThat(ended.spent()).isCloseTo(Looks.ALPHA, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(plan.endingAt(12, 12)).isEqualTo(plan);   // no round to add: the plan as it was
        assertThat(plan.endingAt(29, 40)).isEqualTo(plan);   // every look done: no alpha left
    }

    @Test
    void aCapShorterThanTheMinimumRoundsIsOneLookAtTheMinimumWithTheWholeAlpha() {
        assertThat(Looks.plan(6, 2).looks()).containsExactly(new Looks.Look(6, Looks.ALPHA));
        assertThat(Looks.plan(6, 8).looks()).containsExactly(new Looks.Look(8, Looks.ALPHA));
        assertThat(Looks.ALPHA).isCloseTo(0.05, within(1e-15));
        assertThat(Looks.none().alpha(17)).contains(Looks.ALPHA);
        assertThat(Looks.none().sequential()).isFalse();
    }

    @Test
    void theIntervalAtAnyAlphaUsesTheExactCriticalValue() {
        // k is the largest with P(W <= k - 1) <= alpha / 2, at any alpha (R's qsignrank(alpha / 2, n))
        for (double alpha : new double[] {0.05, 0.01, 0.0017}) {
            long k = HodgesLehmann.criticalValue(12, alpha);
            assertThat(HodgesLehmann.signRankCdf(12, k - 1)).isLessThanOrEqualTo(alpha / 2);
            assertThat(HodgesLehmann.signRankCdf(12, k)).isGreaterThan(alpha / 2);
        }
        assertThat(HodgesLehmann.criticalValue(12, 0.05)).isEqualTo(14);
        double[] d = {0.01, -0.02, 0.03, 0.015, -0.005, 0.02, 0.012, -0.01, 0.025, 0.004, 0.018, -0.003};
        HodgesLehmann at95 = HodgesLehmann.ofLogRatios(d, 0.05);
        HodgesLehmann at99 = HodgesLehmann.ofLogRatios(d, 0.01);
        assertThat(at99.ratio()).isEqualTo(at95.ratio());
        assertThat(at99.ciLow()).isLessThan(at95.ciLow());
        assertThat(at99.ciHigh()).isGreaterThan(at95.ciHigh());
        assertThat(at99.level()).isGreaterThanOrEqualTo(0.99);
        assertThat(HodgesLehmann.smallestAlpha(6)).isCloseTo(2.0 / 64, within(1e-15));
    }

    /**
     * A/A: 2000 seeded sequences of 100 rounds with heavy-tailed noise, looked at at every planned look of
     * {@link Looks#plan}, stopped at the first look whose interval excludes 1 (the most eager stopping there is: with
     * a minimum effect of 0 every such look gives a false verdict). The union bound holds the false rate to 5%; a
     * fixed 95% interval looked at after every round from the 6th, as the rule before the looks, "CI narrow enough" could, is
     * wrong far more often.
     */
    @Test
    void lookingAtEveryPlannedLookKeepsFalseDecisionsWithinFivePercent() {
        Looks plan = Looks.plan(6, 100);
        SplittableRandom rnd = new SplittableRandom(20261203L);
        int sequences = 2000;
        int falseSequential = 0;
        int falseEveryRound = 0;
        int decidedNoChange = 0;
        for (int s = 0; s < sequences; s++) {
            double[] b = new double[100];
            double[] c = new double[100];
            for (int i = 0; i < 100; i++) {
                double shared = Math.exp(0.05 * rnd.nextGaussian()); // the machine's phase, the same for both
                b[i] = shared * Math.exp(0.005 * HeavyTails.t3(rnd));
                c[i] = shared * Math.exp(0.005 * HeavyTails.t3(rnd));
            }
            for (Looks.Look k : plan.looks()) {
                Comparison x = compare(b, c, k.round(), k.alpha(), 0);
                if (x.verdict() == Verdict.IMPROVED || x.verdict() == Verdict.REGRESSED) {
                    falseSequential++;
                    break;
                }
            }
            for (Looks.Look k : plan.looks()) {
                if (compare(b, c, k.round(), k.alpha(), 0.01).verdict() == Verdict.NO_CHANGE) {
                    decidedNoChange++;
                    break;
                }
            }
            for (int n = 6; n <= 100 && s < EVERY_ROUND; n++) {
                double[] h = HodgesLehmann.interval(java.util.Arrays.copyOf(b, n), java.util.Arrays.copyOf(c, n));
                if (h[0] > 1 || h[1] < 1) {
                    falseEveryRound++;
                    break;
                }
            }
        }
        assertThat(falseSequential).as("false verdicts of the sequential rule").isLessThanOrEqualTo(sequences * 5 / 100);
        assertThat(falseEveryRound).as("a 95%% interval looked at every round").isGreaterThan(EVERY_ROUND * 10 / 100);
        assertThat(decidedNoChange).as("A/A decided no_change at 1%% within 100 rounds").isGreaterThan(sequences * 90 / 100);
    }

    /** The every-round contrast on the first sequences only (95 intervals each). */
    private static final int EVERY_ROUND = 300;

    private static Comparison compare(double[] b, double[] c, int n, double alpha, double minEffect) {
        return Comparison.of("m", "s", Direction.LOWER_IS_BETTER, "a", "b", java.util.Arrays.copyOf(b, n),
                java.util.Arrays.copyOf(c, n), minEffect, 1, alpha, 0);
    }


    @Test
    void theLevelIsShownWithTheDecimalsItNeeds() {
        assertThat(Comparison.levelPercent(0.05)).isEqualTo("95");
        assertThat(Comparison.levelPercent(0.0167)).isEqualTo("98.3");
        assertThat(Comparison.levelPercent(0.0017)).isEqualTo("99.83");
        assertThat(List.of(Comparison.levelPercent(0.00017))).containsExactly("99.983");
    }
}
