package io.pgolab.toolchain;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Rust's legacy symbol names (_ZN + length-prefixed path segments + 17h&lt;16 hex&gt; + E), decoded
 * as rustc-demangle does: the escapes $LT$ $GT$ $C$ $RF$ $BP$ $SP$ $LP$ $RP$ $uXX$ and ".." for
 * "::", without the hash. llvm-cxxfilt reads these names as C++ and leaves the escapes in.
 */
final class RustLegacy {
    private static final Pattern HASH = Pattern.compile("h[0-9a-f]{16}");

    private RustLegacy() {
    }

    /** The readable path, or empty when the name is not a Rust legacy name. */
    static Optional<String> demangle(String symbol) {
        String s = symbol.replaceFirst("\\.llvm\\.\\d+$", "");
        if (!s.startsWith("_ZN") || !s.endsWith("E")) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        int i = 3;
        while (i < s.length() - 1) {
            int start = i;
            while (i < s.length() && Character.isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start) {
                return Optional.empty();
            }
            int n = Integer.parseInt(s.substring(start, i));
            if (n == 0 || i + n > s.length() - 1) {
                return Optional.empty();
            }
            parts.add(s.substring(i, i + n));
            i += n;
        }
        if (i != s.length() - 1 || parts.size() < 2 || !HASH.matcher(parts.get(parts.size() - 1)).matches()) {
            return Optional.empty();
        }
        List<String> out = new ArrayList<>();
        for (String p : parts.subList(0, parts.size() - 1)) {
            Optional<String> u = unescape(p.startsWith("_$") ? p.substring(1) : p);
            if (u.isEmpty()) {
                return Optional.empty();
            }
            out.add(u.get());
        }
        return Optional.of(String.join("::", out));
    }

    private static Optional<String> unescape(String p) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < p.length()) {
            char c = p.charAt(i);
            if (c == '$') {
                int end = p.indexOf('$', i + 1);
                if (end < 0) {
                    return Optional.empty();
                }
                String e = p.substring(i + 1, end);
                String r = switch (e) {
                    case "SP" -> "@";
                    case "BP" -> "*";
                    case "RF" -> "&";
                    case "LT" -> "<";
                    case "GT" -> ">";
                    case "LP" -> "(";
                    case "RP" -> ")";
                    case "C" -> ",";
                    default -> e.matches("u[0-9a-f]{1,6}") ? new String(Character.toChars(Integer.parseInt(e.substring(1), 16))) : null;
                };
                if (r == null) {
                    return Optional.empty();
                }
                b.append(r);
                i = end + 1;
            } else if (c == '.' && i + 1 < p.length() && p.charAt(i + 1) == '.') {
                b.append("::");
                i += 2;
            } else {
                b.append(c);
                i++;
            }
        }
        return Optional.of(b.toString());
    }
}
