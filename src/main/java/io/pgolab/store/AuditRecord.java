package io.pgolab.store;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.pgolab.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What audit/NAME.json (in the config's records) keeps of an artifact's last build: its key, the audit's table line,
 * the optimization levels, the project files its compiles read and their digests (inputs). recipe: the build's key
 * without its sources (BuildKeys.recipe), by which another config finds these reads; null in records written before
 * it existed. The compile audit writes it; the build keys and shared builds read it.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AuditRecord(String key, String line, List<String> levels, List<String> reads, Map<String, String> inputs,
                          String recipe) {
    public AuditRecord withRecipe(String r) {
        return new AuditRecord(key, line, levels, reads, inputs, r);
    }

    /** The audit's log of one build's compiles (logs/audit-NAME.log). */
    public static Path logFile(ArtifactStore store, String name) {
        return store.logs().resolve("audit-" + name + ".log");
    }

    public static Path file(ArtifactStore store, String name) {
        return store.records().resolve("audit").resolve(name + ".json");
    }

    /** The record of the artifact's last audited build; empty when there is none or it cannot be read. */
    public static Optional<AuditRecord> read(ArtifactStore store, String name) {
        Path f = file(store, name);
        if (!Files.isRegularFile(f)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.read(f, AuditRecord.class));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    public static void save(ArtifactStore store, String name, AuditRecord r) {
        Path f = file(store, name);
        try {
            Files.createDirectories(f.getParent());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        Json.write(f, r);
    }
}
