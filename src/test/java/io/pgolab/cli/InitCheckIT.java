package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.config.ConfigLoader;
import io.pgolab.process.Exec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pgolab init --check on a small real tree shaped like the compression library: a Makefile with its own
 * 'CFLAGS ?= -O3', a shared library and a program in subdirectories, no target named like a file.
 */
class InitCheckIT {
    static final String MAKEFILE = """
            CFLAGS ?= -O3
            default: lz
            lz: lib/liblz.so.1.2 programs/lz

            lib/liblz.so.1.2: lib/lz.c
            \t$(CC) $(CFLAGS) -fPIC -shared -o $@ lib/lz.c

            programs/lz: programs/main.c lib/lz.c
            \t$(CC) $(CFLAGS) -o $@ programs/main.c lib/lz.c

            clean:
            \trm -f lib/liblz.so.1.2 programs/lz
            """;

    @TempDir
    Path tmp;
    Path lz;

    @BeforeEach
    void tree() throws Exception {
        Tool.require(Exec.capture(null, List.of("make", "--version")).ok(), "make");
        Tool.require(Exec.capture(null, List.of("gcc", "--version")).ok(), "gcc");
        lz = Files.createDirectories(tmp.resolve("lz"));
        Files.createDirectories(lz.resolve("lib"));
        Files.createDirectories(lz.resolve("programs"));
        Files.writeString(lz.resolve("lib/lz.c"), "int lz_sum(const char *s) { int n = 0; while (*s) n += *s++; return n; }\n");
        Files.writeString(lz.resolve("programs/main.c"), """
                #include <stdio.h>
                int lz_sum(const char *s);
                int main(int argc, char **argv) {
                    if (argc > 1 && argv[1][0] == 'x') { fprintf(stderr, "bad input x\\n"); return 3; }
                    printf("%d\\n", lz_sum(argc > 1 ? argv[1] : "hello"));
                    return 0;
                }
                """);
        Files.writeString(lz.resolve("Makefile"), MAKEFILE);
    }

    /**
     * init --check on the tree init has never seen: the starter keeps the project's own CFLAGS ?= -O3 (pgolab's flags go
     * in the environment after it), the check finds the program the Makefile links and writes it and the sized
     * timeouts; the release build compiles at the project's -O3, so the check says ready.
     */
    @Test
    void initCheckFindsTheProgramAndKeepsTheProjectsOptimizationLevel() throws Exception {
        Cli.Result r = Cli.run(lz, "init", "--toolchain", "gcc", "--check");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("it made: programs/lz (executable), lib/liblz.so.1.2 (shared library)")
                .contains("[[train]] typical: ok").contains("[[bench]] main: ok")
                .contains("build.artifact = \"{srcdir}/programs/lz\"")
                .contains("release: -O3 as the project builds it")
                .contains("ready: pgolab build");
        String text = Files.readString(lz.resolve("pgolab.toml"));
        assertThat(text).contains("artifact = \"{srcdir}/programs/lz\"   # found by the check")
                .contains("timeout = \"10m\"   # sized by the check").contains("# guessed:");
        assertThat(ConfigLoader.load(lz.resolve("pgolab.toml")).build().artifact()).isEqualTo("{srcdir}/programs/lz");
        assertThat(lz.resolve(".pgolab/init-check/release/.pgolab/build")).doesNotExist();   // the builds are removed
        assertThat(lz.resolve(".pgolab/bin")).doesNotExist();   // nothing in the user's store

        Cli.Result build = Cli.run(lz, "build", "release");
        assertThat(build.exitCode()).as(build.all()).isZero();
    }

