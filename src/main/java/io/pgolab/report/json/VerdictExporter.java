package io.pgolab.report.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.pgolab.Version;
import io.pgolab.report.Exporter;
import io.pgolab.report.Results;
import io.pgolab.util.Json;
import java.io.UncheckedIOException;
import java.time.Instant;

/** verdict.json: the gate's commits, host, bounds and every measure with its verdict, without samples. */
public final class VerdictExporter implements Exporter {
    @Override
    public String render(Results r) {
        if (r.gate() == null) {
            return "";
        }
        Results.Source s = r.source();
        var doc = new ResultsDocument.VerdictDocument(ResultsDocument.VerdictDocument.SCHEMA, Version.get(),
                Instant.now().toString(), s.config() == null ? null : s.config().name(),
                s.config() == null ? null : s.config().file().toString(), JsonExporter.gate(r.gate()));
        try {
            return Json.MAPPER.writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
