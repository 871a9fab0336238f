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
}
