package io.pgolab.config;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.tomlj.Toml;
import org.tomlj.TomlParseError;
import org.tomlj.TomlParseResult;

/**
 * Parses TOML text with tomlj behind two guards found by measurement (docs/benchmarks.md): a
 * pre-scan refuses arrays and inline tables nested deeper than {@link #MAX_DEPTH} (tomlj's
 * recursive parser overflows the stack near 1,000 levels), and, when tomlj reports an error, names
 * the line where an unclosed string, array or inline table <em>opens</em> (tomlj notices it only
 * where the file ends or the next construct fails).
 */
public final class TomlText {
    /** pgolab's keys nest two levels; tomlj is safe to a few hundred. */
    static final int MAX_DEPTH = 32;

    static {
        // tomlj asserts invariants that invalid input breaks ("\\u" then a non-hex character): with -ea
        // they throw AssertionError, without they report a syntax error. Keep the second, always.
        ClassLoader loader = Toml.class.getClassLoader();
        if (loader != null) {
            loader.setPackageAssertionStatus("org.tomlj", false);
        }
    }

    private TomlText() {
    }

    /** s as a TOML basic string: "..." with backslashes, quotes and control characters escaped. */
    public static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '\\' -> b.append("\\\\");
                case '"' -> b.append("\\\"");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                default -> b.append(c < 0x20 || c == 0x7f ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return b.append('"').toString();
    }

    /** s for a # comment: control characters (a newline would end the comment) written as in a basic string. */
    public static String comment(String s) {
        String q = quote(s);
        return q.substring(1, q.length() - 1);
    }

    /** The parse result, or null after adding the problems (syntax errors) to problems. */
    static TomlParseResult parse(String text, ConfigProblems problems) {
        Scan scan = scan(text);
        if (scan.deepLine > 0) {
            problems.add(scan.deepLine, "", "TOML syntax error: arrays or inline tables nested more than " + MAX_DEPTH
                    + " levels deep", "pgolab's keys take at most a list of strings or a table of values; check the brackets on that line");
            return null;
        }
        TomlParseResult toml;
        try {
            toml = Toml.parse(text);
        } catch (RuntimeException | StackOverflowError | AssertionError e) {
            // A bug of the TOML library: still the user's file that trips it, so say where we can.
            problems.add(1, "", "TOML syntax error: the TOML parser could not read this file (" + e.getClass().getSimpleName()
                    + ")", "simplify the file; please report it to pgolab with the file attached");
            return null;
        }
        if (!toml.hasErrors()) {
            return toml;
        }
        List<TomlParseError> errors = toml.errors();
        int firstErrorLine = errors.get(0).position().line();
        if (scan.unclosedLine > 0 && scan.unclosedLine <= firstErrorLine) {
            problems.add(scan.unclosedLine, "", "TOML syntax error: the " + scan.unclosedWhat
                            + " opened on this line is never closed (the parser noticed at line " + firstErrorLine + ": "
                            + errors.get(0).getMessage() + ")",
                    "close it with " + scan.closer + (scan.unclosedWhat.contains("string") ? " before the end of the value"
                            : "; arrays may span lines, but every '[' needs its ']'"));
            return null;
        }
        for (TomlParseError e : errors) {
            problems.add(e.position().line(), "", "TOML syntax error: " + e.getMessage(),
                    "check quotes, brackets and '=' on that line");
        }
        return null;
    }

    /** What the pre-scan found: the first line nested too deep, and the first construct left open. */
    static final class Scan {
        int deepLine;
        int unclosedLine;
        String unclosedWhat = "";
        String closer = "";

        void unclosed(int line, String what, String closer) {
            if (unclosedLine == 0) {
                unclosedLine = line;
                unclosedWhat = what;
                this.closer = closer;
            }
        }
    }

    /**
     * One pass over the text: strings (basic, literal, multi-line), comments, table headers and
     * brackets of values. Loose on purpose: tomlj decides what is valid; this only locates.
     */
    static Scan scan(String t) {
        Scan s = new Scan();
        Deque<int[]> open = new ArrayDeque<>();   // {line, bracket char}
        int line = 1;
        boolean lineStart = true;
        int n = t.length();
        for (int i = 0; i < n; i++) {
            char c = t.charAt(i);
            if (c == '\n') {
                line++;
                lineStart = open.isEmpty();
                continue;
            }
            if (lineStart && (c == ' ' || c == '\t' || c == '\r')) {
                continue;
            }
            if (lineStart && c == '[') {   // a table header: ends on its line
                while (i < n && t.charAt(i) != '\n') {
                    i++;
                }
                i--;
                lineStart = false;
                continue;
            }
            lineStart = false;
            if (c == '#') {
                while (i + 1 < n && t.charAt(i + 1) != '\n') {
                    i++;
                }
            } else if (c == '"' || c == '\'') {
                boolean multi = i + 2 < n && t.charAt(i + 1) == c && t.charAt(i + 2) == c;
                int startLine = line;
                if (multi) {
                    int end = findMultiEnd(t, i + 3, c);
                    if (end < 0) {
                        s.unclosed(startLine, "multi-line string", c == '"' ? "\"\"\"" : "'''");
                        return s;
                    }
                    for (int k = i; k < end; k++) {
                        if (t.charAt(k) == '\n') {
                            line++;
                        }
                    }
                    i = end - 1;
                } else {
                    int k = i + 1;
                    while (k < n && t.charAt(k) != c && t.charAt(k) != '\n') {
                        k += c == '"' && t.charAt(k) == '\\' && k + 1 < n && t.charAt(k + 1) != '\n' ? 2 : 1;
                    }
                    if (k >= n || t.charAt(k) != c) {
                        s.unclosed(startLine, "string", String.valueOf(c));
                        i = k - 1;   // the newline, if any, is handled next
                    } else {
                        i = k;
                    }
                }
            } else if (c == '[' || c == '{') {
                open.push(new int[] {line, c});
                if (open.size() > MAX_DEPTH && s.deepLine == 0) {
                    s.deepLine = line;
                    return s;
                }
            } else if ((c == ']' || c == '}') && !open.isEmpty()) {
                open.pop();
            }
        }
        if (!open.isEmpty()) {
            int[] first = open.peekLast();
            s.unclosed(first[0], first[1] == '[' ? "array" : "inline table", first[1] == '[' ? "']'" : "'}'");
        }
        return s;
    }

    /** The index just past the closing triple quote (at most two more quotes may belong to the content), or -1. */
    private static int findMultiEnd(String t, int from, char q) {
        int n = t.length();
        for (int k = from; k < n; k++) {
            char c = t.charAt(k);
            if (q == '"' && c == '\\') {
                k++;
            } else if (c == q && k + 2 < n && t.charAt(k + 1) == q && t.charAt(k + 2) == q) {
                int end = k + 3;
                while (end < n && end < k + 5 && t.charAt(end) == q) {
                    end++;
                }
                return end;
            }
        }
        return -1;
    }
}
