package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * copy_sources = false: release, instrumented and pgo build in the project root one after another, so a build
 * step or a training run that edits a source file there would have them built from different code. Real clang,
 * real make: an in-tree build that writes objects and a generated header is fine (also on the next run, when the
 * header is there before the first build); one that edits main.c, or a training run that does, fails the build.
 */
class SourceDriftIT {
    /** Writes its objects and a header with a timestamp in the tree, as in-tree builds do. */
    static final String MAKEFILE = """
            prog: main.c
            \techo "#define STAMP \\"$$(date +%s%N)\\"" > gen.h
            \t$(CC) $(CFLAGS) -c main.c -o main.o
            \t$(CC) $(CFLAGS) $(LDFLAGS) main.o -o prog
            """;
    static final String MAIN = """
            #include <stdio.h>
            #include <stdlib.h>
            #include "gen.h"
            __attribute__((noinline)) static long work(long n) { long s = 0; for (long i = 0; i < n; i++) s += i % 7 ? i : -i; return s; }
            int main(int argc, char **argv) { printf("%ld %s\\n", work(argc > 1 ? atol(argv[1]) : 1000), STAMP); return 0; }
            """;

    @TempDir
    Path tmp;
    Path dir;

    @BeforeEach
    void tree() throws Exception {
        Tool.require(ToolLocator.onPath("clang-19").isPresent(), "clang-19");
        dir = Files.createDirectories(tmp.resolve("p"));
        Files.writeString(dir.resolve("Makefile"), MAKEFILE);
        Files.writeString(dir.resolve("main.c"), MAIN);
    }

    static String config(String command, String train, String extra) {
        return """
                [project]
                name = "drift"
                copy_sources = false
                variants = ["release", "pgo"]

                [toolchain]
                kind = "clang"

                [build]
                %s
                command = "%s"
                artifact = "{srcdir}/prog"
                cflags = "-O2"

                [[train]]
                name = "t"
                command = "%s"

                [[bench]]
                name = "b"
                command = "{binary} 30000"
                """.formatted(extra, command, train);
    }

    static final String MAKE = "make -B CC='{cc}' CFLAGS='{cflags}' LDFLAGS='{ldflags}'";

    @Test
    void objectsAndAGeneratedHeaderInTheTreeAreNoEdits() throws Exception {
        Files.writeString(dir.resolve("pgolab.toml"), config(MAKE, "{binary} 20000", ""));
        Cli.Result r = Cli.run(dir, "build", "release", "pgo");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.all()).doesNotContain("changed between");
        assertThat(dir.resolve("gen.h")).exists();
        assertThat(dir.resolve(".pgolab/generated-sources")).content().contains("gen.h");

        // the next run finds gen.h there before its first build, and every build rewrites it: still no edit
        Files.writeString(dir.resolve("pgolab.toml"), config(MAKE, "{binary} 20000", "").replace("-O2", "-O2 -g"));
        Cli.Result again = Cli.run(dir, "build", "release", "pgo");
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.all()).doesNotContain("changed between").contains("rebuilding");
    }

    @Test
    void aBuildStepThatEditsASourceFailsTheNextBuild() throws Exception {
        Files.writeString(dir.resolve("pgolab.toml"), config(MAKE + " && echo '/* built */' >> main.c", "{binary} 20000", ""));
        Cli.Result r = Cli.run(dir, "build", "release", "pgo");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("changed between two builds of one run: main.c")
                .contains("the build of 'release' ran").contains("source-edits").doesNotContain("gen.h")
                .doesNotContain("Exception");

        Files.writeString(dir.resolve("main.c"), MAIN);
        Files.writeString(dir.resolve("pgolab.toml"), config(MAKE + " && echo '/* built */' >> main.c", "{binary} 20000",
                "allow = [\"source-edits\"]"));
        Cli.Result allowed = Cli.run(dir, "build", "release", "pgo");
        assertThat(allowed.exitCode()).as(allowed.all()).isZero();
        assertThat(allowed.err()).contains("changed between two builds").contains("allowed by build.allow");
    }

    @Test
    void aTrainingRunThatEditsASourceFailsThePgoBuild() throws Exception {
        String train = "{binary} 20000 && echo '/* trained */' >> " + dir.resolve("main.c");
        Files.writeString(dir.resolve("pgolab.toml"), config(MAKE, train, ""));
        Cli.Result r = Cli.run(dir, "build", "release", "pgo");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("changed between two builds of one run: main.c")
                .contains("the training runs of 'instrumented' ran").contains("'pgo' would be built from other code")
                .doesNotContain("Exception");
    }

    @Test
    void aConfigHAnEarlierRunLeftBesideItsTemplateIsNoConfigureEdit() throws Exception {
        // not a git tree: every file is listed; config.h is there before configure (an earlier run's) and rewritten
        Files.writeString(dir.resolve("config.h.in"), "#undef STAMP\n");
        Files.writeString(dir.resolve("config.h"), "#define CONFIGURED \"earlier run\"\n");
        Files.writeString(dir.resolve("conf.sh"), "echo \"#define CONFIGURED \\\"$(date +%s%N)\\\"\" > config.h\n");
        Files.writeString(dir.resolve("pgolab.toml"), config(MAKE, "{binary} 20000", "configure = \"sh conf.sh\""));
        Cli.Result r = Cli.run(dir, "build", "release");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.all()).doesNotContain("changed the project's own sources");
        assertThat(dir.resolve("config.h")).content().doesNotContain("earlier run");
    }
}
