package io.pgolab.toolchain;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the compiler wrapper's records and what a gcc/clang command line says. */
class CompileRecordTest {
    @TempDir
    Path tmp;

    private static CompileRecord rec(String cwd, String... args) {
        return new CompileRecord(1, Path.of(cwd), false, java.util.Optional.empty(), List.of(args));
    }

    @Test
    void parsesRecordsWithEscapes() {
        CompileRecord r = CompileRecord.parse("v1\t42\t/p/a\\tb\tCXX\t/d/1.d\t-O2\t-DX=\"a\\\\b\"\t-c\tx.cc").orElseThrow();
        assertThat(r.pid()).isEqualTo(42);
        assertThat(r.cwd()).isEqualTo(Path.of("/p/a\tb"));
        assertThat(r.cxx()).isTrue();
        assertThat(r.depfile()).contains(Path.of("/d/1.d"));
        assertThat(r.args()).containsExactly("-O2", "-DX=\"a\\b\"", "-c", "x.cc");
        assertThat(CompileRecord.parse("garbage")).isEmpty();
    }

    @Test
    void classifiesCompilesLinksAndQueries() {
        CompileRecord c = rec("/p", "-O2", "-I", "inc", "-c", "src/a.c", "-o", "obj/a.o");
        assertThat(c.compiles()).isTrue();
        assertThat(c.links()).isFalse();
        assertThat(c.sources()).containsExactly(Path.of("/p/src/a.c"));
        assertThat(c.objects()).containsExactly(Path.of("/p/obj/a.o"));
        assertThat(c.optLevel()).isEqualTo("-O2");

        CompileRecord both = rec("/p", "-o", "prog", "prog.c");   // the issue's `clang -o prog prog.c`
        assertThat(both.compiles()).isTrue();
        assertThat(both.links()).isTrue();
        assertThat(both.optLevel()).isEmpty();
        assertThat(both.optimized()).isFalse();

        assertThat(rec("/p", "a.o", "b.o", "-flto=auto", "-o", "prog").links()).isTrue();
        assertThat(rec("/p", "a.o", "-flto=auto", "-o", "prog").lto()).isTrue();
        assertThat(rec("/p", "--version").compiles()).isFalse();
        assertThat(rec("/p", "--version").links()).isFalse();
        assertThat(rec("/p", "-E", "a.c").compiles()).isFalse();
        assertThat(rec("/tmp/x", "-c", "conftest.c").compiles()).isFalse();
        assertThat(rec("/p", "-O3", "-O0", "-c", "a.c").optimized()).isFalse();
        assertThat(rec("/p", "-O", "-c", "a.c").optLevel()).isEqualTo("-O1");
        assertThat(rec("/p", "-Os", "-c", "a.c").optimized()).isTrue();
    }

    @Test
    void profileFlags() {
        assertThat(rec("/p", "-fprofile-generate=/s/gcda", "-c", "a.c").instrumented()).isTrue();
        assertThat(rec("/p", "-fprofile-instr-generate", "-c", "a.c").instrumented()).isTrue();
        CompileRecord use = rec("/p", "-fprofile-use=/m", "-c", "a.c");
        assertThat(use.usesProfile()).isTrue();
        assertThat(use.valueOf("-fprofile-use=")).contains("/m");
        assertThat(rec("/p", "-c", "a.c").usesProfile()).isFalse();
    }

    @Test
    void gccProfilePathsAbsoluteAndMangled() {
        // absolute object: DIR + the object's path; relative: DIR/ + mangled cwd/object (as GCC 12 prints them)
        assertThat(rec("/p", "-c", "/p/a.c", "-o", "/b/pgo/hot.o").gccProfilePaths(Path.of("/m")))
                .containsExactly(Path.of("/m/b/pgo/hot.gcda"));
        assertThat(rec("/tmp/aud2", "-c", "a.c", "-o", "obj/conf_df01/a.o").gccProfilePaths(Path.of("/m")))
                .containsExactly(Path.of("/m/#tmp#aud2#obj#conf_df01#a.gcda"));
        assertThat(rec("/w/x", "-c", "../lib/z.c").gccProfilePaths(Path.of("/m")))
                .containsExactly(Path.of("/m/#w#x#z.gcda"));
        assertThat(rec("/w/x", "-c", "a.c", "-o", "../o/a.o").gccProfilePaths(Path.of("/m")))
                .containsExactly(Path.of("/m/#w#x#^#o#a.gcda"));
    }

    @Test
    void depfilesAreReadAndTheBuildsOwnAreFound() throws Exception {
        Path d = tmp.resolve("a.d");
        Files.writeString(d, "obj/a.o: src/a.c include/a.h \\\n  /usr/include/stdio.h my\\ file.h\n\ninclude/a.h:\n");
        assertThat(CompileRecord.readDepfile(d, Path.of("/p"))).containsExactly(Path.of("/p/src/a.c"),
                Path.of("/p/include/a.h"), Path.of("/usr/include/stdio.h"), Path.of("/p/my file.h"));
        assertThat(rec("/p", "-MMD", "-c", "a.c", "-o", "obj/a.o").depfiles()).containsExactly(Path.of("/p/obj/a.d"));
        assertThat(rec("/p", "-MD", "-MF", "deps/a.d", "-c", "a.c").depfiles()).containsExactly(Path.of("/p/deps/a.d"));
        assertThat(rec("/p", "-c", "a.c").depfiles()).isEmpty();
    }
}
