package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A loss is never silent (issue 37), with the real gcc on bench/partial: training runs path A only, the bench path B
 * only, and partial_training = false, so GCC optimizes path_b for size and pgo is several times slower than release
 * there. No bench workload is like the training one, so the training check runs before the bench; the bench's first
 * result line is the LOSS line with the share training missed, and its fix turns the guard back on. The verdict, the
 * loss and the exit code of --fail-on regression agree.
 */
class LossFirstIT {
    @TempDir
    Path tmp;

    @Test
    void aPgoVariantSlowerThanReleaseIsSaidFirstWithTheShareTrainingMissedAndTheFix() throws Exception {
        Tool.require(ToolLocator.onPath("gcc").isPresent(), "gcc");
        Path p = tmp.resolve("partial");
        Files.createDirectories(p);
        Files.copy(Path.of("bench/partial/paths.c"), p.resolve("paths.c"));
        // fewer repetitions than bench/gcc-partial.sh: a few milliseconds a run
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(Path.of("bench/partial/pgolab.toml"))
                .replace("{binary} a 3000", "{binary} a 300").replace("{binary} b 20000", "{binary} b 1500"));
        Path json = tmp.resolve("r.json");
        Cli.Result r = Cli.run(p, "bench", "--min-rounds", "5", "--warmup", "1", "--max-time", "4s",
                "--fail-on", "regression", "--json", json.toString());
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);

        // the check ran before the measurements, and said what it found
        String err = r.err();
        assertThat(err.indexOf("checking whether training matches the benchmark before measuring")).as(err)
                .isNotNegative().isLessThan(err.indexOf("measuring path-b"));
        assertThat(err).contains("training check: bench path-b spends");

        List<String> lines = r.out().lines().filter(l -> !l.isBlank()).toList();
        assertThat(lines.get(0)).as(r.out()).startsWith("LOSS: pgo is ").contains("% slower than release on path-b (cpu_time +")
                .containsPattern("\\): \\d+(\\.\\d)?% of path-b's counts are in functions training never ran \\(path_b");
        assertThat(lines.get(1)).startsWith("  fix: turn partial_training back on (remove `partial_training = false`"
                + " from [toolchain])");
        assertThat(r.out()).contains("regressed: pgo cpu_time +").contains("does training match the benchmark?");

        var tree = Json.MAPPER.readTree(json.toFile());
        var loss = tree.get("losses").get(0);
        assertThat(tree.get("losses")).hasSize(1);
        assertThat(loss.get("variant").asText()).isEqualTo("pgo");
        assertThat(loss.get("baseline").asText()).isEqualTo("release");
        assertThat(loss.get("cold_share").asDouble()).isGreaterThan(0);
        assertThat(loss.get("guard").asBoolean()).isFalse();
        assertThat(loss.get("cause").asText()).isEqualTo("guard_off");
        assertThat(loss.get("fix").asText()).contains("partial_training");
        assertThat(tree.get("training_match").get(0).get("workloads").get(0).get("name").asText()).isEqualTo("path-b");

        // pgolab report says it again from the file, first
        Cli.Result again = Cli.run(tmp, "report", json.toString(), "--markdown", "-");
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.out()).startsWith("> **LOSS: pgo is ");
    }
}
