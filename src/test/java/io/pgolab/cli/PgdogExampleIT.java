package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The write-up's own pooler, for real: PgDog v0.1.17 (Rust) from examples/pgdog/fetch.sh (upstream
 * when reachable, else the checksum-verified bundle in ../shared/vendor), built release and pgo with
 * cargo, trained on PgDog's own pgbench suite and a mix of the example's own in front of a throwaway
 * PostgreSQL, benched on other pgbench mixes with PgDog's per-role figures. Short version: PgDog's
 * release profile without its fat LTO and single codegen unit (each of the three builds is then a few
 * minutes instead of 12+ of CPU), a smaller data set and shorter training, 3 rounds.
 *
 * <p>Not part of the default suite: cold, the cargo builds of ~500 crates take well over 10 minutes
 * on a 2-CPU machine. Run it with {@code PGOLAB_SLOW_EXAMPLES=1 mvn -B test -Dtest=PgdogExampleIT}.
 */
@EnabledIfEnvironmentVariable(named = "PGOLAB_SLOW_EXAMPLES", matches = "1|true|yes",
        disabledReason = "cold cargo builds of PgDog take many minutes: PGOLAB_SLOW_EXAMPLES=1 runs it")
class PgdogExampleIT {
    @TempDir
    Path tmp;

    @Test
    void pgdogBuildsTrainsAndBenchesInFrontOfAPostgres() throws Exception {
        Tool.assumeHere(ToolLocator.onPath("cargo").isPresent(), "no cargo");
        Tool.require(ToolLocator.onPath("pgbench").isPresent() && ToolLocator.onPath("pg_isready").isPresent()
                && Files.isDirectory(Path.of("/usr/lib/postgresql")), "postgresql (initdb, postgres, pgbench)");
        Path example = Path.of("examples/pgdog").toAbsolutePath();
        // Kept outside the checkout (ExampleCache): a second run reuses the minutes-long cargo builds.
        Path p = ExampleCache.project("pgdog", tmp);
        String config = Files.readString(example.resolve("pgolab.toml"))
                .replace("env = { GIT_DIR = \"/nonexistent\" }", "env = { GIT_DIR = \"/nonexistent\", "
                        + "CARGO_PROFILE_RELEASE_LTO = \"false\", CARGO_PROFILE_RELEASE_CODEGEN_UNITS = \"16\" }")
                .replace("-s 2 ", "-s 1 ")
                .replace("-T 6 ", "-T 2 ")
                .replace("-t 300 ", "-t 100 ");
        assertThat(config).contains("variants = [\"release\", \"pgo\"]", "CARGO_PROFILE_RELEASE_LTO").doesNotContain("-T 6 ");
        Files.writeString(p.resolve("pgolab.toml"), config);
        Files.createDirectories(p.resolve("train"));
        Files.createDirectories(p.resolve("bench"));
        for (String f : List.of("postgres.sh", "pgdog.sh", "train/reads.sql", "bench/sharded-select.sql")) {
            Files.copy(example.resolve(f), p.resolve(f), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
        }
        Exec.Result fetch = Exec.capture(null, example, Map.of(),
                List.of("bash", example.resolve("fetch.sh").toString(), p.resolve("upstream").toString()), 900);
        assertThat(fetch.exitCode()).as(fetch.output()).isZero();
        assertThat(p.resolve("upstream/pgdog/.cargo/config.toml.upstream")).exists();

        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.out()).contains("release", "pgo", "instrumented");
        assertThat(build.err()).contains("stopped by SIGINT");
        Cli.Result prof = Cli.run(p, "profile", "--top", "5");
        assertThat(prof.exitCode()).as(prof.all()).isZero();
        assertThat(prof.out()).contains("0 mismatched");

        Path json = tmp.resolve("pgdog.json");
        Cli.Result bench = Cli.run(p, "bench", "--no-build", "--min-rounds", "5", "--max-rounds", "5", "--json",
                json.toString());
        assertThat(bench.exitCode()).as(bench.all()).isZero();
        assertThat(bench.out()).contains("release vs pgo", "tps", "pgdog.cpu_time_per_op");
        var tree = Json.MAPPER.readTree(json.toFile());
        assertThat(tree.get("workloads")).hasSize(4);   // pooler-select, pooler-tpcb, lb, sharding-w2
        for (var w : tree.get("workloads")) {
            for (String v : List.of("release", "pgo")) {
                var m = w.get("medians").get(v);
                assertThat(m.get("tps").asDouble()).as(v).isPositive();
                assertThat(m.get("failed").asDouble()).as(v).isZero();
                assertThat(m.get("pgdog.cpu_time_per_op").asDouble()).as(v).isPositive();
                assertThat(m.get("cpu_time").asDouble()).as(v).isEqualTo(m.get("pgdog.cpu_time").asDouble());
            }
        }
        for (var c : tree.get("comparisons")) {
            ComparisonChecks.consistent(c);
        }
        assertThat(ServiceTrainIT.processesMentioning(p.toString())).as("pgdog or postgres.sh left running").isZero();
    }
}
