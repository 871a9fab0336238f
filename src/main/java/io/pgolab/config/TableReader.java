package io.pgolab.config;

import io.pgolab.util.Strings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.tomlj.TomlArray;
import org.tomlj.TomlPosition;
import org.tomlj.TomlTable;

/** Typed, position-aware reads from one TOML table; every problem goes to ConfigProblems. */
final class TableReader {
    private final TomlTable table;
    private final String prefix;
    private final int headerLine;
    private final ConfigProblems problems;

    TableReader(TomlTable table, String prefix, int headerLine, ConfigProblems problems) {
        this.table = table;
        this.prefix = prefix;
        this.headerLine = headerLine;
        this.problems = problems;
    }

    String qualified(String key) {
        return prefix.isEmpty() ? key : prefix + "." + key;
    }

    int line(String key) {
        TomlPosition p = table.inputPositionOf(List.of(key));
        return p == null ? headerLine : p.line();
    }

    int headerLine() {
        return headerLine;
    }

    boolean has(String key) {
        return table.contains(List.of(key));
    }

    void rejectUnknown(Set<String> known) {
        for (String key : table.keySet()) {
            if (!known.contains(key)) {
                String fix = Strings.closest(key, known)
                        .map(k -> "did you mean '" + k + "'?")
                        .orElse("known keys here: " + String.join(", ", known.stream().sorted().toList()));
                problems.add(line(key), qualified(key), "unknown key", fix);
            }
        }
    }

    Optional<String> optString(String key) {
        if (!has(key)) {
            return Optional.empty();
        }
        Object v = table.get(List.of(key));
        if (v instanceof String s) {
            noNul(key, s);
            return Optional.of(s);
        }
        wrongType(key, "a string", v, "put the value in quotes: " + key + " = \"...\"");
        return Optional.empty();
    }

    String string(String key, String exampleFix) {
        if (!has(key)) {
            problems.add(headerLine, qualified(key), "missing required key",
                    "add it under [" + prefix + "], for example: " + exampleFix);
            return "";
        }
        return optString(key).orElse("");
    }

    boolean bool(String key, boolean dflt) {
        if (!has(key)) {
            return dflt;
        }
        Object v = table.get(List.of(key));
        if (v instanceof Boolean b) {
            return b;
        }
        wrongType(key, "true or false", v, key + " = true");
        return dflt;
    }

    double number(String key, double dflt) {
        return number(key, dflt, key + " = 1");
    }

    /** With the fix a value of the wrong type gets (when 1 is no valid value). */
    double number(String key, double dflt, String fix) {
        if (!has(key)) {
            return dflt;
        }
        Object v = table.get(List.of(key));
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof Double d) {
            return d;
        }
        wrongType(key, "a number", v, fix);
        return dflt;
    }

    Duration duration(String key, Duration dflt) {
        if (!has(key)) {
            return dflt;
        }
        Object v = table.get(List.of(key));
        if (v instanceof String s) {
            Optional<Duration> d = Durations.parse(s);
            if (d.isPresent() && d.get().compareTo(ValueChecks.MAX_DURATION) > 0) {
                problems.add(line(key), qualified(key), "'" + s + "' is longer than the limit of 7 days",
                        "write a duration up to \"168h\", e.g. \"90s\", \"30m\" or \"2h\"");
                return dflt;
            }
            if (d.isPresent() && !d.get().isZero()) {
                return d.get();
            }
            problems.add(line(key), qualified(key), "'" + s + "' is not a duration",
                    "write a number with a unit: \"500ms\", \"90s\", \"5m\" or \"1h\"");
            return dflt;
        }
        wrongType(key, "a duration string such as \"90s\"", v, key + " = \"90s\"");
        return dflt;
    }

    List<String> stringList(String key, List<String> dflt) {
        if (!has(key)) {
            return dflt;
        }
        Object v = table.get(List.of(key));
        if (v instanceof TomlArray arr) {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < arr.size(); i++) {
                if (arr.get(i) instanceof String s) {
                    noNul(key, s);
                    out.add(s);
                } else {
                    wrongType(key, "a list of strings", v, key + " = [\"a\", \"b\"]");
                    return dflt;
                }
            }
            return out;
        }
        wrongType(key, "a list of strings", v, key + " = [\"a\", \"b\"]");
        return dflt;
    }

    /** A list of non-negative integers, e.g. client_cpus = [1, 1, 0]. */
    List<Integer> intList(String key, String fix) {
        if (!has(key)) {
            return List.of();
        }
        Object v = table.get(List.of(key));
        List<Integer> out = new ArrayList<>();
        if (v instanceof TomlArray arr) {
            for (int i = 0; i < arr.size(); i++) {
                if (!(arr.get(i) instanceof Long l) || l < 0 || l > 4095) {
                    wrongType(key, "a list of CPU numbers (integers from 0 to 4095)", v, fix);
                    return List.of();
                }
                out.add(l.intValue());
            }
            return out;
        }
        wrongType(key, "a list of CPU numbers (integers from 0 to 4095)", v, fix);
        return List.of();
    }

    /** A table of numbers, e.g. min_effect = { cpu_time = 2, "GET.rps" = 3 }. */
    Map<String, Double> numberMap(String key) {
        return typedMap(key, "a number (percent)", " = 2.0", v -> v instanceof Long l ? Double.valueOf(l)
                : v instanceof Double d ? d : null);
    }

    Map<String, String> stringMap(String key) {
        Map<String, String> m = typedMap(key, "a string", " = \"value\"", v -> v instanceof String s ? s : null);
        m.forEach((k, v) -> noNul(key, v));
        return m;
    }

    /** A NUL cannot reach a command line or an environment (C strings end there). */
    private void noNul(String key, String value) {
        if (value.indexOf('\0') >= 0) {
            problems.add(line(key), qualified(key), "contains a NUL character (\\u0000)",
                    "remove the \\u0000 escape from the value");
        }
    }

    /** An inline table whose values convert (null: wrong type, reported with the entry's key). */
    private <T> Map<String, T> typedMap(String key, String expected, String example,
                                        Function<Object, T> convert) {
        Map<String, T> out = new LinkedHashMap<>();
        if (!has(key)) {
            return out;
        }
        Object v = table.get(List.of(key));
        if (!(v instanceof TomlTable t)) {
            wrongType(key, "a table of " + expected + " values", v, key + " = { NAME" + example + " }");
            return out;
        }
        for (String k : t.keySet()) {
            Object e = t.get(List.of(k));
            T converted = convert.apply(e);
            if (converted == null) {
                wrongType(key + "." + k, expected, e, key + " = { " + k + example + " }");
            } else {
                out.put(k, converted);
            }
        }
        return out;
    }

    private void wrongType(String key, String expected, Object actual, String fix) {
        problems.add(line(key.contains(".") ? key.substring(0, key.indexOf('.')) : key), qualified(key),
                "must be " + expected + ", found " + describe(actual), fix);
    }

    static String describe(Object v) {
        if (v instanceof String) {
            return "a string";
        }
        if (v instanceof Long || v instanceof Double) {
            return "a number (" + v + ")";
        }
        if (v instanceof Boolean) {
            return "a boolean (" + v + ")";
        }
        if (v instanceof TomlArray) {
            return "a list";
        }
        if (v instanceof TomlTable) {
            return "a table";
        }
        return v == null ? "nothing" : v.getClass().getSimpleName();
    }
}
