package io.pgolab.toolchain.elf;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.process.Exec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ElfKindTest {
    @TempDir
    Path tmp;

    @Test
    void tellsProgramsFromSharedLibrariesAndObjects() throws Exception {
        Tool.require(Exec.capture(null, List.of("gcc", "--version")).ok(), "gcc");
        Files.writeString(tmp.resolve("m.c"), "int f(void) { return 1; }\nint main(void) { return f() - 1; }\n");
        Files.writeString(tmp.resolve("l.c"), "int g(void) { return 2; }\n");
        Exec.capture(null, tmp, Map.of(), List.of("gcc", "-static-pie", "-o", "static", "m.c"), 120);   // libc.a may be missing
        for (List<String> c : List.of(List.of("gcc", "-o", "pie", "m.c"), List.of("gcc", "-no-pie", "-o", "nopie", "m.c"),
                List.of("gcc", "-shared", "-fPIC", "-o", "libl.so", "l.c"),
                List.of("gcc", "-c", "-o", "l.o", "l.c"))) {
            assertThat(Exec.capture(null, tmp, Map.of(), c, 120).ok()).as(String.join(" ", c)).isTrue();
        }
        assertThat(ElfKind.of(tmp.resolve("pie"))).hasValue(ElfKind.EXECUTABLE);
        assertThat(ElfKind.of(tmp.resolve("nopie"))).hasValue(ElfKind.EXECUTABLE);
        assertThat(ElfKind.of(tmp.resolve("libl.so"))).hasValue(ElfKind.SHARED_LIBRARY);
        assertThat(ElfKind.of(tmp.resolve("l.o"))).isEmpty();
        assertThat(ElfKind.of(tmp.resolve("m.c"))).isEmpty();
        assertThat(ElfKind.of(tmp.resolve("missing"))).isEmpty();
        Files.createSymbolicLink(tmp.resolve("link"), tmp.resolve("pie"));
        assertThat(ElfKind.of(tmp.resolve("link"))).isEmpty();   // a link is not what the build made
        if (Files.isRegularFile(tmp.resolve("static"))) {
            assertThat(ElfKind.of(tmp.resolve("static"))).hasValue(ElfKind.EXECUTABLE);
        }
    }
}
