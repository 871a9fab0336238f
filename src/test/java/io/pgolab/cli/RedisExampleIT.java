package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.process.Exec;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Validation on Redis (short version for CI): Redis 7 from its upstream source, fetched at test
 * time, trained with redis-benchmark as a service, benched release vs pgo.
 */
class RedisExampleIT {
    @TempDir
    Path tmp;

    @Test
    void redisTrainsAndBenchesAsAService() throws Exception {
        Path example = Path.of("examples/redis").toAbsolutePath();
        Path p = tmp.resolve("redis");
        Files.createDirectories(p);
        // release and pgo only: pgo+lto (another whole Redis build, the slowest) is covered on smaller programs
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(example.resolve("pgolab.toml"))
                .replace("variants = [\"release\", \"pgo\", \"pgo+lto\"]", "variants = [\"release\", \"pgo\"]"));
        Exec.Result fetch = Exec.capture(null, example, Map.of(),
                List.of("bash", example.resolve("fetch.sh").toString(), p.resolve("upstream/redis").toString()), 900);
        assertThat(fetch.exitCode()).as(fetch.output()).isZero();

        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.err()).contains("stopped by SIGTERM");
        Cli.Result prof = Cli.run(p, "profile", "--top", "5");
        assertThat(prof.out()).contains("0 mismatched");

        Path json = tmp.resolve("redis.json");
        // the plain workload only: the pipelined one (same server, redis-benchmark -P 16) would double the minutes
        Cli.Result bench = Cli.run(p, "bench", "--no-build", "--workload", "get-set-lists", "--min-rounds", "5",
                "--max-rounds", "5", "--json", json.toString());
        assertThat(bench.exitCode()).as(bench.all()).isZero();
        assertThat(bench.out()).contains("release vs pgo", "GET.rps", "PGO potential of pgo");
        var w = Json.MAPPER.readTree(json.toFile()).get("workloads").get(0);
        for (String v : List.of("release", "pgo")) {
            var m = w.get("medians").get(v);
            assertThat(m.get("GET.rps").asDouble()).as(v).isPositive();
            assertThat(m.get("LRANGE_100.p99_ms").asDouble()).as(v).isPositive();
            assertThat(m.get("GET.p99_9_ms").asDouble()).as(v).isGreaterThanOrEqualTo(m.get("GET.p99_ms").asDouble());
            assertThat(m.get("operations").asDouble() % 50000).as(v).isZero();
            assertThat(m.get("operations").asDouble()).as(v).isGreaterThanOrEqualTo(4 * 50000);
            assertThat(m.get("cpu_time_per_op").asDouble()).as(v).isPositive();
        }
        assertThat(w.get("pgo_potential").get("release").get("kernel_percent").asDouble()).isPositive();
        assertThat(ServiceTrainIT.processesMentioning(p.toString())).as("redis left running").isZero();
    }
}
