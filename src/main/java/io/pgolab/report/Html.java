package io.pgolab.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.pgolab.util.Json;
import java.io.UncheckedIOException;

/**
 * Escaping of foreign text in the HTML report. Everything that came from a command, an output, a file name, a
 * branch name or a config is text: element content and attribute values go through {@link #text}, and the data the
 * charts read goes through {@link #json}, which cannot end its script element.
 */
final class Html {
    private Html() {
    }

    /** Text in element content or a quoted attribute value: &amp; &lt; &gt; &quot; &#39; escaped. */
    static String text(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
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
     * A value as JSON for a {@code <script type="application/json">} element: '<', '>' and '&' (and the line
     * separators JavaScript once treated as newlines) as \\u escapes, so no text inside can close the element or
     * start a comment; JSON.parse reads the escapes back as the characters.
     */
    static String json(Object value) {
        String j;
        try {
            j = Json.MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        return j.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
                .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    }

    /** A library's or our own script as the content of a script element: no "</script" inside can end it early. */
    static String script(String js) {
        return js.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT");
    }
}
