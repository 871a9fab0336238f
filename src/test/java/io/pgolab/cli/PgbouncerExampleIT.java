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
import org.junit.jupiter.api.io.TempDir;

/**
 * Validation on a pooler (short version for CI): PgBouncer from its upstream source, fetched at
 * test time, built with its own configure && make, trained as a service under pgbench with a
 * throwaway PostgreSQL behind it (a helper role: started before the pooler, stopped after it),
 * benched release vs pgo on another pgbench mix with the pooler's per-role figures. Shortened:
 * release and pgo only, a smaller data set, 2 s training runs, 5 rounds. The bench runs keep their
 * 8000 transactions (a few seconds): with 2400 (a load window of about a second, everything on one
 * CPU under taskset), the PGO-potential run's perf record was once stopped before it had written
 * anything, which fails the bench.
 */
class PgbouncerExampleIT {
    @TempDir
    Path tmp;

    @Test
    void pgbouncerTrainsAndBenchesInFrontOfAPostgres() throws Exception {
        Path pgBin = Path.of("/usr/lib/postgresql");
        Tool.require(ToolLocator.onPath("pgbench").isPresent() && ToolLocator.onPath("pg_isready").isPresent()
                && Files.isDirectory(pgBin), "postgresql (initdb, postgres, pgbench)");
        Tool.require(ToolLocator.onPath("pkg-config").isPresent()
                && Exec.capture(null, tmp, Map.of(), List.of("pkg-config", "--exists", "libevent"), 30).exitCode() == 0,
                "libevent-dev and pkg-config");
        Path example = Path.of("examples/pgbouncer").toAbsolutePath();
        Path p = tmp.resolve("pgbouncer");
        Files.createDirectories(p.resolve("train"));
        Files.createDirectories(p.resolve("bench"));
        for (String f : List.of("postgres.sh", "pgbouncer.sh", "train/history.sql", "bench/lookup.sql")) {
            Files.copy(example.resolve(f), p.resolve(f));
        }
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(example.resolve("pgolab.toml"))
                .replace("variants = [\"release\", \"pgo\", \"pgo+lto\"]", "variants = [\"release\", \"pgo\"]")
                .replace("-s 2 ", "-s 1 ")
                .replace("-T 6 ", "-T 2 "));
        Exec.Result fetch = Exec.capture(null, example, Map.of(),
                List.of("bash", example.resolve("fetch.sh").toString(), p.resolve("upstream/pgbouncer").toString()), 900);
        assertThat(fetch.exitCode()).as(fetch.output()).isZero();

        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.err()).contains("stopped by SIGINT");
        assertThat(build.out()).contains("69/69 instrumented", "69/69 with profile");
        Cli.Result prof = Cli.run(p, "profile", "--top", "5");
        assertThat(prof.out()).contains("0 mismatched");

        Path json = tmp.resolve("pgbouncer.json");
        Cli.Result bench = Cli.run(p, "bench", "--no-build", "--min-rounds", "5", "--max-rounds", "5", "--no-training-check", "--json",
                json.toString());
        assertThat(bench.exitCode()).as(bench.all()).isZero();
        assertThat(bench.out()).contains("release vs pgo", "tps", "pooler.cpu_time_per_op", "pooler.ctx_switches_per_op");
        var w = Json.MAPPER.readTree(json.toFile()).get("workloads").get(0);
        for (String v : List.of("release", "pgo")) {
            var m = w.get("medians").get(v);
            assertThat(m.get("tps").asDouble()).as(v).isPositive();
            assertThat(m.get("operations").asDouble()).as(v).isEqualTo(8 * 1000);
            assertThat(m.get("failed").asDouble()).as(v).isZero();
            assertThat(m.get("pooler.cpu_time_per_op").asDouble()).as(v).isPositive();
            assertThat(m.get("pooler.ctx_switches_per_op").asDouble()).as(v).isPositive();
            // the PostgreSQL (a helper) is measured on its own, and is not what is under test
            assertThat(m.get("postgres.cpu_time").asDouble()).as(v).isPositive();
            assertThat(m.get("cpu_time").asDouble()).as(v).isEqualTo(m.get("pooler.cpu_time").asDouble());
        }
        assertThat(ServiceTrainIT.processesMentioning(p.toString())).as("pgbouncer or postgres.sh left running").isZero();
    }
}
