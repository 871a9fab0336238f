package io.pgolab.util;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.io.IOException;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks a JSON document token by token against the records it is to be read into, before Jackson binds it: every
 * value of the type its component declares (a string where a String is, a finite number where a double is, an
 * integer in range where an int is...), {@link Required} and primitive components present and not null, no key
 * twice in one object, nothing after the document. Keys the records do not know are skipped unread (files of later
 * writers add keys). It holds one object's keys at a time, never the document, so a large file is checked in
 * constant memory; a problem is an {@link Invalid} naming the value's path ({@code hosts[0].gate.measures[2].ci_low}).
 */
public final class JsonCheck {
    /** What is wrong and where: path is "" for the document itself. */
    public static final class Invalid extends RuntimeException {
        private final String path;

        Invalid(String path, String problem) {
            super(problem);
            this.path = path;
        }

        public String path() {
            return path;
        }
    }

    private record Component(Type type, boolean required, boolean nonEmpty, List<String> oneOf) {
    }

    private static final Map<Class<?>, Map<String, Component>> SHAPES = new ConcurrentHashMap<>();
    private static final PropertyNamingStrategies.NamingBase SNAKE =
            (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;

    private JsonCheck() {
    }

    /** Checks the document p reads (positioned before its first token) against type, up to its end. */
    public static void check(JsonParser p, Class<?> type) throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) {
            throw new Invalid("", "the file is empty");
        }
        value(p, t, type, "", true, false);
        JsonToken after;
        try {
            after = p.nextToken();
        } catch (JsonParseException e) {
            after = JsonToken.NOT_AVAILABLE;
        }
        if (after != null) {
            throw new Invalid("", "there is more after the end of the JSON document (line "
                    + p.currentLocation().getLineNr() + ", column " + p.currentLocation().getColumnNr()
                    + "): the file holds one JSON object and nothing else");
        }
    }

    private static void value(JsonParser p, JsonToken t, Type type, String path, boolean required, boolean nonEmpty)
            throws IOException {
        Class<?> raw = raw(type);
        if (t == JsonToken.VALUE_NULL) {
            if (required || raw.isPrimitive()) {
                throw new Invalid(path, "expected " + expected(type) + ", found null");
            }
            return;
        }
        if (raw == String.class) {
            expect(t == JsonToken.VALUE_STRING, p, t, type, path);
        } else if (raw == double.class || raw == Double.class || raw == float.class || raw == Float.class) {
            expect(t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT, p, t, type, path);
            double d = p.getDoubleValue();
            if (!Double.isFinite(d)) {
                throw new Invalid(path, "expected a finite number, found " + p.getText());
            }
        } else if (raw == int.class || raw == Integer.class || raw == long.class || raw == Long.class) {
            expect(t == JsonToken.VALUE_NUMBER_INT, p, t, type, path);
            JsonParser.NumberType n = p.getNumberType();
            boolean fits = raw == int.class || raw == Integer.class ? n == JsonParser.NumberType.INT
                    : n == JsonParser.NumberType.INT || n == JsonParser.NumberType.LONG;
            if (!fits) {
                throw new Invalid(path, "expected " + expected(type) + ", found " + p.getText() + " (out of range)");
            }
        } else if (raw == boolean.class || raw == Boolean.class) {
            expect(t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE, p, t, type, path);
        } else if (raw.isArray() || List.class.isAssignableFrom(raw)) {
            expect(t == JsonToken.START_ARRAY, p, t, type, path);
            Type element = raw.isArray() ? elementOf(type, raw) : argument(type, 0);
            int i = 0;
            for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
                value(p, e, element, path + "[" + i + "]", true, false);
                i++;
            }
            if (nonEmpty && i == 0) {
                throw new Invalid(path, "expected at least one element, found an empty array");
            }
        } else if (Map.class.isAssignableFrom(raw)) {
            expect(t == JsonToken.START_OBJECT, p, t, type, path);
            Type v = argument(type, 1);
            Set<String> seen = new HashSet<>();
            for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                String key = p.currentName();
                String at = child(path, key);
                once(seen, key, at);
                value(p, p.nextToken(), v, at, raw(v) != Object.class, false);
            }
            if (nonEmpty && seen.isEmpty()) {
                throw new Invalid(path, "expected at least one key, found an empty object");
            }
        } else if (raw.isRecord()) {
            expect(t == JsonToken.START_OBJECT, p, t, type, path);
            record(p, raw, path);
        } else {
            // Object (any value) and types this check has no shape for: Jackson's binding decides
            p.skipChildren();
        }
    }

    /** A key twice in one object: JSON leaves it to the reader, which would silently keep one. */
    private static void once(Set<String> seen, String key, String at) {
        if (!seen.add(key)) {
            throw new Invalid(at, "the key \"" + Text.inline(key) + "\" is there twice");
        }
    }

    private static void record(JsonParser p, Class<?> type, String path) throws IOException {
        Map<String, Component> shape = shape(type);
        Set<String> seen = new HashSet<>();
        for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
            String key = p.currentName();
            String at = child(path, key);
            Component c = shape.get(key);
            if (c == null && aliases(type).containsKey(key)) { // a key's old name counts as the key
                key = aliases(type).get(key);
                c = shape.get(key);
            }
            once(seen, key, at);
            JsonToken v = p.nextToken();
            if (c == null) {
                p.skipChildren();
            } else {
                value(p, v, c.type(), at, c.required(), c.nonEmpty());
                if (!c.oneOf().isEmpty() && v == JsonToken.VALUE_STRING && !c.oneOf().contains(p.getText())) {
                    throw new Invalid(at, "expected one of " + String.join(", ", c.oneOf()) + ", found " + found(p, v));
                }
            }
        }
        for (Map.Entry<String, Component> e : shape.entrySet()) {
            if (e.getValue().required() && !seen.contains(e.getKey())) {
                throw new Invalid(child(path, e.getKey()), "expected " + expected(e.getValue().type())
                        + ", but the key is missing" + (path.isEmpty() ? "" : " from " + path));
            }
        }
    }

    /** The keys of a record as Jackson names them (snake_case), unwrapped components' keys in their place. */
    private static Map<String, Component> shape(Class<?> type) {
        Map<String, Component> known = SHAPES.get(type);
        if (known != null) {
            return known;
        }
        // not computeIfAbsent: an unwrapped component's shape is computed inside, and a ConcurrentHashMap refuses
        // a recursive update of itself
        Map<String, Component> m = new LinkedHashMap<>();
        for (RecordComponent rc : type.getRecordComponents()) {
            if (rc.getAccessor().isAnnotationPresent(JsonUnwrapped.class)
                    || fieldAnnotated(type, rc.getName())) {
                // an unwrapped part is optional as a whole (a file without measurements has none of its keys)
                shape(rc.getType()).forEach((k, c) -> m.put(k, new Component(c.type(), false, false, c.oneOf())));
                continue;
            }
            Required r = rc.getAnnotation(Required.class);
            OneOf o = rc.getAnnotation(OneOf.class);
            m.put(SNAKE.translate(rc.getName()), new Component(rc.getGenericType(),
                    r != null || rc.getType().isPrimitive(), r != null && r.nonEmpty(),
                    o == null ? List.of() : List.of(o.value())));
        }
        SHAPES.putIfAbsent(type, m);
        return m;
    }

    /** The old names of a record's keys ({@code @JsonAlias}, which Jackson reads too): old name to the key's name. */
    private static Map<String, String> aliases(Class<?> type) {
        Map<String, String> m = new HashMap<>();
        for (RecordComponent rc : type.getRecordComponents()) {
            JsonAlias a = rc.getAccessor().getAnnotation(JsonAlias.class);
            for (String old : a == null ? new String[0] : a.value()) {
                m.put(old, SNAKE.translate(rc.getName()));
            }
        }
        return m;
    }

    private static boolean fieldAnnotated(Class<?> t, String name) {
        try {
            return t.getDeclaredField(name).isAnnotationPresent(JsonUnwrapped.class);
        } catch (NoSuchFieldException e) {
            return false;
        }
    }

    private static void expect(boolean ok, JsonParser p, JsonToken t, Type type, String path) throws IOException {
        if (!ok) {
            throw new Invalid(path, "expected " + expected(type) + ", found " + found(p, t));
        }
    }

    private static String expected(Type type) {
        Class<?> raw = raw(type);
        if (raw == String.class) {
            return "a string";
        }
        if (raw == double.class || raw == Double.class || raw == float.class || raw == Float.class) {
            return "a number";
        }
        if (raw == int.class || raw == Integer.class) {
            return "an integer (32 bits)";
        }
        if (raw == long.class || raw == Long.class) {
            return "an integer (64 bits)";
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return "true or false";
        }
        if (raw.isArray() || List.class.isAssignableFrom(raw)) {
            return "an array";
        }
        return raw == Object.class ? "a value" : "an object";
    }

    private static String found(JsonParser p, JsonToken t) throws IOException {
        return switch (t) {
            case VALUE_STRING -> "a string (\"" + Text.inline(cut(p.getText(), 40)) + "\")";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number (" + cut(p.getText(), 40) + ")";
            case VALUE_TRUE, VALUE_FALSE -> p.getText();
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            default -> t.asString() == null ? t.name() : t.asString();
        };
    }

    /** Where a parser is, as a path like the ones {@link Invalid} names ("" at the top). */
    public static String path(JsonParser p) {
        ArrayDeque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext c = p.getParsingContext(); c != null && !c.inRoot();
             c = c.getParent()) {
            if (c.inArray()) {
                parts.addFirst("[" + Math.max(0, c.getCurrentIndex()) + "]");
            } else if (c.getCurrentName() != null) {
                parts.addFirst(child("x", c.getCurrentName()).substring(1));
            }
        }
        String s = String.join("", parts);
        return s.startsWith(".") ? s.substring(1) : s;
    }

    private static String cut(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n) + "…";
    }

    private static String child(String path, String key) {
        String k = key.matches("[A-Za-z0-9_]+") ? key : "\"" + Text.inline(cut(key, 60)).replace("\"", "\\\"") + "\"";
        return path.isEmpty() ? k : path + "." + k;
    }

    private static Class<?> raw(Type t) {
        if (t instanceof Class<?> c) {
            return c;
        }
        if (t instanceof ParameterizedType pt) {
            return (Class<?>) pt.getRawType();
        }
        if (t instanceof GenericArrayType) {
            return Object[].class;
        }
        return Object.class;
    }

    private static Type argument(Type t, int i) {
        return t instanceof ParameterizedType pt ? pt.getActualTypeArguments()[i] : Object.class;
    }

    private static Type elementOf(Type t, Class<?> raw) {
        return t instanceof GenericArrayType g ? g.getGenericComponentType() : raw.getComponentType();
    }
}
