package io.pgolab.config.starter;

import io.pgolab.util.TextHead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A program's own benchmark mode, found in its usage text: a C string literal such as lz4's
 * {@code " -b#    : benchmark file(s), using # compression level"} or xxhsum's {@code "  -b   Run benchmark"}.
 * Compression tools and hash programs ship one; it is the nearest thing to "a benchmark the project ships" for a
 * program whose tree has no bench/ directory. Read, never run: init only proposes it, marked guessed.
 */
record BenchmarkMode(String option, String usage, String where) {
    /** An option (-b, -b#, --bench, --benchmark) opening a string literal, "benchmark" within the same literal. */
    private static final Pattern USAGE = Pattern.compile(
            "\"\\s*(-b#?|--bench(?:mark)?)(?![A-Za-z0-9_-])[^\"\\n]{0,60}?\\b(?:[Bb]enchmark|BENCHMARK)[^\"\\n]*\"");
    private static final int MAX_FILES = 400;
    private static final int MAX_DEPTH = 3;

    /** The first usage line that offers a benchmark, in the tree's C and C++ sources (tests and vendored code skipped). */
    static Optional<BenchmarkMode> find(Path dir) {
        try (Stream<Path> files = Files.walk(dir, MAX_DEPTH, new FileVisitOption[0])) {
            List<Path> sources = files.filter(f -> f.getFileName().toString().matches(".*\\.(c|cc|cpp|cxx)"))
                    .filter(f -> Files.isRegularFile(f)).filter(f -> !skipped(dir.relativize(f)))
                    .sorted().limit(MAX_FILES).toList();
            for (Path f : sources) {
                Optional<BenchmarkMode> m = in(dir, f);
                if (m.isPresent()) {
                    return m;
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** The command a [[bench]] runs: the option as the usage prints it, without its '#' (the program's default). */
    String command() {
        return "{binary} " + option.replace("#", "");
    }

    private static Optional<BenchmarkMode> in(Path dir, Path f) {
        String text;
        try {
            text = TextHead.of(f, TextHead.PROJECT_FILE);
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
        Matcher m = USAGE.matcher(text);
        if (!m.find()) {
            return Optional.empty();
        }
        int line = 1 + (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count();
        String usage = m.group().substring(1, m.group().length() - 1).replace("\\n", "").strip();
        return Optional.of(new BenchmarkMode(m.group(1), usage, dir.relativize(f) + ":" + line));
    }

    private static boolean skipped(Path rel) {
        for (Path p : rel) {
            String n = p.toString();
            if (n.startsWith(".") || n.equals("tests") || n.equals("test") || n.equals("third_party") || n.equals("vendor")
                    || n.equals("contrib") || n.equals("examples")) {
                return true;
            }
        }
        return false;
    }
}
