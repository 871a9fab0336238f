package io.pgolab.cli;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.Ladder;
import io.pgolab.pipeline.BuiltArtifact;
import io.pgolab.report.BenchCsv;
import io.pgolab.report.BenchJson;
import io.pgolab.report.BenchMarkdown;
import io.pgolab.report.LadderReport;
import io.pgolab.report.ResultsFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The files a ladder writes: JSON with the variants, the ladder and the bench; Markdown; CSV. */
final class LadderOutputs {
    private LadderOutputs() {
    }

    static void write(MeasureOptions opts, Path dir, Session s, BenchResults r, Ladder ladder, List<BuiltArtifact> built) {
        if (opts.json != null) {
            Map<String, Object> body = new LinkedHashMap<>();
            List<Map<String, Object>> variants = new ArrayList<>();
            for (BuiltArtifact a : built) {
                Map<String, Object> v = new LinkedHashMap<>();
                v.put("name", a.variant());
                v.put("build_seconds", a.buildSeconds());
                v.put("binary_bytes", a.binaryBytes());
                v.put("binary", a.binary());
                variants.add(v);
            }
            body.put("variants", variants);
            body.put("ladder", ladder.json());
            body.put("bench", BenchJson.body(r, r.gated()));
            ResultsFile.write(dir.resolve(opts.json), s.config, s.toolchain, s.log, body);
        }
        Outputs.write(dir, opts.markdown, LadderReport.markdown(ladder, "pgolab ladder: " + s.config.name()) + "\n"
                + BenchMarkdown.render(r, r.gated()));
        Outputs.write(dir, opts.csv, BenchCsv.render(r));
    }
}
