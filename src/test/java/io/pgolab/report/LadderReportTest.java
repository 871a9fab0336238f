package io.pgolab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.bench.Ladder;
import org.junit.jupiter.api.Test;

/** The ladder's training column. */
class LadderReportTest {
    private static Ladder.Step step(String variant, double trainingSeconds) {
        return new Ladder.Step("w", "wall_time", variant, "", 4.2, 4.2 + trainingSeconds, trainingSeconds, 1, null, null, "");
    }

    @Test
    void trainingShowsSecondsNothingOrThatTheJvmsTrainingIsInTheBuild() {
        assertThat(LadderReport.training(step("pgo", 3.21))).isEqualTo("3.2s");
        assertThat(LadderReport.training(step("release", 0))).isEqualTo("-");
        assertThat(LadderReport.training(step("lto", 0))).isEqualTo("-");
        assertThat(LadderReport.training(step("cds", 0))).isEqualTo("in build");
        assertThat(LadderReport.training(step("aot", 0))).isEqualTo("in build");
        assertThat(LadderReport.training(step("no-such-variant", 0))).isEqualTo("-");
    }
}
