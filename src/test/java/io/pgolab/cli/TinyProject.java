package io.pgolab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A small C program written for pgolab's tests, with a config around it. */
public final class TinyProject {
    public static final String SOURCE = """
            #include <signal.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            #include <unistd.h>

            static int cold_path(int x) { return x * 7 + 3; }

            __attribute__((noinline)) int hot_loop(int n) {
                int s = 0;
                for (int i = 0; i < n; i++) {
                    if (i % 7 == 0) s += cold_path(i); else s ^= i;
                }
                return s;
            }

            int never_called(int x) { return x / 3 + 1; }

            int main(int argc, char **argv) {
                const char *mode = argc > 1 ? argv[1] : "run";
                int n = argc > 2 ? atoi(argv[2]) : 100000;
                if (strcmp(mode, "term") == 0) raise(SIGTERM);
                if (strcmp(mode, "quick_exit") == 0) { printf("bye\\n"); fflush(stdout); _exit(0); }
                if (strcmp(mode, "fail") == 0) { fprintf(stderr, "input not found\\n"); return 4; }
                printf("result=%d\\n", hot_loop(n));
                if (argc > 5) printf("%d\\n", never_called(argc));
                return 0;
            }
            """;

    public static Path create(Path dir, String kind, String variants, String train) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("hot.c"), SOURCE);
        Files.writeString(dir.resolve("pgolab.toml"), config(kind, variants, train));
        return dir;
    }

    public static String config(String kind, String variants, String train) {
        return """
                [project]
                name = "tiny"
                variants = [%s]

                [toolchain]
                kind = "%s"

                [build]
                command = "{cc} -O2 {cflags} -c {srcdir}/hot.c -o {builddir}/hot.o && {cc} {ldflags} {builddir}/hot.o -o {builddir}/hot"
                artifact = "{builddir}/hot"

                %s
                """.formatted(variants, kind, train);
    }

    public static String train(String name, String command) {
        return "[[train]]\nname = \"" + name + "\"\ncommand = \"" + command.replace("\"", "\\\"") + "\"\ntimeout = \"60s\"\n";
    }
}
