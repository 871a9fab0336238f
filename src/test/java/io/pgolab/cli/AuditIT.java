package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compile audit and the read-set fingerprint on real compilers (issue 12, items 1 and 2). */
class AuditIT {
    @TempDir
    Path tmp;

    private static final String MAIN = "#include <stdio.h>\n#include \"k.h\"\nint f(int);\n"
            + "int main(void) { int s = 0; for (int i = 0; i < 3000000; i++) s += f(i) + K; printf(\"%d\\n\", s); return 0; }\n";
    private static final String LIB = "int f(int i) { return i % 7 ? i ^ 3 : i * 2; }\n";

    /**
     * A Makefile like zstd's: objects in obj/conf_<md5 of the flags>, CFLAGS ?= -O2; and like Redis's,
     * a feature probe that compiles a temporary foo.c without the build's flags (not audited).
     */
    private static final String HASHED_MAKEFILE = """
            CFLAGS ?= -O2
            HAVE_ATOMIC := $(shell sh -c 'echo "int x;" > foo.c; $(CC) -c foo.c -o foo.o >/dev/null 2>&1 && echo yes; rm -f foo.o foo.c')
            HASH := $(shell echo '$(CFLAGS)' | md5sum | cut -c1-8)
            OBJDIR := obj/conf_$(HASH)
            prog: $(OBJDIR)/a.o $(OBJDIR)/b.o
            \t$(CC) $(CFLAGS) $(LDFLAGS) $^ -o $@
            $(OBJDIR)/%.o: %.c
            \t@mkdir -p $(OBJDIR)
            \t$(CC) $(CFLAGS) -c $< -o $@
            """;

    private Path project(String name, String kind, String variants, String command, String extraBuild) throws Exception {
        Path p = tmp.resolve(name);
        Files.createDirectories(p);
        Files.writeString(p.resolve("a.c"), MAIN);
        Files.writeString(p.resolve("b.c"), LIB);
        Files.writeString(p.resolve("k.h"), "#define K 1\n");
        Files.writeString(p.resolve("Makefile"), HASHED_MAKEFILE);
        Files.writeString(p.resolve("pgolab.toml"), """
                [project]
                variants = [%s]
                [toolchain]
                kind = "%s"
                [build]
                command = "%s"
                artifact = "prog"
                %s
                [[train]]
                name = "run"
                command = "{binary} > /dev/null"
                """.formatted(variants, kind, command, extraBuild));
        return p;
    }

    private static void requireMake() {
        Tool.require(io.pgolab.process.Exec.capture(null, java.util.List.of("make", "--version")).ok(), "make");
    }

    @Test
    void gccObjectsInAFlagsHashedDirectoryFailThePgoBuildNamingTheGcdaLookedFor() throws Exception {
        requireMake();
        Path p = project("hashed", "gcc", "\"release\", \"pgo\"", "make -B CFLAGS='-O2 {cflags}'", "");
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isNotZero();
        assertThat(r.err()).contains("the pgo build found no profile data for 2 of 2 object(s)")
                .containsPattern("obj/conf_[0-9a-f]{8}/a\\.o: GCC looked for #.*#obj#conf_[0-9a-f]{8}#a\\.gcda; the profile has #.*#obj#conf_[0-9a-f]{8}#a\\.gcda")
                .contains("names its object directory after the flags", "give the objects a fixed directory");
        // GCC's own warning names the same path pgolab computed
        String log = Files.readString(p.resolve(".pgolab/logs/build-pgo.log"));
        String looked = r.err().replaceAll("(?s).*GCC looked for (#[^;]*a\\.gcda);.*", "$1");
        assertThat(log).contains(looked + "’ profile count data file not found");

        // The fix: a fixed object directory (same flags-independent paths in every build).
        Files.writeString(p.resolve("Makefile"), HASHED_MAKEFILE.replace("obj/conf_$(HASH)", "obj/fixed"));
        Cli.Result fixed = Cli.run(p, "build");
        assertThat(fixed.exitCode()).as(fixed.all()).isZero();
        assertThat(fixed.out()).contains("audit: 2 compiles, 1 link, all -O2, -march not set, 2/2 with profile, 2/2 .gcda found")
                .contains("audit: 2 compiles, 1 link, all -O2, -march not set, 2/2 instrumented");
    }

