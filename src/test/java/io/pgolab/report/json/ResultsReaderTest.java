package io.pgolab.report.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.pgolab.UserError;
import io.pgolab.report.JsonShape;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Results files written by pgolab 0.1.0, before the records existed (src/test/resources/results, written by the
 * Map-based writers with real runs), still read; and the records hold every key of them.
 */
class ResultsReaderTest {
    static final Path DIR = Path.of("src/test/resources/results");

    @Test
    void readsADemoFileOfThePreviousVersion() {
        ResultsDocument d = ResultsReader.read(DIR.resolve("demo-0.1.0.json"));
        assertThat(d.envelope().schema()).isEqualTo("pgolab-results/1");
        assertThat(d.envelope().project()).isEqualTo("pgolab-demo");
        assertThat(d.envelope().environment()).containsKeys("cpu_model", "cores", "git_dirty");
        assertThat(d.variants()).extracting(ResultsDocument.VariantEntry::name).containsExactly("release", "pgo", "instrumented");
        assertThat(d.variants().get(1).phase()).isEqualTo("optimize");
        assertThat(d.training().workloads()).hasSize(1);
        assertThat(d.profileSets()).hasSize(1);
        assertThat(d.pgoExtraBuildSeconds()).isNotNull();
        ResultsDocument.BenchBody b = d.measurements();
        assertThat(b.method().primaryMetrics()).containsExactly("cpu_time");
        ResultsDocument.Workload w = b.workloads().get(0);
        assertThat(w.subjects()).containsExactly("release", "pgo");
        assertThat(w.runs()).hasSize(2 * w.rounds());
        assertThat(w.warningKinds()).as("written before kinds were recorded").isNull();
        assertThat(w.metrics().get("cpu_time").direction()).isEqualTo("lower_is_better");
        ResultsDocument.ComparisonEntry cpu = b.comparisons().stream().filter(c -> c.metric().equals("cpu_time"))
                .findFirst().orElseThrow();
        assertThat(cpu.baselineSamples()).hasSize(w.rounds());
        assertThat(cpu.gated()).isTrue();
        assertThat(d.ladder()).isNull();
        assertThat(d.bench()).isNull();
        assertThat(d.commands()).isNotEmpty();
    }

    @Test
    void readsALadderFileOfThePreviousVersion() {
        ResultsDocument d = ResultsReader.read(DIR.resolve("ladder-0.1.0.json"));
        assertThat(d.variants()).extracting(ResultsDocument.VariantEntry::name).containsExactly("release", "pgo");
        assertThat(d.variants().get(0).phase()).isNull(); // the ladder lists name, build_seconds, binary_bytes, binary
        assertThat(d.ladder().steps()).hasSize(2);
        assertThat(d.ladder().steps().get(0).vsRelease()).isNull();
        assertThat(d.ladder().steps().get(1).vsPrevious().rounds()).isEqualTo(5);
        assertThat(d.ladder().trainingSlowdown().get(0).factor()).isPositive();
        assertThat(d.bench().workloads().get(0).name()).isEqualTo("loop");
        assertThat(d.measurements()).isNull();
    }

    @Test
    void readsCompareBuildAndProfileFilesOfThePreviousVersion() {
        ResultsDocument c = ResultsReader.read(DIR.resolve("compare-0.1.0.json"));
        assertThat(c.envelope().project()).isNull();
        assertThat(c.measurements().method().maxTimeSeconds()).as("read from budget_seconds").isEqualTo(60.0);
        assertThat(c.measurements().workloads().get(0).name()).isEqualTo("compare");
        ResultsDocument b = ResultsReader.read(DIR.resolve("build-0.1.0.json"));
        assertThat(b.variants()).hasSize(3);
        assertThat(b.measurements()).isNull();
        ResultsDocument p = ResultsReader.read(DIR.resolve("profile-0.1.0.json"));
        assertThat(p.profile().functionsWithCounts()).isPositive();
        assertThat(p.optimizedBuilds()).containsKey("pgo");
    }

    @Test
    void theCapIsWrittenAsMaxTimeSecondsAndReadUnderEitherKey() throws Exception {
        ResultsDocument d = ResultsReader.read(DIR.resolve("demo-0.1.0.json"));
        JsonNode method = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(d)).get("method");
        assertThat(method.get("max_time_seconds").asDouble()).isEqualTo(d.measurements().method().maxTimeSeconds())
                .isPositive();
        assertThat(method.has("budget_seconds")).isFalse();
    }

    /**
     * Read into the records and written again, a file keeps every key, its nesting, its value types and values; one
     * key has a new name: budget_seconds (files before the cap had one name) is written as max_time_seconds.
     */
    @ParameterizedTest
    @ValueSource(strings = {"demo", "ladder", "compare", "build", "profile"})
    void recordsHoldEveryKeyOfThePreviousVersion(String name) throws Exception {
        Path f = DIR.resolve(name + "-0.1.0.json");
        JsonNode old = Json.MAPPER.readTree(Json.MAPPER.readTree(f.toFile()).toString()
                .replace("\"budget_seconds\":", "\"max_time_seconds\":"));
        JsonNode again = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(ResultsReader.read(f)));
        assertThat(JsonShape.of(again)).isEqualTo(JsonShape.of(old));
        assertThat(again).isEqualTo(old);
        assertThat(fieldNames(again)).as("key order").isEqualTo(fieldNames(old));
    }

    @Test
    void otherFilesAreUserErrors(@TempDir Path tmp) throws Exception {
        Path f = Files.writeString(tmp.resolve("x.json"), "{\"schema\": \"other/2\"}");
        assertThatThrownBy(() -> ResultsReader.read(f)).isInstanceOf(UserError.class).hasMessageContaining("other/2");
        Path g = Files.writeString(tmp.resolve("y.json"), "not json");
        assertThatThrownBy(() -> ResultsReader.read(g)).isInstanceOf(UserError.class).hasMessageContaining("cannot read");
    }

    private static java.util.List<String> fieldNames(JsonNode n) {
        java.util.List<String> out = new java.util.ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }
}
