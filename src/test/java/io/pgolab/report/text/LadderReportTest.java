package io.pgolab.report.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.bench.Ladder;
import org.junit.jupiter.api.Test;

/** The ladder's training and build columns. */
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

    @Test
    void theBuildColumnIsInCpuTimeAndSaysWhatIsUnknown() {
        Ladder.Step known = new Ladder.Step("w", "cpu_time", "pgo", "release", 3, 11.25, 4, 1, null, null, "", 14.0, 33.25);
        assertThat(LadderReport.cpu(known)).isEqualTo("14.0s (33.3s)");
        assertThat(LadderReport.build(known)).isEqualTo("3.0s (11.3s)");
        Ladder.Step noPipeline = new Ladder.Step("w", "cpu_time", "pgo", "release", 3, 11.25, 4, 1, null, null, "", 14.0, null);
        assertThat(LadderReport.cpu(noPipeline)).isEqualTo("14.0s (?)");
        assertThat(LadderReport.cpu(step("release", 0))).isEqualTo("-");   // built by an older pgolab, or BOLT
    }
}
