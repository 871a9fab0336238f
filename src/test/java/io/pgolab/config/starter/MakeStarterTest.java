package io.pgolab.config.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plain-make starter adds pgolab's flags to the Makefile's own (never in their place) and finds the program. */
class MakeStarterTest {
    @TempDir
    Path tmp;

    private Config init(Path dir) throws Exception {
        String text = StarterConfig.render(dir, "gcc");
        Files.writeString(dir.resolve("pgolab.toml"), text);
        return ConfigLoader.parse(dir.resolve("pgolab.toml"), text);
    }

    private Path tree(String name) throws Exception {
        return Files.createDirectories(tmp.resolve(name));
    }

    /** lz4's shape: a root Makefile that only calls programs/, whose Makefile has CFLAGS ?= -O3 and MOREFLAGS. */
    @Test
    void aMoreflagsMakefileInASubdirectoryKeepsItsO3AndGivesTheProgramNamedLikeTheProject() throws Exception {
        Path dir = tree("lz4-1.9.4");
        Files.writeString(dir.resolve("Makefile"), "default: lz4\nlz4:\n\t$(MAKE) -C programs $@\nclean:\n\t$(MAKE) -C programs clean\n");
        Files.createDirectories(dir.resolve("programs"));
        Files.writeString(dir.resolve("programs/Makefile"), """
                CFLAGS ?= -O3
                DEBUGFLAGS = -Wall \\
                   -Wextra
                CFLAGS += $(DEBUGFLAGS) $(MOREFLAGS)
                LDFLAGS += -lrt
                lz4-release: DEBUGFLAGS=
                lz4c: lz4
                \tln -s lz4 lz4c
                lz4: lz4cli.o bench.o
                \t$(CC) $(CFLAGS) $(LDFLAGS) $^ -o $@$(EXT)
                clean:
                \trm -f *.o lz4
                """);
        Config c = init(dir);
        assertThat(c.build().command()).isEqualTo("LDFLAGS='{ldflags}' make -C {srcdir}/programs -j{jobs} CC='{cc}'"
                + " MOREFLAGS='{cflags}' lz4");
        assertThat(c.build().artifact()).isEqualTo("{srcdir}/programs/lz4");
        assertThat(c.build().clean()).hasValue("make -C {srcdir}/programs clean");
        assertThat(c.build().cflags()).isEmpty();
        assertThat(Files.readString(dir.resolve("pgolab.toml"))).contains("MOREFLAGS, which programs/Makefile adds to its own"
                + " CFLAGS (-O3 kept)", "# guessed: the rule 'lz4' of programs/Makefile", "named like the project");
    }

    /** bzip2's shape: CFLAGS = ... -O2 ...: a command-line CFLAGS would replace it, so its value comes first. */
    @Test
    void aPlainCflagsAssignmentIsCopiedBeforePgolabsFlags() throws Exception {
        Path dir = tree("bzip2-1.0.8");
        Files.writeString(dir.resolve("Makefile"), """
                CC=gcc
                AR=ar
                BIGFILES=-D_FILE_OFFSET_BITS=64
                CFLAGS=-Wall -Winline -O2 -g $(BIGFILES)
                CFLAGS+=-DX   # appended: a command-line CFLAGS drops this too
                LDFLAGS=
                all: libbz2.a bzip2 bzip2recover
                bzip2recover: bzip2recover.o
                \t$(CC) $(CFLAGS) $(LDFLAGS) -o bzip2recover bzip2recover.o
                bzip2: libbz2.a bzip2.o
                \t$(CC) $(CFLAGS) $(LDFLAGS) -o bzip2 bzip2.o -L. -lbz2
                libbz2.a: blocksort.o
                \t$(AR) cq libbz2.a blocksort.o
                """);
        Config c = init(dir);
        assertThat(c.build().command()).isEqualTo("make -C {srcdir} -j{jobs} CC='{cc}' AR='{ar}'"
                + " CFLAGS='-Wall -Winline -O2 -g $(BIGFILES) -DX {cflags}' LDFLAGS='{ldflags}' bzip2");
        assertThat(c.build().artifact()).isEqualTo("{srcdir}/bzip2");
        assertThat(Files.readString(dir.resolve("pgolab.toml"))).contains("# other programs the Makefiles link: bzip2recover")
                .doesNotContain("libbz2.a,");
    }

    /** tree's shape: only CFLAGS += -O3 (the environment's value is kept), the program written by -o $(VAR). */
    @Test
    void anAppendedCflagsTakesTheFlagsFromTheEnvironment() throws Exception {
        Path dir = tree("tree-2.1.0");
        Files.writeString(dir.resolve("Makefile"), """
                CC=gcc
                TREE_DEST=tree
                #CFLAGS+=-ggdb
                CFLAGS+=-O3 -std=c11
                tree: tree.o list.o
                \t$(CC) $(LDFLAGS) -o $(TREE_DEST) $(OBJS)
                """);
        Config c = init(dir);
        assertThat(c.build().command()).isEqualTo("CFLAGS='{cflags}' LDFLAGS='{ldflags}' make -C {srcdir} -j{jobs} CC='{cc}' tree");
        assertThat(c.build().artifact()).isEqualTo("{srcdir}/tree");
        assertThat(c.build().clean()).isEmpty();
    }

