package io.pgolab.init;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.elf.ElfKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The check's pure parts: ranking what a build made, lines of keys, the plain command, sized timeouts, the rule. */
class InitCheckPartsTest {
    @TempDir
    Path tmp;

    private static BuiltFiles.Built built(String path, ElfKind kind, long bytes, long modified) {
        return new BuiltFiles.Built(Path.of("/b").resolve(path), path, kind, bytes, modified);
    }

    @Test
    void programsComeFirstThenTheProjectsNameThenSizeThenTheLastLinked() {
        List<BuiltFiles.Built> files = List.of(
                built("lib/liblz4.so.1.9.4", ElfKind.SHARED_LIBRARY, 900_000, 5),
                built("tests/fuzzer", ElfKind.EXECUTABLE, 800_000, 9),
                built("programs/lz4", ElfKind.EXECUTABLE, 300_000, 3),
                built("tests/datagen", ElfKind.EXECUTABLE, 100_000, 8),
                built("tests/frametest", ElfKind.EXECUTABLE, 100_000, 9));
        assertThat(BuiltFiles.ranked(files, "lz4").stream().map(BuiltFiles.Built::shown).toList()).containsExactly(
                "programs/lz4", "tests/fuzzer", "tests/frametest", "tests/datagen", "lib/liblz4.so.1.9.4");
        // a project named otherwise: the largest program first
        assertThat(BuiltFiles.ranked(files, "zzz").get(0).shown()).isEqualTo("tests/fuzzer");
    }

    @Test
    void builtFilesAreNamedByTheInnermostBuildDirectory() {
        Path root = Path.of("/p");
        Path build = root.resolve(".pgolab/init-check/release/.pgolab/build/release");
        assertThat(CheckBuild.placeholder(build.resolve("cmx-tool"), build, root, build.resolve("install-tree")))
                .isEqualTo("{builddir}/cmx-tool");   // CMake: root is the sources, the build directory inside it
        assertThat(CheckBuild.placeholder(build.resolve("src/programs/lz"), build, build.resolve("src"),
                build.resolve("install-tree"))).isEqualTo("{srcdir}/programs/lz");   // a copy of the sources
        assertThat(CheckBuild.placeholder(build.resolve("install-tree/usr/bin/x"), build, build.resolve("src"),
                build.resolve("install-tree"))).isEqualTo("{installdir}/usr/bin/x");
        assertThat(CheckBuild.placeholder(root.resolve("app"), build, root, build.resolve("install-tree")))
                .isEqualTo("{srcdir}/app");
    }

    @Test
    void keyLinesFindKeysInTablesAndArraysOfTables() {
        KeyLines k = new KeyLines("[project]\nname = \"x\"\n[build]\ncommand = \"make\"\nartifact = \"a\"  # c\n"
                + "[[train]]\nname = \"t\"\ncommand = \"x\"\n[[train]] # second\nname = \"u\"\ncommand = \"y\"\n"
                + "[[bench]]\ncommand = \"z\"\n# CHANGE_ME in a comment\ncommand2 = \"q\" # CHANGE_ME\n");
        assertThat(k.line("build", 0, "artifact")).hasValue(5);
        assertThat(k.line("train", 1, "command")).hasValue(11);
        assertThat(k.line("bench", 0, "command")).hasValue(13);
        assertThat(k.line("build", 0, "timeout")).isEmpty();
        assertThat(k.where("pgolab.toml", "build", 0, "timeout")).isEqualTo("pgolab.toml, [build] timeout");
        assertThat(k.guesses("pgolab.toml")).containsExactly("guessed by init, check it: pgolab.toml:15: command2 = \"q\" # CHANGE_ME");
    }

