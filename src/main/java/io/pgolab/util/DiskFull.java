package io.pgolab.util;

import io.pgolab.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * A full disk as a message a user can act on: the path being written, the free space on its
 * filesystem and, when known, the size being written, with the fix (free space, or move the
 * project's {@code .pgolab}). Recognized from an {@link IOException} or from a tool's output.
 */
public final class DiskFull {
    /** strerror(ENOSPC). */
    public static final String ENOSPC = "No space left on device";
    /** strerror(EDQUOT): a quota is a full disk too. */
    private static final String EDQUOT = "Disk quota exceeded";

    private DiskFull() {
    }

    /** Whether e (or a cause) says the disk is full. */
    public static boolean is(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t instanceof FileSystemException f ? f.getReason() + " " + f.getMessage() : t.getMessage();
            if (m != null && (m.contains(ENOSPC) || m.contains(EDQUOT))) {
                return true;
            }
        }
        return false;
    }

    /** Whether a tool's output says the disk is full. */
    public static boolean inOutput(String output) {
        return output != null && (output.contains(ENOSPC) || output.contains(EDQUOT));
    }

    /** The UserError for a full disk while writing path; bytes is the size being written, or 0 when unknown. */
    public static UserError error(Path path, long bytes, Throwable cause) {
        Path abs = path.toAbsolutePath();
        String need = bytes > 0 ? "; writing " + human(bytes) : "";
        return new UserError("no space left on device writing " + abs + ": " + freeSpace(abs) + need,
                "free space on that filesystem, or move the project (its .pgolab directory holds the builds,"
                        + " profiles and logs) to a larger disk", cause);
    }

    /**
     * The exception to throw for e, raised while writing path: a disk-full {@link UserError}, else e
     * unchanged (wrapped unchecked).
     */
    public static RuntimeException wrap(Path path, long bytes, IOException e) {
        if (is(e)) {
            Path p = path;
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof FileSystemException f && f.getFile() != null) {
                    p = Path.of(f.getFile());
                    break;
                }
            }
            return error(p, bytes, e);
        }
        return new UncheckedIOException(e);
    }

    /**
     * Whether the filesystem that holds p (or its nearest existing parent) cannot take another block for
     * this process. statvfs first; only when it shows under 1 MiB available, a 4 KiB test write decides
     * (root may still write into ext4's reserved blocks, which statvfs does not count as available).
     */
    public static boolean full(Path p) {
        Path dir = existing(p);
        if (dir == null) {
            return false;
        }
        if (dir.toFile().getUsableSpace() >= LOW) { // one statvfs; 0 also when it cannot be asked
            return false;
        }
        if (!Files.isDirectory(dir)) {
            dir = dir.getParent();
        }
        Path probe = null;
        try {
            probe = Files.createTempFile(dir, ".pgolab-space-", "");
            try (var ch = FileChannel.open(probe, StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.allocate(4096));
            }
            return false;
        } catch (IOException e) {
            return is(e);
        } finally {
            if (probe != null) {
                try {
                    Files.deleteIfExists(probe);
                } catch (IOException ignored) {
                    // a probe file of 4 KiB at most; the scratch sweep removes the rest
                }
            }
        }
    }

    /**
     * "no space left on /tmp (tmpfs, 0 bytes free) while writing WHAT", with the hint: the filesystem is
     * named by its mount point, so a user sees which disk to clean.
     */
    public static UserError whileWriting(Path p, String what, String hint, Throwable cause) {
        return new UserError("no space left on " + where(p) + " while writing " + what, hint, cause);
    }

    /** "/tmp (tmpfs, 0 bytes free)": the mount point that holds p, its type and what is available. */
    public static String where(Path p) {
        Path q = existing(p);
        if (q == null) {
            return p.toAbsolutePath().toString();
        }
        try {
            FileStore store = Files.getFileStore(q);
            String name = store.toString();
            int paren = name.lastIndexOf(" (");
            String mount = paren > 0 ? name.substring(0, paren) : q.toString();
            return mount + " (" + store.type() + ", " + human(store.getUsableSpace()) + " free)";
        } catch (IOException e) {
            return q + " (free space unknown)";
        }
    }

    private static final long LOW = 1 << 20;

    private static Path existing(Path p) {
        Path q = p.toAbsolutePath();
        while (q != null && !Files.exists(q)) {
            q = q.getParent();
        }
        return q;
    }

    /** "120 KiB free on /tmp/x (tmpfs)", or a plain note when the filesystem cannot be asked. */
    public static String freeSpace(Path p) {
        Path q = p;
        while (q != null && !Files.exists(q)) {
            q = q.getParent();
        }
        if (q == null) {
            return "free space unknown";
        }
        try {
            FileStore store = Files.getFileStore(q);
            return human(store.getUsableSpace()) + " free on " + store;
        } catch (IOException e) {
            return "free space unknown (" + e.getMessage() + ")";
        }
    }

    /** 1536 -> "1.5 KiB". */
    public static String human(long bytes) {
        String[] units = {"bytes", "KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? bytes + " bytes" : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    /** Total size of the regular files at or under p (0 when it cannot be read). */
    public static long sizeOf(Path p) {
        try (var s = Files.walk(p)) {
            return s.filter(Files::isRegularFile).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;
        }
    }
}
