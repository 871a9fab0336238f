package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.process.Exec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program that finds the project's own shared library through an $ORIGIN RUNPATH (Meson's default shared build, as
 * serd's serdi): pgolab's copy of it in .pgolab/bin/ cannot load the library, and training says so by cause, with the
 * ways out, not "make the workload succeed with the normal build first" (found by bench/init-corpus-pgo.sh on serd).
 */
class SharedLibraryIT {
    @TempDir
    Path tmp;

    @Test
    void aProgramThatCannotLoadTheProjectsSharedLibraryFromTheStoreIsSaidByCause() throws Exception {
        Tool.require(Exec.capture(null, List.of("gcc", "--version")).ok(), "gcc");
        Files.writeString(tmp.resolve("lib.c"), "int twice(int x) { return 2 * x; }\n");
        Files.writeString(tmp.resolve("main.c"), "int twice(int);\nint main(int c, char **v) { (void) v; return twice(c) - 2 * c; }\n");
        Files.writeString(tmp.resolve("pgolab.toml"), """
                [project]
                name = "shared"
                variants = ["release", "pgo"]
                [toolchain]
                kind = "gcc"
                [build]
                command = "{cc} -O2 {cflags} -fPIC -shared lib.c -o {builddir}/libtwice.so && {cc} -O2 {cflags} main.c -o {builddir}/prog -L{builddir} -ltwice -Wl,-rpath,'$ORIGIN' {ldflags}"
                artifact = "{builddir}/prog"
                [[train]]
                name = "run"
                command = "{binary} a b"
                [[bench]]
                name = "run"
                command = "{binary} a b"
                """);
        Cli.Result r = Cli.run(tmp, "build", "pgo");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.all()).contains("error while loading shared libraries: libtwice.so")
                .contains("hint: the program needs the shared library libtwice.so, which the dynamic loader did not find")
                .contains("Meson: -Ddefault_library=static").doesNotContain("make the workload succeed");
    }
}
