package io.pgolab.config.starter;

import io.pgolab.config.TomlText;
import io.pgolab.util.TextHead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The [[train]] and [[bench]] entries 'pgolab init' writes for a C or C++ tree, from what the project ships: its
 * test suite (make check/test, CTest, Meson's tests), its own benchmarks (a bench/ or benchmark/ directory, a
 * Google Benchmark suite, a bench target), and '{binary} --help' only when nothing better is known. Every command
 * init cannot know is marked "# guessed: ..." in the file, with CHANGE_ME; 'pgolab init --check' runs each once.
 */
final class WorkloadProposals {
    private static final List<String> BENCH_DIRS = List.of("bench", "benchmark", "benchmarks", "benches", "perf");
    private static final Pattern MAKE_BENCH = Pattern.compile("(?m)^(bench|benchmark|perf)\\s*:(?!=)");
    private static final Pattern GBENCH = Pattern.compile("(?i)find_package\\s*\\(\\s*benchmark\\b|benchmark::benchmark"
            + "|dependency\\s*\\(\\s*'benchmark'");
    private static final Pattern MAKE_CHECK = Pattern.compile("(?m)^(check|test)\\s*:(?!=)");
    private static final Pattern CMAKE_TEST = Pattern.compile("(?i)\\b(enable_testing|add_test)\\s*\\(");

    private WorkloadProposals() {
    }

    /** The user's [[train]] entry; share: its share of the merged counts beside a base training ("" without one). */
    static String train(Path dir, StarterConfig.BuildSystem bs, String share) {
        StringBuilder s = new StringBuilder();
        s.append("# Training: representative runs of the built program. Each must exit normally so the\n");
        s.append("# instrumented binary writes its profile. {binary} is the binary being trained.\n");
        s.append("# guessed: init found no workload of this project that runs the program itself");
        testSuite(dir, bs).ifPresent(t -> s.append(" (its test suite, ").append(t)
                .append(", most likely runs the programs its own build makes, not {binary})"));
        s.append(";\n# '{binary} --help' only starts it. Replace it with a run on real input.\n");
        s.append("[[train]]\nname = \"typical\"\ncommand = \"{binary} --help\"   # CHANGE_ME: a realistic workload\n");
        if (!share.isEmpty()) {
            s.append("share = ").append(share).append("                      # of the merged counts; the base below makes the rest\n");
        }
        s.append("timeout = \"10m\"\n\n");
        return s.toString();
    }

    /** The [[bench]] entry, and the project's own benchmarks as a commented suggestion when it ships some. */
    static String bench(Path dir, StarterConfig.BuildSystem bs) {
        StringBuilder s = new StringBuilder("# Benchmarks: held-out workloads (not the training ones) to compare variants on.\n");
        List<String> own = ownBenchmarks(dir, bs);
        Optional<BenchmarkMode> mode = BenchmarkMode.find(dir);
        if (mode.isPresent()) {
            BenchmarkMode b = mode.get();
            s.append("# guessed: the program's usage text offers a benchmark mode (").append(TomlText.comment(b.where())).append(": ")
                    .append(TomlText.comment(b.usage())).append(");\n# check what it runs without an input file.\n");
            s.append("[[bench]]\nname = \"main\"\ncommand = \"").append(b.command()).append("\"\n");
            return s.toString();
        }
        if (own.isEmpty()) {
            s.append("# guessed: the tree has no benchmark init knows (no bench/ directory, bench target or Google\n"
                    + "# Benchmark suite); '{binary} --help' measures start-up only.\n");
        } else {
            s.append("# guessed: the project ships benchmarks (").append(String.join(", ", own)).append(").\n"
                    + "# A suite that is its own program is a second config whose artifact is that program, with\n"
                    + "# parser = \"google-benchmark\" (docs/parsers.md, \"Microbenchmark suites\"); a script\n"
                    + "# that takes the program's path can run here: command = \"sh {root}/bench/run.sh {binary}\".\n");
        }
        s.append("[[bench]]\nname = \"main\"\ncommand = \"{binary} --help\"   # CHANGE_ME\n");
        return s.toString();
    }

    /** The project's test-suite command, when its build files have one. */
    static Optional<String> testSuite(Path dir, StarterConfig.BuildSystem bs) {
        try {
            if (bs == StarterConfig.BuildSystem.MESON) {
                return Optional.of("meson test");
            }
            if (bs == StarterConfig.BuildSystem.CMAKE && CMAKE_TEST.matcher(head(dir.resolve("CMakeLists.txt"))).find()) {
                return Optional.of("ctest");
            }
            for (Path mk : makefiles(dir)) {
                var m = MAKE_CHECK.matcher(head(mk));
                if (m.find()) {
                    return Optional.of("make " + m.group(1));
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** What the tree ships to benchmark with: "bench/ directory", "make bench", "a Google Benchmark suite". */
    static List<String> ownBenchmarks(Path dir, StarterConfig.BuildSystem bs) {
        List<String> out = new ArrayList<>();
        BENCH_DIRS.stream().filter(d -> Files.isDirectory(dir.resolve(d))).findFirst()
                .ifPresent(d -> out.add(d + "/ directory"));
        try {
            for (Path mk : makefiles(dir)) {
                var m = MAKE_BENCH.matcher(head(mk));
                if (m.find()) {
                    out.add("make " + m.group(1));
                    break;
                }
            }
            for (String f : List.of("CMakeLists.txt", "meson.build")) {
                if (Files.isRegularFile(dir.resolve(f)) && GBENCH.matcher(head(dir.resolve(f))).find()) {
                    out.add("a Google Benchmark suite in " + f);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return out;
        }
        return out;
    }

    private static List<Path> makefiles(Path dir) {
        return List.of("GNUmakefile", "makefile", "Makefile", "Makefile.in").stream().map(dir::resolve)
                .filter(Files::isRegularFile).toList();
    }

    private static String head(Path f) throws IOException {
        return TextHead.of(f, TextHead.PROJECT_FILE);
    }
}
