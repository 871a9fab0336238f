package io.pgolab.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.GatedOutcome;
import io.pgolab.report.GoldenReportTest;
import io.pgolab.report.Html;
import io.pgolab.report.Md;
import io.pgolab.report.Results;
import io.pgolab.report.VerdictFixtures;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import io.pgolab.stats.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The final line, the Markdown and HTML banners and --fail-on's exit code all come from {@link GatedOutcome}: a bench
 * whose gated measures are all inconclusive is never "within bounds" (issue 27: a green banner with a CI of
 * [-52.9%, +144.3%]), in the run's own outputs and in pgolab report's rendering of its results file.
 */
class GatedOutcomeTest {
    @TempDir
    Path tmp;

    @Test
    void allInconclusiveIsNotWithinBoundsInEveryOutput() throws Exception {
        BenchResults b = VerdictFixtures.allInconclusive();
        List<Comparison> gated = b.workloads().get(0).comparisons().stream()
                .filter(c -> b.gated().contains(c.metric())).toList();
        assertThat(gated).hasSize(2).allMatch(c -> c.verdict() == Verdict.INCONCLUSIVE);
        assertThat(gated.get(0).ciHigh() - gated.get(0).ciLow()).as("a wide CI").isGreaterThan(0.5);

        GatedOutcome o = b.outcome(b.gated());
        assertThat(o.state()).isEqualTo(GatedOutcome.State.INCONCLUSIVE);
        assertThat(o.passed()).isEmpty();
        String line = b.summary(b.gated());
        assertThat(line).startsWith("Not within bounds: 2 of 2 gated measure(s) inconclusive")
                .contains("pgo cpu_time").contains("pgo ops_per_sec").doesNotContain("All gated");

        Results r = Results.bench(GoldenReportTest.SOURCE, b);
        assertThat(r.regressed()).as("--fail-on regression: nothing regressed").isFalse();
        assertThat(Exports.text().render(r)).contains("\n" + line + "\n");
        assertThat(Exports.markdown().render(r)).contains("**" + Md.text(line) + "**");
        String html = Exports.html().render(r);
        assertThat(banner(html)).isEqualTo("<p id=\"verdict\" class=\"verdict \">" + Html.text(line) + "</p>");

        // the results file read again says the same, decided by the same function
        Path json = tmp.resolve("bench.json");
        Files.writeString(json, Exports.json().render(r));
        ReportFiles again = ReportFiles.read(List.of(json));
        assertThat(banner(again.html())).isEqualTo(banner(html));
        assertThat(again.markdown()).contains("**" + Md.text(line) + "**");
    }

    @Test
    void withinBoundsOnlyWhenEveryGatedMeasureIs() {
        GatedOutcome.Measure same = new GatedOutcome.Measure("pgo", "cpu_time", Direction.LOWER_IS_BETTER, Verdict.NO_CHANGE, 0.1, -0.5, 0.6);
        GatedOutcome.Measure better = new GatedOutcome.Measure("pgo", "ops", Direction.HIGHER_IS_BETTER, Verdict.IMPROVED, 5, 3, 7);
        GatedOutcome.Measure unsure = new GatedOutcome.Measure("lto", "cpu_time", Direction.LOWER_IS_BETTER, Verdict.INCONCLUSIVE, 2, -1, 5);
        GatedOutcome.Measure worse = new GatedOutcome.Measure("lto", "ops", Direction.HIGHER_IS_BETTER, Verdict.REGRESSED, -9, -12, -6);
        List<String> g = List.of("cpu_time", "ops");
        assertThat(GatedOutcome.of(g, List.of(same, better)).summary())
                .isEqualTo("All gated measures within bounds (cpu_time, ops); improved: pgo ops +5.0% [+3.0%, +7.0%].");
        assertThat(GatedOutcome.of(g, List.of(same, better)).passed()).contains(true);
        assertThat(GatedOutcome.of(g, List.of(same, unsure, better)).summary()).isEqualTo("Not within bounds: 1 of 3"
                + " gated measure(s) inconclusive (the CI is too wide to tell): lto cpu_time +2.0% [-1.0%, +5.0%]; improved: pgo ops +5.0% [+3.0%, +7.0%].");
        assertThat(GatedOutcome.of(g, List.of(worse, unsure)).summary()).isEqualTo("1 gated measure(s) regressed: lto ops"
                + " -9.0% [-12.0%, -6.0%]; 1 of 2 gated measure(s) inconclusive (the CI is too wide to tell): lto cpu_time +2.0% [-1.0%, +5.0%].");
        assertThat(GatedOutcome.of(g, List.of(worse, unsure)).passed()).contains(false);
        assertThat(GatedOutcome.of(g, List.of()).state()).isEqualTo(GatedOutcome.State.NOTHING_COMPARED);
        // in gains (the ladder's convention) a slower cpu_time is a negative gain, its CI flipped with it
        assertThat(GatedOutcome.of(g, List.of(worse, unsure)).summary(true)).isEqualTo("1 gated measure(s) regressed:"
                + " lto ops gain -9.0% [-12.0%, -6.0%]; 1 of 2 gated measure(s) inconclusive (the CI is too wide to tell): lto cpu_time"
                + " gain -2.0% [-5.0%, +1.0%].");
    }

