package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.measure.CampaignSettings;
import io.pgolab.measure.MeasureDefaults;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Without options, bench/compare/demo/ladder measure with CampaignSettings.defaults(). */
class MeasureOptionsTest {
    @Test
    void noOptionsMeansTheMeasurementDefaults() {
        MeasureOptions opts = new MeasureOptions();
        new CommandLine(opts).parseArgs();

        assertThat(opts.settings()).isEqualTo(CampaignSettings.defaults());
        assertThat(opts.minEffect).isEqualTo(MeasureDefaults.MIN_EFFECT_PERCENT);
    }

    @Test
    void optionsOverrideTheDefaults() {
        MeasureOptions opts = new MeasureOptions();
        new CommandLine(opts).parseArgs("--max-time", "5m", "--target-ci", "2", "--min-effect", "3", "--warmup", "0",
                "--min-rounds", "7", "--max-rounds", "9", "--seed", "5");

        CampaignSettings s = opts.settings();
        assertThat(s.maxTime()).isEqualTo(Duration.ofMinutes(5));
        assertThat(s.targetHalfWidthPercent()).isEqualTo(2.0);
        assertThat(s.warmupRounds()).isZero();
        assertThat(s.minRounds()).isEqualTo(7);
        assertThat(s.maxRounds()).isEqualTo(9);
        assertThat(s.seed()).isEqualTo(5);
        assertThat(opts.minEffect).isEqualTo(3.0);
    }

    @Test
    void randomizeLayoutReachesTheCampaignAndTheEngine() {
        MeasureOptions off = new MeasureOptions();
        new CommandLine(off).parseArgs();
        assertThat(off.settings().randomizeLayout()).isFalse();
        MeasureOptions on = new MeasureOptions();
        new CommandLine(on).parseArgs("--randomize-layout", "--seed", "9");
        assertThat(on.settings().randomizeLayout()).isTrue();
        assertThat(on.benchOptions().settings().randomizeLayout()).isTrue();
        assertThat(on.settings().withMaxTime(Duration.ofSeconds(3)).withSeed(1).randomizeLayout()).as("kept by with*").isTrue();
    }

    @Test
    void aTotalMaxTimeReplacesTheDefaultMaxTimeButNotAGivenOne() {
        MeasureOptions total = new MeasureOptions();
        new CommandLine(total).parseArgs("--total-max-time", "90s");
        MeasureOptions both = new MeasureOptions();
        new CommandLine(both).parseArgs("--total-max-time", "90s", "--max-time", "20s");

        assertThat(total.benchOptions().totalMaxTime()).contains(Duration.ofSeconds(90));
        assertThat(total.benchOptions().maxTimeGiven()).isFalse();
        assertThat(total.benchOptions().maxTimeOption()).isEqualTo("--total-max-time 1m30s");
        assertThat(both.benchOptions().maxTimeGiven()).isTrue();
        assertThat(both.settings().maxTime()).isEqualTo(Duration.ofSeconds(20));
        MeasureOptions none = new MeasureOptions();
        new CommandLine(none).parseArgs();
        assertThat(none.benchOptions().maxTimeOption()).isEqualTo("--max-time 5m (per workload)");
    }

    @Test
    void maxTimeIsTheCapAndBudgetItsOldName() {
        MeasureOptions max = new MeasureOptions();
        new CommandLine(max).parseArgs("--max-time", "90s");
        MeasureOptions budget = new MeasureOptions(); // the options' names before "max time", still read
        new CommandLine(budget).parseArgs("--budget", "90s");

        assertThat(max.settings().maxTime()).isEqualTo(Duration.ofSeconds(90)).isEqualTo(budget.settings().maxTime());
        assertThat(max.benchOptions().maxTimeGiven()).isTrue();
        MeasureOptions total = new MeasureOptions();
        new CommandLine(total).parseArgs("--total-budget", "2m");
        assertThat(total.benchOptions().totalMaxTime()).contains(Duration.ofMinutes(2));
        assertThat(total.benchOptions().maxTimeOption()).isEqualTo("--total-max-time 2m");
        MeasureOptions none = new MeasureOptions();
        new CommandLine(none).parseArgs();
        assertThat(none.settings().maxTime()).isEqualTo(Duration.ofSeconds(300));
    }
}
