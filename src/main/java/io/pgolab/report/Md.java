package io.pgolab.report;

import io.pgolab.util.Text;

/**
 * Escaping of foreign text (labels, workload and metric names, commands, warnings) in Markdown, so
 * that it shows as written and cannot break a table, start a link or inject HTML.
 */
public final class Md {
    private Md() {
    }

    /** Text in a paragraph, heading or table cell: one line, Markdown's special characters escaped. */
    public static String text(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : oneLine(s).toCharArray()) {
            switch (c) {
                case '\\', '|', '*', '`', '[', ']', '~' -> b.append('\\').append(c);
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** An inline code span holding s exactly: a fence longer than any run of backticks inside it. */
    public static String code(String s) {
        String one = oneLine(s);
        int longest = 0;
        int run = 0;
        for (char c : one.toCharArray()) {
            run = c == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(longest + 1);
        boolean pad = one.startsWith("`") || one.endsWith("`");
        return fence + (pad ? " " : "") + one + (pad ? " " : "") + fence;
    }

    /**
     * Newlines, other control characters and bidi/invisible characters as visible escapes (\\n, \\x1b, <U+202E>...),
     * and no leading "::", so text stays on one line and cannot be a workflow command in a job summary: {@link
     * Text#inline}, with a tab as a space.
     */
    static String oneLine(String s) {
        return Text.inline(s.replace('\t', ' '));
    }
}
