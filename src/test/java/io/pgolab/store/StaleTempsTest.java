package io.pgolab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The next pgolab sweeps what a SIGKILLed one left in .pgolab/, and nothing else. */
class StaleTempsTest {
    @TempDir
    Path project;

    @Test
    void sweepsStagingDirsJsonTempsAndMergeTempsOfDeadProcessesOnly() throws Exception {
        ArtifactStore store = new ArtifactStore(project);
        long self = ProcessHandle.current().pid();
        Path staging = Files.createDirectories(store.root().resolve("bin/0123456789ab.tmp-999999999"));
        Files.writeString(staging.resolve("hot"), "x");
        Path json = Files.createDirectories(store.root().resolve("variants")).resolve("pgo.json.tmp-999999999");
        Files.writeString(json, "{");
        Path merge = Files.createDirectories(store.profiles()).resolve("merged.tmp.1");
        Files.createDirectories(merge);
        Path mine = Files.createDirectories(store.root().resolve("bin/fedcba987654.tmp-" + self));
        Path good = Files.createDirectories(store.root().resolve("bin/0123456789ab"));
        Path build = Files.createDirectories(store.buildDir("pgo").resolve("x.tmp-999999999"));

        assertThat(StaleTemps.sweep(store)).containsExactlyInAnyOrder(staging, json, merge);
        assertThat(mine).exists();
        assertThat(good).exists();
        assertThat(build).exists();
    }

    @Test
    void sweepsTheRecordsOfEveryConfigFile() throws Exception {
        ArtifactStore other = new ArtifactStore(project, "other.toml");
        Path manifest = Files.createDirectories(other.records().resolve("variants")).resolve("pgo.json.tmp-999999999");
        Path audit = Files.createDirectories(other.records().resolve("audit")).resolve("pgo.json.tmp-999999999");
        Path current = Files.createDirectories(other.profileRecords()).resolve("current.json.tmp-999999999");
        Path own = Files.createDirectories(project.resolve(".pgolab/audit")).resolve("release.json.tmp-999999999");
        for (Path f : new Path[] {manifest, audit, current, own}) {
            Files.writeString(f, "{");
        }
        assertThat(StaleTemps.sweep(new ArtifactStore(project))).containsExactlyInAnyOrder(manifest, audit, current, own);
    }
}
