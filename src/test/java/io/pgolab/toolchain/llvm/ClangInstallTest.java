package io.pgolab.toolchain.llvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Which discovered clang the clang toolchain builds with (the one doctor reports as configured). */
class ClangInstallTest {
    private static ClangInstall clang(int major, boolean versioned, boolean profdata) {
        Path dir = Path.of("/opt/fake/llvm-" + major + "/bin");
        Map<String, ClangInstall.LlvmTool> tools = profdata
                ? Map.of("llvm-profdata", new ClangInstall.LlvmTool(dir.resolve("llvm-profdata"), OptionalInt.of(major)))
                : Map.of();
        return new ClangInstall(dir.resolve(versioned ? "clang" : "clang-plain"), major, major + ".1.0", versioned, tools,
                Optional.empty());
    }

    @Test
    void newestVersionedClangWithItsProfdataFirst() {
        ClangInstall c20 = clang(20, true, false);
        ClangInstall c19 = clang(19, true, true);
        ClangInstall plain = clang(21, false, true);
        assertThat(ClangInstall.preferred(List.of(c20, c19, plain))).contains(c19);
    }

    @Test
    void elseNewestVersionedClangElsePlainClang() {
        ClangInstall c20 = clang(20, true, false);
        ClangInstall c19 = clang(19, true, false);
        ClangInstall plain = clang(21, false, true);
        assertThat(ClangInstall.preferred(List.of(c20, c19, plain))).contains(c20);
        assertThat(ClangInstall.preferred(List.of(plain))).contains(plain);
        assertThat(ClangInstall.preferred(List.of())).isEmpty();
    }

    @Test
    void profdataIsTheToolNamedLlvmProfdata() {
        assertThat(clang(19, true, true).profdata()).contains(Path.of("/opt/fake/llvm-19/bin/llvm-profdata"));
        assertThat(clang(19, true, false).profdata()).isEmpty();
    }
}
