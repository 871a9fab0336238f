package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** [toolchain] partial_training: gcc only, a boolean, false by default. */
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

    @Test
    void gccTakesItAndItIsOffByDefault() {
        assertThat(parse(config("gcc", "true")).toolchain().partialTraining()).isTrue();
        assertThat(parse(config("gcc", "false")).toolchain().partialTraining()).isFalse();
        assertThat(parse(config("gcc", "false").replace("partial_training = false\n", "")).toolchain().partialTraining())
                .isFalse();
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
    void clangHasNoSuchFlagAndTheHintSaysWhatIsNearest() {
        assertThatThrownBy(() -> parse(config("clang", "true")))
                .hasMessageContaining("pgolab.toml:6: key 'toolchain.partial_training': only toolchain.kind = \"gcc\" takes it"
                        + " (-fprofile-partial-training is a GCC 10+ flag), not \"clang\"")
                .hasMessageContaining("fix: remove it: clang has no such flag")
                .hasMessageContaining("-mllvm -pgso=false");
        // Even false is an error: the key means nothing there.
        assertThatThrownBy(() -> parse(config("clang", "false"))).hasMessageContaining(":6: key 'toolchain.partial_training'");
    }

    @Test
    void cargoAndGoRejectItToo() {
        String cargo = CargoConfigTest.GOOD.replace("kind = \"cargo\"", "kind = \"cargo\"\npartial_training = true");
        assertThatThrownBy(() -> parse(cargo))
                .hasMessageContaining(":6: key 'toolchain.partial_training': only toolchain.kind = \"gcc\" takes it")
                .hasMessageContaining("rustc (LLVM) has no such flag");
        String go = GoConfigTest.GO.replace("kind = \"go\"", "kind = \"go\"\npartial_training = true");
        assertThatThrownBy(() -> parse(go))
                .hasMessageContaining(":7: key 'toolchain.partial_training': only toolchain.kind = \"gcc\" takes it")
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
        // one line more in the partial file: the workloads' line numbers are one higher
        assertThat(partial.train()).usingRecursiveFieldByFieldElementComparatorIgnoringFields("line")
                .isEqualTo(plain.train());
        assertThat(partial.bench()).usingRecursiveFieldByFieldElementComparatorIgnoringFields("line")
                .isEqualTo(plain.bench());
        assertThat(partial.variants()).isEqualTo(plain.variants());
        java.util.List<String> extra = new java.util.ArrayList<>(java.nio.file.Files.readAllLines(partialFile));
        extra.removeAll(java.nio.file.Files.readAllLines(plainFile));
        assertThat(extra).allMatch(l -> l.startsWith("#") || l.startsWith("partial_training = true"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"clang", "cargo", "go"})
    void everyOtherKindHasAHint(String kind) {
        assertThat(PartialTraining.hint(kind)).startsWith("remove it");
    }
}
