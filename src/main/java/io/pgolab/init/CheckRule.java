package io.pgolab.init;

import io.pgolab.config.starter.StarterConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;

/**
 * When 'pgolab init' runs its check without being asked: on a terminal (a script or a CI job gets no build it did
 * not ask for), for a build system init knows, and for a small tree (at most 2 000 files and 50 MB, outside .git
 * and .pgolab), which builds in seconds to a few minutes. Anything else says how to ask for it (--check).
 */
public final class CheckRule {
    static final int MAX_FILES = 2000;
    static final long MAX_BYTES = 50L << 20;
    private static final Set<String> SKIPPED = Set.of(".git", ".pgolab", ".hg", ".svn");

    /** Whether to check, and why (said on init's output). */
    public record Decision(boolean check, String why) {
    }

    private CheckRule() {
    }

    public static Decision decide(Path dir, boolean interactive) {
        if (!interactive) {
            return new Decision(false, "no terminal: a script or CI job builds only when asked");
        }
        if (StarterConfig.kindOf(dir).isEmpty() && StarterConfig.detect(dir) == StarterConfig.BuildSystem.OTHER) {
            return new Decision(false, "init found no build system to build with");
        }
        long[] size = size(dir);
        if (size[0] > MAX_FILES || size[1] > MAX_BYTES) {
            return new Decision(false, "a large tree (more than " + MAX_FILES + " files or " + (MAX_BYTES >> 20)
                    + " MB): its build may take long");
        }
        return new Decision(true, "a small tree (" + size[0] + " files), building release once");
    }

    /** Files and bytes under dir, counting stops past the limits. */
    static long[] size(Path dir) {
        long[] n = {0, 0};
        try (Stream<Path> s = Files.walk(dir)) {
            s.filter(p -> dir.relativize(p).toString().isEmpty() || !SKIPPED.contains(dir.relativize(p).getName(0).toString()))
                    .filter(Files::isRegularFile)
                    .takeWhile(p -> n[0] <= MAX_FILES && n[1] <= MAX_BYTES)
                    .forEach(p -> {
                        n[0]++;
                        n[1] += sizeOf(p);
                    });
        } catch (IOException | UncheckedIOException e) {
            return new long[] {Long.MAX_VALUE, Long.MAX_VALUE};   // unreadable parts: not known to be small
        }
        return n;
    }

    private static long sizeOf(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }
}
