package io.pgolab.audit;

import io.pgolab.toolchain.CompileRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The -O levels and -march values one build's compiles used, counted: what "release" really compiled with
 * ("-O3 (41 compiles), -march not set"), and what the project's own build compiled with, to compare them.
 */
public record OptLevels(Map<String, Integer> levels, Map<String, Integer> march, int compiles) {
    /** Shown for compiles without an -O option: the compiler's default, -O0. */
    public static final String NONE = "no -O";

    /** The counts of the compiles among records (probes whose sources are gone are left out, as the audit does). */
    public static OptLevels of(List<CompileRecord> records) {
        Map<String, Integer> levels = new TreeMap<>();
        Map<String, Integer> march = new TreeMap<>();
        int n = 0;
        for (CompileRecord c : records) {
            if (!c.compiles() || c.probeGone()) {
                continue;
            }
            n++;
            levels.merge(c.optLevel().isEmpty() ? NONE : c.optLevel(), 1, Integer::sum);
            c.valueOf("-march=").filter(m -> !m.isEmpty()).ifPresent(m -> march.merge(m, 1, Integer::sum));
        }
        return new OptLevels(levels, march, n);
    }

    /** The level most compiles used ("" when nothing compiled). */
    public String main() {
        return levels.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("");
    }

    /** "-O3 (41 compiles)" or "-O2 (30 compiles), -O0 (2 compiles)", most used first. */
    public String levelText() {
        Map<String, Integer> sorted = new LinkedHashMap<>();
        levels.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        StringBuilder s = new StringBuilder();
        sorted.forEach((l, k) -> s.append(s.length() == 0 ? "" : ", ").append(l).append(" (").append(k)
                .append(k == 1 ? " compile)" : " compiles)"));
        return s.length() == 0 ? "no compile recorded" : s.toString();
    }

    /** "-march not set", "-march=native" or "-march=x86-64-v3 (12 of 41 compiles)". */
    public String marchText() {
        if (march.isEmpty()) {
            return "-march not set";
        }
        StringBuilder s = new StringBuilder();
        march.forEach((m, k) -> s.append(s.length() == 0 ? "" : ", ").append("-march=").append(m)
                .append(k == compiles ? "" : " (" + k + " of " + compiles + " compiles)"));
        return s.toString();
    }

    /** Both: "-O3 (41 compiles), -march not set". */
    public String text() {
        return levelText() + ", " + marchText();
    }

    /** The same -O levels and -march values (counts aside): the same optimization as other. */
    public boolean sameAs(OptLevels other) {
        return levels.keySet().equals(other.levels.keySet()) && march.keySet().equals(other.march.keySet());
    }
}
