package io.pgolab.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package layering of docs/architecture.md: a package imports only packages below it, and only those its row of
 * the table there names. Reads the sources (imports and fully qualified names) and the table, so a new reverse import,
 * or one the table does not list, fails here, not in review.
 */
class LayersTest {
    /** Lowest first. The root package (UserError, Version) and util are below everything. */
    static final List<String> LAYERS = List.of("", "util", "tree", "parse", "config", "process", "stats", "toolchain",
            "workload", "measure", "store", "audit", "profile", "jvm", "pipeline", "bench", "init", "report", "doctor", "cli");

    private static final Path MAIN = Path.of("src/main/java/io/pgolab");
    private static final Path DOC = Path.of("docs/architecture.md");
    private static final Pattern NAME = Pattern.compile("`([a-z]+)(?:\\.[a-z]+)?`|\\b([a-z]+)(?:\\.[a-z]+)?\\b");
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
    void theTableListsTheLayersInOrder() throws IOException {
        assertThat(List.copyOf(table().keySet())).isEqualTo(LAYERS);
    }

    @Test
    void packagesImportOnlyWhatTheTableAllows() throws IOException {
        Map<String, Set<String>> table = table();
        List<String> violations = new ArrayList<>();
        for (Path f : sources()) {
            String from = layerOf(f);
            Matcher m = REF.matcher(Files.readString(f));
            while (m.find()) {
                String to = m.group(1);
                if (!to.equals(from) && !table.get(from).contains(to)) {
                    violations.add(MAIN.relativize(f) + " (" + from + ") uses " + to);
                }
            }
        }
        assertThat(violations).as("imports the table of docs/architecture.md does not list").isEmpty();
    }

    /**
     * The table's rows in order: each package (the root is "") with the packages it may import ("everything": all
     * of them; a sub-package such as measure.perf counts as its package).
     */
    static Map<String, Set<String>> table() throws IOException {
        Map<String, Set<String>> rows = new LinkedHashMap<>();
        boolean in = false;
        for (String line : Files.readAllLines(DOC)) {
            if (line.startsWith("| layer (lowest first)")) {
                in = true;
            } else if (in && !line.startsWith("|")) {
                break;
            } else if (in && !line.startsWith("|---")) {
                String[] cells = line.split("\\|");
                Set<String> may = new LinkedHashSet<>();
                if (cells[2].strip().equals("everything")) {
                    may.addAll(LAYERS);
                } else if (!cells[2].strip().startsWith("nothing")) {
                    Matcher w = NAME.matcher(cells[2]);
                    while (w.find()) {
                        may.add(w.group(1) != null ? w.group(1) : w.group(2));
                    }
                }
                Matcher p = Pattern.compile("`([a-z]+)`").matcher(cells[1].replaceAll("\\(.*?\\)", ""));
                if (cells[1].strip().startsWith("root")) {
                    rows.put("", may);
                }
                while (p.find()) {
                    rows.put(p.group(1), may);
                }
            }
        }
        return rows;
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

    /**
     * toolchain's sub-packages (toolchain.gcc, toolchain.llvm, ...) are in toolchain's layer; among them
     * (toolchain itself included) no package reaches itself through the others.
     */
    @Test
    void toolchainSubPackagesFormNoCycle() throws IOException {
        Pattern ref = Pattern.compile("\\bio\\.pgolab\\.(toolchain(?:\\.[a-z]+)*)\\.[A-Z]");
        Map<String, Set<String>> uses = new TreeMap<>();
        for (Path f : sources()) {
            Path rel = MAIN.relativize(f);
            if (!layerOf(f).equals("toolchain")) {
                continue;
            }
            String from = "toolchain" + (rel.getNameCount() > 2 ? "." + rel.getName(1) : "");
            Matcher m = ref.matcher(Files.readString(f));
            while (m.find()) {
                if (!m.group(1).equals(from)) {
                    uses.computeIfAbsent(from, k -> new TreeSet<>()).add(m.group(1));
                }
            }
        }
        for (String p : uses.keySet()) {
            assertThat(reachable(uses, p)).as("%s reaches itself through %s", p, uses).doesNotContain(p);
        }
    }

    private static Set<String> reachable(Map<String, Set<String>> uses, String from) {
        Set<String> seen = new TreeSet<>();
        Deque<String> todo = new ArrayDeque<>(uses.getOrDefault(from, Set.of()));
        while (!todo.isEmpty()) {
            String p = todo.pop();
            if (seen.add(p)) {
                todo.addAll(uses.getOrDefault(p, Set.of()));
            }
        }
        return seen;
    }

    private static List<Path> sources() throws IOException {
        try (Stream<Path> s = Files.walk(MAIN)) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    /** The first package segment below io.pgolab ("" for the root); sub-packages (measure.perf, toolchain.gcc) belong to theirs. */
    private static String layerOf(Path f) {
        Path rel = MAIN.relativize(f);
        return rel.getNameCount() == 1 ? "" : rel.getName(0).toString();
    }
}
