package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.measure.perf.Perf;
import io.pgolab.report.ReportBrowser;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pgolab demo --flamegraph --html on the real sample program (clang, perf), opened in headless Chromium; then the
 * same results drawn again by pgolab report, which must pass the same checks.
 */
class HtmlDemoIT {
    @TempDir
    Path tmp;

    @Test
    void demoWithFlamegraphsWritesAReportThatPassesTheBrowserCheckAndReRendersFromItsJson() throws Exception {
        Tool.require(Perf.detect().samplingProblem().isEmpty(), "perf record (linux-perf)");
        Path html = tmp.resolve("demo.html");
        Path json = tmp.resolve("demo.json");
        Cli.Result r = Cli.run(tmp, "demo", "--toolchain", "clang", "--dir", tmp.resolve("d").toString(), "--min-rounds", "5",
                "--max-rounds", "5", "--flamegraph", "--json", json.toString(), "--html", html.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        var flames = Json.MAPPER.readTree(json.toFile()).get("workloads").get(0).get("flamegraphs");
        assertThat(flames.has("release") && flames.has("pgo")).as(flames.toString()).isTrue();
        assertThat(flames.get("pgo").get("call_graph").asText()).isIn("dwarf", "lbr", "fp");
        assertThat(flames.get("pgo").get("samples").asLong()).isGreaterThan(50);
        assertThat(tmp.resolve("demo.diff.bench.pgo-vs-release.svg")).exists();
        assertThat(tmp.resolve("demo.flame.bench.release.svg")).exists();

        Path again = tmp.resolve("again.html");
        Cli.Result rr = Cli.run(tmp, "report", json.toString(), "--html", again.toString());
        assertThat(rr.exitCode()).as(rr.all()).isZero();
        try (ReportBrowser b = ReportBrowser.open()) {
            ReportBrowser.Checked live = b.check(html);
            assertThat(live.charts()).isEqualTo(2); // cpu_time of release → pgo: samples and CI
            assertThat(live.flames()).isEqualTo(3); // release, pgo, pgo vs release
            assertThat(b.check(again)).isEqualTo(live);
            b.screenshot(Path.of("target/html-report/demo.png"));
        }
        assertThat(Files.readString(again)).contains("pgo vs release");
    }
}
