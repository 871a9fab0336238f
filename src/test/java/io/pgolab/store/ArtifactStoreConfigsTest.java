package io.pgolab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The layout of .pgolab/ with several config files: whose records are where, and what is shared. */
class ArtifactStoreConfigsTest {
    @TempDir
    Path dir;

    @Test
    void pgolabTomlKeepsItsRecordsInPgolabAndAnotherConfigInConfigsName() {
        ArtifactStore main = ArtifactStore.forConfig(dir.resolve("pgolab.toml"));
        ArtifactStore other = ArtifactStore.forConfig(dir.resolve("other.toml"));
        Path root = dir.resolve(".pgolab");
        assertThat(main.records()).isEqualTo(root);
        assertThat(main.manifest("pgo")).isEqualTo(root.resolve("variants/pgo.json"));
        assertThat(other.records()).isEqualTo(root.resolve("configs/other.toml"));
        assertThat(other.manifest("pgo")).isEqualTo(root.resolve("configs/other.toml/variants/pgo.json"));
        assertThat(other.logs()).isEqualTo(root.resolve("configs/other.toml/logs"));
        assertThat(other.runs()).isEqualTo(root.resolve("configs/other.toml/runs"));
        assertThat(other.profileRecords()).isEqualTo(root.resolve("configs/other.toml/profiles"));
        assertThat(AuditRecord.file(other, "pgo")).isEqualTo(root.resolve("configs/other.toml/audit/pgo.json"));
        // Named by content, or only a place to work: shared.
        assertThat(other.binDir("0123456789abcdef")).isEqualTo(main.binDir("0123456789abcdef"));
        assertThat(other.profiles()).isEqualTo(main.profiles()).isEqualTo(root.resolve("profiles"));
        assertThat(other.buildDir("pgo")).isEqualTo(main.buildDir("pgo"));
        assertThat(other.scratch()).isEqualTo(main.scratch());
        assertThat(other.lockFile()).isEqualTo(main.lockFile());
    }

    @Test
    void eachConfigKnowsTheOthersThatHaveRecords() throws Exception {
        ArtifactStore main = new ArtifactStore(dir);
        assertThat(main.others()).isEmpty();
        Files.createDirectories(dir.resolve(".pgolab/configs/b.toml"));
        Files.createDirectories(dir.resolve(".pgolab/configs/a.toml"));
        assertThat(main.others()).extracting(ArtifactStore::configName).containsExactly("a.toml", "b.toml");
        assertThat(new ArtifactStore(dir, "a.toml").others()).extracting(ArtifactStore::configName)
                .containsExactly("pgolab.toml", "b.toml");
    }
}
