package io.pgolab.toolchain.elf;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.process.Exec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ElfFunctionsTest {
    @TempDir
    Path tmp;

    @Test
    void movedCountsTheCommonFunctionsAtAnotherRank() {
        assertThat(ElfFunctions.moved(List.of("a", "b", "c"), List.of("a", "b", "c"))).isZero();
        assertThat(ElfFunctions.moved(List.of("a", "b", "c"), List.of("c", "b", "a"))).isEqualTo(2);
        // A function only one side has does not count, nor shift the others.
        assertThat(ElfFunctions.moved(List.of("a", "x", "b", "c"), List.of("a", "b", "c", "y"))).isZero();
    }

    @Test
    void readsTheFunctionsOfARealBinaryInAddressOrderAndNothingFromOtherFiles() throws Exception {
        Tool.require(Exec.capture(null, List.of("gcc", "--version")).ok(), "gcc");
        Path src = tmp.resolve("f.c");
        Files.writeString(src, "__attribute__((noinline)) int zeta(int x) { return x * 3; }\n"
                + "__attribute__((noinline)) int alpha(int x) { return zeta(x) + 1; }\n"
                + "int main(int c, char **v) { return alpha(c); }\n");
        Path bin = tmp.resolve("f");
        assertThat(Exec.capture(null, List.of("gcc", "-O1", src.toString(), "-o", bin.toString())).ok()).isTrue();
        List<String> fns = ElfFunctions.inOrder(bin).orElseThrow();
        assertThat(fns).contains("zeta", "alpha", "main");
        assertThat(fns.indexOf("zeta")).isLessThan(fns.indexOf("alpha"));   // source order, not name order

        Path stripped = tmp.resolve("s");
        Files.copy(bin, stripped);
        assertThat(Exec.capture(null, List.of("strip", stripped.toString())).ok()).isTrue();
        assertThat(ElfFunctions.inOrder(stripped)).isEmpty();
        Files.writeString(tmp.resolve("text"), "not an ELF file at all, but long enough to have a header of sixty-four bytes");
        assertThat(ElfFunctions.inOrder(tmp.resolve("text"))).isEmpty();
        assertThat(ElfFunctions.inOrder(tmp.resolve("absent"))).isEmpty();
    }
}
