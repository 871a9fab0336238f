package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.Tool;
import io.pgolab.UserError;
import io.pgolab.config.ConfigLoader;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * [build] configure: an autoconf-like tree whose configure fails on LTO and profile flags (as CPython's
 * "Unknown float word ordering" check does on LLVM bitcode objects), and flags that reach each compile once.
 */
class ConfigureIT {
    /** Records its CFLAGS in config.mk, as configure bakes them into a Makefile; refuses LTO and profile flags. */
    static final String CONFIGURE = """
            #!/bin/sh
            for a in "$@"; do
              case "$a" in
                CC=*) CC="${a#CC=}" ;;
                CFLAGS=*) CFLAGS="${a#CFLAGS=}" ;;
                --fail) echo "configure: error: asked to fail" >&2; exit 1 ;;
              esac
            done
            echo "checking float word ordering with CFLAGS=$CFLAGS"
            printf 'const char marker[] = "noonnoonMARKER";\\nint main(void) { return 0; }\\n' > conftest.c
            $CC $CFLAGS -c conftest.c -o conftest.o || exit 1
            case "$CFLAGS" in
              *-flto*|*-fprofile-*) echo "configure: error: Unknown float word ordering" >&2; exit 1 ;;
            esac
            grep -q noonnoonMARKER conftest.o || { echo "configure: error: Unknown float word ordering" >&2; exit 1; }
            rm -f conftest.c conftest.o
            echo "CONF_CFLAGS = $CFLAGS" > config.mk
            echo "configure: done"
            """;
    /** CPython's shape: the configured flags and $(CFLAGS) both on the compile line. */
    static final String MAKEFILE = """
            include config.mk
            prog: main.c
            \t$(CC) $(CONF_CFLAGS) $(CFLAGS) -c main.c -o main.o
            \t$(CC) $(CONF_CFLAGS) $(CFLAGS) $(LDFLAGS) main.o -o prog
            """;
    static final String MAIN = """
            #include <stdio.h>
            #include <stdlib.h>
            __attribute__((noinline)) static long work(long n) { long s = 0; for (long i = 0; i < n; i++) s += i % 7 ? i : -i; return s; }
            int main(int argc, char **argv) { printf("%ld\\n", work(argc > 1 ? atol(argv[1]) : 1000)); return 0; }
            """;

    @TempDir
    Path tmp;

    static Path tree(Path dir) throws Exception {
        Files.createDirectories(dir);
        Path conf = dir.resolve("configure");
        Files.writeString(conf, CONFIGURE);
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(dir.resolve("Makefile"), MAKEFILE);
        Files.writeString(dir.resolve("main.c"), MAIN);
        return dir;
    }

    static String config(String variants, String configure, String command) {
        return """
                [project]
                name = "conf"
                copy_sources = true
                variants = [%s]

                [toolchain]
                kind = "clang"

                [build]
                %s
                command = "%s"
                artifact = "{srcdir}/prog"
                cflags = "-O2 -DUSERFLAG"

                [[train]]
                name = "t"
                command = "{binary} 20000"

                [[bench]]
                name = "b"
                command = "{binary} 30000"
                """.formatted(variants, configure, command);
    }

