package io.pgolab.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The size limits of docs/architecture.md: no package (a directory of sources) over 35 files or 4 000 lines, no
 * source file over 400 lines. A package that grows past them is split by what its parts are.
 */
class SizesTest {
    static final int MAX_FILES = 35;
    static final int MAX_PACKAGE_LINES = 4000;
    static final int MAX_FILE_LINES = 400;
    private static final Path MAIN = Path.of("src/main/java/io/pgolab");

    @Test
    void packagesAndFilesStayWithinTheLimits() throws IOException {
        Map<Path, int[]> packages = new TreeMap<>();
        List<String> over = new ArrayList<>();
        try (Stream<Path> s = Files.walk(MAIN)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".java")).toList()) {
                int lines = (int) Files.lines(f).count();
                int[] pkg = packages.computeIfAbsent(MAIN.relativize(f.getParent()), k -> new int[2]);
                pkg[0]++;
                pkg[1] += lines;
                if (lines > MAX_FILE_LINES) {
                    over.add(MAIN.relativize(f) + ": " + lines + " lines (at most " + MAX_FILE_LINES + ")");
                }
            }
        }
        packages.forEach((p, n) -> {
            if (n[0] > MAX_FILES || n[1] > MAX_PACKAGE_LINES) {
                over.add("package " + p + ": " + n[0] + " files, " + n[1] + " lines (at most " + MAX_FILES + " and "
                        + MAX_PACKAGE_LINES + ")");
            }
        });
        assertThat(packages).as("packages found").hasSizeGreaterThan(10);
        assertThat(over).as("over the size limits of docs/architecture.md").isEmpty();
    }
}
