package io.pgolab.measure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures a parser left out of a campaign's runs (a suite's benchmark at 0 ns/op, or without a time), per subject:
 * each one becomes a warning of the workload that names the benchmark, says why and in how many runs, so that a
 * benchmark never leaves the comparison unsaid.
 */
final class LeftOut {
    private final Map<String, Integer> runs = new LinkedHashMap<>();
    private final Map<String, Map<String, Integer>> notes = new LinkedHashMap<>();

    void clear() {
        runs.clear();
        notes.clear();
    }

    /** One parsed run of subject label, and what its parser left out of it. */
    void record(String label, List<String> leftOut) {
        runs.merge(label, 1, Integer::sum);
        for (String n : leftOut) {
            notes.computeIfAbsent(label, k -> new LinkedHashMap<>()).merge(n, 1, Integer::sum);
        }
    }

    /** "'base:release': benchmark micro.X is left out, not compared: its time is 0 ns/op (in 5 of 5 runs)". */
    List<Warning> warnings() {
        List<Warning> out = new ArrayList<>();
        notes.forEach((label, byNote) -> byNote.forEach((note, n) -> out.add(Warning.leftOut(label, note, n,
                runs.get(label)))));
        return out;
    }
}
