package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * emptied, one at a time: merge and report either read the file (exit 0 or 1) or say what is wrong with it (exit 2,
 * naming the file); never an internal error (exit 3) or a stack trace.
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
            check(m.what(), Cli.run(tmp, "merge", f.toString(), "--force"), f, wrong);
            check(m.what(), Cli.run(tmp, "report", f.toString(), "--markdown", "r.md"), f, wrong);
        }
        assertThat(n).isGreaterThan(300);
        assertThat(wrong).isEmpty();
    }

    @Test
    void noMutationOfAMergedFileIsAnInternalError() throws Exception {
        Cli.Result made = Cli.run(tmp, "merge", GATE.toString(), "--json", "merged.json");
        assertThat(made.exitCode()).as(made.all()).isZero();
        JsonNode base = Json.MAPPER.readTree(tmp.resolve("merged.json").toFile());
        List<String> wrong = new ArrayList<>();
        int n = 0;
        for (Mutant m : mutants(base)) {
            Path f = tmp.resolve("m" + n++ + ".json");
            Files.writeString(f, Json.MAPPER.writeValueAsString(m.doc()));
            check(m.what(), Cli.run(tmp, "report", f.toString(), "--markdown", "r.md", "--html", "r.html"), f, wrong);
        }
        assertThat(n).isGreaterThan(300);
        assertThat(wrong).isEmpty();
    }

    private static void check(String what, Cli.Result r, Path f, List<String> wrong) {
        boolean ok = r.exitCode() <= 1 || r.exitCode() == 2 && r.err().contains(f.toString());
        if (!ok || r.all().contains("Exception") || r.all().contains("\tat ")) {
            wrong.add(what + " -> exit " + r.exitCode() + ": " + r.err().strip());
        }
    }

    record Mutant(String what, JsonNode doc) {
    }

    /** For every value in the tree: removed, null, a string, a number, an empty array, an empty object. */
    static List<Mutant> mutants(JsonNode base) {
        List<Mutant> out = new ArrayList<>();
        List<String> paths = new ArrayList<>();
        collect(base, "", paths);
        for (String p : paths) {
            out.add(mutate(base, p, "removed", null));
            out.add(mutate(base, p, "null", c -> c.nullNode()));
            out.add(mutate(base, p, "\"7\"", c -> c.textNode("7")));
            out.add(mutate(base, p, "-1e400", c -> c.numberNode(new java.math.BigDecimal("-1e400"))));
            out.add(mutate(base, p, "[]", c -> c.arrayNode()));
            out.add(mutate(base, p, "{}", c -> c.objectNode()));
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
            for (int i = 0; i < n.size(); i++) {
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
