package io.pgolab.measure.perf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code perf script} output folded into stacks (what Brendan Gregg's stackcollapse-perf.pl does): each sample is
 * a header line ({@code comm pid ... event:}) then one line per frame, leaf first ({@code addr symbol+off (dso)}),
 * then a blank line. Frames are written root first, the process name as the root; a frame without a symbol is
 * named by its dso ({@code [libc.so.6]}), LTO's suffix of promoted local functions is dropped ({@link #localName}),
 * and ';' inside a name (clang's file-local {@code path;name}) becomes ':'.
 */
public final class FoldedStacks {
    /** The frame that stands for the frames merged by {@link #cap}. */
    public static final String MERGED = "[small frames]";
    /** Distinct stacks kept at most; beyond it the smallest frames are merged ({@link #cap}). */
    public static final int MAX_STACKS = 4000;

    private FoldedStacks() {
    }

    /** The folded stacks of perf script's text, largest first. */
    public static Map<String, Long> fold(String perfScript) {
        Map<String, Long> out = new HashMap<>();
        String comm = null;
        List<String> frames = new ArrayList<>();
        for (String line : (perfScript + "\n\n").split("\n", -1)) {
            if (line.isBlank()) {
                if (comm != null) {
                    Collections.reverse(frames);
                    String stack = frames.isEmpty() ? comm : comm + ";" + String.join(";", frames);
                    out.merge(stack, 1L, Long::sum);
                }
                comm = null;
                frames.clear();
            } else if (line.startsWith("#")) {
                continue;
            } else if (!Character.isWhitespace(line.charAt(0))) {
                comm = comm(line);
            } else if (comm != null) {
                frames.add(frame(line.strip()));
            }
        }
        return sorted(out);
    }

    /** The command name of a header line: everything before the pid ("lua 1234 ..." and "my prog 1234/1235 ..."). */
    static String comm(String header) {
        String[] parts = header.strip().split("\\s+");
        StringBuilder name = new StringBuilder();
        for (String p : parts) {
            if (p.matches("\\d+(/\\d+)?")) {
                break;
            }
            name.append(name.length() == 0 ? "" : " ").append(p);
        }
        return clean(name.length() == 0 ? "[unknown]" : name.toString());
    }

    /** "55d0c4 vm_run+0x1f (/tmp/demo)" → "vm_run"; "7f12 [unknown] (/usr/lib/libc.so.6)" → "[libc.so.6]". */
    static String frame(String line) {
        String rest = line.replaceFirst("^[0-9a-fA-F]+\\s+", "");
        String dso = "";
        int open = rest.lastIndexOf(" (");
        if (open >= 0 && rest.endsWith(")")) {
            dso = rest.substring(open + 2, rest.length() - 1);
            rest = rest.substring(0, open);
        }
        String sym = rest.replaceFirst("\\+0x[0-9a-fA-F]+$", "").strip();
        if (sym.isEmpty() || sym.equals("[unknown]")) {
            String file = dso.substring(dso.lastIndexOf('/') + 1);
            return clean("[" + (file.isEmpty() || file.equals("[unknown]") ? "unknown" : file.replaceAll("^\\[|\\]$", "")) + "]");
        }
        return clean(localName(sym));
    }

    /**
     * A file-local function under the name it has without LTO: LTO promotes local functions to globals with a unique
     * suffix (clang {@code precallC.llvm.10874372042459484144}, GCC {@code foo.lto_priv.0}), which would make the same
     * function two frames in a differential graph of lto against release.
     */
    static String localName(String sym) {
        return sym.replaceFirst("\\.llvm\\.\\d+$", "").replaceFirst("\\.lto_priv\\.\\d+$", "");
    }

    private static String clean(String s) {
        return s.replace(';', ':');
    }

    /**
     * At most maxStacks distinct stacks: frames whose total (their samples and their callees') is below the smallest
     * count that leaves that many are cut there, the rest of their stack replaced by one {@link #MERGED} frame under
     * their caller. Totals are kept: every sample stays in the graph, only the detail of tiny frames goes.
     */
    public static Flamegraph cap(String event, String callGraph, Map<String, Long> stacks, int maxStacks) {
        long total = stacks.values().stream().mapToLong(Long::longValue).sum();
        if (stacks.size() <= maxStacks) {
            return new Flamegraph(event, callGraph, total, sorted(stacks), 0, 0);
        }
        Map<String, Long> prefixTotals = new HashMap<>();
        stacks.forEach((stack, n) -> {
            int i = stack.indexOf(';');
            while (i >= 0) {
                prefixTotals.merge(stack.substring(0, i), n, Long::sum);
                i = stack.indexOf(';', i + 1);
            }
            prefixTotals.merge(stack, n, Long::sum);
        });
        long min = 1;
        Map<String, Long> out = stacks;
        int merged = 0;
        while (out.size() > maxStacks) {
            min *= 2;
            Map<String, Long> next = new HashMap<>();
            Set<String> cut = new HashSet<>();
            for (var e : stacks.entrySet()) {
                String kept = keep(e.getKey(), prefixTotals, min, cut);
                next.merge(kept, e.getValue(), Long::sum);
            }
            out = next;
            merged = cut.size();
        }
        return new Flamegraph(event, callGraph, total, sorted(out), merged, min);
    }

    /** The stack up to its last frame of at least min samples, then MERGED when anything was cut. */
    private static String keep(String stack, Map<String, Long> totals, long min, Set<String> cut) {
        int end = stack.indexOf(';');
        if (end < 0) {
            return stack; // the root stays whole
        }
        while (true) {
            int next = stack.indexOf(';', end + 1);
            String prefix = next < 0 ? stack : stack.substring(0, next);
            if (totals.get(prefix) < min) {
                cut.add(prefix);
                return stack.substring(0, end) + ";" + MERGED;
            }
            if (next < 0) {
                return stack;
            }
            end = next;
        }
    }

    static Map<String, Long> sorted(Map<String, Long> m) {
        Map<String, Long> out = new LinkedHashMap<>();
        m.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                .thenComparing(Map.Entry.comparingByKey())).forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }
}
