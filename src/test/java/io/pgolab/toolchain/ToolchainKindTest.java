package io.pgolab.toolchain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.config.Variant.Step;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The kinds by name, in doctor's order, and what each says of itself agrees with StepSupport. */
class ToolchainKindTest {
    @Test
    void kindsAreFoundByTheirConfigName() {
        assertThat(Arrays.stream(ToolchainKind.values()).map(ToolchainKind::id)).containsExactly("clang", "gcc", "cargo", "go", "jvm");
        assertThat(ToolchainKind.find("gcc")).contains(ToolchainKind.GCC);
        assertThat(ToolchainKind.find("icc")).isEmpty();
        assertThatThrownBy(() -> ToolchainKind.of("icc")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void whatEachKindSaysOfItself() {
        assertThat(Arrays.stream(ToolchainKind.values()).filter(ToolchainKind::c)).containsExactly(ToolchainKind.CLANG, ToolchainKind.GCC);
        assertThat(Arrays.stream(ToolchainKind.values()).filter(ToolchainKind::partialTraining))
                .containsExactly(ToolchainKind.CLANG, ToolchainKind.GCC, ToolchainKind.CARGO);
        assertThat(Arrays.stream(ToolchainKind.values()).filter(ToolchainKind::framePointers)).containsExactly(ToolchainKind.GO);
        for (ToolchainKind k : ToolchainKind.values()) {
            assertThat(StepSupport.missing(k.id(), Step.CDS).isEmpty()).as(k.id()).isEqualTo(k.jvm());
        }
    }
}