    @Test
    void configureGetsNoLtoOrProfileFlagsAndTheBuildGetsThemOnce() throws Exception {
        Path dir = tree(tmp.resolve("p"));
        String configure = "configure = \"./configure CC='{cc}' CFLAGS='{cflags}' LDFLAGS='{ldflags}'\"";
        Files.writeString(dir.resolve("pgolab.toml"), config("\"release\", \"lto\", \"pgo\"", configure,
                "make CFLAGS='{cflags}' LDFLAGS='{ldflags}'"));
        Cli.Result r = Cli.run(dir, "build", "release", "lto", "pgo");
        assertThat(r.exitCode()).as(r.all()).isZero();
        Path logs = dir.resolve(".pgolab/logs");
        for (String v : List.of("release", "lto", "pgo")) {
            assertThat(logs.resolve("configure-" + v + ".log")).content().contains("configure: done");
        }
        assertThat(logs.resolve("configure-lto.log")).content().doesNotContain("-flto");
        String lto = compileLine(logs.resolve("build-lto.log"));
        assertThat(count(lto, "-flto=thin")).as(lto).isEqualTo(1);
        assertThat(count(lto, "-DUSERFLAG")).as(lto).isEqualTo(2);   // the configured flags and make's own
        String pgo = compileLine(logs.resolve("build-pgo.log"));
        assertThat(count(pgo, "-fprofile-use=")).as(pgo).isEqualTo(1);
        assertThat(Files.readString(dir.resolve(".pgolab/variants/lto.json"))).contains("./configure").contains(" && make");
        // its CPU time is the sum of its two steps', each that of its whole process tree
        var ltoRecord = io.pgolab.util.Json.MAPPER.readTree(dir.resolve(".pgolab/variants/lto.json").toFile());
        var steps = ltoRecord.get("build_steps");
        assertThat(steps.findValuesAsText("step")).containsExactly("configure", "build");
        assertThat(steps.get(0).get("cpu_seconds").asDouble() + steps.get(1).get("cpu_seconds").asDouble())
                .isCloseTo(ltoRecord.get("build_cpu_seconds").asDouble(), org.assertj.core.data.Offset.offset(1e-6));
        assertThat(steps.get(1).get("cpu_seconds").asDouble()).isPositive();   // make ran the compiler

        Cli.Result same = Cli.run(dir, "build", "release");
        assertThat(same.exitCode()).as(same.all()).isZero();
        assertThat(same.all()).contains("cached").doesNotContain("rebuilding");
        Files.writeString(dir.resolve("pgolab.toml"), config("\"release\"", configure.replace("./configure ", "./configure --quiet "),
                "make CFLAGS='{cflags}' LDFLAGS='{ldflags}'"));
        Cli.Result again = Cli.run(dir, "build", "release");
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.all()).contains("rebuilding");
    }

    @Test
    void aConfigureThatEditsSourcesInTheProjectRootIsCaught() throws Exception {
        Tool.require(ToolLocator.onPath("clang-19").isPresent(), "clang-19");
        // copy_sources = false: every variant configures and builds in the project root; this configure appends a
        // line to main.c each time, so release, instrumented and pgo would build three different sources
        Path dir = tree(tmp.resolve("edits"));
        String configure = "configure = \"./configure CC='{cc}' CFLAGS='{cflags}' && echo '/* configured */' >> main.c\"";
        String text = config("\"release\", \"pgo\"", configure, "make CFLAGS='{cflags}' LDFLAGS='{ldflags}'")
                .replace("copy_sources = true", "copy_sources = false");
        Files.writeString(dir.resolve("pgolab.toml"), text);
        Cli.Result r = Cli.run(dir, "build", "release");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("the configure step of variant 'release' changed the project's own sources")
                .contains("main.c").contains("copy_sources = true").doesNotContain("Exception");

        // deliberate: a warning, and the build goes on
        Files.writeString(dir.resolve("pgolab.toml"), text.replace("[build]\n", "[build]\nallow = [\"configure-edits\"]\n"));
        Cli.Result allowed = Cli.run(dir, "build", "release");
        assertThat(allowed.exitCode()).as(allowed.all()).isZero();
        assertThat(allowed.err()).contains("changed the project's own sources").contains("allowed by build.allow");

        // the same configure on a copy of the sources leaves the project alone: nothing to say
        Path copy = tree(tmp.resolve("copied"));
        Files.writeString(copy.resolve("pgolab.toml"), config("\"release\"", configure, "make CFLAGS='{cflags}' LDFLAGS='{ldflags}'"));
        Cli.Result copied = Cli.run(copy, "build", "release");
        assertThat(copied.exitCode()).as(copied.all()).isZero();
        assertThat(copied.err()).doesNotContain("changed the project's own sources");
        assertThat(copy.resolve("main.c")).content().doesNotContain("configured");
    }

    @Test
    void aFailingConfigureSaysSoWithoutAStackTrace() throws Exception {
        Path dir = tree(tmp.resolve("f"));
        Files.writeString(dir.resolve("pgolab.toml"), config("\"release\"",
                "configure = \"./configure --fail CC='{cc}'\"", "make"));
        Cli.Result r = Cli.run(dir, "build", "release", "--json", "f.json");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("configure of variant 'release' failed").contains("asked to fail")
                .contains("configure-release.log").contains("without LTO").doesNotContain("Exception").doesNotContain("at io.pgolab");
        // --json: no variant finished, and the failure is the configure step's
        var f = io.pgolab.util.Json.MAPPER.readTree(dir.resolve("f.json").toFile());
        assertThat(f.get("variants")).isEmpty();
        assertThat(f.get("build_failure").get("step").asText()).isEqualTo("configure");
        assertThat(f.get("build_failure").get("log").asText()).endsWith("configure-release.log");
        assertThat(f.get("build_failure").get("command").asText()).contains("./configure --fail");
    }

    /** Issue 30's CPython case: configure inside command with CFLAGS='{cflags}', and make's $(CFLAGS) from the environment. */
    @Test
    void flagsPassedByTheCommandAreNotExportedAsWell() throws Exception {
        Path dir = tree(tmp.resolve("d"));
        Files.writeString(dir.resolve("configure"), CONFIGURE.replace("*-flto*|*-fprofile-*)", "*--never--*)")
                .replace("grep -q noonnoonMARKER conftest.o ||", "true ||"));
        Files.writeString(dir.resolve("pgolab.toml"), config("\"lto\"", "",
                "./configure CC='{cc}' CFLAGS='{cflags}' && make"));
        Cli.Result r = Cli.run(dir, "build", "lto");
        assertThat(r.exitCode()).as(r.all()).isZero();
        String line = compileLine(dir.resolve(".pgolab/logs/build-lto.log"));
        assertThat(count(line, "-flto=thin")).as(line).isEqualTo(1);
        assertThat(count(line, "-DUSERFLAG")).as(line).isEqualTo(1);
    }

    @Test
    void configureIsForCCompilersOnly() {
        for (String kind : List.of("go", "jvm", "cargo")) {
            String text = """
                    [project]
                    name = "x"

                    [toolchain]
                    kind = "%s"

                    [build]
                    configure = "./configure"
                    command = "true"
                    """.formatted(kind);
            assertThatThrownBy(() -> ConfigLoader.parse(tmp.resolve("pgolab.toml"), text)).isInstanceOf(UserError.class)
                    .hasMessageContaining(":8: key 'build.configure'");
        }
    }

    /** ProfileKey hashes BuildSpec's text: builds without a configure step keep their stored profiles' keys. */
    @Test
    void theBuildTextNamesConfigureOnlyWhenSet() {
        io.pgolab.config.BuildSpec b = new io.pgolab.config.BuildSpec("make", java.util.Optional.empty(), "x", "", "", "",
                java.time.Duration.ofMinutes(1), java.util.Map.of());
        assertThat(b.toString()).doesNotContain("configure").endsWith("allow=[]]");
        assertThat(b.withConfigure(java.util.Optional.of("./configure")).toString()).endsWith("allow=[], configure=./configure]");
    }

    static String compileLine(Path log) throws Exception {
        return Files.readAllLines(log).stream().filter(l -> l.contains("-c main.c")).findFirst().orElseThrow();
    }

    static int count(String text, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