    @Test
    void aDefaultCflagsGoesFirstInTheEnvironmentValue() throws Exception {
        Path dir = tree("app");
        Files.writeString(dir.resolve("Makefile"), "CFLAGS ?= -O3 -g\napp: app.o\n\t$(CC) $(CFLAGS) -o app app.o\n");
        assertThat(init(dir).build().command()).startsWith("CFLAGS='-O3 -g {cflags}' LDFLAGS='{ldflags}' make -C {srcdir}");
    }

    /** No -O anywhere: make alone compiles at -O0, which the audit refuses; -O2 is proposed and marked. */
    @Test
    void aMakefileWithoutAnOptimizationLevelGetsAGuessedO2() throws Exception {
        Path dir = tree("app");
        Files.writeString(dir.resolve("Makefile"), "app: app.o util.o\n\t$(CC) -o $@ $^\n");
        Config c = init(dir);
        assertThat(c.build().cflags()).isEqualTo("-O2");
        assertThat(Files.readString(dir.resolve("pgolab.toml"))).contains("cflags = \"-O2\"     # guessed: Makefile sets no -O level");
        assertThat(c.build().artifact()).isEqualTo("{srcdir}/app");
    }

    /** A value init cannot copy into '...' is not guessed at: the line says what to do. */
    @Test
    void aCflagsWithAQuoteIsLeftToTheUserWithTheLine() throws Exception {
        Path dir = tree("app");
        Files.writeString(dir.resolve("Makefile"), "CFLAGS = -O3 -DNAME='\"x\"'\napp: app.o\n\t$(CC) -o app app.o\n");
        Config c = init(dir);
        assertThat(c.build().command()).contains("CFLAGS='{cflags}'");
        assertThat(Files.readString(dir.resolve("pgolab.toml"))).contains("CHANGE_ME: Makefile sets CFLAGS itself (line 1)");
    }

    /** {name} in a Makefile's value would be a pgolab placeholder (an unknown one: a config error): not copied. */
    @Test
    void aValueWithBracesIsNotCopiedIntoTheCommand() throws Exception {
        Path dir = tree("app");
        Files.writeString(dir.resolve("Makefile"), "CFLAGS ?= -O3 -DX={y} ${HOME}\nLDFLAGS = ${LIBS} -DY={z}\napp: app.o\n"
                + "\t$(CC) -o app app.o\n");
        Config c = init(dir);
        assertThat(c.build().command()).startsWith("CFLAGS='-O3 {cflags}' make -C {srcdir}").contains("LDFLAGS='{ldflags}'");
        assertThat(Files.readString(dir.resolve("pgolab.toml"))).contains("CHANGE_ME: Makefile has a default CFLAGS ?=",
                "CHANGE_ME: Makefile sets LDFLAGS itself (line 2)");
    }

    /** Names go into the command unquoted: a directory with a space is not looked into, an odd -o file gives the target. */
    @Test
    void oddNamesStayOutOfTheCommand() throws Exception {
        Path dir = tree("odd");
        Files.createDirectories(dir.resolve("my prog"));
        Files.writeString(dir.resolve("my prog/Makefile"), "odd: a.o\n\t$(CC) -o odd a.o\n");
        Files.writeString(dir.resolve("Makefile"), "CFLAGS = -O2\nall: tool\ntool: a.o\n\t$(CC) -o \"{x}\" a.o\n");
        Config c = init(dir);
        assertThat(c.build().artifact()).isEqualTo("{srcdir}/tool");
        assertThat(c.build().command()).doesNotContain("my prog");
    }

    @Test
    void aMakefileThatLinksNoProgramSaysSo() throws Exception {
        Path dir = tree("libfoo");
        Files.writeString(dir.resolve("Makefile"), "CFLAGS = -O2\nlibfoo.a: foo.o\n\t$(AR) rcs $@ $^\n");
        Config c = init(dir);
        assertThat(c.build().artifact()).isEqualTo("{srcdir}/CHANGE_ME");
        assertThat(Files.readString(dir.resolve("pgolab.toml"))).contains("CHANGE_ME: no rule of Makefile links a program");
    }

    @Test
    void continuationsAndCommentsAreJoinedAndTargetSpecificValuesAreNoAssignments() {
        Makefile mk = new Makefile(tmp.resolve("Makefile"), Makefile.joined("A = 1 \\\n  2 # two\nx: A = 3\nB := $(A)\n"));
        assertThat(mk.assigns("A")).extracting(Makefile.Assign::value).containsExactly("1    2");
        assertThat(mk.assigns("B")).extracting(Makefile.Assign::line).containsExactly(4);
        assertThat(MakeStarter.projectName("xxHash-0.8.1")).isEqualTo("xxhash");
        assertThat(MakeStarter.projectName("lz4")).isEqualTo("lz4");
    }

    /** zlib's shape: a configure script of its own (not autoconf's) beside CMakeLists.txt: CMake, not ./configure CC=... */
    @Test
    void aConfigureScriptThatIsNotAutoconfsDoesNotMakeAnAutoconfTree() throws Exception {
        Path dir = tree("zlib");
        Files.writeString(dir.resolve("configure"), "#!/bin/sh\n# configure script for zlib.\n");
        Files.writeString(dir.resolve("CMakeLists.txt"), "project(zlib C)\nadd_executable(minigzip test/minigzip.c)\n");
        assertThat(StarterConfig.detect(dir)).isEqualTo(StarterConfig.BuildSystem.CMAKE);
        Files.writeString(dir.resolve("configure"), "#!/bin/sh\n# Generated by GNU Autoconf 2.71 for hello 1.0.\n");
        assertThat(StarterConfig.detect(dir)).isEqualTo(StarterConfig.BuildSystem.AUTOCONF);
    }
}
