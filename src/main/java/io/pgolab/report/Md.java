package io.pgolab.report;

/**
 * Escaping of foreign text (labels, workload and metric names, commands, warnings) in Markdown, so
 * that it shows as written and cannot break a table, start a link or inject HTML.
 */
final class Md {
    private Md() {
    }

    /** Text in a paragraph, heading or table cell: one line, Markdown's special characters escaped. */
    static String text(String s) {
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
    static String code(String s) {
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

    /** Newlines and other control characters as visible escapes (\n, \x1b...), so text stays on one line. */
    static String oneLine(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n') {
                b.append("\\n");
            } else if (c == '\r') {
                b.append("\\r");
            } else if (c == '\t') {
                b.append(' ');
            } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                b.append(String.format("\\x%02x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
