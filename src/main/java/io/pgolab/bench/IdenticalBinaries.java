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
                out.add(Warning.identicalBinaries(names, sha));
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
}
