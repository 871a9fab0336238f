package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.report.JsonShape;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pgolab ladder end to end with real clang, llvm-profdata and BOLT on a small program. */
class LadderIT {
    @TempDir
    Path tmp;

    @Test
    void everyStepIsMeasuredAgainstReleaseAndThePreviousStep() throws Exception {
        Path p = TinyProject.create(tmp.resolve("p"), "clang", "\"release\"",
                TinyProject.train("hot", "{binary} run 30000000")
                        + "[[bench]]\nname = \"loop\"\ncommand = \"{binary} run 40000000\"\n");
        Path json = tmp.resolve("ladder.json");
        Path md = tmp.resolve("ladder.md");
        Cli.Result r = Cli.run(p, "ladder", "release", "pgo", "pgo+bolt", "--min-rounds", "5", "--max-rounds", "5",
                "--json", json.toString(), "--markdown", md.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("ladder on 'loop' (cpu_time", "gain vs previous step", "PGO on top of release:",
                "BOLT on top of pgo:", "training 'hot' with profiling on");
        var tree = Json.MAPPER.readTree(json.toFile());
        var steps = tree.get("ladder").get("steps");
        assertThat(steps).hasSize(3);
        assertThat(steps.get(0).get("vs_release").isNull()).isTrue();
        for (int i = 1; i < 3; i++) {
            var s = steps.get(i);
            assertThat(s.get("vs_previous").get("rounds").asInt()).isEqualTo(5);
            double lo = s.get("vs_release").get("ci_low_percent").asDouble();
            double hi = s.get("vs_release").get("ci_high_percent").asDouble();
            assertThat(s.get("vs_release").get("gain_percent").asDouble()).isBetween(lo, hi);
            assertThat(s.get("recommendation").asText()).matches(".*: [+-]\\d+\\.\\d% \\[[+-]\\d+\\.\\d%, [+-]\\d+\\.\\d%\\] cpu_time, .*");
        }
        for (var v : tree.get("variants")) {
            assertThat(v.get("build_seconds").asDouble()).isPositive();
            assertThat(v.get("binary_bytes").asLong()).isPositive();
        }
        // the cost in CPU time: known for the builds, and for pgo with its instrumented build and training; BOLT's
        // rewrite has no recorded CPU time, so its step has none (not a smaller figure)
        assertThat(steps.get(0).get("build_cpu_seconds").asDouble()).isPositive();
        assertThat(steps.get(1).get("pipeline_cpu_seconds").asDouble())
                .isGreaterThan(steps.get(1).get("build_cpu_seconds").asDouble());
        assertThat(steps.get(2).has("build_cpu_seconds")).isFalse();
        assertThat(r.out()).contains("build CPU (total)", "wall (total)");
        assertThat(tree.get("ladder").get("training_slowdown").get(0).get("factor").asDouble()).isPositive();
        // the same keys, nesting and value types as a file of the previous version
        JsonShape.assertCompatible(tree, "ladder-0.1.0.json");
        assertThat(Files.readString(md)).contains("| variant | build CPU (total) | wall (total) | training | binary | gain vs release |", "`: BOLT on top of pgo:");
    }
}
