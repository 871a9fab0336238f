package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM HTTP server example (examples/jvm-httpserver, our own tiny server on com.sun.net.httpserver)
 * under wrk, from its own config: built as release and cds (JDK 25, else 17), the archive made
 * from a server life stopped by SIGTERM, then benched 5 rounds. Checks consistency, not a noisy
 * number: ready_time, the first requests' latency and wrk's throughput are measured for every variant.
 */
class JvmHttpExampleIT {
    @TempDir
    Path tmp;

    @Test
    void theServerExampleTrainsOnOneMixAndIsMeasuredOnAnother() throws Exception {
        Tool.require(ToolLocator.onPath("wrk").isPresent(), "wrk");
        Tool.require(ToolLocator.onPath("curl").isPresent(), "curl");
        boolean jdk25 = JvmProject.jdk(25).isPresent();
        if (!jdk25) {
            JvmProject.require(17);
        }
        Path example = Path.of("examples/jvm-httpserver").toAbsolutePath();
        Path p = tmp.resolve("httpd");
        Files.createDirectories(p.resolve("src"));
        Files.copy(example.resolve("src/Server.java"), p.resolve("src/Server.java"));
        Files.copy(example.resolve("build.sh"), p.resolve("build.sh"));
        p.resolve("build.sh").toFile().setExecutable(true);
        // Short: release and cds only (GoogleJavaFormatExampleIT covers aot), 1 s of wrk; JDK 17 where 25 is absent.
        String toml = Files.readString(example.resolve("pgolab.toml")).replace("-d3s", "-d1s").replace("-d2s", "-d1s")
                .replace("\"release\", \"cds\", \"aot\"", "\"release\", \"cds\"");
        Files.writeString(p.resolve("pgolab.toml"), jdk25 ? toml : toml.replace("jdk = \"25\"", "jdk = \"17\""));

        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.err()).contains("train mix-json-words", "stopped by SIGTERM");
        assertThat(build.out()).contains("-Xshare:on -version accepted it");

        Path json = tmp.resolve("bench.json");
        Cli.Result bench = Cli.run(p, "bench", "--min-rounds", "5", "--max-rounds", "5", "--json", json.toString());
        assertThat(bench.exitCode()).as(bench.all()).isZero();
        assertThat(bench.out()).contains("release vs cds", "ready_time", "first20_latency", "requests_per_sec");
        var tree = io.pgolab.util.Json.MAPPER.readTree(json.toFile());
        int ready = 0;
        for (var c : tree.get("comparisons")) {
            ComparisonChecks.consistent(c);
            assertThat(c.get("verdict").asText()).isIn("improved", "regressed", "no_change", "inconclusive");
            if (c.get("metric").asText().equals("ready_time")) {
                ready++;
                assertThat(c.get("baseline_median").asDouble()).isBetween(0.01, 30.0);
            }
        }
        assertThat(ready).isEqualTo(1);
    }
}
