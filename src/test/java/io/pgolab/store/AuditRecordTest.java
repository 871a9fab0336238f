package io.pgolab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit record read once per file state: a changed, rewritten or removed file is never answered from memory. */
class AuditRecordTest {
    @TempDir
    Path tmp;

    @Test
    void aFileChangedOnDiskIsReadAgain() throws Exception {
        ArtifactStore store = new ArtifactStore(tmp);
        AuditRecord a = new AuditRecord("key-a", "line", List.of("-O2"), List.of("a.c"), Map.of("a.c", "1"), "recipe");
        AuditRecord.save(store, "pgo", a);
        assertThat(AuditRecord.read(store, "pgo")).contains(a);
        assertThat(AuditRecord.read(store, "pgo")).contains(a);

        // same size, edited in place by someone else: the mtime moves, so it is read again
        Path f = AuditRecord.file(store, "pgo");
        String text = Files.readString(f);
        Files.writeString(f, text.replace("key-a", "key-b"));
        Files.setLastModifiedTime(f, FileTime.fromMillis(Files.getLastModifiedTime(f).toMillis() + 2000));
        assertThat(AuditRecord.read(store, "pgo")).map(AuditRecord::key).contains("key-b");

        AuditRecord c = a.withRecipe("other");
        AuditRecord.save(store, "pgo", c);
        assertThat(AuditRecord.read(store, "pgo")).contains(c);

        Files.writeString(f, "{ not json");
        assertThat(AuditRecord.read(store, "pgo")).isEmpty();
        Files.delete(f);
        assertThat(AuditRecord.read(store, "pgo")).isEmpty();
    }
}
