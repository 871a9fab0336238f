package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The write-up's own store, for real: DragonflyDB v1.26.4 (C++, CMake) from examples/dragonfly/fetch.sh
 * (upstream when reachable, else the checksum-verified bundle in ../shared/vendor, its CMake downloads
 * and git clones pointed at the unpacked bundle), built release and pgo with clang 19 through the
 * example's own CMake command, trained with memtier_benchmark (built by fetch.sh from its bundle),
 * benched on one memtier mix the training never ran, with memtier's real output through the memtier
 * parser. Short version: release and pgo only (not the ladder), one benchmark workload, 5 rounds. The
 * training is the example's own (a few seconds), so with PGOLAB_TEST_CACHE pointing at a directory
 * where examples/dragonfly's ladder ran, the builds are that ladder's.
 *
 * <p>Not part of the default suite: each cold Dragonfly build is ~565 ninja steps (the third parties,
 * abseil and ~100 C++20 files of Dragonfly's own), 20-40 minutes of one CPU here, and pgo needs two
 * of them (instrumented and optimized) after release. Run it with
 * {@code PGOLAB_SLOW_EXAMPLES=1 CI=true mvn -B test -Dtest=DragonflyExampleIT}.
 */
@EnabledIfEnvironmentVariable(named = "PGOLAB_SLOW_EXAMPLES", matches = "1|true|yes",
        disabledReason = "cold Dragonfly builds take well over an hour: PGOLAB_SLOW_EXAMPLES=1 runs it")
class DragonflyExampleIT {
    @TempDir
    Path tmp;

    @Test
    void dragonflyBuildsTrainsAndBenchesUnderMemtier() throws Exception {
        Tool.assumeHere(ToolLocator.onPath("clang-19").isPresent(), "no clang-19");
        for (String t : List.of("cmake", "ninja", "bison", "flex", "autoreconf", "pkg-config", "zstd", "git", "patch")) {
            Tool.require(ToolLocator.onPath(t).isPresent(), t + " (examples/dragonfly/README.md lists the Debian packages)");
        }
        Path example = Path.of("examples/dragonfly").toAbsolutePath();
        // Kept outside the checkout (ExampleCache): a second run reuses the long CMake builds.
        Path p = ExampleCache.project("dragonfly", tmp);
        String config = Files.readString(example.resolve("pgolab.toml"))
                .replace("variants = [\"release\", \"lto\", \"pgo\", \"pgo+lto\", \"pgo+lto+bolt\"]",
                        "variants = [\"release\", \"pgo\"]");
        assertThat(config).contains("variants = [\"release\", \"pgo\"]", "parser = \"memtier\"");
        Files.writeString(p.resolve("pgolab.toml"), config);
        Exec.Result fetch = Exec.capture(null, example, Map.of(),
                List.of("bash", example.resolve("fetch.sh").toString(), p.resolve("upstream").toString()), 1800);
        assertThat(fetch.exitCode()).as(fetch.output()).isZero();
        assertThat(p.resolve("upstream/memtier/memtier_benchmark")).isExecutable();
        assertThat(Files.readString(p.resolve("upstream/dragonfly/helio/cmake/third_party.cmake")))
                .contains("file://" + p.resolve("upstream/dl").toRealPath())
                .doesNotContain("URL https://github.com/");
        assertThat(Files.readString(p.resolve("upstream/dragonfly/src/CMakeLists.txt"))).contains("indent_chars_))");

        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.out()).contains("release", "pgo", "instrumented");
        Cli.Result prof = Cli.run(p, "profile", "--top", "20");
        assertThat(prof.exitCode()).as(prof.all()).isZero();
        assertThat(prof.out()).as("the profile has counts in Dragonfly's own code").contains("dfly::");

        Path json = tmp.resolve("dragonfly.json");
        Cli.Result bench = Cli.run(p, "bench", "--no-build", "--workload", "get-set-1-10", "--min-rounds", "5",
                "--max-rounds", "5", "--json", json.toString());
        assertThat(bench.exitCode()).as(bench.all()).isZero();
        assertThat(bench.out()).contains("release vs pgo", "ops_per_sec", "cpu_time_per_op");
        var tree = Json.MAPPER.readTree(json.toFile());
        assertThat(tree.get("workloads")).hasSize(1);
        for (var w : tree.get("workloads")) {
            for (String v : List.of("release", "pgo")) {
                var m = w.get("medians").get(v);
                assertThat(m.get("ops_per_sec").asDouble()).as(v).isPositive();
                assertThat(m.get("operations").asDouble()).as(v).isEqualTo(2 * 25 * 2000);
                assertThat(m.get("p99_ms").asDouble()).as(v).isPositive();
                assertThat(m.get("cpu_time_per_op").asDouble()).as(v).isPositive();
            }
        }
        for (var c : tree.get("comparisons")) {
            ComparisonChecks.consistent(c);
        }
        assertThat(ServiceTrainIT.processesMentioning(p.toString())).as("dragonfly left running").isZero();
    }
}
