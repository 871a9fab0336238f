package io.pgolab.report;

import io.pgolab.Version;
import io.pgolab.measure.HostInfo;
import io.pgolab.config.Config;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Json;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** The results JSON envelope: version, project, toolchain, environment, commands run, then the body. */
public final class ResultsFile {
    private ResultsFile() {
    }

    public static Map<String, Object> envelope(Config config, Toolchain toolchain, CommandLog log, Map<String, Object> body) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schema", "pgolab-results/1");
        m.put("pgolab_version", Version.get());
        m.put("created_at", Instant.now().toString());
        m.put("project", config.name());
        m.put("config", config.file().toString());
        m.put("toolchain", toolchain.describe());
        m.put("tool_versions", toolchain.versions());
        m.put("environment", HostInfo.record(config.root()));
        m.putAll(body);
        m.put("commands", log.entries());
        return m;
    }

    /** Results that belong to the machine rather than a project (doctor): version, time, host, body. */
    public static void writeEnvelopeOnly(Path file, Map<String, Object> body) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schema", "pgolab-results/1");
        m.put("pgolab_version", Version.get());
        m.put("created_at", Instant.now().toString());
        m.put("environment", HostInfo.record(Path.of("").toAbsolutePath()));
        m.putAll(body);
        writeJson(file, m);
    }

    private static void writeJson(Path file, Object value) {
        try {
            Json.write(file, value);
        } catch (java.io.UncheckedIOException e) {
            throw new io.pgolab.UserError("cannot write the results to " + file + ": " + e.getCause().getMessage(),
                    "pass a path in a writable directory to --json");
        }
    }

    public static void write(Path file, Config config, Toolchain toolchain, CommandLog log, Map<String, Object> body) {
        writeJson(file, envelope(config, toolchain, log, body));
    }
}
