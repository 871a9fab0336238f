package io.pgolab.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeSet;

/**
 * The shape of a JSON document, measured values left out: every key path with the type of its value
 * ("workloads[].runs[].round: int"). Keys of objects that are maps of names (metrics, medians, subjects) are
 * collapsed to "*" so that two runs with other subjects or metrics have the same shape.
 */
final class JsonShape {
    /** Objects keyed by user data (subjects, metrics, variants, tools), not by the schema. */
    private static final java.util.Set<String> MAPS = java.util.Set.of("tool_versions", "last_output_line", "metrics",
            "medians", "pgo_potential", "optimized_builds", "dyno_stats");

    private JsonShape() {
    }

    static TreeSet<String> of(JsonNode n) {
        TreeSet<String> out = new TreeSet<>();
        walk("", n, false, out);
        return out;
    }

    private static void walk(String path, JsonNode n, boolean map, TreeSet<String> out) {
        if (n.isObject()) {
            out.add(path + ": object");
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String key = map ? "*" : e.getKey();
                walk(path + (path.isEmpty() ? "" : ".") + key, e.getValue(), MAPS.contains(e.getKey()) && !map, out);
            }
        } else if (n.isArray()) {
            out.add(path + ": array");
            n.forEach(x -> walk(path + "[]", x, false, out));
        } else {
            out.add(path + ": " + type(n));
        }
    }

    private static String type(JsonNode n) {
        if (n.isIntegralNumber()) {
            return "int";
        }
        if (n.isNumber()) {
            return "number";
        }
        return n.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }
}
