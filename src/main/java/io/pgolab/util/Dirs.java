package io.pgolab.util;

import io.pgolab.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/** Directory helpers: delete a tree, make a fresh empty directory. */
public final class Dirs {
    private Dirs() {
    }

    /**
     * Deletes p and everything under it, without following a symbolic link (a link is deleted, not what it names).
     * Streams: each file is deleted as the walk reaches it and each directory once it is empty, so memory is one
     * directory listing per level, not a list of every path (an install tree has tens of thousands).
     */
    public static void deleteTree(Path p) {
        if (!Files.exists(p)) {
            return;
        }
        try {
            Files.walkFileTree(p, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
                    Files.delete(f);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    if (e != null) {
                        throw e;
                    }
                    Files.delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
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
            throw new UserError("cannot create a temporary directory in " + tmpRoot()
                    + ": " + e.getMessage(), "point TMPDIR at a writable directory with free space");
        }
    }
}
