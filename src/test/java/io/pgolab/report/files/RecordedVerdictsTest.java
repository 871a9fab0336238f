package io.pgolab.report.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pgolab.UserError;
import io.pgolab.cli.Cli;
import io.pgolab.report.GoldenReportTest;
import io.pgolab.report.Results;
import io.pgolab.report.VerdictFixtures;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pgolab merge and pgolab report decide every verdict again from the file's numbers and refuse a file whose recorded
 * verdicts disagree (issue 27: "passed: true" over out-of-bounds measures merged as "passed on every host"; a measure
 * 55% slower shown with a tick; "(-Infinity% ± NaN%) ✅").
 */
class RecordedVerdictsTest {
    @TempDir
    Path tmp;

    private Path file(String name, String json) throws Exception {
        Path f = tmp.resolve(name);
        Files.writeString(f, json);
        return f;
    }

    /** The honest gate file of a candidate 1.55 times slower, edited. */
    private Path edited(String name, Consumer<ObjectNode> edit) throws Exception {
        ObjectNode d = (ObjectNode) Json.MAPPER.readTree(VerdictFixtures.gateJson("x86", 1.55));
        edit.accept(d);
        return file(name, Json.MAPPER.writeValueAsString(d));
    }

    private static ObjectNode measure(ObjectNode d) {
        return (ObjectNode) d.get("gate").get("measures").get(0);
    }

    private static ObjectNode comparison(ObjectNode d) {
        return (ObjectNode) d.get("workloads").get(0).get("comparisons").get(0);
    }

    /** What a hand-edited "passed" file looks like: every recorded verdict says pass, the numbers say 55% slower. */
    private static void claimPassed(ObjectNode d) {
        ((ObjectNode) d.get("gate")).put("passed", true).put("measures_within_bounds", 1).put("measures_out_of_bounds", 0)
                .put("summary", "Compared bbbbbbbbbbbb with aaaaaaaaaaaa on x86. All 1 measure within bounds.");
        measure(d).put("verdict", "within_bounds");
    }

    @Test
    void honestFilesMergeAndRenderWithTheirOwnVerdicts() throws Exception {
        Path slow = file("slow.json", VerdictFixtures.gateJson("x86", 1.55));
        Path same = file("same.json", VerdictFixtures.gateJson("arm64", 1.0));
        Merge.Merged m = Merge.of(List.of(same, slow), false);
        assertThat(m.passed()).isFalse();
        assertThat(m.summary()).endsWith("failed on x86 (1 out of bounds, 0 inconclusive).");
        String md = MergeReport.markdown(m);
        assertThat(md).contains("✅ Compared bbbbbbbbbbbb with aaaaaaaaaaaa on arm64. All 1 measure within bounds.")
                .contains("❌ Compared bbbbbbbbbbbb with aaaaaaaaaaaa on x86. 1 of 1 measures out of bounds")
                .containsPattern("\\(\\+55\\.0% \\\\\\[\\+5\\d\\.\\d%, \\+5\\d\\.\\d%\\\\\\]\\) ❌ out of bounds");
        ReportFiles r = ReportFiles.read(List.of(slow));
        assertThat(GatedOutcomeTest.banner(r.html())).contains("class=\"verdict fail\"").contains("out of bounds");
    }

    @Test
    void aFileThatClaimsToHavePassedIsRefusedByMergeAndReport() throws Exception {
        Path a = edited("a.json", RecordedVerdictsTest::claimPassed);
        Path b = edited("b.json", d -> {
            claimPassed(d);
            d.put("host", "arm64");
            ((ObjectNode) d.get("gate")).put("host", "arm64");
        });
        assertThatThrownBy(() -> Merge.of(List.of(a, b), false)).isInstanceOf(UserError.class)
                .hasMessageContaining(a.toString())
                .hasMessageContaining("the recorded verdict of measure pgo cpu_time on server disagrees with its numbers")
                .hasMessageContaining("it records within_bounds")
                .hasMessageContaining("gives 'out_of_bounds'");
        Cli.Result merge = Cli.run(tmp, "merge", a.toString(), b.toString());
        assertThat(merge.exitCode()).as(merge.all()).isEqualTo(2);
        assertThat(merge.out()).doesNotContain("passed");
        assertThat(merge.err()).contains("error: " + a).contains("hint: ").doesNotContain("Exception");
        Cli.Result report = Cli.run(tmp, "report", a.toString(), "--markdown", "r.md");
        assertThat(report.exitCode()).as(report.all()).isEqualTo(2);
        assertThat(tmp.resolve("r.md")).doesNotExist();
    }

    @Test
    void onlyThePassedFlagEditedIsRefusedToo() throws Exception {
        Path f = edited("flag.json", d -> ((ObjectNode) d.get("gate")).put("passed", true));
        assertThatThrownBy(() -> ReportFiles.read(List.of(f))).isInstanceOf(UserError.class)
                .hasMessageContaining("the recorded verdict of the gate disagrees").hasMessageContaining("passed: true")
                .hasMessageContaining("give passed: false");
        Path counts = edited("counts.json", d -> ((ObjectNode) d.get("gate")).put("measures_out_of_bounds", 0)
                .put("measures_within_bounds", 1));
        assertThatThrownBy(() -> ReportFiles.read(List.of(counts))).isInstanceOf(UserError.class)
                .hasMessageContaining("1 within bounds, 0 out of bounds");
    }

