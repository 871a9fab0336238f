package io.pgolab.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Command templates with {name} placeholders ({bin:NAME} names one of several cargo binaries). "{{" and "}}" are literal braces, and "${...}" is
 * left alone so shell variables such as ${HOME} keep working.
 */
public final class Template {
    private Template() {
    }

    /** Placeholder names used in text, in order of appearance (duplicates kept). */
    public static List<String> placeholders(String text) {
        List<String> names = new ArrayList<>();
        scan(text, (name, start, end) -> names.add(name));
        return names;
    }

    public static List<String> unknown(String text, Set<String> allowed) {
        return placeholders(text).stream().filter(n -> !allowed.contains(n)).distinct().toList();
    }

    /** Replaces every placeholder; an unknown one is a bug here because configs are validated first. */
    public static String render(String text, Map<String, String> values) {
        StringBuilder out = new StringBuilder();
        int[] last = {0};
        scan(text, (name, start, end) -> {
            String value = values.get(name);
            if (value == null) {
                throw new IllegalArgumentException("no value for placeholder {" + name + "} in: " + text);
            }
            out.append(unescape(text.substring(last[0], start))).append(value);
            last[0] = end;
        });
        out.append(unescape(text.substring(last[0])));
        return out.toString();
    }

    /**
     * Fills only the placeholders named in values and leaves everything else as it was (other
     * placeholders, "{{" and "}}"), for a later {@link #render}.
     */
    public static String fill(String text, Map<String, String> values) {
        StringBuilder out = new StringBuilder();
        int[] last = {0};
        scan(text, (name, start, end) -> {
            String value = values.get(name);
            if (value != null) {
                out.append(text, last[0], start).append(value.replace("{", "{{").replace("}", "}}"));
                last[0] = end;
            }
        });
        out.append(text.substring(last[0]));
        return out.toString();
    }

    private static String unescape(String s) {
        return s.replace("{{", "{").replace("}}", "}");
    }

    private interface Sink {
        void accept(String name, int start, int end);
    }

    private static void scan(String text, Sink sink) {
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '{' && i + 1 < text.length() && text.charAt(i + 1) == '{') {
                i += 2;
            } else if (c == '{' && i > 0 && text.charAt(i - 1) == '$') {
                int close = text.indexOf('}', i);
                i = close < 0 ? text.length() : close + 1;
            } else if (c == '{') {
                int close = text.indexOf('}', i);
                String name = close < 0 ? "" : text.substring(i + 1, close);
                if (close > 0 && name.matches("[A-Za-z_][A-Za-z0-9_]*(:[A-Za-z0-9_-]+)?")) {
                    sink.accept(name, i, close + 1);
                    i = close + 1;
                } else {
                    i++;
                }
            } else {
                i++;
            }
        }
    }
}
