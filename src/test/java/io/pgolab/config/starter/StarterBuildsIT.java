package io.pgolab.config.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.cli.Cli;
import io.pgolab.config.ConfigLoader;
import io.pgolab.store.AuditRecord;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 'pgolab init' then 'pgolab build' on small real trees of each C build system, unedited, with gcc: the build
 * succeeds and release compiles at the project's own -O level, read from the compile audit's record.
 */
class StarterBuildsIT {
    private static final String MAIN = "#include <stdio.h>\nint work(int n);\nint main(int argc, char **argv) {"
            + " (void)argv; printf(\"%d\\n\", work(argc * 1000)); return 0; }\n";
    private static final String WORK = "int work(int n) { int s = 0; for (int i = 0; i < n; i++) s += i % 7; return s; }\n";

    @TempDir
    Path tmp;

    private static void requireGcc() {
        Tool.require(Files.isExecutable(Path.of("/usr/bin/gcc")), "gcc");
    }

    private static List<String> levels(Path dir, String variant) throws Exception {
        return Json.read(dir.resolve(".pgolab/audit/" + variant + ".json"), AuditRecord.class).levels();
    }

    private Path sources(String name) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        return dir;
    }

    private static void init(Path dir) {
        Cli.Result r = Cli.run(dir, "init", "--toolchain", "gcc");
        assertThat(r.exitCode()).as(r.all()).isZero();
    }

    private static void build(Path dir, String... variants) {
        String[] args = new String[variants.length + 1];
        args[0] = "build";
        System.arraycopy(variants, 0, args, 1, variants.length);
        Cli.Result b = Cli.run(dir, args);
        assertThat(b.exitCode()).as(b.all()).isZero();
    }

    /** lz4's shape: the program's Makefile one directory down, CFLAGS ?= -O3 and MOREFLAGS; release and pgo. */
    @Test
    void plainMakeReleaseKeepsTheProjectsO3AndPgoGetsItsFlags() throws Exception {
        requireGcc();
        Path dir = sources("calc-1.0");
        Files.writeString(dir.resolve("Makefile"), "all:\n\t$(MAKE) -C programs calc\nclean:\n\t$(MAKE) -C programs clean\n");
        Path programs = Files.createDirectories(dir.resolve("programs"));
        Files.writeString(programs.resolve("main.c"), MAIN);
        Files.writeString(programs.resolve("work.c"), WORK);
        Files.writeString(programs.resolve("Makefile"), """
                CFLAGS ?= -O3
                CFLAGS += -Wall $(MOREFLAGS)
                calc: main.o work.o
                \t$(CC) $(CFLAGS) $(LDFLAGS) $^ -o $@
                clean:
                \trm -f *.o calc
                """);
        init(dir);
        assertThat(ConfigLoader.load(dir.resolve("pgolab.toml")).build().artifact()).isEqualTo("{srcdir}/programs/calc");
        build(dir);
        assertThat(levels(dir, "release")).containsExactly("-O3");
        assertThat(levels(dir, "pgo")).containsExactly("-O3");
    }

    /** bzip2's shape: CFLAGS = ... -O3: the Makefile's value goes first on make's command line. */
    @Test
    void plainMakeWithItsOwnCflagsAssignmentKeepsItsO3() throws Exception {
        requireGcc();
        Path dir = sources("calc");
        Files.writeString(dir.resolve("main.c"), MAIN);
        Files.writeString(dir.resolve("work.c"), WORK);
        Files.writeString(dir.resolve("Makefile"), "CC=gcc\nCFLAGS=-Wall -O3 -g\ncalc: main.o work.o\n"
                + "\t$(CC) $(CFLAGS) $(LDFLAGS) -o calc main.o work.o\n");
        init(dir);
        build(dir, "release");
        assertThat(levels(dir, "release")).containsExactly("-O3");
    }

    /** configure.ac only (autoreconf in the configure step), whose own CFLAGS add -O3 to autoconf's -g -O2. */
    @Test
    void autoconfFromConfigureAcKeepsTheLevelConfigureAcSets() throws Exception {
        requireGcc();
        Tool.require(Files.isExecutable(Path.of("/usr/bin/autoreconf")), "autoconf (autoreconf)");
        Path dir = sources("calc");
        Files.writeString(dir.resolve("configure.ac"), "AC_INIT([calc], [1.0])\nAC_PROG_CC\nCFLAGS=\"$CFLAGS -O3\"\n"
                + "AC_CONFIG_FILES([Makefile])\nAC_OUTPUT\n");
        Files.writeString(dir.resolve("Makefile.in"), "CC = @CC@\nCFLAGS = @CFLAGS@\nLDFLAGS = @LDFLAGS@\n"
                + "calc: main.o work.o\n\t$(CC) $(CFLAGS) $(LDFLAGS) -o calc main.o work.o\n");
        Files.writeString(dir.resolve("main.c"), MAIN);
        Files.writeString(dir.resolve("work.c"), WORK);
        init(dir);
        assertThat(Files.readString(dir.resolve("pgolab.toml"))).contains("cflags = \"-g -O3\"   # guessed: configure.ac puts -O3");
        build(dir, "release");
        assertThat(levels(dir, "release")).containsExactly("-O3");
    }

    private Path cmakeTree() throws Exception {
        Path dir = sources("calc");
        Files.writeString(dir.resolve("CMakeLists.txt"), """
                cmake_minimum_required(VERSION 3.13)
                project(calc C)
                if(NOT CMAKE_BUILD_TYPE)
                  set(CMAKE_BUILD_TYPE "RelWithDebInfo" CACHE STRING "" FORCE)
                endif()
                set(CMAKE_C_FLAGS "${CMAKE_C_FLAGS} -Wall")
                add_subdirectory(src)
                """);
        Path src = Files.createDirectories(dir.resolve("src"));
        Files.writeString(src.resolve("CMakeLists.txt"), "set(PROGRAM calc)\nadd_library(work STATIC work.c)\n"
                + "add_executable(${PROGRAM} main.c)\ntarget_link_libraries(${PROGRAM} work)\n");
        Files.writeString(src.resolve("main.c"), MAIN);
        Files.writeString(src.resolve("work.c"), WORK);
        return dir;
    }

    /** CMake's default generator: the CMakeLists.txt's own build type (RelWithDebInfo: -O2 -g), the program in src/. */
    @Test
    void cmakeWithTheMakeGeneratorBuildsTheProjectsOwnBuildType() throws Exception {
        requireGcc();
        Tool.require(Files.isExecutable(Path.of("/usr/bin/cmake")), "cmake");
        Path dir = cmakeTree();
        init(dir);
        assertThat(ConfigLoader.load(dir.resolve("pgolab.toml")).build().artifact()).isEqualTo("{builddir}/src/calc");
        assertThat(ConfigLoader.load(dir.resolve("pgolab.toml")).build().command()).contains("-DCMAKE_BUILD_TYPE=RelWithDebInfo");
        build(dir, "release");
        assertThat(levels(dir, "release")).containsExactly("-O2");
    }

    @Test
    void cmakeWithNinjaBuildsTheSame() throws Exception {
        requireGcc();
        Tool.require(Files.isExecutable(Path.of("/usr/bin/cmake")), "cmake");
        Tool.require(Files.isExecutable(Path.of("/usr/bin/ninja")), "ninja (ninja-build)");
        Path dir = cmakeTree();
        init(dir);
        Path toml = dir.resolve("pgolab.toml");
        Files.writeString(toml, Files.readString(toml).replace("cmake -S {srcdir} -B {builddir}", "cmake -G Ninja -S {srcdir} -B {builddir}"));
        build(dir, "release");
        assertThat(levels(dir, "release")).containsExactly("-O2");
        assertThat(dir.resolve(".pgolab/build/release/build.ninja")).exists();
    }

    /** Meson with its own default buildtype=release: -O3, and c_args (pgolab's flags) after it. */
    @Test
    void mesonBuildsItsDefaultBuildTypeForReal() throws Exception {
        requireGcc();
        Tool.require(Files.isExecutable(Path.of("/usr/bin/meson")), "meson");
        Path dir = sources("calc");
        Files.writeString(dir.resolve("meson.build"), "project('calc', 'c', default_options: ['buildtype=release', 'warning_level=2'])\n"
                + "calc = executable(\n  'calc',\n  ['main.c', 'work.c'])\n");
        Files.writeString(dir.resolve("main.c"), MAIN);
        Files.writeString(dir.resolve("work.c"), WORK);
        init(dir);
        assertThat(Files.readString(dir.resolve("pgolab.toml"))).contains("--buildtype=release: meson.build's own default");
        build(dir);
        assertThat(levels(dir, "release")).containsExactly("-O3");
        assertThat(levels(dir, "pgo")).containsExactly("-O3");
    }
}