    @Test
    void aMeasureWhoseNumbersWereMovedIsCheckedAgainstItsComparisonAndSamples() throws Exception {
        // the measure made to look fine, CI and all: its comparison still says +55%
        Path m = edited("measure.json", d -> {
            claimPassed(d);
            measure(d).put("change_percent", 0.1).put("ci_low_percent", -0.5).put("ci_high_percent", 0.8)
                    .put("worst_percent", 0.8);
        });
        assertThatThrownBy(() -> ReportFiles.read(List.of(m))).isInstanceOf(UserError.class)
                .hasMessageContaining("measure pgo cpu_time on server").hasMessageContaining("its comparison");
        // the comparison made to look fine too: its samples still say +55%
        Path c = edited("comparison.json", d -> {
            ObjectNode x = comparison(d);
            x.put("ratio", 1.001).put("ci_low", 0.995).put("ci_high", 1.008).put("p_value", 0.9).put("verdict", "no_change");
        });
        assertThatThrownBy(() -> ReportFiles.read(List.of(c))).isInstanceOf(UserError.class)
                .hasMessageContaining("comparison candidate:pgo vs base:pgo cpu_time on server")
                .hasMessageContaining("its samples give 'regressed', +55.00%");
    }

    @Test
    void nanAndInfinityAreDamagedNotDrawn() throws Exception {
        Path nan = edited("nan.json", d -> comparison(d).put("ci_low", Double.NaN));
        assertThatThrownBy(() -> ReportFiles.read(List.of(nan))).isInstanceOf(UserError.class)
                // the reader's shape check refuses it first (RecordedVerdicts' own check stays for documents built in memory)
                .hasMessageContaining(nan + ": workloads[0].comparisons[0].ci_low: expected a number");
        Path inf = edited("inf.json", d -> measure(d).put("change_percent", Double.NEGATIVE_INFINITY));
        assertThatThrownBy(() -> Merge.of(List.of(inf), false)).isInstanceOf(UserError.class)
                .hasMessageContaining("gate.measures[0].change_percent: expected a number");
        Path zero = edited("zero.json", d -> ((ArrayNode) comparison(d).get("candidate_samples")).set(0, 0.0));
        assertThatThrownBy(() -> ReportFiles.read(List.of(zero))).isInstanceOf(UserError.class)
                .hasMessageContaining("its samples are not 8 positive numbers per side");
    }

    @Test
    void aBenchFileWhoseVerdictWasEditedIsRefused() throws Exception {
        ObjectNode d = (ObjectNode) Json.MAPPER.readTree(Exports.json().render(
                Results.bench(GoldenReportTest.SOURCE, VerdictFixtures.allInconclusive())));
        for (JsonNode c : d.get("comparisons")) {
            ((ObjectNode) c).put("verdict", "no_change");
        }
        Path f = file("bench.json", Json.MAPPER.writeValueAsString(d));
        assertThatThrownBy(() -> ReportFiles.read(List.of(f))).isInstanceOf(UserError.class)
                .hasMessageContaining("the recorded verdict of comparison pgo vs release cpu_time on pooler")
                .hasMessageContaining("give 'inconclusive'");
    }

    @Test
    void aLadderStepWhoseGainWasFlippedIsRefusedAndAnOldLadderStillRenders() throws Exception {
        Path old = Path.of("src/test/resources/results/ladder-0.1.0.json");
        assertThat(ReportFiles.read(List.of(old)).markdown()).contains("+16.7%");
        ObjectNode d = (ObjectNode) Json.MAPPER.readTree(old.toFile());
        ((ObjectNode) d.get("ladder").get("steps").get(1).get("vs_release")).put("gain_percent", -16.7)
                .put("verdict", "regressed");
        Path f = file("ladder.json", Json.MAPPER.writeValueAsString(d));
        assertThatThrownBy(() -> ReportFiles.read(List.of(f))).isInstanceOf(UserError.class)
                .hasMessageContaining("ladder step pgo cpu_time on loop disagrees")
                .hasMessageContaining("its comparison pgo vs release says 'improved'");
    }

    @Test
    void aMergedFileWhosePassedWasEditedIsRefused() throws Exception {
        Merge.Merged m = Merge.of(List.of(file("x.json", VerdictFixtures.gateJson("x86", 1.55))), false);
        ObjectNode d = (ObjectNode) Json.MAPPER.readTree(MergeReport.json(m));
        d.put("passed", true);
        Path f = file("merged.json", Json.MAPPER.writeValueAsString(d));
        assertThatThrownBy(() -> ReportFiles.read(List.of(f))).isInstanceOf(UserError.class)
                .hasMessageContaining("the recorded verdict of the merge disagrees with its hosts");
    }
}
