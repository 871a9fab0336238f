package io.pgolab.measure;

import static io.pgolab.measure.CampaignTest.subjects;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pgolab.measure.CampaignTest.FakeMeasurer;
import io.pgolab.measure.CampaignTest.Recorder;
import io.pgolab.measure.CampaignTest.Result;
import io.pgolab.process.MeasuredCommand;
import io.pgolab.util.CommandLog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Counterbalanced round order, per-round noise records, phase changes and layout padding, with fakes. */
class CampaignNoiseTest {
    @TempDir
    Path scratch;

    /** Fake /proc/stat: per reading 100 ticks more, of which stealPerReading are steal; load 0.5. */
    static final class FakeHost implements HostSampler {
        final long stealPerReading;
        long readings;

        FakeHost(long stealPerReading) {
            this.stealPerReading = stealPerReading;
        }

        @Override
        public long[] cpuTicks(int cpu) {
            readings++;
            long steal = readings * stealPerReading;
            return new long[] {readings * (100 - stealPerReading), 0, 0, 0, 0, 0, 0, steal};
        }

        @Override
        public double loadAverage() {
            return 0.5;
        }
    }

    CampaignResult run(FakeMeasurer m, List<Subject> subjects, CampaignSettings s, HostSampler host) {
        return new Campaign(m, CommandLog.silent(), scratch, List.of(), m::nanoTime, host).run(subjects, s,
                new Recorder());
    }

    static List<List<String>> orders(CampaignResult r) {
        List<List<String>> out = new ArrayList<>();
        for (int round = 1; round <= r.rounds(); round++) {
            int n = round;
            out.add(r.runs().stream().filter(x -> x.round() == n).sorted(Comparator.comparing(Run::position))
                    .map(Run::label).toList());
        }
        return out;
    }

    /** Every run 0.5 % slower than the one before, whatever the subject: a linear (geometric) drift. */
    static CampaignTest.Behaviour drift(AtomicInteger n) {
        return (label, k) -> Result.ok(Math.pow(1.005, n.getAndIncrement()));
    }

    // --- order ------------------------------------------------------------------------------------

    @Test
    void twoSubjectsAlternateAbBaFromASeededStart() {
        List<String> starts = new ArrayList<>();
        for (long seed = 1; seed <= 8; seed++) {
            CampaignResult r = run(new FakeMeasurer(CampaignTest.NOISY), subjects("a", "b"),
                    CampaignTest.settings().withRounds(10, 10).withSeed(seed), new FakeHost(0));
            List<List<String>> o = orders(r);
            for (int i = 1; i < o.size(); i++) {
                assertThat(o.get(i)).as("round %d reverses round %d", i + 1, i).isEqualTo(List.of(o.get(i - 1).get(1), o.get(i - 1).get(0)));
            }
            assertThat(o.stream().filter(x -> x.get(0).equals("a"))).hasSize(5);
            starts.add(o.get(0).get(0));
        }
        assertThat(starts).as("the seed picks who starts").contains("a", "b");
    }

    @Test
    void threeSubjectsRunInEveryPositionEquallyOftenInEveryBlock() {
        CampaignResult r = run(new FakeMeasurer(CampaignTest.NOISY), subjects("a", "b", "c"),
                CampaignTest.settings().withRounds(12, 12), new FakeHost(0));
        List<List<String>> o = orders(r);
        for (int block = 0; block < 4; block++) {
            Map<String, Integer> positions = new HashMap<>();
            for (List<String> round : o.subList(3 * block, 3 * block + 3)) {
                assertThat(round).containsExactlyInAnyOrder("a", "b", "c");
                for (int p = 0; p < 3; p++) {
                    positions.merge(round.get(p) + p, 1, Integer::sum);
                }
            }
            assertThat(positions).as("block %d: each subject once in each position", block).hasSize(9)
                    .containsOnlyKeys("a0", "a1", "a2", "b0", "b1", "b2", "c0", "c1", "c2");
        }
        CampaignResult again = run(new FakeMeasurer(CampaignTest.NOISY), subjects("a", "b", "c"),
                CampaignTest.settings().withRounds(12, 12), new FakeHost(0));
        assertThat(orders(again)).as("same seed, same order").isEqualTo(o);
    }