    @Test
    void environmentOnlyFlagsLoseTheMakefilesO2AndAreFlagged() throws Exception {
        requireMake();
        Tool.require(Files.isExecutable(Path.of("/usr/bin/clang-19")) || Files.isExecutable(Path.of("/usr/lib/llvm-19/bin/clang")), "clang-19");
        Path p = project("o0", "clang", "\"release\", \"lto\"", "make -B", "");
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isNotZero();
        assertThat(r.err()).contains("the release build compiled 2 of 2 file(s) without optimization (a.c: no -O, b.c: no -O)")
                .contains("which replaces a Makefile default such as 'CFLAGS ?= -O2'", "cflags = \"-O2\"",
                        "add \"unoptimized\" to build.allow");

        // Deliberate: allowed, a warning, and the table says so.
        Path q = project("o0-allowed", "clang", "\"release\"", "make -B", "allow = [\"unoptimized\"]");
        Cli.Result ok = Cli.run(q, "build");
        assertThat(ok.exitCode()).as(ok.all()).isZero();
        assertThat(ok.err()).contains("(allowed by build.allow = \"unoptimized\")");
        assertThat(ok.out()).contains("audit: 2 compiles, 1 link, all no -O");
    }

    @Test
    void resultFilesDoNotRebuildAHeaderTheCompilerReadDoesAndIsNamed() throws Exception {
        requireMake();
        Path p = project("reads", "gcc", "\"release\", \"lto\", \"pgo\"", "make -B CFLAGS='-O2 {cflags}' OBJDIR=obj", "");
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("audit: 2 compiles, 1 link, all -O2, -march not set\n")
                .contains("audit: 2 compiles, 1 link, all -O2, -march not set, 2/2 -flto, LTO link")
                .contains("audit: 2 compiles, 1 link, all -O2, -march not set, 2/2 with profile, 2/2 .gcda found");

        // The README's own `--markdown result.md`, a log, a notes file: none was read by the build.
        Files.writeString(p.resolve("result.md"), "| a | b |\n");
        Files.writeString(p.resolve("bench.log"), "x");
        Cli.Result again = Cli.run(p, "build");
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.err()).contains("build release: up to date", "build lto: up to date", "build pgo: up to date")
                .doesNotContain("rebuilding");
        assertThat(Cli.run(p, "profile").out()).doesNotContain("STALE");

