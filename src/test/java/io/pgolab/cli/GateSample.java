package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.process.Exec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A git repository with a small C program whose run time is one hot loop, and a pgolab.toml with a [gate]: the
 * sample the gate's tests commit changes to (about 5% more work in the loop, or a comment only).
 */
final class GateSample {
    static final String SOURCE = """
            #include <stdio.h>
            #include <stdlib.h>

            /* the hot loop */
            __attribute__((noinline)) unsigned long work(unsigned long n) {
                unsigned long s = 0;
                for (unsigned long i = 0; i < n; i++) {
                    s = s * 31 + (i ^ (s >> 7));
                }
                return s;
            }

            int main(int argc, char **argv) {
                unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 1000000;
                printf("%lu\\n", work(n));
                return 0;
            }
            """;
    /** Iterations of the measured run: under valgrind this is about a second. */
    static final int BENCH_N = 3_000_000;

    private GateSample() {
    }

    /** The repository at dir with one commit ("base"); gate is the [gate] table's body. */
    static Path create(Path dir, String gate) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("work.c"), SOURCE);
        Files.writeString(dir.resolve(".gitignore"), ".pgolab/\n");
        Files.writeString(dir.resolve("pgolab.toml"), """
                [project]
                name = "gate-sample"
                variants = ["release", "pgo"]

                [toolchain]
                kind = "clang"

                [build]
                command = "{cc} -O2 {cflags} {srcdir}/work.c -o {builddir}/work {ldflags}"
                artifact = "{builddir}/work"

                [[train]]
                name = "typical"
                command = "{binary} 200000"

                [[bench]]
                name = "loop"
                command = "{binary} %d"

                [gate]
                %s
                """.formatted(BENCH_N, gate));
        git(dir, "init", "-q", "-b", "main");
        commitAll(dir, "base");
        return dir;
    }

    /** About 5% more work in the hot loop (a second loop of n/16 iterations), committed. */
    static void addWork(Path dir) throws IOException {
        String s = Files.readString(dir.resolve("work.c"));
        String more = s.replace("""
                        s = s * 31 + (i ^ (s >> 7));
                    }
                """, """
                        s = s * 31 + (i ^ (s >> 7));
                    }
                    for (unsigned long i = 0; i < n / 16; i++) {   /* about 5% more work */
                        s = s * 31 + (i ^ (s >> 7));
                    }
                """);
        assertThat(more).isNotEqualTo(s);
        Files.writeString(dir.resolve("work.c"), more);
        commitAll(dir, "5% more work");
    }

    /** A comment changed, nothing else, committed. */
    static void changeComment(Path dir) throws IOException {
        String s = Files.readString(dir.resolve("work.c"));
        Files.writeString(dir.resolve("work.c"), s.replace("/* the hot loop */", "/* the hot loop: most of the run */"));
        commitAll(dir, "comment only");
    }

    static void commitAll(Path dir, String message) {
        git(dir, "add", "-A");
        git(dir, "commit", "-q", "-m", message);
    }

    static String git(Path dir, String... args) {
        List<String> argv = new ArrayList<>(List.of("git", "-C", dir.toString()));
        argv.addAll(List.of(args));
        Exec.Result r = Exec.capture(null, null, Map.of("GIT_AUTHOR_NAME", "t", "GIT_AUTHOR_EMAIL", "t@example.org",
                "GIT_COMMITTER_NAME", "t", "GIT_COMMITTER_EMAIL", "t@example.org"), argv, 60);
        assertThat(r.exitCode()).as(String.join(" ", argv) + "\n" + r.output()).isZero();
        return r.output().strip();
    }
}
