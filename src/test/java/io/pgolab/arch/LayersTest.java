package io.pgolab.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package layering of docs/architecture.md: a package imports only packages below it. Reads
 * the sources (imports and fully qualified names), so a new reverse import fails here, not in review.
 */
class LayersTest {
    /** Lowest first. The root package (UserError, Version) and util are below everything. */
    static final List<String> LAYERS = List.of("", "util", "tree", "config", "process", "stats", "parse", "toolchain",
            "workload", "measure", "store", "audit", "profile", "jvm", "pipeline", "bench", "report", "doctor", "cli");

    private static final Path MAIN = Path.of("src/main/java/io/pgolab");
    private static final Pattern REF = Pattern.compile("\\bio\\.pgolab\\.([a-z]+)\\.");

    @Test
    void noPackageImportsOneAboveIt() throws IOException {
        List<String> violations = new ArrayList<>();
        for (Path f : sources()) {
            String from = layerOf(f);
            Matcher m = REF.matcher(Files.readString(f));
            while (m.find()) {
                String to = m.group(1);
                assertThat(LAYERS).as("package io.pgolab.%s (used in %s) is in LayersTest.LAYERS", to, f).contains(to);
                if (LAYERS.indexOf(to) > LAYERS.indexOf(from)) {
                    violations.add(MAIN.relativize(f) + " (" + from + ") uses " + to);
                }
            }
        }
        assertThat(violations).as("imports against the layering of docs/architecture.md").isEmpty();
    }

    @Test
    void everyPackageHasALayer() throws IOException {
        for (Path f : sources()) {
            assertThat(LAYERS).as("layer of %s", f).contains(layerOf(f));
        }
    }

    @Test
    void commandsNeverCallEachOther() throws IOException {
        List<String> violations = new ArrayList<>();
        Pattern command = Pattern.compile("\\b([A-Z]\\w*Command)\\b");
        for (Path f : sources()) {
            String name = f.getFileName().toString().replace(".java", "");
            if (!layerOf(f).equals("cli") || !name.endsWith("Command")) {
                continue;
            }
            Matcher m = command.matcher(Files.readString(f));
            while (m.find()) {
                if (!m.group(1).equals(name) && !m.group(1).equals("ParentCommand")) {
                    violations.add(name + " uses " + m.group(1));
                }
            }
        }
        assertThat(violations).isEmpty();
    }

    private static List<Path> sources() throws IOException {
        try (Stream<Path> s = Files.walk(MAIN)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    /** The first package segment below io.pgolab ("" for the root); sub-packages (measure.perf) belong to theirs. */
    private static String layerOf(Path f) {
        Path rel = MAIN.relativize(f);
        return rel.getNameCount() == 1 ? "" : rel.getName(0).toString();
    }
}