    /** An existing config: a wrong artifact is listed with the program first; the file is not changed; exit 1. */
    @Test
    void checkOfAnExistingConfigListsCandidatesAndLeavesTheFile() throws Exception {
        String config = config("{srcdir}/default", "-O3", "{binary} hello", "{binary} xyz");
        Files.writeString(lz.resolve("pgolab.toml"), config);
        Cli.Result r = Cli.run(lz, "init", "--check");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.out()).contains("1. pgolab.toml:8: artifact = \"{srcdir}/default\" is not a file the build made;"
                        + " the build made programs/lz (executable), lib/liblz.so.1.2 (shared library); set artifact ="
                        + " \"{srcdir}/programs/lz\"")
                .contains("[[train]] typical: ok")
                .contains("[[bench]] main: failed").contains("pgolab.toml:19: [[bench]] 'main' failed against the"
                        + " release build").contains("exited with status 3").contains("bad input x")
                .contains("release: -O3 as the project builds it (-O3 (2 compiles), -march not set)");
        assertThat(lz.resolve("pgolab.toml")).hasContent(config);
    }

    /** Flags kept (CFLAGS from the environment for a 'CFLAGS ?=' Makefile), the program named, workloads passing: ready. */
    @Test
    void aConfigThatBuildsAsTheProjectDoesIsReady() throws Exception {
        Files.writeString(lz.resolve("pgolab.toml"), config("{srcdir}/programs/lz", "-O3", "{binary} hello", "{binary} abc"));
        Cli.Result r = Cli.run(lz, "init", "--check");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("release: -O3 as the project builds it").contains("proposed: build.timeout = \"10m\"")
                .contains("ready: pgolab build && pgolab bench will work").doesNotContain("not ready");

        // a shared library is no program: the workloads run against the program instead, and the line says so
        Files.writeString(lz.resolve("pgolab.toml"), config("{srcdir}/lib/liblz.so.1.2", "-O3", "{binary} hello", "{binary} abc"));
        Cli.Result lib = Cli.run(lz, "init", "--check");
        assertThat(lib.exitCode()).as(lib.all()).isEqualTo(1);
        assertThat(lib.out()).contains("1. pgolab.toml:8: artifact = \"{srcdir}/lib/liblz.so.1.2\" is a shared library, not a"
                + " program; the build made programs/lz (executable), lib/liblz.so.1.2 (shared library); set artifact ="
                + " \"{srcdir}/programs/lz\"").contains("workloads: run against {srcdir}/programs/lz").contains("[[bench]] main: ok");

        // the other way: build.cflags lowers the project's -O3 to -O2, and its line is named
        Files.writeString(lz.resolve("pgolab.toml"), config("{srcdir}/programs/lz", "-O2", "{binary} hello", "{binary} abc"));
        Cli.Result lower = Cli.run(lz, "init", "--check");
        assertThat(lower.exitCode()).as(lower.all()).isEqualTo(1);
        assertThat(lower.out()).contains("1. release compiles at -O2 (2 compiles) where the project's own build uses -O3"
                + " (2 compiles): pgolab.toml:11 (cflags = \"-O2\") changes them");
    }

    /** CMake builds in {builddir}, inside the project's store: the candidates are named from there. */
    @Test
    void cmakeTreeWithAWrongArtifactGetsTheProgramFromTheBuildDirectory() throws Exception {
        Tool.require(Exec.capture(null, List.of("cmake", "--version")).ok(), "cmake");
        Path cm = Files.createDirectories(tmp.resolve("cm"));
        Files.writeString(cm.resolve("CMakeLists.txt"), """
                cmake_minimum_required(VERSION 3.10)
                project(cmx C)
                add_library(cmxcore SHARED core.c)
                add_executable(cmx-tool main.c)
                target_link_libraries(cmx-tool cmxcore)
                """);
        Files.writeString(cm.resolve("core.c"), "int core(int x) { return x * 2; }\n");
        Files.writeString(cm.resolve("main.c"), "int core(int);\nint main(void) { return core(21) == 42 ? 0 : 1; }\n");
        Cli.Result init = Cli.run(cm, "init", "--toolchain", "gcc", "--no-check");
        assertThat(init.exitCode()).as(init.all()).isZero();
        assertThat(init.all()).doesNotContain("checking the config");
        Path file = cm.resolve("pgolab.toml");
        Files.writeString(file, Files.readString(file).replace("artifact = \"{builddir}/cmx-tool\"", "artifact = \"{builddir}/cmx\""));
        Cli.Result r = Cli.run(cm, "init", "--check");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.out()).contains("it made: cmx-tool (executable), libcmxcore.so (shared library)")
                .contains("artifact = \"{builddir}/cmx\" is not a file the build made").contains("set artifact ="
                        + " \"{builddir}/cmx-tool\"")
                .contains("workloads: run against {builddir}/cmx-tool, the most likely program")
                // CMake without a build type compiles without -O; the starter's Release build type is the project's own
                .contains("release: -O3 as the project builds it");
    }

    /** init without --check in a script (no terminal) does not build, and says how to. */
    @Test
    void initWithoutATerminalDoesNotBuild() {
        Cli.Result r = Cli.run(lz, "init", "--toolchain", "gcc");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("not checking the config (no terminal").contains("pgolab init --check");
        assertThat(lz.resolve(".pgolab/init-check")).doesNotExist();
        Cli.Result both = Cli.run(lz, "init", "--force", "--check", "--no-check");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("--check and --no-check");
    }

    /** A config for the tree; cflags reach the Makefile as CFLAGS from the environment ('CFLAGS ?= -O3'). */
    static String config(String artifact, String cflags, String train, String bench) {
        return "[project]\nname = \"lz\"\ncopy_sources = true\nvariants = [\"release\", \"pgo\"]\n[toolchain]\nkind = \"gcc\"\n"
                + "[build]\nartifact = \"" + artifact + "\"\ncommand = \"make -C {srcdir} -j{jobs} CC={cc}\"\n"
                + "clean = \"make -C {srcdir} clean\"\ncflags = \"" + cflags + "\"\ntimeout = \"30m\"\n"
                + "[[train]]\nname = \"typical\"\ncommand = \"" + train + "\"\ntimeout = \"1m\"\n"
                + "[[bench]]\nname = \"main\"\ncommand = \"" + bench + "\"\n";
    }
}
