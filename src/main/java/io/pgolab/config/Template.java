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

    /**
     * Placeholders whose values are lists of flags in shell syntax (the user's flags as written, and
     * pgolab's own flags each quoted where needed): left unquoted outside quotes, so they split into words.
     */
    static final Set<String> FLAG_LISTS = Set.of("cflags", "cxxflags", "ldflags", "goflags");

    /**
     * Replaces every placeholder with its value as it is, for templates that are not shell commands
     * (build.artifact is a path). An unknown placeholder is a bug here because configs are validated first.
     */
    public static String render(String text, Map<String, String> values) {
        return render(text, values, false);
    }

    /**
     * Replaces every placeholder in a shell command so that its value stays one word whatever it holds
     * (spaces, quotes, $(...)): outside quotes a value that needs it is single-quoted; inside '...' or
     * "..." it is escaped for that quoting. Flag lists ({@link #FLAG_LISTS}) are not quoted outside quotes.
     */
    public static String renderShell(String text, Map<String, String> values) {
        return render(text, values, true);
    }

    private static String render(String text, Map<String, String> values, boolean shell) {
        StringBuilder out = new StringBuilder();
        ShellContext context = new ShellContext();
        int[] last = {0};
        scan(text, (name, start, end) -> {
            String value = values.get(name);
            if (value == null) {
                throw new IllegalArgumentException("no value for placeholder {" + name + "} in: " + text);
            }
            String literal = unescape(text.substring(last[0], start));
            context.read(literal);
            out.append(literal).append(shell ? context.insert(value, FLAG_LISTS.contains(name)) : value);
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

    /** {@link #fill} for a shell command: each value is quoted for where it stands (see {@link #renderShell}). */
    public static String fillShell(String text, Map<String, String> values) {
        StringBuilder out = new StringBuilder();
        ShellContext context = new ShellContext();
        int[] last = {0};
        int[] read = {0};
        scan(text, (name, start, end) -> {
            String value = values.get(name);
            context.read(unescape(text.substring(read[0], start)));
            read[0] = end;
            if (value != null) {
                String quoted = context.insert(value, FLAG_LISTS.contains(name));
                out.append(text, last[0], start).append(quoted.replace("{", "{{").replace("}", "}}"));
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
