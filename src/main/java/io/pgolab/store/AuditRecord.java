package io.pgolab.store;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.pgolab.util.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

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

    /**
     * Records already read, by file, with the identity of the file they were read from (inode, size, mtime): a
     * no-op build asks for each record several times (its key, the shared builds, the store's inputs), and one
     * JSON read each is enough. A file that changed in any of these is read again; save forgets its entry.
     */
    private static final Map<Path, Memo> MEMO = new ConcurrentHashMap<>();

    private record Memo(Object identity, AuditRecord record) {
    }

    /** The record of the artifact's last audited build; empty when there is none or it cannot be read. */
    public static Optional<AuditRecord> read(ArtifactStore store, String name) {
        Path f = file(store, name);
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(f, BasicFileAttributes.class);
        } catch (IOException e) {
            return Optional.empty();
        }
        if (!a.isRegularFile()) {
            return Optional.empty();
        }
        List<Object> identity = Arrays.asList(a.fileKey(), a.size(), a.lastModifiedTime(), a.creationTime());
        Memo m = MEMO.get(f);
        if (m != null && m.identity().equals(identity)) {
            return Optional.of(m.record());
        }
        try {
            AuditRecord r = Json.read(f, AuditRecord.class);
            MEMO.put(f, new Memo(identity, r));
            return Optional.of(r);
        } catch (IOException | RuntimeException e) {
            MEMO.remove(f);
            return Optional.empty();
        }
    }

    public static void save(ArtifactStore store, String name, AuditRecord r) {
        Path f = file(store, name);
        try {
            Files.createDirectories(f.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        MEMO.remove(f);
        Json.write(f, r);
        MEMO.remove(f);
    }
}
