package io.pgolab.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each kind's one sentence, from its figures; and the kinds as the results JSON writes them. */
class WarningTest {

    @Test
    void kindsAreWrittenInSnakeCase() {
        assertThat(Warning.Kind.HIGH_VARIATION.json()).isEqualTo("high_variation");
        assertThat(Warning.Kind.SHORT_MAX_TIME.json()).isEqualTo("short_max_time");
        assertThat(Arrays.stream(Warning.Kind.values()).map(Warning.Kind::json)).allMatch(k -> k.matches("[a-z_]+"));
    }

    @Test
    void eachFactoryGivesItsKindAndSentence() {
        assertThat(Warning.highVariation("pgo", "cpu_time", 0.071)).isEqualTo(new Warning(Warning.Kind.HIGH_VARIATION,
                "high variation: cpu_time of 'pgo' has a coefficient of variation of 7.1%"));
        assertThat(Warning.outliers("pgo", "wall_time", 2).message()).startsWith("2 outlier(s) in wall_time of 'pgo'");
        assertThat(Warning.phaseChanges(3, 40, Double.NaN, 0.15).message())
                .startsWith("3 of 40 rounds at machine-speed changes (steal up to unknown): every subject's time more"
                        + " than 15% off its median at once");
        assertThat(Warning.phaseChanges(3, 40, 4.25, 0.15).message()).contains("(steal up to 4.3%)");
        assertThat(Warning.leftOut("base:release", "benchmark micro.X is left out, not compared: its time is 0 ns/op",
                5, 5).message()).isEqualTo("'base:release': benchmark micro.X is left out, not compared: its time is"
                + " 0 ns/op (in 5 of 5 runs)");
        assertThat(Warning.jvmNotPinned(1, "one CPU only").kind()).isEqualTo(Warning.Kind.JVM_NOT_PINNED);
    }

    @Test
    void identicalBinariesNamesTwoOrMoreSubjects() {
        String sha = "0123456789abcdef0123";
        assertThat(Warning.identicalBinaries(List.of("release", "lto"), sha).message())
                .startsWith("identical binaries: 'release' and 'lto' are the same file (SHA-256 0123456789ab...)");
        assertThat(Warning.identicalBinaries(List.of("a", "b", "c"), sha).message())
                .startsWith("identical binaries: 'a', 'b' and 'c' are the same file");
    }

    @Test
    void unpairedSaysNewGoneOrPartlyMeasured() {
        assertThat(Warning.unpaired("workload ", "s", true, "micro.a", "x", "y", 0, 6, 6).message())
                .isEqualTo("workload 's': benchmark micro.a is new in y (not in x): not compared, not gated");
        assertThat(Warning.unpaired("", "s", true, "micro.a", "x", "y", 6, 0, 6).message())
                .isEqualTo("'s': benchmark micro.a is gone from y (in x only): not compared, not gated");
        assertThat(Warning.unpaired("workload ", "s", false, "ops", "x", "y", 6, 5, 6).message())
                .isEqualTo("workload 's': primary metric ops was measured in 6 rounds of x and 5 of y (of 6), or it"
                        + " was zero: not compared, so the verdict is inconclusive");
    }
}
