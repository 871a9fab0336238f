package io.pgolab.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.parse.OutputParser;
import io.pgolab.parse.Parsers;
import io.pgolab.process.CommandMeasurer;
import io.pgolab.process.RunnerBinary;
import io.pgolab.util.CommandLog;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files a suite's parser reads (criterion's sample.json) through real runs: every run gets CRITERION_HOME, a
 * directory of its own that is empty when it starts, and its figure is read from what it wrote there.
 */
class SuiteFilesTest {
    @TempDir
    Path scratch;
    @TempDir
    Path cache;

    /** A fake criterion: refuses a CRITERION_HOME that is not empty, writes one benchmark's samples, prints its line. */
    private static String suite(int perIteration) {
        return "set -e; [ -n \"$CRITERION_HOME\" ] && [ -z \"$(ls -A \"$CRITERION_HOME\")\" ] || exit 3;"
                + " d=\"$CRITERION_HOME/odd id/new\"; mkdir -p \"$d\";"
                + " echo '{\"title\": \"odd id/x\", \"full_id\": \"odd id/x\"}' > \"$d/benchmark.json\";"
                + " echo '{\"iters\": [1, 2, 4], \"times\": [" + perIteration + ", " + 2 * perIteration + ", 40000]}'"
                + " > \"$d/sample.json\"; echo 'odd id/x   time:   [1.0 µs 2.0 µs 3.0 µs]'";
    }

    @Test
    void eachRunHasItsOwnEmptyCriterionHomeAndItsSamplesAreItsFigure() {
        OutputParser criterion = Parsers.byName("criterion");
        List<Subject> subjects = List.of(
                new Subject("a", List.of("bash", "-c", suite(100)), scratch, Map.of(), Optional.of(criterion)),
                new Subject("b", List.of("bash", "-c", suite(300)), scratch, Map.of(), Optional.of(criterion)));
        Campaign c = new Campaign(Measurer.of(new CommandMeasurer(RunnerBinary.ensure(cache))), CommandLog.silent(),
                scratch.resolve("runs"), List.of());
        CampaignResult r = c.run(subjects, CampaignSettings.defaults().withMaxTime(Duration.ofMinutes(5))
                .withRounds(3, 3).withWarmup(1).withSeed(1L), Progress.NONE);
        // the median of 100, 100 and 10000 ns per iteration: the samples, not the printed 2.0 µs; a run that found
        // its CRITERION_HOME not empty (the other subject's or its own earlier files) would have failed the campaign
        assertThat(r.samples("a", "micro.odd id/x")).containsOnly(100.0);
        assertThat(r.samples("b", "micro.odd id/x")).containsOnly(300.0);
        assertThat(r.metrics().get("micro.odd id/x").unit()).isEqualTo("ns/op (real)");
    }

    @Test
    void theWorkloadsOwnCriterionHomeWinsAndThePrintedEstimateIsReadThenAndSaid() {
        OutputParser criterion = Parsers.byName("criterion");
        Path own = scratch.resolve("own");
        List<Subject> subjects = List.of(new Subject("a", List.of("bash", "-c", "rm -rf \"$CRITERION_HOME\"; "
                + suite(100).replace("set -e; ", "set -e; mkdir -p \"$CRITERION_HOME\"; ")), scratch,
                Map.of("CRITERION_HOME", own.toString()), Optional.of(criterion)));
        Campaign c = new Campaign(Measurer.of(new CommandMeasurer(RunnerBinary.ensure(cache))), CommandLog.silent(),
                scratch.resolve("runs"), List.of());
        CampaignResult r = c.run(subjects, CampaignSettings.defaults().withMaxTime(Duration.ofMinutes(5))
                .withRounds(2, 2).withWarmup(0).withSeed(1L), Progress.NONE);
        assertThat(r.samples("a", "micro.odd id/x")).containsOnly(2000.0);
        assertThat(r.warnings()).anyMatch(w -> w.message().contains("criterion wrote no sample.json in this run"));
    }
}
