package io.pgolab.util;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Directory helpers: delete a tree, make a fresh empty directory. */
public final class Dirs {
    private Dirs() {
    }

    public static void deleteTree(Path p) {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path f : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void fresh(Path p) {
        deleteTree(p);
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The temporary directory: $TMPDIR when it names a directory, else java.io.tmpdir. */
    public static Path tmpRoot() {
        String env = System.getenv("TMPDIR");
        if (env != null && !env.isBlank() && Files.isDirectory(Path.of(env))) {
            return Path.of(env).toAbsolutePath();
        }
        return Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
    }

    /** A new empty directory under the temporary directory ({@link #tmpRoot}). */
    public static Path temporary(String prefix) {
        try {
            return Files.createTempDirectory(tmpRoot(), prefix);
        } catch (IOException e) {
            throw new io.pgolab.UserError("cannot create a temporary directory in " + tmpRoot()
                    + ": " + e.getMessage(), "point TMPDIR at a writable directory with free space");
        }
    }
}