    @Test
    void theProjectsOwnBuildDropsEveryFlagVariablePgolabPasses() {
        assertThat(ReferenceBuild.plain("make -C {srcdir} -j{jobs} CC='{cc}' CFLAGS='-O2 {cflags}' CXXFLAGS=\"-O2 {cxxflags}\""
                + " LDFLAGS={ldflags} all")).isEqualTo(ReferenceBuild.UNSET + "make -C {srcdir} -j{jobs} CC='{cc}' all");
        assertThat(ReferenceBuild.plain("cmake -S {srcdir} -B {builddir} -DCMAKE_BUILD_TYPE=Release"
                + " -DCMAKE_C_FLAGS='{cflags}' -DCMAKE_EXE_LINKER_FLAGS='{ldflags}' && cmake --build {builddir}"))
                .isEqualTo(ReferenceBuild.UNSET + "cmake -S {srcdir} -B {builddir} -DCMAKE_BUILD_TYPE=Release && cmake"
                        + " --build {builddir}");
        assertThat(ReferenceBuild.plain("meson setup {builddir} -Dc_args='{cflags}' -Dc_link_args='{ldflags}'"))
                .isEqualTo(ReferenceBuild.UNSET + "meson setup {builddir}");
        assertThat(ReferenceBuild.plain("make MYCFLAGS=x")).isEqualTo(ReferenceBuild.UNSET + "make MYCFLAGS=x");
        assertThat(ReferenceBuild.assignments("make CFLAGS='-O2 {cflags}' X=1")).containsExactly("CFLAGS='-O2 {cflags}'");
    }

    @Test
    void timeoutsAreFourTimesTheMeasuredTimeWithFloors() {
        assertThat(SizedDefaults.timeout(1, SizedDefaults.BUILD_FLOOR_MINUTES)).isEqualTo("10m");
        assertThat(SizedDefaults.timeout(200, SizedDefaults.BUILD_FLOOR_MINUTES)).isEqualTo("14m");
        assertThat(SizedDefaults.timeout(31 * 60, SizedDefaults.BUILD_FLOOR_MINUTES)).isEqualTo("125m");
        assertThat(SizedDefaults.timeout(30 * 60, SizedDefaults.BUILD_FLOOR_MINUTES)).isEqualTo("2h");
        assertThat(SizedDefaults.timeout(0.01, SizedDefaults.WORKLOAD_FLOOR_MINUTES)).isEqualTo("2m");
        assertThat(SizedDefaults.apply("a\nb\nc\n", List.of(new SizedDefaults.Edit(2, "B", "")))).isEqualTo("a\nB\nc\n");
    }

    @Test
    void jobsAreProposedForMakeWithoutAJobCount() {
        assertThat(InitCheck.jobs("make -C {srcdir} CC={cc}")).isPresent();
        assertThat(InitCheck.jobs("cmake -S a -B b && cmake --build b")).isPresent();
        assertThat(InitCheck.jobs("./configure && make")).isPresent();
        assertThat(InitCheck.jobs("make -C {srcdir} -j{jobs}")).isEmpty();
        assertThat(InitCheck.jobs("cmake --build b --parallel 4")).isEmpty();
        assertThat(InitCheck.jobs("meson setup b && meson compile -C b")).isEmpty();
        assertThat(InitCheck.jobs("cmake -G Ninja -S a -B b && ninja -C b")).isEmpty();
    }

    @Test
    void initChecksItselfOnlyOnATerminalForASmallTreeWithABuildSystem() throws Exception {
        assertThat(CheckRule.decide(tmp, true).check()).isFalse();   // no build system
        Files.writeString(tmp.resolve("Makefile"), "app:\n\tcc -o app main.c\n");
        assertThat(CheckRule.decide(tmp, true).check()).isTrue();
        assertThat(CheckRule.decide(tmp, false).why()).contains("no terminal");
        Path big = Files.createDirectories(tmp.resolve("src"));
        for (int i = 0; i <= CheckRule.MAX_FILES; i++) {
            Files.writeString(big.resolve("f" + i + ".c"), "");
        }
        assertThat(CheckRule.decide(tmp, true).why()).contains("a large tree");
    }
}
