package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pgolab.measure.CampaignSettings;
import io.pgolab.measure.MetricInfo;
import io.pgolab.measure.Subject;
import io.pgolab.process.Measurement;
import io.pgolab.util.CommandLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The expected duration printed after the warm-up, and a total cap shared between workloads. */
class TimePlanTest {
    @TempDir
    Path scratch;

    @Test
    void durationsAreWrittenAsPeopleWriteThem() {
        assertThat(TimePlan.duration(0.0354)).isEqualTo("35ms");
        assertThat(TimePlan.duration(0.4)).isEqualTo("0.4s");
        assertThat(TimePlan.duration(5)).isEqualTo("5s");
        assertThat(TimePlan.duration(15)).isEqualTo("15s");
        assertThat(TimePlan.duration(60)).isEqualTo("1m");
        assertThat(TimePlan.duration(270)).isEqualTo("4m30s");
        assertThat(TimePlan.duration(3900)).isEqualTo("1h05m");
    }

    @Test
    void theIssuesNinetySecondBenchSaysUpFrontThatItTakesMuchLonger() {
        // 3 workloads, 15 s a round, 1 warm-up + 6 rounds each, 30 s each of a 90 s total cap.
        String e = TimePlan.estimate(2, 1, 6, 10_000, 15, 30, "--total-max-time 90s", 15);

        assertThat(e).isEqualTo("about 1m30s for this workload: at least 6 rounds × 15s per round;"
                + " --total-max-time 90s cannot be met: the minimum rounds a verdict needs win"
                + " (fewer workloads with --workload NAME, or --min-rounds 5 would shorten it);"
                + " 2 more workloads, each timed after its own warm-up");
    }

    @Test
    void aMaxTimeThatFitsGivesARange() {
        String e = TimePlan.estimate(1, 1, 6, 10_000, 1, 60, "--max-time 1m (per workload)", 1);

        assertThat(e).isEqualTo("1s per round (as the warm-up timed it): the first look, where every gated measure"
                + " may be decided, after round 11 (about 11s); a measure still undecided is measured until the cap (59s at"
                + " most, --max-time 1m (per workload)); 1 more workload, timed after its own warm-up");
        assertThat(TimePlan.estimate(0, 0, 6, 10_000, 1, 60, "--max-time 1m (per workload)", 0))
                .isEqualTo("1s per round (as the first round timed it): the first look, where every gated measure may be"
                        + " decided, after round 11 (about 11s); a measure still undecided is measured until the cap (1m at"
                        + " most, --max-time 1m (per workload))");
    }

    @Test
    void aTotalMaxTimeIsSharedByTheWorkloadsLeft() {
        Duration perWorkload = Duration.ofSeconds(60);
        Optional<Duration> total = Optional.of(Duration.ofSeconds(90));

        assertThat(TimePlan.share(perWorkload, false, Optional.empty(), 0, 3)).isEqualTo(perWorkload);
        assertThat(TimePlan.share(perWorkload, false, total, 0, 3)).isEqualTo(Duration.ofSeconds(30));
        // the first workload took 50 s: 40 s left for 2
        assertThat(TimePlan.share(perWorkload, false, total, 50, 2)).isEqualTo(Duration.ofSeconds(20));
        assertThat(TimePlan.share(perWorkload, false, total, 120, 1)).isEqualTo(Duration.ZERO);
        // --max-time given too: the smaller of the two
        assertThat(TimePlan.share(Duration.ofSeconds(10), true, total, 0, 3)).isEqualTo(Duration.ofSeconds(10));
        assertThat(TimePlan.share(Duration.ofSeconds(100), true, total, 0, 3)).isEqualTo(Duration.ofSeconds(30));
    }

