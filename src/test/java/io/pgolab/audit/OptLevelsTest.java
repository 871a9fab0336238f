package io.pgolab.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.CompileRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OptLevelsTest {
    @TempDir
    Path tmp;

    private CompileRecord cc(String... args) throws Exception {
        Files.writeString(tmp.resolve("a.c"), "");
        return new CompileRecord(1, tmp, false, Optional.empty(), List.of(args));
    }

    @Test
    void countsLevelsAndMarchOfCompilesOnly() throws Exception {
        OptLevels l = OptLevels.of(List.of(cc("-O3", "-c", "a.c"), cc("-O2", "-O3", "-c", "a.c"), cc("-c", "a.c"),
                cc("-O2", "-o", "app", "a.o")));   // the last one only links
        assertThat(l.compiles()).isEqualTo(3);
        assertThat(l.main()).isEqualTo("-O3");
        assertThat(l.text()).isEqualTo("-O3 (2 compiles), no -O (1 compile), -march not set");
        OptLevels native3 = OptLevels.of(List.of(cc("-O3", "-march=native", "-c", "a.c")));
        assertThat(native3.text()).isEqualTo("-O3 (1 compile), -march=native");
        assertThat(native3.sameAs(OptLevels.of(List.of(cc("-O3", "-c", "a.c"))))).isFalse();
        assertThat(OptLevels.of(List.of(cc("-O3", "-c", "a.c"), cc("-O3", "-march=x86-64-v3", "-c", "a.c"))).marchText())
                .isEqualTo("-march=x86-64-v3 (1 of 2 compiles)");
    }
}
