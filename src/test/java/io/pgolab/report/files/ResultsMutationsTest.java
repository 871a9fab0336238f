package io.pgolab.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pgolab.UserError;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every key of a gate results file and of a merged file taken away, set to null, given a value of another type or
 * emptied, one at a time: merge and report either render the file or say what is wrong with it in a UserError (exit
 * 2) naming the file; never another exception (an internal error, exit 3). It calls what MergeCommand and
 * ReportCommand call rather than the CLI, to stay within a few seconds; HostileResultsTest runs the CLI.
 */
class ResultsMutationsTest {
    static final Path GATE = Path.of("src/test/resources/results/hostile/gate.json").toAbsolutePath();

    @TempDir
    Path tmp;

    @Test
    void noMutationOfAGateFileIsAnInternalError() throws Exception {
        JsonNode base = Json.MAPPER.readTree(GATE.toFile());
        List<String> wrong = new ArrayList<>();
        int n = 0;
        for (Mutant m : mutants(base)) {
            Path f = tmp.resolve("m" + n++ + ".json");
            Files.writeString(f, Json.MAPPER.writeValueAsString(m.doc()));
            check(m.what(), f, wrong, () -> {
                Merge.Merged merged = Merge.of(List.of(f), true);
                return MergeReport.text(merged) + MergeReport.markdown(merged) + MergeReport.json(merged);
            });
            check(m.what(), f, wrong, () -> report(f, false));
        }
        System.out.println(n + " mutants of the gate file");
        assertThat(n).isGreaterThan(150);
        assertThat(wrong).isEmpty();
    }

    @Test
    void noMutationOfAMergedFileIsAnInternalError() throws Exception {
        Path merged = tmp.resolve("merged.json");
        Files.writeString(merged, MergeReport.json(Merge.of(List.of(GATE), false)));
        JsonNode base = Json.MAPPER.readTree(merged.toFile());
        List<String> wrong = new ArrayList<>();
        int n = 0;
        for (Mutant m : mutants(base)) {
            Path f = tmp.resolve("m" + n++ + ".json");
            Files.writeString(f, Json.MAPPER.writeValueAsString(m.doc()));
            check(m.what(), f, wrong, () -> report(f, true));
        }
        assertThat(n).isGreaterThan(150);
        assertThat(wrong).isEmpty();
    }

    /** What pgolab report renders of a file: the terminal line, the Markdown and (html) the HTML. */
    private static String report(Path f, boolean html) {
        ReportFiles r = ReportFiles.read(List.of(f));
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        r.summarize(new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8));
        return out + r.markdown() + (html ? r.html() : "");
    }

    private static void check(String what, Path f, List<String> wrong, java.util.concurrent.Callable<String> run) {
        try {
            run.call();
        } catch (UserError e) {
            if (!e.getMessage().contains(f.toString())) {
                wrong.add(what + " -> an error that does not name the file: " + e.getMessage());
            }
        } catch (Exception | StackOverflowError e) {
            wrong.add(what + " -> " + e);
        }
    }

    record Mutant(String what, JsonNode doc) {
    }

    /**
     * For every value in the tree (of an array, its first element only: the others have the same shape): removed,
     * null, a value of another type (a number for a string, a string for anything else), and a container emptied.
     */
    static List<Mutant> mutants(JsonNode base) {
        List<Mutant> out = new ArrayList<>();
        List<String> paths = new ArrayList<>();
        collect(base, "", paths);
        for (String p : paths) {
            JsonNode v = base.at(p);
            out.add(mutate(base, p, "removed", null));
            out.add(mutate(base, p, "null", c -> c.nullNode()));
            out.add(v.isTextual() ? mutate(base, p, "7", c -> c.numberNode(7)) : mutate(base, p, "\"7\"", c -> c.textNode("7")));
            if (v.isArray() && !v.isEmpty()) {
                out.add(mutate(base, p, "[]", c -> c.arrayNode()));
            } else if (v.isObject() && !v.isEmpty()) {
                out.add(mutate(base, p, "{}", c -> c.objectNode()));
            } else if (v.isNumber()) {
                out.add(mutate(base, p, "-1e400", c -> c.numberNode(new java.math.BigDecimal("-1e400"))));
            }
        }
        return out;
    }

    private static void collect(JsonNode n, String path, List<String> out) {
        if (n.isObject()) {
            n.fieldNames().forEachRemaining(k -> {
                out.add(path + "/" + k);
                collect(n.get(k), path + "/" + k, out);
            });
        } else if (n.isArray()) {
            for (int i = 0; i < Math.min(1, n.size()); i++) {
                out.add(path + "/" + i);
                collect(n.get(i), path + "/" + i, out);
            }
        }
    }

    private static Mutant mutate(JsonNode base, String path, String what,
                                 Function<com.fasterxml.jackson.databind.node.JsonNodeFactory, JsonNode> value) {
        JsonNode copy = base.deepCopy();
        int cut = path.lastIndexOf('/');
        ContainerNode<?> parent = (ContainerNode<?>) copy.at(path.substring(0, cut));
        String key = path.substring(cut + 1);
        if (parent instanceof ObjectNode o) {
            if (value == null) {
                o.remove(key);
            } else {
                o.set(key, value.apply(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance));
            }
        } else {
            ArrayNode a = (ArrayNode) parent;
            if (value == null) {
                a.remove(Integer.parseInt(key));
            } else {
                a.set(Integer.parseInt(key), value.apply(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance));
            }
        }
        return new Mutant(path + " " + what, copy);
    }
}