    @Test
    void aLinearDriftCancelsOverPairsOfRoundsInAnAa() {
        CampaignResult r = run(new FakeMeasurer(drift(new AtomicInteger())), subjects("a", "b"),
                CampaignTest.settings().withRounds(20, 20), new FakeHost(0));
        double[] a = r.samples("a", MetricInfo.CPU_TIME);
        double[] b = r.samples("b", MetricInfo.CPU_TIME);
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            double logRatio = Math.log(b[i] / a[i]);
            // Each round alone is off by the drift of one run; a fixed order would average log(1.005) = +0.5 %.
            assertThat(Math.abs(logRatio)).isCloseTo(Math.log(1.005), within(1e-9));
            sum += logRatio;
        }
        assertThat(sum / a.length).isCloseTo(0, within(1e-9));
    }

    @Test
    void aLinearDriftCancelsOverBlocksWithThreeSubjects() {
        CampaignResult r = run(new FakeMeasurer(drift(new AtomicInteger())), subjects("a", "b", "c"),
                CampaignTest.settings().withRounds(12, 12), new FakeHost(0));
        for (String x : List.of("b", "c")) {
            double[] a = r.samples("a", MetricInfo.CPU_TIME);
            double[] c = r.samples(x, MetricInfo.CPU_TIME);
            double sum = 0;
            for (int i = 0; i < a.length; i++) {
                sum += Math.log(c[i] / a[i]);
            }
            assertThat(sum / a.length).as(x + "/a").isCloseTo(0, within(1e-9));
        }
    }

    // --- noise record and phase changes --------------------------------------------------------------

    /** Two subjects, no warm-up: run n is in round n / 2 + 1. Round 6 is 30 % slower for both; in round 7 only b. */
    static CampaignTest.Behaviour phases(AtomicInteger n) {
        return (label, k) -> {
            int round = n.getAndIncrement() / 2 + 1;
            double base = label.equals("a") ? 1.0 : 0.9;
            double wobble = 1 + 0.01 * (round % 3);
            if (round == 6 || round == 7 && label.equals("b")) {
                return Result.ok(base * wobble * 1.3);
            }
            return Result.ok(base * wobble);
        };
    }

    @Test
    void aRoundWhereEverySubjectShiftsTogetherIsMarkedKeptAndWarnedAbout() {
        CampaignResult r = run(new FakeMeasurer(phases(new AtomicInteger())), subjects("a", "b"),
                CampaignTest.settings().withWarmup(0).withRounds(9, 9), new FakeHost(5));

        assertThat(r.noise()).hasSize(9).extracting(RoundNoise::round).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(r.noise()).filteredOn(RoundNoise::phaseChange).extracting(RoundNoise::round)
                .as("round 7 moved b alone: not the machine").containsExactly(6);
        assertThat(r.phaseChanges()).isEqualTo(1);
        assertThat(r.noise()).allSatisfy(n -> {
            assertThat(n.stealPercent()).isCloseTo(5, within(1e-9));
            assertThat(n.iowaitPercent()).isZero();
            assertThat(n.loadAverage()).isEqualTo(0.5);
        });
        assertThat(r.runs()).as("kept").hasSize(18);
        assertThat(r.warnings()).filteredOn(w -> w.kind() == Warning.Kind.PHASE_CHANGES).singleElement()
                .extracting(Warning::message).asString().startsWith("1 of 9 rounds at machine-speed changes (steal up to 5.0%)");
        assertThat(r.warnings()).filteredOn(w -> w.kind() == Warning.Kind.STEAL).singleElement()
                .extracting(Warning::message).asString().startsWith("steal time 5.0% on average");
    }

    @Test
    void aSteadyMachineHasNoPhaseChangesAndNoStealWarning() {
        CampaignResult r = run(new FakeMeasurer(CampaignTest.NOISY), subjects("a", "b"),
                CampaignTest.settings().withRounds(10, 10), new FakeHost(1));
        assertThat(r.phaseChanges()).isZero();
        assertThat(r.warnings()).extracting(Warning::kind).doesNotContain(Warning.Kind.PHASE_CHANGES,
                Warning.Kind.STEAL);
    }

    @Test
    void oppositeShiftsAreNotAMachineWideChange() {
        List<Run> runs = new ArrayList<>();
        for (int round = 1; round <= 4; round++) {
            runs.add(new Run("a", round, 0, Map.of("cpu_time", round == 4 ? 1.3 : 1.0)));
            runs.add(new Run("b", round, 1, Map.of("cpu_time", round == 4 ? 0.7 : 1.0)));
        }
        assertThat(PhaseChanges.isPhaseChange(runs, List.of("a", "b"), "cpu_time", 4)).isFalse();
        assertThat(PhaseChanges.isPhaseChange(runs.stream().map(x -> new Run(x.label(), x.round(), x.position(),
                Map.of("cpu_time", x.round() == 4 ? 0.7 : 1.0))).toList(), List.of("a", "b"), "cpu_time", 4)).isTrue();
        assertThat(PhaseChanges.isPhaseChange(runs, List.of("a", "b"), "cpu_time", 3)).as("too few earlier").isFalse();
    }

    // --- layout padding ------------------------------------------------------------------------------

    static List<Integer> padLengths(FakeMeasurer m) {
        return m.calls.stream().map(MeasuredCommand::extraEnv).map(e -> e.get(Campaign.PAD_VARIABLE))
                .map(v -> v == null ? -1 : v.length()).toList();
    }

    @Test
    void randomizedLayoutPadsEveryRunsEnvironmentWithASeededLength() {
        CampaignSettings s = CampaignTest.settings().withRounds(10, 10).withRandomizeLayout(true);
        FakeMeasurer first = new FakeMeasurer(CampaignTest.NOISY);
        FakeMeasurer again = new FakeMeasurer(CampaignTest.NOISY);
        FakeMeasurer other = new FakeMeasurer(CampaignTest.NOISY);
        run(first, subjects("a", "b"), s, new FakeHost(0));
        run(again, subjects("a", "b"), s, new FakeHost(0));
        run(other, subjects("a", "b"), s.withSeed(7), new FakeHost(0));

        List<Integer> lengths = padLengths(first);
        assertThat(lengths).hasSize(22).allSatisfy(n -> assertThat(n).isBetween(0, 4095));
        assertThat(lengths.stream().distinct().count()).as("lengths vary").isGreaterThan(15);
        assertThat(padLengths(again)).as("same seed, same lengths").isEqualTo(lengths);
        assertThat(padLengths(other)).as("another seed, other lengths").isNotEqualTo(lengths);
        assertThat(first.calls).allSatisfy(c -> assertThat(c.extraEnv()).containsKey("WHO"));
        assertThat(first.calls.stream().map(c -> c.extraEnv().get(Campaign.PAD_VARIABLE)))
                .allSatisfy(v -> assertThat(v).matches("x*"));
    }

    @Test
    void withoutTheOptionTheEnvironmentIsTheSubjects() {
        FakeMeasurer m = new FakeMeasurer(CampaignTest.NOISY);
        run(m, subjects("a", "b"), CampaignTest.settings(), new FakeHost(0));
        assertThat(padLengths(m)).containsOnly(-1);
    }
}