    /** Two subjects of 1 s a run (so 2 s a round) on a fake clock. */
    @Test
    void theEngineSharesATotalMaxTimeAndPrintsTheEstimateAfterEachWarmUp() {
        assumeTrue(Probes.forMode(false).isEmpty(), "perf counters would wrap the fake commands");
        long[] now = {0};
        List<String> estimates = new ArrayList<>();
        List<String> measuring = new ArrayList<>();
        BenchListener listener = new BenchListener() {
            @Override
            public void measuring(String workload, String detail) {
                measuring.add(workload + ": " + detail);
            }

            @Override
            public io.pgolab.measure.Progress progress() {
                return io.pgolab.measure.Progress.NONE;
            }

            @Override
            public void expecting(String estimate) {
                estimates.add(estimate);
            }

            @Override
            public void measured(String workload) {
            }
        };
        CampaignSettings s = CampaignSettings.defaults().withTarget(0.001).withRounds(6, 1000).withWarmup(1)
                .withPrimary(List.of(MetricInfo.CPU_TIME));
        BenchOptions o = new BenchOptions(s, false, 0.01, false, Optional.of(Duration.ofSeconds(120)), false);
        BenchEngine engine = new BenchEngine(o, CommandLog.silent(), scratch, listener, c -> {
            Files.writeString(c.stdoutFile(), "");
            Files.writeString(c.stderrFile(), "");
            // "run SECONDS LABEL" takes that long, "run LABEL" 1 s
            now[0] += (long) (TimeUnit.SECONDS.toNanos(1) * (c.argv().size() == 3 ? Double.parseDouble(c.argv().get(1)) : 1));
            double cpu = c.argv().get(c.argv().size() - 1).equals("a") ? 1.0 : 1.0 + (now[0] / 1_000_000_000L % 3) * 0.01;
            return new Measurement(0, 0, false, 1.0, cpu, 0, 1000, 1, 1, 100, 0);
        }, () -> now[0]);

        BenchResults r = engine.run("t", List.of(workload("one"), slow("two", 3), slow("three", 0.5)));

        assertThat(measuring).map(m -> m.replaceAll("counters: .*", "counters: ")).containsExactly(
                "one: 2 subjects, until every gated measure is decided or --max-time 40s (primary: cpu_time); counters: ",
                "two: 2 subjects, until every gated measure is decided or --max-time 40s (primary: cpu_time); counters: ",
                "three: 2 subjects, until every gated measure is decided or --max-time 38s (primary: cpu_time); counters: ");
        // each workload estimated from its own rounds (issue 27: the first one's round time was used for all)
        assertThat(estimates).containsExactly(
                "2s per round (as the warm-up timed it): the first look, where every gated measure may be decided,"
                        + " after round 8 (about 16s); a measure still undecided is measured until the cap (38s at most,"
                        + " --total-max-time 2m); 2 more workloads, each timed after its own warm-up",
                "about 36s for this workload: at least 6 rounds × 6s per round; --total-max-time 2m cannot be met:"
                        + " the minimum rounds a verdict needs win (fewer workloads with --workload NAME, or --min-rounds 5"
                        + " would shorten it); 1 more workload, timed after its own warm-up",
                "1s per round (as the warm-up timed it): the first look, where every gated measure may be decided,"
                        + " after round 10 (about 10s); a measure still undecided is measured until the cap (37s at most,"
                        + " --total-max-time 2m)");
        // and each took what its estimate said, after its warm-up round (2 s, 6 s, 1 s)
        assertThat(r.workloads()).map(w -> w.campaign().elapsedSeconds()).containsExactly(40.0, 42.0, 38.0);
    }

    /** A listener that prints nothing. */
    static BenchListener silentListener() {
        return new BenchListener() {
            @Override
            public void measuring(String workload, String detail) {
            }

            @Override
            public io.pgolab.measure.Progress progress() {
                return io.pgolab.measure.Progress.NONE;
            }

            @Override
            public void expecting(String estimate) {
            }

            @Override
            public void measured(String workload) {
            }
        };
    }

    static BenchWorkload workload(String name) {
        return new BenchWorkload(name, "run", List.of(subject("a"), subject("b")));
    }

    /** A workload whose every run takes this many seconds. */
    static BenchWorkload slow(String name, double seconds) {
        return new BenchWorkload(name, "run", List.of(subject("a", seconds), subject("b", seconds)));
    }

    static Subject subject(String label, double seconds) {
        return new Subject(label, List.of("run", Double.toString(seconds), label), Path.of("/"), Map.of(), Optional.empty());
    }

    static Subject subject(String label) {
        return new Subject(label, List.of("run", label), Path.of("/"), Map.of(), Optional.empty());
    }
}
