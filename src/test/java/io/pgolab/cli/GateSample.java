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
    /** The program and the config template, shared with bench/gate.sh. */
    static final Path FILES = Path.of("src/test/resources/gate-sample").toAbsolutePath();
    /** Iterations of the measured run: under valgrind this is about a second. */
    static final int BENCH_N = 3_000_000;

    private GateSample() {
    }

    /** The repository at dir with one commit ("base"); gate is the [gate] table's body. */
    static Path create(Path dir, String gate) throws IOException {
        Files.createDirectories(dir);
        Files.copy(FILES.resolve("work.c"), dir.resolve("work.c"));
        Files.writeString(dir.resolve(".gitignore"), ".pgolab/\n");
        Files.writeString(dir.resolve("pgolab.toml"), Files.readString(FILES.resolve("pgolab.toml.in"))
                .replace("@TRAIN_N@", "200000").replace("@BENCH_N@", Integer.toString(BENCH_N)).replace("@GATE@", gate));
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
