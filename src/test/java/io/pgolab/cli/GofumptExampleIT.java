package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.process.Exec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Public validation of the go toolchain on a real program: gofumpt, fetched at test time from the Go
 * module proxy by examples/gofumpt/fetch.sh, built release and pgo from the example's own config,
 * trained on one part of the Go tree, compared on another (a short run: 5 rounds, the minimum for a verdict).
 */
class GofumptExampleIT {
    @TempDir
    Path tmp;

    @Test
    void gofumptBuildsTrainsAndBenchesFromTheExampleConfig() throws Exception {
        Path example = Path.of("examples/gofumpt").toAbsolutePath();
        Path p = tmp.resolve("gofumpt");
        Files.createDirectories(p);
        Files.copy(example.resolve("pgolab.toml"), p.resolve("pgolab.toml"));
        Exec.Result fetch = Exec.capture(null, example, Map.of(),
                List.of("bash", example.resolve("fetch.sh").toString(), p.resolve("upstream/gofumpt").toString()), 600);
        assertThat(fetch.exitCode()).as(fetch.output()).isZero();

        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.out()).contains("release", "pgo", "go version -m: -pgo=");

        Cli.Result prof = Cli.run(p, "profile", "--top", "5");
        assertThat(prof.exitCode()).as(prof.all()).isZero();
        assertThat(prof.out()).contains("CPU samples", "from 2 workload(s): toolchain, std-mix").doesNotContain("STALE");

        Path json = tmp.resolve("bench.json");
        Cli.Result bench = Cli.run(p, "bench", "--min-rounds", "5", "--max-rounds", "5", "--json", json.toString());
        assertThat(bench.exitCode()).as(bench.all()).isZero();
        assertThat(bench.out()).contains("vendor: 5 rounds", "release vs pgo", "cpu_time");
        var tree = io.pgolab.util.Json.MAPPER.readTree(json.toFile());
        assertThat(tree.get("workloads")).hasSize(2);
        for (var c : tree.get("comparisons")) {
            if (c.get("metric").asText().equals("cpu_time")) {
                // Only the gated metric: counts such as context switches swing widely on a shared CI machine.
                assertThat(c.get("ratio").asDouble()).isBetween(0.5, 2.0);
            }
            ComparisonChecks.consistent(c);
            assertThat(c.get("verdict").asText()).isIn("improved", "regressed", "no_change", "inconclusive");
        }
    }
}
