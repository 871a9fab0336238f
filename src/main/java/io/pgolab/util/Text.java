package io.pgolab.util;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Text that came from somewhere else (a workload, a build, a tool): bytes decoded leniently, shown
 * safely on a terminal, cut to a size fit for an error message.
 */
public final class Text {
    /** The longest line an error message shows; a longer one keeps its end, after a "… (N bytes cut)" marker. */
    public static final int LINE_BYTES = 1024;

    private Text() {
    }

    /** bytes as UTF-8; malformed sequences become U+FFFD, never an exception. */
    public static String decode(byte[] bytes) {
        return decode(bytes, 0, bytes.length);
    }

    public static String decode(byte[] bytes, int offset, int length) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE)
                    .decode(ByteBuffer.wrap(bytes, offset, length)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("a replacing decoder cannot fail", e);
        }
    }

    /**
     * text with its control characters made visible, so that printing it cannot move the cursor,
     * clear the screen or set the terminal's title: newline and tab stay, ESC becomes {@code \e},
     * carriage return {@code \r}, the other C0 and C1 controls and DEL {@code \xNN}.
     */
    public static String visible(String text) {
        int i = 0;
        while (i < text.length() && !control(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length() + 16).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!control(c)) {
                sb.append(c);
            } else if (c == 0x1b) {
                sb.append("\\e");
            } else if (c == '\r') {
                sb.append("\\r");
            } else {
                sb.append(String.format("\\x%02x", (int) c));
            }
        }
        return sb.toString();
    }

    /**
     * text from a file as one visible line, for a terminal, Markdown or a log a CI runner parses: newline
     * {@code \n}, carriage return {@code \r}, tab {@code \t}, the other C0 and C1 controls (ESC too) and DEL
     * {@code \xNN}; the characters that reorder or hide text (bidi embeddings, overrides and isolates, the
     * marks, zero-width and invisible characters, line and paragraph separators, BOM) as {@code <U+202E>}; and a
     * leading {@code ::} as {@code \x3a:}, so no line the data starts can be a GitHub Actions workflow command
     * (the runner strips leading blanks before it looks for one).
     */
    public static String inline(String text) {
        if (text == null) {
            return null;
        }
        int i = 0;
        while (i < text.length() && !hidden(text.codePointAt(i))) {
            i += Character.charCount(text.codePointAt(i));
        }
        boolean command = workflowCommand(text);
        if (i == text.length() && !command) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int k = 0; k < text.length(); k += Character.charCount(text.codePointAt(k))) {
            int c = text.codePointAt(k);
            if (command && c == ':') {
                sb.append("\\x3a");
                command = false;
            } else if (!hidden(c)) {
                sb.appendCodePoint(c);
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\t') {
                sb.append("\\t");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
                sb.append(String.format("\\x%02x", c));
            } else {
                sb.append(String.format("<U+%04X>", c));
            }
        }
        return sb.toString();
    }

    /** Starts with "::" after blanks (.NET's TrimStart, which the runner uses, strips every Unicode space). */
    private static boolean workflowCommand(String text) {
        int i = 0;
        while (i < text.length() && (Character.isWhitespace(text.charAt(i)) || Character.isSpaceChar(text.charAt(i)))) {
            i++;
        }
        return text.startsWith("::", i);
    }

    /**
     * Controls, line and paragraph separators, and the format characters (Unicode category Cf: bidi controls,
     * zero-width characters, BOM, tag characters) that change how the text around them shows.
     */
    private static boolean hidden(int c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029
                || (c > 0x9f && Character.getType(c) == Character.FORMAT);
    }

    private static boolean control(char c) {
        return c != '\n' && c != '\t' && (c < 0x20 || (c >= 0x7f && c <= 0x9f));
    }

    /** The last n lines of text, for a message: see {@link #lastLines(byte[], int, int, long, int)}. */
    public static String lastLines(String text, int n) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return lastLines(b, 0, b.length, 0, n);
    }

    /**
     * The last n lines of bytes[from, to), for an error message: trailing blank lines dropped,
     * decoded leniently, control characters made {@link #visible}, and a line longer than
     * {@link #LINE_BYTES} cut to its end after a "… (N bytes cut) " marker. {@code before} counts
     * the bytes that preceded {@code from} in the output this is the end of: when it is not zero the
     * first line is a partial one and its marker counts them too.
     */
    public static String lastLines(byte[] bytes, int from, int to, long before, int n) {
        int end = to;
        while (end > from && blank(bytes[end - 1])) {
            end--;
        }
        Deque<String> lines = new ArrayDeque<>();
        int lineEnd = end;
        while (lines.size() < n && lineEnd > from) {
            int start = lineEnd;
            while (start > from && bytes[start - 1] != '\n') {
                start--;
            }
            lines.addFirst(line(bytes, start, lineEnd, start == from ? before : 0));
            lineEnd = start - 1;
        }
        if (lines.isEmpty() && before > 0) {
            lines.add(marker(before).strip());
        }
        return String.join("\n", lines);
    }

    private static String line(byte[] b, int start, int end, long cutBefore) {
        int s = start;
        if (end - start > LINE_BYTES) {
            s = end - LINE_BYTES;
            while (s < end && (b[s] & 0xC0) == 0x80) {
                s++;
            }
        }
        int e = end > s && b[end - 1] == '\r' ? end - 1 : end;
        long cut = cutBefore + (s - start);
        String text = visible(decode(b, s, e - s));
        return cut > 0 ? marker(cut) + text : text;
    }

    /** "… (N bytes cut) ": what stands where output was left out. */
    public static String marker(long bytes) {
        return "… (" + bytes + " bytes cut) ";
    }

    private static boolean blank(byte b) {
        return b == '\n' || b == '\r' || b == ' ' || b == '\t';
    }
}
