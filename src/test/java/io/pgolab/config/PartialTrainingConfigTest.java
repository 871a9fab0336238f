package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** [toolchain] partial_training: gcc, clang and cargo, a boolean, true by default. */
class PartialTrainingConfigTest {
    @TempDir
    Path dir;

    static String config(String kind, String value) {
        return """
                [project]
                variants = ["release", "pgo"]

                [toolchain]
                kind = "%s"
                partial_training = %s

                [build]
                command = "make CC={cc} CFLAGS='{cflags}' LDFLAGS='{ldflags}'"
                artifact = "{builddir}/app"

                [[train]]
                name = "t"
                command = "{binary} a"
                """.formatted(kind, value);
    }

    Config parse(String text) {
        return ConfigLoader.parse(dir.resolve("pgolab.toml"), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"gcc", "clang", "cargo"})
    void gccClangAndCargoTakeItAndItIsOnByDefault(String kind) {
        String on = kind.equals("cargo") ? CargoConfigTest.GOOD.replace("kind = \"cargo\"", "kind = \"cargo\"\npartial_training = true")
                : config(kind, "true");
        assertThat(parse(on).toolchain().partialTraining()).isTrue();
        assertThat(parse(on.replace("partial_training = true", "partial_training = false")).toolchain().partialTraining()).isFalse();
        assertThat(parse(on.replace("partial_training = true\n", "")).toolchain().partialTraining()).isTrue();
    }

    @Test
    void aNonBooleanIsAnErrorAtItsLine() {
        assertThatThrownBy(() -> parse(config("gcc", "\"yes\"")))
                .hasMessageContaining("pgolab.toml:6: key 'toolchain.partial_training': must be true or false")
                .hasMessageContaining("partial_training = true");
        assertThatThrownBy(() -> parse(config("gcc", "1")))
                .hasMessageContaining(":6: key 'toolchain.partial_training': must be true or false");
    }

    @Test
    void goAndTheJvmRejectItWithWhy() {
        String go = GoConfigTest.GO.replace("kind = \"go\"", "kind = \"go\"\npartial_training = false");
        assertThatThrownBy(() -> parse(go))
                .hasMessageContaining(":7: key 'toolchain.partial_training': only toolchain.kind = \"gcc\", \"clang\" or"
                        + " \"cargo\" takes it, not \"go\"")
                .hasMessageContaining("Go's PGO only inlines and devirtualizes hot calls");
    }

    /** bench/gcc-partial.sh's two configs: the same project, partial_training the only setting that differs. */
    @Test
    void theBenchmarksTwoConfigsDifferOnlyInPartialTraining() throws Exception {
        Path plainFile = Path.of("bench/partial/pgolab.toml");
        Path partialFile = Path.of("bench/partial/pgolab-partial.toml");
        Config plain = ConfigLoader.load(plainFile);
        Config partial = ConfigLoader.load(partialFile);
        assertThat(plain.toolchain().partialTraining()).isFalse();
        assertThat(partial.toolchain().partialTraining()).isTrue();
        assertThat(partial.toolchain()).isEqualTo(new ToolchainSpec("gcc", plain.toolchain().cc(), plain.toolchain().cxx(),
                plain.toolchain().atomicCounters(), plain.toolchain().go(), plain.toolchain().llvmProfdata(), true));
        assertThat(partial.build()).isEqualTo(plain.build());
        // the workloads' line numbers differ by the comment lines
        assertThat(partial.train()).usingRecursiveFieldByFieldElementComparatorIgnoringFields("line")
                .isEqualTo(plain.train());
        assertThat(partial.bench()).usingRecursiveFieldByFieldElementComparatorIgnoringFields("line")
                .isEqualTo(plain.bench());
        assertThat(partial.variants()).isEqualTo(plain.variants());
        java.util.List<String> extra = new java.util.ArrayList<>(java.nio.file.Files.readAllLines(partialFile));
        extra.removeAll(java.nio.file.Files.readAllLines(plainFile));
        assertThat(extra).allMatch(l -> l.startsWith("#") || l.startsWith("partial_training = true"));
        java.util.List<String> fewer = new java.util.ArrayList<>(java.nio.file.Files.readAllLines(plainFile));
        fewer.removeAll(java.nio.file.Files.readAllLines(partialFile));
        assertThat(fewer).allMatch(l -> l.startsWith("#") || l.startsWith("partial_training = false"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"go", "jvm", "other"})
    void everyOtherKindHasAHint(String kind) {
        assertThat(PartialTraining.hint(kind)).startsWith("remove it");
    }
}
