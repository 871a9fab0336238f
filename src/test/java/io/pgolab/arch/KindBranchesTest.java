package io.pgolab.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Only toolchain/ and config/ branch on a toolchain kind's name ("gcc".equals(kind), a case "go", a list of
 * names); the others ask io.pgolab.toolchain.ToolchainKind or the Toolchain. pipeline/ is left out until
 * its own split (issue 38) has replaced its branches.
 */
class KindBranchesTest {
    private static final Path MAIN = Path.of("src/main/java/io/pgolab");
    private static final Set<String> ALLOWED = Set.of("toolchain", "config");
    private static final String KIND = "\"(?:clang|gcc|cargo|go|jvm)\"";
    private static final Pattern BRANCH = Pattern.compile("equals\\(" + KIND + "\\)|" + KIND + "\\.equals\\(|case " + KIND
            + "|of\\(" + KIND + "[^)]*\\)\\.contains\\(");

    @Test
    void noBranchOnAToolchainKindNameOutsideToolchainAndConfig() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> s = Files.walk(MAIN)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                Path rel = MAIN.relativize(f);
                if (rel.getNameCount() > 1 && ALLOWED.contains(rel.getName(0).toString())) {
                    continue;
                }
                Matcher m = BRANCH.matcher(Files.readString(f));
                while (m.find()) {
                    found.add(rel + ": " + m.group());
                }
            }
        }
        assertThat(found).as("branches on a toolchain kind's name").isEmpty();
    }
}
