package io.pgolab.parse;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pgolab.util.Strings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Helpers shared by the parsers: number and unit conversion, safe metric names, JSON reading. */
final class ParseSupport {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LINE_BREAK = Pattern.compile("\r\n|\r|\n");
    private static final Pattern JSON_LINE_START = Pattern.compile("(?m)^[ \\t]*(\\{)");
    private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9]+");

    private ParseSupport() {
    }

    /** Lines of the output; carriage returns (progress meters) count as line breaks. */
    static String[] lines(String output) {
        return LINE_BREAK.split(output == null ? "" : output, -1);
    }

    static boolean isBlank(String output) {
        return output == null || output.isBlank();
    }

    /**
     * A name made of letters, digits and '_' only: runs of anything else become one '_', and
     * leading or trailing '_' are dropped. "SET key:__rand_int__" gives "SET_key_rand_int".
     */
    static String safeName(String raw) {
        String s = UNSAFE.matcher(raw.trim()).replaceAll("_");
        int start = 0;
        int end = s.length();
        while (start < end && s.charAt(start) == '_') {
            start++;
        }
        while (end > start && s.charAt(end - 1) == '_') {
            end--;
        }
        return s.substring(start, end);
    }

    /**
     * A percentile as a metric-name fragment: "50.00" gives "50", "99.90" gives "99_9", "99.99"
     * gives "99_99".
     */
    static String percentileName(String number) {
        String s = number.trim();
        if (s.contains(".")) {
            int end = s.length();
            while (end > 0 && s.charAt(end - 1) == '0') {
                end--;
            }
            if (end > 0 && s.charAt(end - 1) == '.') {
                end--;
            }
            s = s.substring(0, end);
        }
        return s.replace('.', '_');
    }

    /** Parses a decimal number, allowing thousands separators ("1,234.5"); null if it is not one. */
    static Double number(String text) {
        if (text == null) {
            return null;
        }
        String s = text.trim().replace(",", "").replace("_", "");
        if (s.isEmpty()) {
            return null;
        }
        try {
            double d = Double.parseDouble(s);
            return Double.isFinite(d) ? d : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A duration with a unit as printed by wrk and friends (us, ms, s, m, h) in milliseconds. */
    static double toMillis(double value, String unit) {
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "ns" -> value / 1_000_000.0;
            case "us", "µs", "μs" -> value / 1000.0;
            case "ms" -> value;
            case "s" -> value * 1000.0;
            case "m", "min" -> value * 60_000.0;
            case "h" -> value * 3_600_000.0;
            default -> throw new IllegalArgumentException("unknown time unit: " + unit);
        };
    }

    /** A size as printed by wrk (B, KB, MB, GB, TB; powers of 1024) in bytes. */
    static double toBytes(double value, String unit) {
        return switch (unit.toUpperCase(Locale.ROOT)) {
            case "B" -> value;
            case "KB", "K", "KIB" -> value * 1024;
            case "MB", "M", "MIB" -> value * 1024 * 1024;
            case "GB", "G", "GIB" -> value * 1024 * 1024 * 1024;
            case "TB", "T", "TIB" -> value * 1024.0 * 1024 * 1024 * 1024;
            default -> throw new IllegalArgumentException("unknown size unit: " + unit);
        };
    }

    /**
     * Reads the output as JSON. Text before the JSON (a tool's summary or a warning printed on the
     * same stream) is skipped: the JSON starts at the first line that begins with '{', or else at
     * the first '{'. Throws NoMatchException when there is no JSON object.
     */
    static JsonNode json(String tool, String output, String expected) {
        if (isBlank(output)) {
            throw new NoMatchException(tool + ": the output is empty; expected " + expected);
        }
        List<Integer> starts = new ArrayList<>();
        Matcher lineStart = JSON_LINE_START.matcher(output);
        while (lineStart.find()) {
            starts.add(lineStart.start(1));
        }
        int anywhere = output.indexOf('{');
        if (anywhere >= 0 && !starts.contains(anywhere)) {
            starts.add(anywhere);
        }
        if (starts.isEmpty()) {
            throw new NoMatchException(tool + ": the output is not JSON; expected " + expected);
        }
        String firstError = null;
        for (int start : starts) {
            try {
                JsonNode node = JSON.readTree(output.substring(start));
                if (node != null && node.isObject()) {
                    return node;
                }
            } catch (JsonProcessingException e) {
                if (firstError == null) {
                    firstError = Strings.firstLine(e.getOriginalMessage());
                }
            }
        }
        throw new NoMatchException(tool + ": the output is not valid JSON"
                + (firstError == null ? "" : " (" + firstError + ")") + "; expected " + expected);
    }

    /** A numeric JSON value (a number, or a string holding one); null if absent or not numeric. */
    static Double jsonNumber(JsonNode node) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            return null;
        }
        if (node.isNumber()) {
            double d = node.asDouble();
            return Double.isFinite(d) ? d : null;
        }
        if (node.isTextual()) {
            return number(node.asText());
        }
        return null;
    }

    /** Collects metrics in order, without duplicate names or non-finite values. */
    static final class Collector {
        private final Map<String, ParsedMetric> metrics = new LinkedHashMap<>();

        /** Adds a metric; a non-finite value, or a name already added (the first one wins), is dropped. */
        Collector add(String name, double value, String unit, boolean higherIsBetter) {
            if (Double.isFinite(value)) {
                metrics.putIfAbsent(name, new ParsedMetric(name, value, unit, higherIsBetter));
            }
            return this;
        }

        Collector addIfPresent(String name, Double value, String unit, boolean higherIsBetter) {
            return value == null ? this : add(name, value, unit, higherIsBetter);
        }

        boolean has(String name) {
            return metrics.containsKey(name);
        }

        boolean isEmpty() {
            return metrics.isEmpty();
        }

        List<ParsedMetric> list() {
            return List.copyOf(new ArrayList<>(metrics.values()));
        }
    }
}
