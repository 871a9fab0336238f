package io.pgolab.report;

import static io.pgolab.report.Fixtures.golden;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pgolab.bench.BenchResults;
import io.pgolab.report.files.Exports;
import io.pgolab.report.json.JsonExporter;
import io.pgolab.report.json.ResultsDocument;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The exporters' output for fixed fake results, against files captured from the writers before the Exporter
 * refactoring (BenchText, BenchMarkdown, BenchCsv, LadderReport, BuildReport, ProfileReport, and the Map-built
 * JSON bodies): text and Markdown byte for byte, JSON with the same keys, nesting, types and values.
 */
public class GoldenReportTest {
    public static final Results.Source SOURCE = new Results.Source(null, null, CommandLog.silent());
    public static final ResultsDocument.Envelope ENVELOPE = new ResultsDocument.Envelope(ResultsDocument.SCHEMA, "test",
            "2025-01-01T00:00:00Z", null, "tiny", "/p/pgolab.toml", "gcc 14", Map.of("gcc", "14 /usr/bin/gcc"),
            Map.of("cores", 2));

    static Results bench() {
        return Results.bench(SOURCE, Fixtures.bench());
    }

    public static Results ladder() {
        BenchResults b = Fixtures.bench();
        b = new BenchResults("pgolab ladder: tiny", b.settings(), b.deterministic(), b.workloads());
        return Results.ladder(SOURCE, b, Fixtures.ladder(), Fixtures.built());
    }

    static Results demo() {
        return Results.demo(SOURCE, Fixtures.outcome(), Fixtures.bench());
    }

    static Results profile() {
        return Results.profile(SOURCE, Fixtures.profile(), Fixtures.summary(), false, List.of(Fixtures.built().get(1)));
    }

    @Test
    void terminal() {
        golden("bench.txt", Exports.text().render(bench()));
        golden("deterministic.txt", Exports.text().render(Results.compare(CommandLog.silent(), Fixtures.deterministic())));
        golden("ladder.txt", Exports.text().render(ladder()));
        golden("build.txt", Exports.text().render(Results.build(SOURCE, Fixtures.outcome())));
        golden("profile.txt", Exports.text().render(profile()));
        // demo prints its builds' table when they are done, then the bench's
        golden("bench.txt", Exports.text().render(demo()));
    }

    @Test
    void markdown() {
        golden("bench.md", Exports.markdown().render(bench()));
        golden("deterministic.md", Exports.markdown().render(Results.compare(CommandLog.silent(), Fixtures.deterministic())));
        golden("ladder.md", Exports.markdown().render(ladder()));
        golden("bench.md", Exports.markdown().render(demo()));
    }

    @Test
    void csv() {
        golden("bench.csv", Exports.csv().render(bench()));
        golden("bench.csv", Exports.csv().render(ladder()));
        golden("bench.csv", Exports.csv().render(demo()));
    }

    @Test
    void jsonBodies() throws Exception {
        golden("bench.json", body(bench()));
        golden("ladder.json", body(ladder()));
        golden("demo.json", body(demo()));
        golden("build.json", body(Results.build(SOURCE, Fixtures.outcome())));
        golden("profile.json", body(profile()));
    }

    /** The JSON without the envelope's keys and commands: what the golden files hold. */
    static String body(Results r) throws Exception {
        ObjectNode tree = Json.MAPPER.valueToTree(JsonExporter.document(r, ENVELOPE));
        tree.remove(List.of("schema", "pgolab_version", "created_at", "project", "config", "toolchain",
                "tool_versions", "environment", "commands"));
        return Json.MAPPER.writeValueAsString(tree) + "\n";
    }
}
