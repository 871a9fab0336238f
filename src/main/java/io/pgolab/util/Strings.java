package io.pgolab.util;

import java.util.Arrays;
import java.util.Collection;
import java.util.Optional;

/** Small text helpers shared by error messages. */
public final class Strings {
    private Strings() {
    }

    /** The candidate closest to word by edit distance, if it is close enough to be a likely typo. */
    public static Optional<String> closest(String word, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(word.toLowerCase(), c.toLowerCase());
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        int limit = Math.max(2, word.length() / 3);
        return best != null && bestDistance <= limit ? Optional.of(best) : Optional.empty();
    }

    /** Edit distance counting a swap of two neighbours as one edit ("prot" is one edit from "port"). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** The first line of text that is not blank, stripped; "" when there is none (for one-line error messages). */
    public static String firstLine(String text) {
        return firstLine(text, "");
    }

    /** {@link #firstLine(String)}, or {@code ifNone} when text has no such line (or is null). */
    public static String firstLine(String text, String ifNone) {
        if (text == null) {
            return ifNone;
        }
        return text.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse(ifNone);
    }

    /** The last n lines of text, for error messages about failed commands. */
    public static String tail(String text, int n) {
        String[] lines = text.split("\n", -1);
        int end = lines.length;
        while (end > 0 && lines[end - 1].isBlank()) {
            end--;
        }
        int start = Math.max(0, end - n);
        return String.join("\n", Arrays.asList(lines).subList(start, end));
    }

    /** The last lines of text, indented two spaces, with a count of the lines left out: for error messages. */
    public static String indentedTail(String text, int lines) {
        String[] all = text.strip().split("\n");
        int from = Math.max(0, all.length - lines);
        StringBuilder sb = new StringBuilder();
        if (from > 0) {
            sb.append("  ... (").append(from).append(" lines omitted)\n");
        }
        for (int i = from; i < all.length; i++) {
            sb.append("  ").append(all[i]);
            if (i + 1 < all.length) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    public static String humanBytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < 1024 * 1024) {
            return String.format("%.1f KiB", bytes / 1024.0);
        }
        return String.format("%.1f MiB", bytes / (1024.0 * 1024));
    }
}