        // A header the compiler read: the profile is stale and says why, every variant rebuilds and says why.
        Files.writeString(p.resolve("k.h"), "#define K 2\n");
        Cli.Result prof = Cli.run(p, "profile");
        assertThat(prof.out()).contains("STALE     files the instrumented build read changed since this profile was recorded (changed: k.h)");
        Cli.Result rebuilt = Cli.run(p, "build");
        assertThat(rebuilt.exitCode()).as(rebuilt.all()).isZero();
        assertThat(rebuilt.err()).contains("build release: rebuilding, files it read changed (changed: k.h)")
                .contains("build pgo: rebuilding");
    }
    /** A plain Makefile whose objects and program sit next to the sources (jq 1.6's layout after ./configure && make). */
    private static final String IN_TREE_MAKEFILE = """
            CFLAGS ?= -O2
            prog: a.o b.o
            \t$(CC) $(CFLAGS) $(LDFLAGS) a.o b.o -o prog
            %.o: %.c k.h
            \t$(CC) $(CFLAGS) -c $< -o $@
            clean:
            \trm -f prog *.o
            """;

    /**
     * Issue 27: a tree that already holds an earlier build's objects and program (built here with gcc -O0, as a
     * user's own make would): make compiles nothing in the copy, and release and lto were that old binary.
     */
    @Test
    void aTreeHoldingAnEarlierBuildFailsEveryVariantUntilACleanCommandRebuildsIt() throws Exception {
        requireMake();
        Path p = project("stale", "gcc", "\"release\", \"lto\"", "make CFLAGS='-O2 {cflags}' LDFLAGS='{ldflags}'",
                "");
        Files.writeString(p.resolve("Makefile"), IN_TREE_MAKEFILE);
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml"))
                .replace("[toolchain]", "copy_sources = true\n[toolchain]"));
        io.pgolab.process.Exec.Result made = io.pgolab.process.Exec.capture(null, p, java.util.Map.of(),
                java.util.List.of("make", "CC=gcc", "CFLAGS=-O0"), 60);
        assertThat(made.ok()).as(made.output()).isTrue();
        byte[] old = Files.readAllBytes(p.resolve("prog"));

        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("error: building variant 'release': make compiled nothing: the tree holds earlier"
                        + " build outputs (prog existed before the build command ran and the build did not rewrite it;"
                        + " the tree holds 2 object/archive file(s) from before the build (a.o, b.o))")
                .contains("clean = \"make clean\"", "exclude")
                .doesNotContain("nothing checked", "Exception");

        // The same tree built in root (no copy): the program of the earlier make is no release either.
        String inRoot = Files.readString(p.resolve("pgolab.toml")).replace("copy_sources = true\n", "");
        Files.writeString(p.resolve("pgolab.toml"), inRoot);
        Cli.Result root = Cli.run(p, "build", "release");
        assertThat(root.exitCode()).as(root.all()).isEqualTo(2);
        assertThat(root.err()).contains("make compiled nothing: the tree holds earlier build outputs", "build into {builddir}");

        // The fix the hint names: a clean command, run in the copy before every build.
        Files.writeString(p.resolve("pgolab.toml"), inRoot.replace("[toolchain]", "copy_sources = true\n[toolchain]")
                .replace("artifact = \"prog\"", "artifact = \"prog\"\nclean = \"make clean\""));
        Cli.Result fixed = Cli.run(p, "build");
        assertThat(fixed.exitCode()).as(fixed.all()).isZero();
        assertThat(fixed.out()).contains("audit: 2 compiles, 1 link, all -O2, -march not set\n")
                .contains("audit: 2 compiles, 1 link, all -O2, -march not set, 2/2 -flto, LTO link");
        byte[] release = Files.readAllBytes(binary(p, "release"));
        byte[] lto = Files.readAllBytes(binary(p, "lto"));
        assertThat(release).isNotEqualTo(old).isNotEqualTo(lto);
        assertThat(Files.readAllBytes(p.resolve("prog"))).as("root's own build is left alone").isEqualTo(old);
    }

    /**
     * Issue 27: GCC's "found no profile data for N of M objects ... retrain" and "lost its profile" counted an assembly
     * object, a data-only object and an object the program never links; retraining can never give them a profile.
     */
    @Test
    void gccObjectsThatCanHaveNoProfileAreLeftOutOfTheProfileCounts() throws Exception {
        requireMake();
        Path p = tmp.resolve("noprofile");
        Files.createDirectories(p);
        Files.writeString(p.resolve("main.c"), "#include <stdio.h>\nint f(int); extern int table[4]; int crc(void);\n"
                + "int main(void) { long s = 0; for (int i = 0; i < 300000; i++) s += f(i) + table[i & 3];"
                + " printf(\"%ld %d\\n\", s, crc()); return 0; }\n");
        Files.writeString(p.resolve("f.c"), LIB);
        Files.writeString(p.resolve("data.c"), "int table[4] = {1, 2, 3, 4};\n");
        Files.writeString(p.resolve("unused.c"), "int u(int x) { return x - 1; }\n");
        Files.writeString(p.resolve("crc.S"), ".text\n.globl crc\ncrc:\n mov $7, %eax\n ret\n"
                + ".section .note.GNU-stack,\"\",@progbits\n");
        Files.writeString(p.resolve("Makefile"), """
                OBJ = main.o f.o data.o crc.o
                all: prog unused.o
                prog: $(OBJ)
                \t$(CC) $(CFLAGS) $(LDFLAGS) $(OBJ) -o prog
                %.o: %.c
                \t$(CC) $(CFLAGS) -c $< -o $@
                %.o: %.S
                \t$(CC) $(CFLAGS) -c $< -o $@
                """);
        Files.writeString(p.resolve("pgolab.toml"), """
                [project]
                variants = ["pgo"]
                [toolchain]
                kind = "gcc"
                [build]
                command = "make -B CFLAGS='-O2 {cflags}' LDFLAGS='{ldflags}'"
                artifact = "prog"
                [[train]]
                name = "run"
                command = "{binary} > /dev/null"
                """);
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("5/5 with profile, 2/2 .gcda found (left out, no profile possible: 1 no functions,"
                + " 1 assembly, 1 not linked into the artifact)");
        assertThat(r.err()).doesNotContain("warning", "retrain");
    }

    private static Path binary(Path p, String variant) throws Exception {
        return Path.of(io.pgolab.util.Json.MAPPER.readTree(p.resolve(".pgolab/variants/" + variant + ".json").toFile())
                .get("binary").asText());
    }
}
