package io.pgolab.parse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads JMH's JSON result ({@code -rf json -rff FILE}, then {@code cat FILE}: JMH's log before the JSON is skipped):
 * one metric {@code micro.<benchmark>[_<param>_<value>...]} per benchmark and parameter set, the median of its
 * measurement iterations ({@code primaryMetric.rawData}, every fork) or, without rawData (sample mode), its score.
 * Times per operation become ns/op (lower is better), throughputs ops/s (higher is better). The same method in two
 * modes gets the mode appended.
 */
public final class JmhParser implements SuiteParser {
    public static final String NAME = "jmh";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern ARRAY_START = Pattern.compile("(?m)^[ \\t]*(\\[)");
    private static final Pattern UNIT = Pattern.compile("^(ops/(s|ms|us|ns)|(s|ms|us|ns)/op)$");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public ParsedOutput read(String output) {
        JsonNode results = results(output);
        Map<String, Set<String>> modes = new HashMap<>();
        for (JsonNode r : results) {
            modes.computeIfAbsent(key(r), k -> new HashSet<>()).add(r.path("mode").asText(""));
        }
        SuiteResults out = new SuiteResults(SuiteResults.REAL);
        Map<String, String> from = new HashMap<>();
        for (JsonNode r : results) {
            String key = key(r);
            String name = modes.get(key).size() > 1 ? key + "_" + r.path("mode").asText("") : key;
            String entry = r.path("benchmark").asText("?") + " (mode " + r.path("mode").asText("?") + ", params "
                    + r.path("params") + ")";
            String earlier = from.putIfAbsent(name, entry);
            if (earlier != null) {
                // "_p_1_q_2" is both {p: "1_q_2"} and {p: 1, q: 2}: two results are never read as one benchmark
                throw new NoMatchException(NAME + ": two results give the one name '" + name + "': " + earlier + " and "
                        + entry + "; rename a @Param value or a benchmark method");
            }
            JsonNode pm = r.path("primaryMetric");
            String unit = pm.path("scoreUnit").asText("");
            Matcher u = UNIT.matcher(unit);
            if (!u.matches()) {
                throw new NoMatchException(NAME + ": benchmark '" + key + "' has the score unit '" + unit
                        + "', not ops/TIME or TIME/op");
            }
            boolean throughput = u.group(2) != null;
            double perUnit = throughput ? 1e9 / SuiteResults.toNanos(1, u.group(2)) : SuiteResults.toNanos(1, u.group(3));
            List<Double> raw = new ArrayList<>();
            pm.path("rawData").forEach(fork -> fork.forEach(v -> raw.add(ParseSupport.jsonNumber(v))));
            if (raw.isEmpty() || raw.contains(null)) {
                raw.clear();
                raw.add(ParseSupport.jsonNumber(pm.get("score")));
            }
            for (Double v : raw) {
                out.add(name, v == null ? Double.NaN : v * perUnit, throughput ? SuiteResults.OPS : SuiteResults.NS);
            }
        }
        if (out.isEmpty()) {
            throw new NoMatchException(NAME + ": the JSON result holds no benchmark with a score");
        }
        return out.output(NAME);
    }

    /** A benchmark that threw: JMH prints "<failure>", leaves it out of the JSON and, without -foe true, exits 0. */
    @Override
    public Optional<String> reportedError(String output) {
        String[] lines = ParseSupport.lines(output);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].strip().equals("<failure>")) {
                String cause = i + 2 < lines.length ? lines[i + 2].strip() : "";
                return Optional.of("JMH reported a failed benchmark" + (cause.isEmpty() ? "" : ": " + cause));
            }
        }
        return Optional.empty();
    }

    private static String key(JsonNode r) {
        StringBuilder s = new StringBuilder(r.path("benchmark").asText("unnamed"));
        r.path("params").fields().forEachRemaining(p -> s.append('_').append(p.getKey()).append('_')
                .append(p.getValue().asText()));
        return s.toString();
    }

    /** The JSON array: the first line that starts with '[' and parses as an array of objects. */
    private static JsonNode results(String output) {
        if (ParseSupport.isBlank(output)) {
            throw new NoMatchException(NAME + ": the output is empty; expected JMH's -rf json result");
        }
        Matcher m = ARRAY_START.matcher(output);
        String firstError = null;
        while (m.find()) {
            try {
                JsonNode node = JSON.readTree(output.substring(m.start(1)));
                if (node != null && node.isArray() && (node.isEmpty() || node.get(0).has("primaryMetric"))) {
                    if (node.isEmpty()) {
                        throw new NoMatchException(NAME + ": the JSON result is an empty array (no benchmark ran)");
                    }
                    return node;
                }
            } catch (JsonProcessingException e) {
                firstError = firstError == null ? e.getOriginalMessage() : firstError;
            }
        }
        throw new NoMatchException(NAME + ": no JSON array of results"
                + (firstError == null ? "" : " (" + firstError.lines().findFirst().orElse("") + ")")
                + "; expected JMH's -rf json -rff FILE followed by cat FILE");
    }
}
