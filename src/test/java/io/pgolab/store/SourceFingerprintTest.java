package io.pgolab.store;

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

    @Test
    void anotherPgolabConfigIsNoSourceButOtherTomlFilesAre() throws Exception {
        Path cfg = root.resolve("pgolab.toml");
        Files.writeString(cfg, "a");
        Files.writeString(root.resolve("a.c"), "int x;");
        String h1 = SourceFingerprint.of(root, cfg, List.of());
        Files.writeString(root.resolve("other.toml"), "[project]\nname = \"x\"\n\n[toolchain] # the compiler\nkind = \"gcc\"\n\n"
                + "[build]\ncommand = \"make\"\nartifact = \"app\"\n");
        assertThat(SourceFingerprint.isPgolabConfig(root.resolve("other.toml"))).isTrue();
        assertThat(SourceFingerprint.of(root, cfg, List.of())).isEqualTo(h1);
        Files.writeString(root.resolve("other.toml"), Files.readString(root.resolve("other.toml")) + "[[bench]]\n");
        assertThat(SourceFingerprint.of(root, cfg, List.of())).isEqualTo(h1);

        // Cargo's and rustup's files are sources.
        Files.writeString(root.resolve("rust-toolchain.toml"), "[toolchain]\nchannel = \"1.80\"\n");
        Files.writeString(root.resolve("Cargo.toml"), "[package]\nname = \"x\"\n[profile.release]\nlto = true\n");
        Files.createDirectories(root.resolve(".cargo"));
        Files.writeString(root.resolve(".cargo/config.toml"), "[build]\nrustflags = [\"-Ctarget-cpu=native\"]\n");
        for (String f : List.of("rust-toolchain.toml", "Cargo.toml", ".cargo/config.toml")) {
            assertThat(SourceFingerprint.isPgolabConfig(root.resolve(f))).as(f).isFalse();
        }
        assertThat(SourceFingerprint.of(root, cfg, List.of())).isNotEqualTo(h1);
    }

    @Test
    void readSetIgnoresFilesTheBuildNeverReadButSeesHeadersMakefilesAndNewSources() throws Exception {
        Path cfg = root.resolve("pgolab.toml");
        Files.writeString(cfg, "a");
        Files.writeString(root.resolve("a.c"), "#include \"a.h\"");
        Files.writeString(root.resolve("a.h"), "int x;");
        Files.writeString(root.resolve("Makefile"), "all:");
        Files.writeString(root.resolve("unused.c"), "int u;");
        var reads = java.util.Set.of("a.c", "a.h");
        var s1 = SourceFingerprint.ofReads(root, cfg, List.of(), reads);
        assertThat(s1.fromReads()).isTrue();
        assertThat(s1.files()).containsKeys("a.c", "a.h", "Makefile", "unused.c");
        assertThat(s1.files().get("unused.c")).isEmpty();   // known by name only

        Files.writeString(root.resolve("result.md"), "# results");
        Files.createDirectories(root.resolve("logs"));
        Files.writeString(root.resolve("logs/run.log"), "x");
        Files.writeString(root.resolve("unused.c"), "int changed;");
        assertThat(SourceFingerprint.ofReads(root, cfg, List.of(), reads).hash()).isEqualTo(s1.hash());

        Files.writeString(root.resolve("a.h"), "long x;");
        var s2 = SourceFingerprint.ofReads(root, cfg, List.of(), reads);
        assertThat(s2.hash()).isNotEqualTo(s1.hash());
        assertThat(SourceFingerprint.changes(s1.files(), s2.files())).isEqualTo("changed: a.h");

        Files.writeString(root.resolve("b.c"), "int b;");
        Files.writeString(root.resolve("Makefile"), "all: b");
        var s3 = SourceFingerprint.ofReads(root, cfg, List.of(), reads);
        assertThat(SourceFingerprint.changes(s2.files(), s3.files())).isEqualTo("changed: Makefile; new: b.c");
        Files.delete(root.resolve("a.h"));
        assertThat(SourceFingerprint.changes(s3.files(), SourceFingerprint.ofReads(root, cfg, List.of(), reads).files()))
                .isEqualTo("removed: a.h");
    }
}