    /** Issue 39: a narrow CI across the 1 % minimum effect was said to be "too wide to tell". */
    @Test
    void anInconclusiveMeasureIsSaidWithItsRealCause() {
        GatedOutcome.Measure gcc = new GatedOutcome.Measure("gcc", "cpu_time", Direction.LOWER_IS_BETTER,
                Verdict.INCONCLUSIVE, -1.1, -1.2, -0.9, 1.0, 0.0004, 20);
        GatedOutcome.Measure wide = new GatedOutcome.Measure("lto", "cpu_time", Direction.LOWER_IS_BETTER,
                Verdict.INCONCLUSIVE, 2, -1, 5, 1.0, 0.3, 20);
        GatedOutcome.Measure weak = new GatedOutcome.Measure("pgo", "ops", Direction.HIGHER_IS_BETTER,
                Verdict.INCONCLUSIVE, 4, 2, 6, 1.0, 0.0625, 5);
        List<String> g = List.of("cpu_time", "ops");
        assertThat(GatedOutcome.of(g, List.of(gcc)).summary()).isEqualTo("Not within bounds: 1 of 1 gated measure(s)"
                + " inconclusive (the CI is narrow but reaches across the minimum effect: the change is about as large as"
                + " the smallest that counts): gcc cpu_time -1.1% [-1.2%, -0.9%] (minimum effect ±1.0%).")
                .doesNotContain("too wide");
        assertThat(GatedOutcome.of(g, List.of(wide, gcc, weak)).summary()).isEqualTo("Not within bounds: 1 of 3 gated"
                + " measure(s) inconclusive (the CI is beyond the minimum effect, but the rank test is not significant):"
                + " pgo ops +4.0% [+2.0%, +6.0%] (p = 0.063); 1 of 3 gated measure(s) inconclusive (the CI is narrow but"
                + " reaches across the minimum effect: the change is about as large as the smallest that counts): gcc"
                + " cpu_time -1.1% [-1.2%, -0.9%] (minimum effect ±1.0%); 1 of 3 gated measure(s) inconclusive (the CI"
                + " is too wide to tell): lto cpu_time +2.0% [-1.0%, +5.0%].");
    }

    /** Issue 27: a ladder's table said "gain -2.2%" and its last line "regressed ... +2.2%". */
    @Test
    void aLadderSaysGainsInItsTableAndInItsLastLine() {
        Results r = GoldenReportTest.ladder();
        String text = Exports.text().render(r);
        // pgo+lto's cpu_time: a gain of -1149.3% in the table, and in the line under it
        assertThat(text).contains("-1149.3% [-1163.9, -1141.3] regressed")
                .contains("regressed: pgo+lto cpu_time gain -1149.3% [-1163.9%, -1141.3%], pgo+lto ops_per_sec gain -10.0%")
                .doesNotContain("+1149.3%");
        assertThat(Exports.markdown().render(r)).contains("**2 gated measure(s) regressed: pgo+lto cpu_time gain -1149.3%");
        assertThat(banner(Exports.html().render(r))).contains("pgo+lto cpu_time gain -1149.3%");
    }

    static String banner(String html) {
        int at = html.indexOf("<p id=\"verdict\"");
        return html.substring(at, html.indexOf("</p>", at) + 4);
    }
}
