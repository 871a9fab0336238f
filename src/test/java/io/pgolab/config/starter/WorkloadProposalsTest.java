package io.pgolab.config.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.ConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadProposalsTest {
    @TempDir
    Path tmp;

    @Test
    void helpIsTheLastResortAndMarkedAsAGuess() throws Exception {
        Files.writeString(tmp.resolve("Makefile"), "app: main.o\n\tcc -o app main.o\n");
        String text = StarterConfig.render(tmp, "gcc");
        assertThat(text).contains("# guessed: init found no workload of this project that runs the program itself;")
                .contains("# guessed: the tree has no benchmark init knows").contains("command = \"{binary} --help\"");
        ConfigLoader.parse(tmp.resolve("pgolab.toml"), text);
    }

    @Test
    void namesTheTestSuiteAndTheBenchmarksTheProjectShips() throws Exception {
        Files.writeString(tmp.resolve("Makefile"), "app: main.o\n\tcc -o app main.o\ncheck: app\n\t./app\nbench: app\n\t./app -b\n");
        Files.createDirectories(tmp.resolve("benchmark"));
        String text = StarterConfig.render(tmp, "gcc");
        assertThat(text).contains("(its test suite, make check, most likely runs the programs its own build makes")
                .contains("# guessed: the project ships benchmarks (benchmark/ directory, make bench).");
        ConfigLoader.parse(tmp.resolve("pgolab.toml"), text);

        Path cmake = Files.createDirectories(tmp.resolve("cm"));
        Files.writeString(cmake.resolve("CMakeLists.txt"), "project(x C CXX)\nadd_executable(x main.c)\nenable_testing()\n"
                + "find_package(benchmark REQUIRED)\nadd_executable(bm bm.cc)\ntarget_link_libraries(bm benchmark::benchmark)\n");
        assertThat(WorkloadProposals.testSuite(cmake, StarterConfig.BuildSystem.CMAKE)).hasValue("ctest");
        assertThat(WorkloadProposals.ownBenchmarks(cmake, StarterConfig.BuildSystem.CMAKE))
                .containsExactly("a Google Benchmark suite in CMakeLists.txt");
    }

    /**
     * A program whose usage text offers a benchmark mode (lz4's " -b#    : benchmark file(s)", xxhsum's "  -b  Run
     * benchmark"): its [[bench]] runs that mode, marked guessed with the line it came from; a "-bfoo" option or a
     * test's usage text is not one.
     */
    @Test
    void aProgramsOwnBenchmarkModeIsTheBench() throws Exception {
        Files.writeString(tmp.resolve("Makefile"), "lz: cli.o\n\tcc -o lz cli.o\n");
        Files.createDirectories(tmp.resolve("programs"));
        Files.createDirectories(tmp.resolve("tests"));
        Files.writeString(tmp.resolve("tests/t.c"), "puts(\" --bench : benchmark the tests\");\n");
        Files.writeString(tmp.resolve("programs/cli.c"), "static void usage(void) {\n"
                + "    DISPLAY( \" -bfoo  : a benchmark-like option that is not -b\\n\");\n"
                + "    DISPLAY( \" -b#    : benchmark file(s), using # compression level (default : 1) \\n\");\n}\n");
        String text = StarterConfig.render(tmp, "gcc");
        assertThat(text).contains("# guessed: the program's usage text offers a benchmark mode (programs/cli.c:3: -b#    :"
                + " benchmark file(s), using # compression level (default : 1));")
                .contains("[[bench]]\nname = \"main\"\ncommand = \"{binary} -b\"\n");
        ConfigLoader.parse(tmp.resolve("pgolab.toml"), text);

        Path other = Files.createDirectories(tmp.resolve("x"));
        Files.writeString(other.resolve("Makefile"), "x: x.o\n\tcc -o x x.o\n");
        Files.writeString(other.resolve("x.c"), "puts(\"  -b                   Run benchmark \\n\");\n");
        assertThat(BenchmarkMode.find(other)).hasValueSatisfying(m -> assertThat(m.command()).isEqualTo("{binary} -b"));
        Files.writeString(other.resolve("x.c"), "puts(\"  -v  verbose\");\n");
        assertThat(BenchmarkMode.find(other)).isEmpty();
    }
}
