package io.pgolab.report;

import static io.pgolab.report.Fixtures.golden;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.Ladder;
import io.pgolab.util.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The writers' output for fixed fake results, against files captured before the Exporter refactoring. */
class GoldenReportTest {
    @Test
    void benchText() {
        BenchResults r = Fixtures.bench();
        golden("bench.txt", BenchText.render(r, r.gated()));
        BenchResults d = Fixtures.deterministic();
        golden("deterministic.txt", BenchText.render(d, d.gated()));
    }

    @Test
    void benchMarkdown() {
        BenchResults r = Fixtures.bench();
        golden("bench.md", BenchMarkdown.render(r, r.gated()));
        BenchResults d = Fixtures.deterministic();
        golden("deterministic.md", BenchMarkdown.render(d, d.gated()));
    }

    @Test
    void benchCsv() {
        golden("bench.csv", BenchCsv.render(Fixtures.bench()));
    }

    @Test
    void ladderTextAndMarkdown() {
        Ladder l = Fixtures.ladder();
        BenchResults r = Fixtures.bench();
        golden("ladder.txt", LadderReport.text(l) + r.summary(r.gated()) + " (against release)\n");
        golden("ladder.md", LadderReport.markdown(l, "pgolab ladder: tiny") + "\n" + BenchMarkdown.render(r, r.gated()));
    }

    @Test
    void buildText() {
        golden("build.txt", BuildReport.text(Fixtures.outcome()));
    }

    @Test
    void benchJsonBody() throws Exception {
        BenchResults r = Fixtures.bench();
        golden("bench.json", json(BenchJson.body(r, r.gated())));
    }

    @Test
    void ladderJsonBody() throws Exception {
        BenchResults r = Fixtures.bench();
        Map<String, Object> body = new LinkedHashMap<>();
        List<Map<String, Object>> variants = new ArrayList<>();
        for (var a : Fixtures.built()) {
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("name", a.variant());
            v.put("build_seconds", a.buildSeconds());
            v.put("binary_bytes", a.binaryBytes());
            v.put("binary", a.binary());
            variants.add(v);
        }
        body.put("variants", variants);
        body.put("ladder", Fixtures.ladder().json());
        body.put("bench", BenchJson.body(r, r.gated()));
        golden("ladder.json", json(body));
    }

    @Test
    void demoAndBuildJsonBody() throws Exception {
        golden("build.json", json(BuildReport.json(Fixtures.outcome())));
        BenchResults r = Fixtures.bench();
        Map<String, Object> body = BuildReport.json(Fixtures.outcome());
        body.putAll(BenchJson.body(r, r.gated()));
        golden("demo.json", json(body));
    }

    @Test
    void profileJsonBody() throws Exception {
        golden("profile.json", json(ProfileReport.json(Fixtures.profile(), Fixtures.summary(), false,
                List.of(Fixtures.built().get(1)))));
        golden("profile.txt", ProfileReport.text(Fixtures.profile(), Fixtures.summary(), false, List.of(Fixtures.built().get(1))));
    }

    static String json(Object body) throws Exception {
        return Json.MAPPER.writeValueAsString(body) + "\n";
    }
}
