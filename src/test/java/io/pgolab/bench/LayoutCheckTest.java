package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import java.util.List;
import org.junit.jupiter.api.Test;

class LayoutCheckTest {
    private static Comparison pair(String b, String c, double factor, double jitter) {
        double[] base = new double[12];
        double[] cand = new double[12];
        for (int i = 0; i < base.length; i++) {
            base[i] = 100 + i;
            cand[i] = base[i] * factor * (1 + jitter * ((i % 3) - 1));
        }
        return Comparison.of("cpu_time", "s", Direction.LOWER_IS_BETTER, b, c, base, cand, 0.01, 1);
    }

    @Test
    void theBoundIsTheFarthestCiEndAndAChangeCountsOnlyWhenItsWholeCiIsBeyondIt() {
        Comparison layout = pair("relink-1", "relink-2", 1.02, 0.01);
        LayoutCheck l = new LayoutCheck(List.of("relink-1", "relink-2"), 30, 28, List.of(layout));
        double bound = l.boundPercent("cpu_time").orElseThrow();
        assertThat(bound).isEqualTo(100 * Math.max(Math.abs(layout.ciLow() - 1), Math.abs(layout.ciHigh() - 1)));
        assertThat(bound).isBetween(2.0, 4.0);
        assertThat(l.boundPercent("wall_time")).isEmpty();

        assertThat(l.beyond(pair("release", "pgo", 0.88, 0.01))).contains(true);
        assertThat(l.beyond(pair("release", "pgo", 0.98, 0.01))).contains(false);   // as large as layout's own change
        assertThat(l.beyond(pair("release", "pgo", 1.0, 0.01))).contains(false);
        assertThat(l.description()).isEqualTo("relink-1 vs relink-2, the release code linked with its functions in two"
                + " seeded random orders (28 of 30 functions at another place)");
        assertThat(l.problem()).isEmpty();
    }

    @Test
    void aLinkThatMovedNothingIsAProblemAndAStrippedBinaryIsUnknownNotZero() {
        Comparison layout = pair("relink-1", "relink-2", 1.0, 0.01);
        assertThat(new LayoutCheck(List.of("relink-1", "relink-2"), 30, 0, List.of(layout)).problem())
                .hasValueSatisfying(p -> assertThat(p).contains("measured one layout twice"));
        LayoutCheck stripped = new LayoutCheck(List.of("relink-1", "relink-2"), 0, 0, List.of(layout));
        assertThat(stripped.problem()).isEmpty();
        assertThat(stripped.description()).endsWith("(function order not readable: no symbol table)");
        assertThat(LayoutCheck.isRelink("relink-7")).isTrue();
        assertThat(LayoutCheck.isRelink("release")).isFalse();
        assertThat(LayoutCheck.isRelink("my relink-1")).isFalse();
    }
}
