package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.process.Exec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Public validation on a real program: Lua 5.4 from its upstream source, fetched at test time by
 * examples/lua/fetch.sh, built release and pgo from the example's own config, trained, compared.
 */
class LuaExampleIT {
    @TempDir
    Path tmp;

    @Test
    void luaBuildsTrainsAndBenchesFromTheExampleConfig() throws Exception {
        Path example = Path.of("examples/lua").toAbsolutePath();
        Path p = tmp.resolve("lua");
        for (String sub : List.of("train", "bench")) {
            Files.createDirectories(p.resolve(sub));
            try (var s = Files.list(example.resolve(sub))) {
                for (Path f : s.toList()) {
                    Files.copy(f, p.resolve(sub).resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Files.copy(example.resolve("pgolab.toml"), p.resolve("pgolab.toml"));
        Exec.Result fetch = Exec.capture(null, example, Map.of(),
                List.of("bash", example.resolve("fetch.sh").toString(), p.resolve("upstream/lua").toString()), 600);
        assertThat(fetch.exitCode()).as(fetch.output()).isZero();

        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.out()).contains("release", "pgo", "instrumented");

        Cli.Result prof = Cli.run(p, "profile", "--top", "5");
        assertThat(prof.exitCode()).as(prof.all()).isZero();
        assertThat(prof.out()).contains("luaV_execute").contains("0 mismatched");

        // BOLT on a real interpreter: BOLT 19 cannot rewrite luaV_execute (computed gotos); pgolab
        // skips it, retries, and the result still runs the held-out scripts like release.
        Cli.Result bolt = Cli.run(p, "build", "pgo+bolt");
        assertThat(bolt.exitCode()).as(bolt.all()).isZero();
        assertThat(bolt.out()).contains("BOLT (instrument)", "skipped luaV_execute");
        var built = io.pgolab.util.Json.MAPPER.readTree(p.resolve(".pgolab/variants/pgo+bolt.json").toFile());
        var rel = io.pgolab.util.Json.MAPPER.readTree(p.resolve(".pgolab/variants/release.json").toFile());
        String script = p.resolve("bench/json.lua").toString();
        assertThat(Exec.capture(null, List.of(built.get("binary").asText(), script)).output())
                .isEqualTo(Exec.capture(null, List.of(rel.get("binary").asText(), script)).output());

        Path json = tmp.resolve("bench.json");
        Cli.Result bench = Cli.run(p, "bench", "--min-rounds", "5", "--max-rounds", "5", "--json", json.toString());
        assertThat(bench.exitCode()).as(bench.all()).isZero();
        assertThat(bench.out()).contains("json: 5 rounds", "release vs pgo", "cpu_time");
        var tree = io.pgolab.util.Json.MAPPER.readTree(json.toFile());
        assertThat(tree.get("workloads")).hasSize(3);
        for (var c : tree.get("comparisons")) {
            // Only the gated time is bounded: counts such as context switches swing far on a shared machine.
            if (c.get("metric").asText().equals("cpu_time")) {
                assertThat(c.get("ratio").asDouble()).isBetween(0.5, 2.0);
            }
            ComparisonChecks.consistent(c);
            assertThat(c.get("ratio").asDouble()).isPositive();
            assertThat(c.get("ci_low").asDouble()).isLessThanOrEqualTo(c.get("ratio").asDouble());
            assertThat(c.get("verdict").asText()).isIn("improved", "regressed", "no_change", "inconclusive");
        }

        // The ladder's HTML report with flamegraphs (a short run: one workload, two steps, 5 rounds), in the browser
        if (!io.pgolab.measure.perf.Perf.detect().samplingProblem().isEmpty()) {
            io.pgolab.Tool.require(false, "perf record (linux-perf)");
        }
        Path html = tmp.resolve("ladder.html");
        Cli.Result ladder = Cli.run(p, "ladder", "release", "pgo", "--workload", "nbody", "--min-rounds", "5",
                "--max-rounds", "5", "--no-training-check", "--flamegraph", "--html", html.toString());
        assertThat(ladder.exitCode()).as(ladder.all()).isZero();
        assertThat(tmp.resolve("ladder.diff.nbody.pgo-vs-release.svg")).exists();
        if (Files.isExecutable(Path.of("/usr/bin/chromium")) || io.pgolab.Tool.inCi()) {
            try (io.pgolab.report.ReportBrowser b = io.pgolab.report.ReportBrowser.open()) {
                io.pgolab.report.ReportBrowser.Checked c = b.check(html);
                assertThat(c.charts()).isEqualTo(3); // nbody's samples and CI, the ladder's steps
                assertThat(c.flames()).isEqualTo(3); // release, pgo, pgo vs release
            }
        }
    }
}
