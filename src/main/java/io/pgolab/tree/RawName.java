package io.pgolab.tree;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A file name exactly as its bytes are on disk, written as text. Java turns a name into a String with the platform's
 * file-name encoding (sun.jnu.encoding, from the locale, which no -D option overrides): a name that is not valid in it
 * (caf\xe9 under UTF-8, any non-ASCII name under LANG=C) reads as '\uFFFD' or '?', and a path made back from that
 * String names another file. A Path that the file system listed keeps the bytes, and its URI spells them (percent
 * escapes): that is where they are read from. The text form keeps valid UTF-8 as it is and writes every other byte,
 * control characters and the backslash as \xNN, so it is one line, unambiguous, and shows the bytes in a message.
 */
public final class RawName {
    private RawName() {
    }

    /** The file name of p (listed by the file system) as text: valid UTF-8 as is, other bytes as \xNN. */
    public static String of(Path p) {
        Path name = p.getFileName();
        String s = name == null ? "" : name.toString();
        if (Utf8Names.SAFE && plain(s)) {
            return s;
        }
        return escape(bytes(p));
    }

    /** The bytes of p's file name, read from its URI (which spells them exactly). */
    static byte[] bytes(Path p) {
        String raw = p.toAbsolutePath().toUri().getRawPath();
        int end = raw.endsWith("/") && raw.length() > 1 ? raw.length() - 1 : raw.length();
        int start = raw.lastIndexOf('/', end - 1) + 1;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = start; i < end; i++) {
            char c = raw.charAt(i);
            if (c == '%' && i + 2 < end + 1) {
                out.write(Integer.parseInt(raw.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                out.write(c);   // the URI is ASCII: every other byte was escaped
            }
        }
        return out.toByteArray();
    }

    /** True when s is written as it is: no replacement character, control character or backslash. */
    private static boolean plain(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f || c == '\\' || c == '\uFFFD') {
                return false;
            }
        }
        return true;
    }

    /** Text for bytes b: each valid UTF-8 character as it is, every other byte as \xNN. */
    public static String escape(byte[] b) {
        StringBuilder out = new StringBuilder(b.length + 8);
        int i = 0;
        while (i < b.length) {
            int n = validUtf8(b, i);
            int c = b[i] & 0xff;
            if (n == 1 && c >= 0x20 && c != 0x7f && c != '\\') {
                out.append((char) c);
            } else if (n > 1) {
                out.append(new String(b, i, n, StandardCharsets.UTF_8));
            } else {
                out.append(String.format("\\x%02x", c));
                n = 1;
            }
            i += n;
        }
        return out.toString();
    }

    /** The length of the valid UTF-8 character at b[i] (1 for ASCII), or 0 when it is not one. */
    static int validUtf8(byte[] b, int i) {
        int c = b[i] & 0xff;
        if (c < 0x80) {
            return 1;
        }
        int n;
        int min;
        if (c >= 0xc2 && c <= 0xdf) {
            n = 2;
            min = 0x80;
        } else if (c >= 0xe0 && c <= 0xef) {
            n = 3;
            min = 0x800;
        } else if (c >= 0xf0 && c <= 0xf4) {
            n = 4;
            min = 0x10000;
        } else {
            return 0;
        }
        if (i + n > b.length) {
            return 0;
        }
        int cp = c & (0xff >> (n + 1));
        for (int k = 1; k < n; k++) {
            int d = b[i + k] & 0xff;
            if ((d & 0xc0) != 0x80) {
                return 0;
            }
            cp = cp << 6 | d & 0x3f;
        }
        boolean surrogate = cp >= 0xd800 && cp <= 0xdfff;
        return cp < min || cp > 0x10ffff || surrogate ? 0 : n;
    }

    /** Whether Java reads file names as UTF-8 here (then a name without '\uFFFD' is exactly its bytes). */
    private static final class Utf8Names {
        static final boolean SAFE = "UTF-8".equalsIgnoreCase(System.getProperty("sun.jnu.encoding", ""));
    }
}
