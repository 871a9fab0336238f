package io.pgolab.bench;

import io.pgolab.measure.Warning;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.util.Hashing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Subjects whose binaries are the same bytes: comparing them measures only the machine's noise, and a
 * no_change between "release" and "lto" would claim something about two variants that are one program
 * (a build that compiled nothing, a step that changed nothing). They are still measured, with a warning
 * that every output shows (it travels with the campaign's warnings).
 */
final class IdenticalBinaries {
    private IdenticalBinaries() {
    }

    /** One warning per group of two or more labels whose binaries have the same SHA-256. */
    static List<Warning> of(List<BuiltArtifact> built, List<String> labels) {
        Map<String, List<String>> bySha = new LinkedHashMap<>();
        for (int i = 0; i < built.size(); i++) {
            Optional<String> sha = sha256(built.get(i));
            if (sha.isPresent()) {
                bySha.computeIfAbsent(sha.get(), k -> new ArrayList<>()).add(labels.get(i));
            }
        }
        List<Warning> out = new ArrayList<>();
        bySha.forEach((sha, names) -> {
            if (names.size() > 1) {
                out.add(new Warning(Warning.Kind.IDENTICAL_BINARIES, "identical binaries: " + quoted(names)
                        + " are the same file (SHA-256 " + sha.substring(0, Math.min(12, sha.length())) + "...), so"
                        + " their comparison measures only noise and says nothing about the variants; check that"
                        + " each build really built (its build log and audit line)"));
            }
        });
        return out;
    }

    private static Optional<String> sha256(BuiltArtifact a) {
        Optional<String> recorded = a.binarySha256().filter(s -> !s.isEmpty());
        if (recorded.isPresent()) {
            return recorded;
        }
        Path p = Path.of(a.binary());   // a manifest written before digests were recorded
        try {
            return Files.isRegularFile(p) ? Optional.of(Hashing.ofPath(p)) : Optional.empty();
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String quoted(List<String> names) {
        List<String> q = names.stream().map(n -> "'" + n + "'").toList();
        return q.size() == 2 ? q.get(0) + " and " + q.get(1)
                : String.join(", ", q.subList(0, q.size() - 1)) + " and " + q.get(q.size() - 1);
    }
}
