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
 * Public validation on a real Rust client: drill (the HTTP load tester) from its source on the crate
 * registry, fetched at test time by examples/drill/fetch.sh, built release and pgo with cargo from the
 * example's own config, trained and benched as the client (client_role "drill", under test) of a local
 * nginx (a [[bench.process]] helper, not under test); the gate is drill.cpu_time_per_op.
 * Short version: release + pgo only, smaller request plans, five rounds.
 *
 * <p>Not part of the default suite: cold, its three cargo builds take 10-14 minutes on a 2-CPU machine, which alone
 * would take the suite past the 25 minutes CI allows (the CI machine always builds cold). Run it with
 * {@code PGOLAB_SLOW_EXAMPLES=1 CI=true mvn -B test -Dtest=DrillExampleIT}; RolesIT covers the same mechanism
 * (workload roles, helpers, clients under test, per-role profiles) on small programs in every run.
 */
@EnabledIfEnvironmentVariable(named = "PGOLAB_SLOW_EXAMPLES", matches = "1|true|yes",
        disabledReason = "a cold cargo build of drill takes minutes: PGOLAB_SLOW_EXAMPLES=1 runs it")
class DrillExampleIT {
    @TempDir
    Path tmp;

    @Test
    void drillBuildsTrainsAndBenchesAsAClientFromTheExampleConfig() throws Exception {
        Tool.assumeHere(ToolLocator.onPath("cargo").isPresent(), "no cargo");
        Tool.require(ToolLocator.onPath("nginx").isPresent() || Files.isExecutable(Path.of("/usr/sbin/nginx")),
                "nginx (nginx-light)");
        Path example = Path.of("examples/drill").toAbsolutePath();
        // Kept outside the checkout (ExampleCache): a second run reuses the minutes-long cargo builds.
        Path p = ExampleCache.project("drill", tmp);
        String config = Files.readString(example.resolve("pgolab.toml"))
                .replace("variants = [\"release\", \"pgo\", \"pgo+lto\"]", "variants = [\"release\", \"pgo\"]");
        assertThat(config).contains("variants = [\"release\", \"pgo\"]");
        Files.writeString(p.resolve("pgolab.toml"), config);
        Files.copy(example.resolve("serve.sh"), p.resolve("serve.sh"), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
        // Short plans: fewer iterations, the same requests.
        for (String plan : List.of("train.yml", "bench.yml")) {
            String yml = Files.readString(example.resolve(plan)).replaceAll("(?m)^iterations: \\d+", "iterations: 200");
            assertThat(yml).contains("iterations: 200");
            Files.writeString(p.resolve(plan), yml);
        }
        Exec.Result fetch = Exec.capture(null, example, Map.of(),
                List.of("bash", example.resolve("fetch.sh").toString(), p.resolve("upstream/drill").toString()), 600);
        assertThat(fetch.exitCode()).as(fetch.output()).isZero();

        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.out()).contains("release", "pgo", "instrumented");

        Cli.Result prof = Cli.run(p, "profile", "--top", "5");
        assertThat(prof.exitCode()).as(prof.all()).isZero();
        assertThat(prof.out()).contains("0 mismatched");

        Path json = tmp.resolve("bench.json");
        Cli.Result bench = Cli.run(p, "bench", "--no-build", "--min-rounds", "5", "--max-rounds", "5", "--json",
                json.toString());
        assertThat(bench.exitCode()).as(bench.all()).isZero();
        assertThat(bench.out()).contains("assets: 5 rounds", "release vs pgo", "drill.cpu_time_per_op", "rps", "PGO potential of release/drill");
        var w = Json.MAPPER.readTree(json.toFile()).get("workloads").get(0);
        for (String v : List.of("release", "pgo")) {
            var m = w.get("medians").get(v);
            // bench.yml: 200 iterations of 1 + 1 + 1 + 1 + 10 requests
            assertThat(m.get("operations").asDouble()).as(v).isEqualTo(200 * 14);
            assertThat(m.get("rps").asDouble()).as(v).isPositive();
            assertThat(m.get("drill.cpu_time_per_op").asDouble()).as(v).isPositive();
            assertThat(m.get("nginx.cpu_time").asDouble()).as(v).isPositive();
        }
        for (var c : Json.MAPPER.readTree(json.toFile()).get("comparisons")) {
            ComparisonChecks.consistent(c);
            assertThat(c.get("verdict").asText()).isIn("improved", "regressed", "no_change", "inconclusive");
        }
        assertThat(ServiceTrainIT.processesMentioning(p.toString())).as("nginx or drill left running").isZero();
    }
}
