package io.pgolab.parse;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import io.pgolab.UserError;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads metrics from JSON output with RFC 6901 pointers, one per metric, e.g.
 * {@code /end/sum_received/bits_per_second} or {@code /results/0/mean}. The value at the pointer
 * must be a number (or a string holding one); it is multiplied by {@code scale}. Text before the
 * first '{' of the output is skipped.
 */
public final class JsonPointerParser implements OutputParser {
    public static final String NAME = "json";

    /** One metric: its name, JSON pointer, unit, direction and a factor applied to the value. */
    public record Extractor(String name, String pointer, String unit, boolean higherIsBetter, double scale) {
        public Extractor(String name, String pointer, String unit, boolean higherIsBetter) {
            this(name, pointer, unit, higherIsBetter, 1.0);
        }
    }

    private record Compiled(Extractor extractor, JsonPointer pointer) {
    }

    private final List<Compiled> extractors;

    /** @throws UserError when an extractor is unusable (malformed pointer, ...) */
    public JsonPointerParser(List<Extractor> extractors) {
        if (extractors == null || extractors.isEmpty()) {
            throw new UserError("the json parser needs at least one metric",
                    "add a [[bench.metric]] with name and json_pointer");
        }
        List<Compiled> compiled = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Extractor e : extractors) {
            RegexParser.checkCommon(e.name(), e.unit(), e.scale(), names);
            String ptr = e.pointer();
            if (ptr == null || ptr.isEmpty() || !ptr.startsWith("/")) {
                throw new UserError("metric '" + e.name() + "': json_pointer must start with '/', got '"
                        + (ptr == null ? "" : ptr) + "'",
                        "write an RFC 6901 pointer such as \"/end/sum_received/bits_per_second\" "
                        + "(array items by index: \"/results/0/mean\"; '~1' stands for '/', '~0' for '~')");
            }
            JsonPointer p;
            try {
                p = JsonPointer.compile(ptr);
            } catch (IllegalArgumentException ex) {
                throw new UserError("metric '" + e.name() + "': invalid json_pointer '" + ptr + "': " + ex.getMessage(),
                        "'~' must be followed by 0 (for '~') or 1 (for '/')");
            }
            compiled.add(new Compiled(e, p));
        }
        this.extractors = List.copyOf(compiled);
    }

    public List<Extractor> extractors() {
        return extractors.stream().map(Compiled::extractor).toList();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<ParsedMetric> parse(String output) {
        JsonNode root = ParseSupport.json(NAME, output, "JSON for the metrics "
                + String.join(", ", extractors().stream().map(Extractor::name).toList()));
        ParseSupport.Collector out = new ParseSupport.Collector();
        List<String> problems = new ArrayList<>();
        for (Compiled c : extractors) {
            Extractor e = c.extractor();
            JsonNode node = root.at(c.pointer());
            if (node.isMissingNode()) {
                problems.add("no value for metric '" + e.name() + "' at " + e.pointer());
                continue;
            }
            Double v = ParseSupport.jsonNumber(node);
            if (v == null) {
                String shown = node.isContainerNode() ? (node.isArray() ? "an array" : "an object") : node.toString();
                problems.add("metric '" + e.name() + "': the value at " + e.pointer() + " is " + shown + ", not a number");
                continue;
            }
            out.add(e.name(), v * e.scale(), e.unit(), e.higherIsBetter());
        }
        if (!problems.isEmpty()) {
            throw new NoMatchException(NAME + ": " + String.join("; ", problems));
        }
        return out.list();
    }
}
