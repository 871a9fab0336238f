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
 * Public validation on a real Rust network program with two ends: rathole (a TCP tunnel) from its
 * source on the crate registry, fetched at test time by examples/rathole/fetch.sh, built release and
 * pgo with cargo from the example's own config, trained and benched with iperf3 traffic through the
 * tunnel: iperf3 -s a helper, both ends of the tunnel under test (roles server and client), per-role figures. Short version: release + pgo only, one-second iperf3 runs, five rounds, and rathole's
 * release profile without its fat LTO and single codegen unit (which make each build several times
 * longer).
 *
 * <p>Not part of the default suite: cold, its three cargo builds take 10-14 minutes on a 2-CPU machine, which alone
 * would take the suite past the 25 minutes CI allows (the CI machine always builds cold). Run it with
 * {@code PGOLAB_SLOW_EXAMPLES=1 CI=true mvn -B test -Dtest=RatholeExampleIT}; RolesIT covers the same mechanism
 * (workload roles, helpers, clients under test, per-role profiles) on small programs in every run.
 */
@EnabledIfEnvironmentVariable(named = "PGOLAB_SLOW_EXAMPLES", matches = "1|true|yes",
        disabledReason = "a cold cargo build of rathole takes minutes: PGOLAB_SLOW_EXAMPLES=1 runs it")
class RatholeExampleIT {
    @TempDir
    Path tmp;

    @Test
    void ratholeBuildsTrainsAndBenchesThroughTheTunnel() throws Exception {
        Tool.assumeHere(ToolLocator.onPath("cargo").isPresent(), "no cargo");
        Tool.require(ToolLocator.onPath("iperf3").isPresent(), "iperf3");
        Path example = Path.of("examples/rathole").toAbsolutePath();
        // Kept outside the checkout (ExampleCache): a second run reuses the minutes-long cargo builds.
        Path p = ExampleCache.project("rathole", tmp);
        String config = Files.readString(example.resolve("pgolab.toml"))
                .replace("variants = [\"release\", \"pgo\", \"pgo@server\", \"pgo@client\"]", "variants = [\"release\", \"pgo\"]")
                .replace("env = { GIT_DIR = \"/nonexistent\" }", "env = { GIT_DIR = \"/nonexistent\", "
                        + "CARGO_PROFILE_RELEASE_LTO = \"false\", CARGO_PROFILE_RELEASE_CODEGEN_UNITS = \"16\" }")
                .replace("-t 3 ", "-t 1 ");
        assertThat(config).contains("variants = [\"release\", \"pgo\"]", "CARGO_PROFILE_RELEASE_LTO").doesNotContain("-t 3 ");
        Files.writeString(p.resolve("pgolab.toml"), config);
        Files.copy(example.resolve("end.sh"), p.resolve("end.sh"), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
        Exec.Result fetch = Exec.capture(null, example, Map.of(),
                List.of("bash", example.resolve("fetch.sh").toString(), p.resolve("upstream/rathole").toString()), 600);
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
        assertThat(bench.out()).contains("tcp-download: 5 rounds", "noise-upload: 5 rounds", "release vs pgo",
                "server.cpu_time_per_op", "client.cpu_time_per_op", "received_gbps");
        var tree = Json.MAPPER.readTree(json.toFile());
        assertThat(tree.get("workloads")).hasSize(2);
        for (var w : tree.get("workloads")) {
            for (String v : List.of("release", "pgo")) {
                var m = w.get("medians").get(v);
                assertThat(m.get("operations").asDouble()).as(v).isPositive();
                assertThat(m.get("received_gbps").asDouble()).as(v).isPositive();
                for (String role : List.of("server", "client")) {
                    assertThat(m.get(role + ".cpu_time_per_op").asDouble()).as(v + " " + role).isPositive();
                }
            }
        }
        for (var c : tree.get("comparisons")) {
            ComparisonChecks.consistent(c);
            assertThat(c.get("verdict").asText()).isIn("improved", "regressed", "no_change", "inconclusive");
        }
        assertThat(ServiceTrainIT.processesMentioning(p.toString())).as("rathole or iperf3 left running").isZero();
    }
}
