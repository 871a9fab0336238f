package io.pgolab.store;

import io.pgolab.process.Scratch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Leftovers of a pgolab that was SIGKILLed while writing into {@code .pgolab/}: staging directories
 * and JSON temp files ({@code NAME.tmp-PID}) and merge outputs ({@code merged.tmp*}). A live pgolab
 * deletes its own on exit; the next pgolab on the project sweeps those of processes that are gone.
 * Only pgolab's own directories are looked at (bin, profiles, and each config's variants, audit and
 * profile records), never the build trees.
 */
public final class StaleTemps {
    private static final Pattern PID_TEMP = Pattern.compile(".+\\.tmp-(\\d+)");
    private static final Pattern MERGE_TEMP = Pattern.compile("merged\\.tmp(?:-(\\d+)-\\d+)?(?:\\..*)?");

    private StaleTemps() {
    }

    /** Deletes stale temporary entries of the store; returns what was deleted. */
    public static List<Path> sweep(ArtifactStore store) {
        List<Path> removed = new ArrayList<>();
        Set<Path> dirs = new LinkedHashSet<>(List.of(store.root().resolve("bin"), store.profiles()));
        List<ArtifactStore> configs = new ArrayList<>(List.of(store));
        configs.addAll(store.others());
        for (ArtifactStore c : configs) {
            dirs.addAll(List.of(c.records().resolve("variants"), c.records().resolve("audit"), c.profileRecords()));
        }
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    if (stale(p.getFileName().toString())) {
                        Scratch.discard(p);
                        removed.add(p);
                    }
                }
            } catch (IOException e) {
                // best effort: a leftover only costs disk space
            }
        }
        return removed;
    }

    static boolean stale(String name) {
        Matcher m = PID_TEMP.matcher(name);
        Matcher merge = MERGE_TEMP.matcher(name);
        String pid;
        if (m.matches()) {
            pid = m.group(1);
        } else if (merge.matches()) {
            pid = merge.group(1);
        } else {
            return false;
        }
        if (pid == null) {
            return true; // merged.tmp, merged.tmp.N: names of older pgolab versions
        }
        long p = Long.parseLong(pid);
        return p != ProcessHandle.current().pid() && ProcessHandle.of(p).isEmpty();
    }
}
