package io.pgolab.report.json;

import io.pgolab.Version;
import io.pgolab.measure.HostInfo;
import io.pgolab.util.Json;
import io.pgolab.util.UserFile;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The envelope of doctor's JSON, which has its own format (docs/results-schema.md, "doctor"). Command results
 * (build, train, profile, bench, compare, ladder, demo) are {@link ResultsDocument}s written by {@code files.Exports}.
 */
public final class ResultsFile {
    private ResultsFile() {
    }

    /** Results that belong to the machine rather than a project (doctor): version, time, host, body. */
    public static void writeEnvelopeOnly(Path file, Map<String, Object> body) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schema", ResultsDocument.SCHEMA);
        m.put("pgolab_version", Version.get());
        m.put("created_at", Instant.now().toString());
        m.put("environment", HostInfo.record(Path.of("").toAbsolutePath()));
        m.putAll(body);
        UserFile.write(file, out -> out.write(Json.MAPPER.writeValueAsBytes(m)));
    }
}
