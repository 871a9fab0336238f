package io.pgolab.report.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pgolab.UserError;
import io.pgolab.report.HtmlFixtures;
import io.pgolab.report.html.HtmlReportTest;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pgolab report on a gate file and on pgolab merge's file: a section per host, the merged verdict on top. */
class ReportFilesTest {
    @TempDir
    Path tmp;

    /** The hostile fixture's results with a gate object, as 'pgolab gate --json' writes one, on this host. */
    private Path gateFile(String host, boolean passed) throws Exception {
        ObjectNode doc = (ObjectNode) Json.MAPPER.readTree(Exports.json().render(HtmlFixtures.results()));
        doc.put("host", host);
        ObjectNode gate = doc.putObject("gate");
        gate.putObject("base").put("ref", "main").put("commit", "a".repeat(40));
        gate.putObject("candidate").put("ref", "<b>feature</b>").put("commit", "b".repeat(40));
        gate.put("host", host).put("config_path", "pgolab.toml").put("inconclusive", "fail").put("passed", passed)
                .put("summary", "Compared bbbbbbbbbbbb with aaaaaaaaaaaa on " + host + (passed ? ". All 1 measures within bounds."
                        : ". 1 of 1 measures out of bounds: server pgo cpu_time."))
                .put("measures_within_bounds", passed ? 1 : 0).put("measures_out_of_bounds", passed ? 0 : 1)
                .put("measures_inconclusive", 0);
        gate.putArray("variants").add("pgo");
        gate.putArray("measures").addObject().put("workload", "server").put("variant", "pgo").put("metric", "cpu_time")
                .put("unit", "s").put("direction", "lower_is_better").put("base_median", 0.05).put("candidate_median", 0.05)
                .put("change_percent", passed ? -0.2 : 3.2).put("ci_low_percent", passed ? -1.5 : 2.5)
                .put("ci_high_percent", passed ? 1.1 : 4.0).put("worst_percent", passed ? 1.1 : 4.0).put("bound_percent", 2).put("verdict", passed ? "within_bounds" : "out_of_bounds")
                .put("rounds", 6);
        gate.putArray("notes").add("note from <" + host + ">");
        Path f = tmp.resolve(host + ".json");
        Files.writeString(f, Json.MAPPER.writeValueAsString(doc));
        return f;
    }

    @Test
    void aGateFileRendersItsVerdictMeasuresAndNotes() throws Exception {
        ReportFiles r = ReportFiles.read(List.of(gateFile("x86", false)));
        String html = r.html();
        assertThat(html).contains("<title>pgolab gate</title>").contains("class=\"verdict fail\"")
                .contains("<h3>Gate</h3>").contains("v-out_of_bounds").contains("note from &lt;x86&gt;");
        assertThat(r.markdown()).startsWith("Compared bbbbbbbbbbbb with aaaaaaaaaaaa on x86.");
    }

    @Test
    void aMergeFileRendersASectionPerHostUnderTheMergedVerdict() throws Exception {
        Merge.Merged m = Merge.of(List.of(gateFile("x86", true), gateFile("arm64", false)), false);
        Path merged = tmp.resolve("merged.json");
        Files.writeString(merged, MergeReport.json(m));
        ReportFiles r = ReportFiles.read(List.of(merged));
        String html = r.html();
        assertThat(html).contains("<title>pgolab merge</title>")
                .contains("on 2 hosts (x86, arm64): failed on arm64 (1 out of bounds, 0 inconclusive).")
                .contains("<h2>x86</h2>").contains("<h2>arm64</h2>");
        assertThat(HtmlReportTest.count(html, "<h3>Gate</h3>")).isEqualTo(2);
        // every host's workloads and flamegraphs, as each gate wrote them
        assertThat(HtmlReportTest.count(html, "class=\"flame\" id=")).isEqualTo(12);
        assertThat(r.markdown()).contains("### x86").contains("### arm64");
        // each host's SVGs under its own name
        r.write(tmp, Path.of("m.html"), null);
        assertThat(tmp.resolve("m.x86.flame.server.pgo.svg")).exists();
        assertThat(tmp.resolve("m.arm64.diff.server.pgo-vs-release.svg")).exists();
        assertThat(tmp.resolve("m.flame.server.pgo.svg")).doesNotExist();
    }

    @Test
    void aFileThatIsNotResultsIsAUserError() throws Exception {
        Path f = tmp.resolve("doctor.json");
        Files.writeString(f, "{\"sections\": []}");
        assertThatThrownBy(() -> ReportFiles.read(List.of(f))).isInstanceOf(UserError.class)
                .hasMessageContaining("is not a pgolab results file");
        Path broken = tmp.resolve("broken.json");
        Files.writeString(broken, "{");
        assertThatThrownBy(() -> ReportFiles.read(List.of(broken))).isInstanceOf(UserError.class)
                .hasMessageContaining("cannot read the results file");
    }
}
