package io.pgolab.util;

import io.pgolab.UserError;
import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;

/**
 * A file a user named for pgolab to write (--json, --markdown, --csv, --html, profile export FILE...), written
 * the way a shell's {@code >} would treat the path, but never half-written:
 * <ul>
 * <li>{@code -} is stdout;</li>
 * <li>a symlink is followed (dangling too): its target is written, the link stays a link;</li>
 * <li>a regular file (or nothing) is replaced atomically: a temporary {@code NAME.tmp-PID} beside it,
 * renamed over it, so a crash never leaves half a report;</li>
 * <li>a FIFO, socket or device node is refused by name, never opened (opening a FIFO waits for a reader for ever;
 * for stdout, pass {@code -});</li>
 * <li>a directory is refused.</li>
 * </ul>
 * Every failure is a {@link UserError} naming the path and why (a full disk included).
 */
public final class UserFile {
    /** The path that means stdout. A file named "-" is still reachable as "./-". */
    public static final String STDOUT = "-";
    /** Linux's limit on symlinks followed in one path (ELOOP beyond it). */
    private static final int MAX_LINKS = 40;
    private static final Path DEV_NULL = Path.of("/dev/null");

    /** What goes into the file; out is buffered, and closed by the caller. */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    private UserFile() {
    }

    /** Whether p is "-", stdout. */
    public static boolean isStdout(Path p) {
        return p != null && STDOUT.equals(p.toString());
    }

    /** p against workDir, except "-" which stays stdout. */
    public static Path resolve(Path workDir, Path p) {
        return isStdout(p) ? p : workDir.resolve(p);
    }

    /** Writes text (UTF-8) to file. */
    public static void write(Path file, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        write(file, out -> out.write(b));
    }

    /** Writes what body writes to file, as the class comment says. */
    public static void write(Path file, Body body) {
        if (isStdout(file)) {
            toStdout(body);
            return;
        }
        Path target = target(file);
        if (Files.isDirectory(target)) {
            throw new UserError("cannot write " + shown(file, target) + ": it is a directory",
                    "pass the path of a file (in that directory, say)");
        }
        if (target.equals(DEV_NULL)) {   // the usual way to discard an output: never blocks, nothing to replace
            try (OutputStream out = OutputStream.nullOutputStream()) {
                body.writeTo(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return;
        }
        special(target).ifPresent(kind -> {
            throw new UserError("cannot write " + shown(file, target) + ": it is " + kind + ", not a regular file;"
                    + " pgolab never opens a FIFO, socket or device for writing", "pass the path of a regular file"
                    + " (or - for stdout, then redirect it: > FILE, | COMMAND)");
        });
        replace(file, target, body);
    }

    /** "a FIFO (named pipe)", "a socket", "a character device", "a block device" when p is one of them; empty otherwise. */
    public static Optional<String> special(Path p) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(p, BasicFileAttributes.class);
        } catch (IOException e) {
            return Optional.empty();   // nothing there (or unreadable): the write says why
        }
        if (!a.isOther()) {
            return Optional.empty();
        }
        int type;
        try {
            type = ((Integer) Files.getAttribute(p, "unix:mode")) & 0170000;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.of("a special file");
        }
        return Optional.of(switch (type) {
            case 0010000 -> "a FIFO (named pipe)";
            case 0140000 -> "a socket";
            case 0020000 -> "a character device";
            case 0060000 -> "a block device";
            default -> "a special file";
        });
    }

    /**
     * The file a write to p lands in: p itself, or the end of its chain of symlinks (a dangling link's
     * target too, to be created). Relative link targets are taken against the link's directory, as the kernel does.
     */
    static Path target(Path p) {
        Path cur = p.toAbsolutePath();
        for (int i = 0; i <= MAX_LINKS; i++) {
            if (!Files.isSymbolicLink(cur)) {
                return cur;
            }
            try {
                // not normalized: "dir/../x" is for the kernel to resolve (dir may be a symlink itself)
                cur = cur.resolveSibling(Files.readSymbolicLink(cur));
            } catch (IOException e) {
                throw new UserError("cannot write " + p + ": cannot read the symlink " + cur + ": " + reason(e),
                        "pass another path");
            }
        }
        throw new UserError("cannot write " + p + ": too many levels of symbolic links",
                "the symlinks loop: fix them, or pass another path");
    }

    private static void replace(Path file, Path target, Body body) {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        try {
            Files.createDirectories(target.getParent());
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp))) {
                body.writeTo(out);
            }
            keepMode(target, tmp);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the error below is what matters; StaleTemps removes NAME.tmp-PID later
            }
            throw failed(file, target, e, true);
        }
    }

    /** A file replaced keeps its permissions (a report kept group-readable stays so). */
    private static void keepMode(Path target, Path tmp) {
        try {
            if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
                Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(target));
            }
        } catch (IOException | UnsupportedOperationException e) {
            // best effort: the content is what was asked for
        }
    }

    private static void toStdout(Body body) {
        PrintStream ps = System.out;
        OutputStream out = new FilterOutputStream(ps) {
            @Override
            public void write(byte[] b, int off, int len) {
                ps.write(b, off, len);
            }

            @Override
            public void close() {
                ps.flush();   // a body that closes its stream (Jackson does) must not close stdout
            }
        };
        try {
            body.writeTo(out);
        } catch (IOException e) {
            throw new UserError("cannot write to stdout: " + reason(e), "check where stdout goes", e);
        }
        // a PrintStream keeps its write errors to itself (a closed pipe, > /dev/full): ask
        if (ps.checkError()) {
            throw new UserError("cannot write to stdout: the write failed (a full disk or a closed pipe?)",
                    "check where stdout goes, or pass a file instead of '-'");
        }
    }

    private static String shown(Path file, Path target) {
        return target.equals(file.toAbsolutePath()) ? file.toString() : file + " (a symlink to " + target + ")";
    }

    private static UserError failed(Path file, Path target, IOException e, boolean regular) {
        String where = shown(file, target);
        if (DiskFull.is(e)) {
            String free = regular ? " (" + DiskFull.freeSpace(target) + ")" : "";
            return new UserError("cannot write " + where + ": no space left on device" + free,
                    "free space on that filesystem, or pass a path on another one", e);
        }
        return new UserError("cannot write " + where + ": " + reason(e), "pass a path in a writable directory", e);
    }

    /** NIO's messages are often the bare path (of the temporary file, even): say what went wrong instead. */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException || e instanceof NotDirectoryException) {
            return e.getMessage() + " is not a directory";   // a file where a directory of the path should be
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage();
    }
}
