package io.pgolab.init;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * Where a key is written in a config's text, to name the line to change ("pgolab.toml:12"): the check reads the
 * text itself because the loaded Config keeps values, not their places. Lines count from 1.
 */
final class KeyLines {
    private static final Pattern HEADER = Pattern.compile("^\\s*\\[\\[?\\s*([A-Za-z0-9_.-]+)\\s*]]?\\s*(#.*)?$");
    private final List<String> lines;

    KeyLines(String text) {
        this.lines = text.lines().toList();
    }

    /** The line of key in table [table] (or in the index-th [[table]], counting from 0). */
    OptionalInt line(String table, int index, String key) {
        Pattern assign = Pattern.compile("^\\s*" + Pattern.quote(key) + "\\s*=");
        String current = "";
        int seen = -1;
        for (int i = 0; i < lines.size(); i++) {
            var h = HEADER.matcher(lines.get(i));
            if (h.matches()) {
                current = h.group(1);
                if (current.equals(table)) {
                    seen++;
                }
                continue;
            }
            if (current.equals(table) && seen == index && assign.matcher(lines.get(i)).find()) {
                return OptionalInt.of(i + 1);
            }
        }
        return OptionalInt.empty();
    }

    /** The lines marked CHANGE_ME (init's guesses), each as "guessed by init, check it: pgolab.toml:27: command = ...". */
    List<String> guesses(String fileName) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (l.contains("CHANGE_ME") && !l.startsWith("#")) {
                out.add("guessed by init, check it: " + fileName + ":" + (i + 1) + ": " + l);
            }
        }
        return out;
    }

    /** The line's text (1-based), or "" past the end. */
    String text(int line) {
        return line >= 1 && line <= lines.size() ? lines.get(line - 1) : "";
    }

    /** "pgolab.toml:12" for a key found, else "pgolab.toml, [table] key". */
    String where(String fileName, String table, int index, String key) {
        OptionalInt l = line(table, index, key);
        return l.isPresent() ? fileName + ":" + l.getAsInt() : fileName + ", [" + table + "] " + key;
    }
}
