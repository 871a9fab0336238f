package io.pgolab.store;

import io.pgolab.toolchain.CompileRecord;
import io.pgolab.util.Hashing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which links of a build made files the variant holds, and which made files outside it. A project that builds
 * loadable modules or libraries beside its program (CPython's extension modules, a server's plugins) compiles them
 * with the variant's flags, but when the variant is the program alone they stay out of every variant: training never
 * profiles them and every variant runs the same copies. The audit says so, with the compiles only those links used.
 * A link's output is in the variant when it is one of the variant's files, a copy of one (same size and SHA-256:
 * 'make install' copies it into the install tree), or has the name of one (an install that strips what it copies);
 * a link whose output is gone (a configure probe) is not counted.
 */
public final class ArtifactLinks {
    private ArtifactLinks() {
    }

    /** What the audit line gets: "" when every link made a file of the variant, else how many did not and which. */
    public static String line(List<CompileRecord> records, List<Path> variantFiles) {
        Map<Path, CompileRecord> last = new LinkedHashMap<>();   // a file linked twice: its last link
        records.stream().filter(CompileRecord::links).forEach(l -> last.put(output(l), l));
        List<CompileRecord> links = List.copyOf(last.values());
        Matcher in = new Matcher(variantFiles);
        List<CompileRecord> outside = new ArrayList<>();
        Set<Path> usedInside = new HashSet<>();
        int counted = 0;
        for (CompileRecord l : links) {
            Path out = output(l);
            if (!Files.isRegularFile(out)) {
                continue;
            }
            counted++;
            if (in.holds(out)) {
                usedInside.addAll(l.inputs());
            } else {
                outside.add(l);
            }
        }
        if (outside.isEmpty()) {
            return "";
        }
        Set<Path> onlyOutside = new LinkedHashSet<>();
        outside.forEach(l -> onlyOutside.addAll(l.inputs()));
        onlyOutside.removeAll(usedInside);
        long compiles = records.stream().filter(CompileRecord::compiles)
                .filter(c -> c.objects().stream().anyMatch(onlyOutside::contains)).count();
        List<String> names = outside.stream().map(l -> output(l).getFileName().toString()).toList();
        return ", " + outside.size() + " of " + counted + " links made files outside the variant ("
                + String.join(", ", names.subList(0, Math.min(4, names.size())))
                + (names.size() > 4 ? ", " + (names.size() - 4) + " more" : "") + ")"
                + (compiles == 0 ? "" : ": " + compiles + (compiles == 1 ? " compile" : " compiles")
                + " went only into them, in no variant");
    }

    private static Path output(CompileRecord l) {
        return l.cwd().resolve(l.value("-o").orElse("a.out")).normalize();
    }

    /** The variant's files by size, hashed only when a link output has the same size. */
    private static final class Matcher {
        private final Map<Long, List<Path>> bySize = new HashMap<>();
        private final Map<Path, String> hashes = new HashMap<>();
        private final Set<Path> names = new HashSet<>();

        Matcher(List<Path> files) {
            for (Path f : files) {
                size(f).ifPresent(n -> bySize.computeIfAbsent(n, k -> new ArrayList<>()).add(f));
                names.add(f.getFileName());
            }
        }

        /** out, a copy of it, or a file of its name (an install that strips or rewrites what it copies). */
        boolean holds(Path out) {
            if (names.contains(out.getFileName())) {
                return true;
            }
            List<Path> same = size(out).map(n -> bySize.getOrDefault(n, List.of())).orElse(List.of());
            if (same.isEmpty()) {
                return false;
            }
            String h = Hashing.ofPath(out);
            return same.stream().anyMatch(f -> h.equals(hashes.computeIfAbsent(f, Hashing::ofPath)));
        }

        private static Optional<Long> size(Path f) {
            try {
                return Optional.of(Files.size(f));
            } catch (IOException e) {
                return Optional.empty();
            }
        }
    }
}
