package io.pgolab.report.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pgolab.UserError;
import io.pgolab.bench.GateResult;
import io.pgolab.report.GoldenReportTest;
import io.pgolab.report.Results;
import io.pgolab.report.VerdictFixtures;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.HodgesLehmann;
import io.pgolab.stats.Looks;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sequential gate's decisions in every output, and a results file read again: each comparison is recomputed at its
 * look's alpha from its samples, and a file whose interval is not its look's (recomputed at 95%, looks edited) is
 * refused.
 */
class SequentialReportTest {
    @TempDir
    Path tmp;

    private static final double ALPHA_8 = Looks.plan(6, 12).looks().get(0).alpha();

    private Path file(String name, Consumer<ObjectNode> edit) throws Exception {
        ObjectNode d = (ObjectNode) Json.MAPPER.readTree(json());
        edit.accept(d);
        Path f = tmp.resolve(name);
        Files.writeString(f, Json.MAPPER.writeValueAsString(d));
        return f;
    }

    private static String json() {
        return Exports.json().render(Results.gate(GoldenReportTest.SOURCE, VerdictFixtures.sequentialGate(1.10)));
    }

    private static ObjectNode cpu(ObjectNode d) {
        for (JsonNode c : d.get("workloads").get(0).get("comparisons")) {
            if (c.get("metric").asText().equals("cpu_time")) {
                return (ObjectNode) c;
            }
        }
        throw new AssertionError("no cpu_time comparison");
    }

    @Test
    void theMeasureKeepsTheLookThatDecidedItInTheJsonAndEveryReport() throws Exception {
        GateResult g = VerdictFixtures.sequentialGate(1.10);
        assertThat(Looks.plan(6, 12).looks()).extracting(Looks.Look::round).containsExactly(8, 12);
        assertThat(g.measures()).extracting(m -> m.status().json()).containsExactly("out_of_bounds", "inconclusive");

        ObjectNode d = (ObjectNode) Json.MAPPER.readTree(json());
        ObjectNode c = cpu(d);
        assertThat(c.get("rounds").asInt()).isEqualTo(8);
        assertThat(c.get("baseline_samples")).hasSize(8);
        assertThat(c.get("ci_level").asDouble()).isEqualTo(1 - ALPHA_8);
        assertThat(c.get("look_seconds").asDouble()).isEqualTo(20.0);
        assertThat(d.get("workloads").get(0).get("looks")).hasSize(2);
        assertThat(d.get("workloads").get(0).get("runs")).hasSize(24);

        String decided = "decisions: pgo cpu_time out of bounds at round 8 (20s, 96.7% CI); pgo wall_time undecided after"
                + " 12 rounds (30s, 98.3% CI)";
        Results live = Results.gate(GoldenReportTest.SOURCE, g);
        assertThat(Exports.text().render(live)).contains("  " + decided + "\n")
                .contains("(cap: the last look the --max-time of 30s planned (round 12) is done)");
        assertThat(Exports.markdown().render(live)).contains(decided + "<br>\nstopped: cap: the last look");
        Path f = file("seq.json", x -> { });
        ReportFiles r = ReportFiles.read(List.of(f));
        assertThat(r.markdown()).contains(decided);
        assertThat(r.html()).contains("<p class=\"decided\">" + decided + "</p>");
    }

    @Test
    void aFileReadAgainIsRecomputedAtItsLooksAlpha() throws Exception {
        // the honest file reads; its interval is the look's, wider than the 95% one of the same 8 rounds
        ObjectNode d = (ObjectNode) Json.MAPPER.readTree(json());
        ObjectNode c = cpu(d);
        double[] b = Json.MAPPER.convertValue(c.get("baseline_samples"), double[].class);
        double[] x = Json.MAPPER.convertValue(c.get("candidate_samples"), double[].class);
        HodgesLehmann at95 = HodgesLehmann.of(b, x);
        assertThat(c.get("ci_low").asDouble()).isLessThan(at95.ciLow());

        // recomputed by someone at 95% over the same samples: the interval is not its look's
        Path narrowed = file("narrowed.json", y -> cpu(y).put("ci_low", at95.ciLow()).put("ci_high", at95.ciHigh())
                .put("ci_level", 0.95));
        assertThatThrownBy(() -> ReportFiles.read(List.of(narrowed))).isInstanceOf(UserError.class)
                .hasMessageContaining("comparison candidate:pgo vs base:pgo cpu_time on server")
                .hasMessageContaining("its ci_level 0.95 is not the");
        // the looks made to spend more than 5%
        Path greedy = file("greedy.json", y -> ((ObjectNode) y.get("workloads").get(0).get("looks").get(1))
                .put("alpha", 0.2));
        assertThatThrownBy(() -> ReportFiles.read(List.of(greedy))).isInstanceOf(UserError.class)
                .hasMessageContaining("its looks spend alpha 0.2");
        // a comparison cut to rounds no look was planned at
        Path cut = file("cut.json", y -> {
            ObjectNode z = cpu(y);
            z.put("rounds", 7);
            z.set("baseline_samples", Json.MAPPER.valueToTree(Arrays.copyOf(b, 7)));
            z.set("candidate_samples", Json.MAPPER.valueToTree(Arrays.copyOf(x, 7)));
        });
        assertThatThrownBy(() -> ReportFiles.read(List.of(cut))).isInstanceOf(UserError.class)
                .hasMessageContaining("its 7 rounds are none of the workload's planned looks");
        // the looks removed, to pass the look's interval off as a plain 95% one of its first 8 rounds
        Path noLooks = file("nolooks.json", y -> {
            ((ObjectNode) y.get("workloads").get(0)).remove("looks");
            cpu(y).put("ci_level", 0.95);
        });
        assertThatThrownBy(() -> ReportFiles.read(List.of(noLooks))).isInstanceOf(UserError.class)
                .hasMessageContaining("the sequential rule stopped it ('cap'), but its looks are missing");
        Path noLooksNoStop = file("nolooks2.json", y -> {
            ((ObjectNode) y.get("workloads").get(0)).remove("looks").toString();
            ((ObjectNode) y.get("workloads").get(0)).put("stop_reason", "budget of 30s spent");
            cpu(y).put("ci_level", 0.95);
        });
        assertThatThrownBy(() -> ReportFiles.read(List.of(noLooksNoStop))).isInstanceOf(UserError.class)
                .hasMessageContaining("it has 8 rounds of the workload's 12, and no look says why");
        assertThat(Comparison.levelPercent(ALPHA_8)).isEqualTo("96.7");
        assertThat((ArrayNode) d.get("workloads").get(0).get("looks")).hasSize(2);
    }
}
