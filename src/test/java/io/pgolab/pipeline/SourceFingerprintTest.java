package io.pgolab.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceFingerprintTest {
    @TempDir
    Path root;

    @Test
    void excludeGlobsWorkAtAnyDepthAndForDirectories() {
        var m = SourceFingerprint.matchers(List.of("*.json", "build", "out/**"));
        assertThat(SourceFingerprint.excluded(Path.of("x.json"), m)).isTrue();
        assertThat(SourceFingerprint.excluded(Path.of("sub/x.json"), m)).isTrue();
        assertThat(SourceFingerprint.excluded(Path.of("build/obj/a.o"), m)).isTrue();
        assertThat(SourceFingerprint.excluded(Path.of("src/build/a.o"), m)).isTrue();
        assertThat(SourceFingerprint.excluded(Path.of("out/a/b.txt"), m)).isTrue();
        assertThat(SourceFingerprint.excluded(Path.of("src/main.c"), m)).isFalse();
    }

    @Test
    void contentChangesChangeTheHashButExcludedFilesAndTheConfigDoNot() throws Exception {
        Path cfg = root.resolve("pgolab.toml");
        Files.writeString(root.resolve("a.c"), "int x;");
        Files.writeString(cfg, "a");
        Files.createDirectories(root.resolve("build"));
        Files.writeString(root.resolve("build/a.o"), "1");
        String h1 = SourceFingerprint.of(root, cfg, List.of("build"));
        Files.writeString(cfg, "b");
        Files.writeString(root.resolve("build/a.o"), "2");
        assertThat(SourceFingerprint.of(root, cfg, List.of("build"))).isEqualTo(h1);
        Files.writeString(root.resolve("a.c"), "int y;");
        assertThat(SourceFingerprint.of(root, cfg, List.of("build"))).isNotEqualTo(h1);
    }
}
