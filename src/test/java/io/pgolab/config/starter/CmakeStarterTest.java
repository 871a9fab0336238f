package io.pgolab.config.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CMake and Meson starters: the project's own build type, the program's file, guesses marked. */
class CmakeStarterTest {
    @TempDir
    Path tmp;

    private String init(Path dir) throws Exception {
        String text = StarterConfig.render(dir, "gcc");
        ConfigLoader.parse(dir.resolve("pgolab.toml"), text);   // a valid config
        return text;
    }

    private Config config(Path dir) throws Exception {
        return ConfigLoader.parse(dir.resolve("pgolab.toml"), StarterConfig.render(dir, "gcc"));
    }

    /** cmark's shape: the default build type set in the CMakeLists.txt, the program in src/ under its OUTPUT_NAME. */
    @Test
    void theOwnDefaultBuildTypeAndTheOutputNameOfASubdirectorysProgram() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("cmark-0.30.2"));
        Files.writeString(dir.resolve("CMakeLists.txt"), "project(cmark VERSION 0.30.2)\nif(NOT CMAKE_BUILD_TYPE)\n"
                + "  set(CMAKE_BUILD_TYPE \"MinSizeRel\" CACHE STRING \"\")\nendif()\nadd_subdirectory(src)\n");
        Files.createDirectories(dir.resolve("src"));
        Files.writeString(dir.resolve("src/CMakeLists.txt"), "set(PROGRAM \"cmark_exe\")\nadd_executable(${PROGRAM} main.c)\n"
                + "set_target_properties(${PROGRAM} PROPERTIES\n  OUTPUT_NAME \"cmark\")\nadd_executable(cmark-fuzz fuzz.c)\n");
        Files.createDirectories(dir.resolve("fuzzing"));
        Files.writeString(dir.resolve("fuzzing/CMakeLists.txt"), "add_executable(afl-main afl.c)\n");
        String text = init(dir);
        Config c = config(dir);
        assertThat(c.build().command()).contains("-DCMAKE_BUILD_TYPE=MinSizeRel", "-DCMAKE_C_FLAGS='{cflags}'",
                "-DCMAKE_SHARED_LINKER_FLAGS='{ldflags}'");
        assertThat(c.build().artifact()).isEqualTo("{builddir}/src/cmark");
        assertThat(text).contains("# CMAKE_BUILD_TYPE=MinSizeRel: the CMakeLists.txt's own default.", "named like the project",
                "# other programs it builds: src/cmark-fuzz").doesNotContain("afl-main");
    }

    /** No default build type: Release, marked as a guess; an ALIAS is no program; a test program is said to be one. */
    @Test
    void aLibraryTreeWithATestProgramGetsReleaseAndSaysWhatItGuessed() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("cjson"));
        Files.writeString(dir.resolve("CMakeLists.txt"), "project(cJSON C)\nadd_library(cjson cJSON.c)\n"
                + "set(TEST_CJSON cJSON_test)\nadd_executable(\"${TEST_CJSON}\" test.c)\nadd_executable(cjson::x ALIAS cjson)\n");
        String text = init(dir);
        assertThat(config(dir).build().artifact()).isEqualTo("{builddir}/cJSON_test");
        assertThat(text).contains("# guessed: CMAKE_BUILD_TYPE=Release", "the only add_executable is a test program")
                .doesNotContain("cjson::x");
    }

    @Test
    void aLibraryOnlyTreeSaysSoAndAReplacedCmakeCFlagsIsMarked() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("inih"));
        Files.writeString(dir.resolve("CMakeLists.txt"), "project(inih C)\nset(CMAKE_C_FLAGS \"-O2 -Wall\")\n"
                + "add_library(inih ini.c)\n");
        String text = init(dir);
        assertThat(config(dir).build().artifact()).isEqualTo("{builddir}/CHANGE_ME");
        assertThat(text).contains("this tree builds a library only (add_library(inih))",
                "CHANGE_ME: the CMakeLists.txt sets CMAKE_C_FLAGS or CMAKE_CXX_FLAGS without ${CMAKE_C_FLAGS}");
    }

    /** Meson's own default is debug (-O0): release, marked; an optimized default_options buildtype is kept. */
    @Test
    void mesonKeepsAnOptimizedDefaultBuildTypeAndMarksItsGuessOtherwise() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("tool"));
        Files.writeString(dir.resolve("meson.build"), "project('tool', 'c')\nexecutable('tool', 'main.c')\n");
        assertThat(init(dir)).contains("--buildtype=release -Db_lto=false", "# guessed: --buildtype=release (-O3);"
                + " meson.build's default is Meson's, debug (-O0).");
        Files.writeString(dir.resolve("meson.build"), "project('tool', 'c',\n  default_options: ['warning_level=3',"
                + " 'buildtype=debugoptimized'])\nexecutable('tool', 'main.c')\n");
        assertThat(init(dir)).contains("--buildtype=debugoptimized -Db_lto=false", "# --buildtype=debugoptimized:"
                + " meson.build's own default.");
    }
}
