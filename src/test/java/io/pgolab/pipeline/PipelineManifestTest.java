package io.pgolab.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pgolab.config.Variant;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.Phase;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manifest format (.pgolab/variants/NAME.json): old manifests still read; new fields are added at the end. */
class PipelineManifestTest {
    @TempDir
    Path dir;

    @Test
    void readsAManifestWrittenBeforeAndWritesTheSameKeysAndStrings() throws Exception {
        ArtifactStore store = new ArtifactStore(dir);
        Path binary = dir.resolve("bin/app");
        Files.createDirectories(binary.getParent());
        Files.writeString(binary, "app");
        assertThat(binary.toFile().setExecutable(true)).isTrue();
        String key = "0123456789ab".repeat(5) + "cdef";
        // As pgolab wrote it before profile_check existed.
        String old = """
                {
                  "variant" : "pgo+lto",
                  "phase" : "optimize",
                  "key" : "%s",
                  "binary" : "%s",
                  "notes" : "",
                  "binary_bytes" : 3,
                  "build_seconds" : 1.5,
                  "profile_sha256" : "ff",
                  "profile_mismatched" : 2,
                  "profile_missing" : 1,
                  "build_log" : "/x/build-pgo+lto.log",
                  "command" : "make",
                  "built_at" : "2025-01-01T00:00:00Z"
                }
                """.formatted(key, binary);
        Files.createDirectories(store.manifest("pgo+lto").getParent());
        Files.writeString(store.manifest("pgo+lto"), old);

        BuiltArtifact a = store.lookup("pgo+lto", Optional.of(key)).orElseThrow();
        assertThat(a.variant()).isEqualTo("pgo+lto");
        assertThat(a.variantIs(Variant.PGO_LTO)).isTrue();
        assertThat(a.variantIs(Variant.PGO)).isFalse();
        assertThat(a.buildPhase()).contains(Phase.OPTIMIZE);
        assertThat(a.profileCheck()).isEmpty();
        assertThat(a.profileMismatched()).isEqualTo(2);
        // Written before digests existed: its size was checked, its digests are now recorded.
        assertThat(a.files()).containsOnlyKeys("app");
        assertThat(Json.read(store.manifest("pgo+lto"), BuiltArtifact.class).files()).isEqualTo(a.files());

        store.record("again", a);
        JsonNode n = Json.MAPPER.readTree(store.manifest("again").toFile());
        List<String> keys = new ArrayList<>();
        n.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("variant", "phase", "key", "binary", "notes", "binary_bytes", "build_seconds",
                "profile_sha256", "profile_mismatched", "profile_missing", "build_log", "command", "built_at",
                "profile_check", "files");
        assertThat(n.get("variant").asText()).isEqualTo("pgo+lto");
        assertThat(n.get("phase").asText()).isEqualTo("optimize");

        BuiltArtifact instrumented = a.as(BuiltArtifact.INSTRUMENTED, Phase.INSTRUMENT);
        assertThat(instrumented.variant()).isEqualTo("instrumented");
        assertThat(instrumented.phase()).isEqualTo("instrument");
        assertThat(instrumented.key()).isEqualTo(key);
    }

    @Test
    void phaseIdsAreTheStringsManifestsHold() {
        assertThat(List.of(Phase.values()).stream().map(Phase::id)).containsExactly("plain", "instrument", "optimize", "cs_instrument");
        for (Phase p : Phase.values()) {
            assertThat(Phase.ofId(p.id())).contains(p);
        }
        assertThat(Phase.ofId(BuiltArtifact.BOLT_PHASE)).isEmpty();
        assertThat(BuiltArtifact.name(Variant.PGO, Phase.INSTRUMENT)).isEqualTo(BuiltArtifact.INSTRUMENTED);
        assertThat(BuiltArtifact.name(Variant.PGO_BOLT, Phase.OPTIMIZE)).isEqualTo("pgo+bolt.base");
        assertThat(BuiltArtifact.name(Variant.parse("pgo@server"), Phase.OPTIMIZE)).isEqualTo("pgo@server");
    }
}
