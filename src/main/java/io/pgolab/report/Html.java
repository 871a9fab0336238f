package io.pgolab.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.pgolab.util.Json;
import java.io.UncheckedIOException;

/**
 * Escaping of foreign text in the HTML report. Everything that came from a command, an output, a file name, a
 * branch name or a config is text: element content and attribute values go through {@link #text}, and the data the
 * charts read goes through {@link #json}, which cannot end its script element.
 */
public final class Html {
    private Html() {
    }

    /**
     * Text in element content or a quoted attribute value (HTML, and the standalone SVGs' XML): made {@link #visible},
     * then &amp; &lt; &gt; &quot; &#39; escaped.
     */
    public static String text(String s) {
        if (s == null) {
            return "";
        }
        String v = visible(s);
        StringBuilder b = new StringBuilder(v.length() + 16);
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * Foreign text with the characters that would act instead of show written out: C0 controls and DEL as
     * {@code \x1b} (tab and newline stay: whitespace in HTML and XML), and as {@code <U+202E>} the C1 controls, the
     * bidi controls (an unterminated RIGHT-TO-LEFT OVERRIDE in a name reversed the report's own text after it), the
     * line and paragraph separators, lone surrogates and the non-characters U+FFFE/U+FFFF (XML 1.0 allows none of
     * them, so one in a frame name made the standalone SVG unreadable).
     */
    public static String visible(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String shown = shown(s, i);
            if (shown == null) {
                if (b != null) {
                    b.append(c);
                }
                continue;
            }
            if (b == null) {
                b = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            b.append(shown);
        }
        return b == null ? s : b.toString();
    }

    /** How the char at i is shown, or null when it shows as itself (a valid surrogate pair shows as itself). */
    private static String shown(String s, int i) {
        char c = s.charAt(i);
        if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f) {
            return String.format("\\x%02x", (int) c);
        }
        boolean format = (c >= 0x80 && c <= 0x9f) || c == 0x061c || c == 0x200e || c == 0x200f
                || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x2028 || c == 0x2029
                || c == 0xfffe || c == 0xffff;
        boolean lone = (Character.isHighSurrogate(c) && (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))))
                || (Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1))));
        return format || lone ? String.format("<U+%04X>", (int) c) : null;
    }

    /**
     * A value as JSON for a {@code <script type="application/json">} element: '<', '>' and '&' (and the line
     * separators JavaScript once treated as newlines) as \\u escapes, so no text inside can close the element or
     * start a comment; JSON.parse reads the escapes back as the characters.
     */
    public static String json(Object value) {
        String j;
        try {
            j = Json.MAPPER.writeValueAsString(visible(Json.MAPPER.valueToTree(value)));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        return j.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
                .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    }

    /**
     * The chart data with every string and key made {@link #visible}: the scripts set names as text, and a name's
     * bidi override would reverse the tooltip or status line around it. Two keys that become the same (a stack with
     * an ESC and one with the four characters "\\x1b") add up their numbers, else the first stays.
     */
    private static JsonNode visible(JsonNode n) {
        if (n.isTextual()) {
            String v = visible(n.textValue());
            return v.equals(n.textValue()) ? n : TextNode.valueOf(v);
        }
        if (n.isArray()) {
            ArrayNode a = Json.MAPPER.createArrayNode();
            n.forEach(x -> a.add(visible(x)));
            return a;
        }
        if (n.isObject()) {
            ObjectNode o = Json.MAPPER.createObjectNode();
            n.fields().forEachRemaining(e -> {
                String k = visible(e.getKey());
                JsonNode v = visible(e.getValue());
                JsonNode had = o.get(k);
                if (had == null) {
                    o.set(k, v);
                } else if (had.isNumber() && v.isNumber()) {
                    o.put(k, had.longValue() + v.longValue());
                }
            });
            return o;
        }
        return n;
    }

    /** A library's or our own script as the content of a script element: no "</script" inside can end it early. */
    public static String script(String js) {
        return js.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT");
    }

    /** A name made file-safe (the flamegraph SVG files and their anchors): other characters '_', at most 80. */
    public static String fileSafe(String s) {
        String t = s.replaceAll("[^A-Za-z0-9._+-]", "_");
        return t.length() > 80 ? t.substring(0, 80) : t;
    }

    /**
     * The anchor of a differential flamegraph in the HTML report, "diff.WORKLOAD.CANDIDATE-vs-BASELINE": its SVG
     * file's name without the report's stem and ".svg", which a PR comment links to.
     */
    public static String diffAnchor(String workload, String candidate, String baseline) {
        return "diff." + fileSafe(workload) + "." + fileSafe(candidate) + "-vs-" + fileSafe(baseline);
    }
}
