package io.pgolab.report.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pgolab.UserError;
import io.pgolab.bench.BenchResults;
import io.pgolab.bench.Loss;
import io.pgolab.bench.Losses;
import io.pgolab.profile.TrainingMatch;
import io.pgolab.report.Fixtures;
import io.pgolab.report.GoldenReportTest;
import io.pgolab.report.Results;
import io.pgolab.report.json.JsonExporter;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A loss is never silent (issue 37): the fixture's pgo+lto, far slower than release on 'loop', leads the terminal
 * text, Markdown, HTML and JSON of a bench and a ladder; a results file without "losses" (older pgolab) still renders,
 * with the loss; a file whose losses disagree with its comparisons is refused.
 */
class LossReportTest {
    @TempDir
    Path tmp;

    /** The training check's finding on 'loop': 40% of its counts in hot_loop, which training never ran. */
    static TrainingMatch check() {
        TrainingMatch.Bench loop = new TrainingMatch.Bench("loop", "/p/loop.profdata", 1000, 0.4,
                List.of(new TrainingMatch.ColdFunction("/p/hot.c;hot_loop", 400, 0.4, 0)), true, "advice");
        return new TrainingMatch("", "arc counts", "/p/merged", List.of("startup"), TrainingMatch.NEARLY_COLD, "/p/ab",
                List.of(loop), List.of());
    }

    static Results bench() {
        BenchResults b = Fixtures.bench();
        List<Loss> losses = Losses.of(b, new Losses.Training(List.of(check()), Map.of(), "", false));
        return Results.bench(GoldenReportTest.SOURCE, b).withTrainingMatch(List.of(check())).withLosses(losses);
    }

    private Path file(Results r, Consumer<ObjectNode> edit) throws Exception {
        ObjectNode tree = Json.MAPPER.valueToTree(JsonExporter.document(r, GoldenReportTest.ENVELOPE));
        edit.accept(tree);
        Path f = tmp.resolve("results.json");
        Files.writeString(f, Json.MAPPER.writeValueAsString(tree));
        return f;
    }

    @Test
    void everyOutputOfABenchAndALadderLeadsWithTheLoss() {
        Results r = bench();
        // cpu_time and ops_per_sec are both gated (the primary metrics of the bench's workloads)
        assertThat(r.losses()).extracting(Loss::metric).containsExactly("cpu_time", "ops_per_sec");
        assertThat(r.regressed()).as("the exit code of --fail-on regression agrees").isTrue();
        String text = Exports.text().render(r);
        List<String> lines = text.lines().toList();
        assertThat(lines.get(0)).startsWith("LOSS: pgo+lto is ").contains("% slower than release on loop (cpu_time +")
                .endsWith("): 40% of loop's counts are in functions training never ran (hot_loop (hot.c))");
        assertThat(lines.get(1)).startsWith("  fix: turn partial_training back on (remove `partial_training = false`");

        assertThat(Exports.markdown().render(r)).startsWith("> **LOSS: pgo+lto is ").contains("> fix: turn partial_training back on");
        String html = Exports.html().render(r);
        assertThat(html.indexOf("<section id=\"losses\">")).isPositive().isLessThan(html.indexOf("id=\"verdict\""));
        assertThat(html).contains("LOSS: pgo+lto is ");

        ObjectNode json = Json.MAPPER.valueToTree(JsonExporter.document(r, GoldenReportTest.ENVELOPE));
        var loss = json.get("losses").get(0);
        assertThat(loss.get("variant").asText()).isEqualTo("pgo+lto");
        assertThat(loss.get("baseline").asText()).isEqualTo("release");
        assertThat(loss.get("workload").asText()).isEqualTo("loop");
        assertThat(loss.get("cause").asText()).isEqualTo("guard_off");
        assertThat(loss.get("cold_share").asDouble()).isEqualTo(0.4);
        assertThat(loss.get("cold_functions").get(0).asText()).isEqualTo("hot_loop (hot.c)");
        assertThat(loss.get("guard").asBoolean()).isFalse();
        assertThat(loss.get("fix").asText()).startsWith("turn partial_training back on");

        BenchResults b = Fixtures.bench();
        Results ladder = Results.ladder(GoldenReportTest.SOURCE, b, Fixtures.ladder(), Fixtures.built())
                .withLosses(r.losses());
        assertThat(Exports.text().render(ladder)).startsWith("LOSS: pgo+lto is ");
        assertThat(Exports.markdown().render(ladder)).startsWith("> **LOSS: pgo+lto is ");
    }

    @Test
    void noLossNoLine() {
        Results r = Results.bench(GoldenReportTest.SOURCE, Fixtures.bench()).withLosses(List.of());
        assertThat(Exports.text().render(r)).doesNotContain("LOSS");
        assertThat(Exports.html().render(r)).doesNotContain("id=\"losses\"");
    }

    @Test
    void aFileReadAgainSaysItsRecordedLossFirst() throws Exception {
        ReportFiles r = ReportFiles.read(List.of(file(bench(), d -> { })));
        assertThat(r.markdown()).startsWith("> **LOSS: pgo+lto is ").contains("fix: turn partial_training back on");
        assertThat(r.html()).contains("<section id=\"losses\">").contains("fix: turn partial_training back on");
    }

    @Test
    void aFileWithoutLossesStillRendersAndSaysTheLossFromItsComparisons() throws Exception {
        // with its training check: the share is known, the guard is not (the file does not say)
        ReportFiles r = ReportFiles.read(List.of(file(bench(), d -> d.remove("losses"))));
        assertThat(r.markdown()).startsWith("> **LOSS: pgo+lto is ").contains("40% of loop's counts")
                .contains("fix: add a training workload like loop");
        // without one: the share is unknown, and how to get it
        ReportFiles old = ReportFiles.read(List.of(file(bench(), d -> {
            d.remove("losses");
            d.remove("training_match");
        })));
        assertThat(old.markdown()).startsWith("> **LOSS: pgo+lto is ")
                .contains("is unknown; this results file holds no training check").contains("profile --against-bench");
    }

    @Test
    void aFileWhoseLossesDisagreeWithItsComparisonsIsRefused() throws Exception {
        Path changed = file(bench(), d -> ((ObjectNode) d.get("losses").get(0)).put("change_percent", 1.0));
        assertThatThrownBy(() -> ReportFiles.read(List.of(changed))).isInstanceOf(UserError.class)
                .hasMessageContaining("the loss of pgo+lto on loop");
        Path dropped = file(bench(), d -> ((ArrayNode) d.get("losses")).removeAll());
        assertThatThrownBy(() -> ReportFiles.read(List.of(dropped))).isInstanceOf(UserError.class)
                .hasMessageContaining("0 losses");
        Path invented = file(bench(), d -> ((ObjectNode) d.get("losses").get(0)).put("variant", "pgo"));
        assertThatThrownBy(() -> ReportFiles.read(List.of(invented))).isInstanceOf(UserError.class)
                .hasMessageContaining("not a regressed gated comparison");
    }
}
