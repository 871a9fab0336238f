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

    @ParameterizedTest
    @ValueSource(strings = {"clang", "cargo", "go"})
    void everyOtherKindHasAHint(String kind) {
        assertThat(PartialTraining.hint(kind)).startsWith("remove it");
    }
}
