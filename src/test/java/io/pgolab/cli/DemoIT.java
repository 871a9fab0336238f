package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.report.JsonShape;
import io.pgolab.util.Json;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The README's first command, with each toolchain. Figures are measured by bench/demo.sh, not asserted here. */
class DemoIT {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"gcc", "clang"})
    void demoBuildsTrainsAndComparesWithEveryKeyInTheResults(String kind) throws Exception {
        Path json = tmp.resolve("demo.json");
        Cli.Result r = Cli.run(tmp, "demo", "--toolchain", kind, "--dir", tmp.resolve("d").toString(), "--min-rounds", "5", "--max-rounds", "5",
                "--json", json.toString(), "--html", tmp.resolve("demo.html").toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        // where the files went is said (issue 40: the demo never said where its HTML report was)
        assertThat(r.all()).contains("HTML report written to " + tmp.resolve("demo.html").toAbsolutePath())
                .contains("results written to " + json.toAbsolutePath());
        assertThat(r.out()).contains("release vs pgo", "cpu_time", "cpu_time_per_op", "wall_time", "95% CI");
        var tree = Json.MAPPER.readTree(json.toFile());
        assertThat(tree.get("toolchain").asText()).startsWith(kind);
        assertThat(tree.get("variants")).hasSize(3);
        var cpu = tree.get("comparisons").get(0);
        for (String key : new String[] {"baseline", "candidate", "metric", "ratio", "ci_low", "ci_high", "p_value", "verdict"}) {
            assertThat(cpu.has(key)).as(key).isTrue();
        }
        assertThat(cpu.get("metric").asText()).isEqualTo("cpu_time");
        assertThat(cpu.get("baseline_samples")).hasSize(5);
        assertThat(tree.get("commands").size()).isGreaterThan(3);
        // the same keys, nesting and value types as a file of the previous version
        JsonShape.assertCompatible(tree, "demo-0.1.0.json");
    }
}
