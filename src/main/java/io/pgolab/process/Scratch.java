package io.pgolab.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * pgolab's temporary files: runner result files, tool output, perf probe data. They live in one
 * directory per pgolab process, {@code $TMPDIR/pgolab-<user>/run-<pid>-<start ms>/}, removed when
 * pgolab exits (normally, by SIGTERM or SIGINT: {@link ProcessReaper}'s shutdown hook, after the
 * runners are stopped). A SIGKILLed pgolab leaves its directory; the next pgolab removes every
 * {@code run-*} directory whose process is gone before it creates its own.
 *
 * <p>Temporary paths that must live elsewhere (a merge's output next to its final place, a staging
 * directory in {@code .pgolab/}) are {@link #track tracked}: the same hook deletes them.
 */
public final class Scratch {
    private static final Pattern RUN = Pattern.compile("run-(\\d+)-(\\d+)");
    private static final Set<Path> TRACKED = ConcurrentHashMap.newKeySet();
    private static volatile Path own;

    private Scratch() {
    }

    /** A new empty file in this pgolab's scratch directory. */
    public static Path file(String prefix, String suffix) throws IOException {
        return Files.createTempFile(dir(), prefix, suffix);
    }

    /** A new empty directory in this pgolab's scratch directory (removed with it at exit). */
    public static Path newDir(String prefix) {
        try {
            return Files.createTempDirectory(dir(), prefix);
        } catch (IOException e) {
            throw new io.pgolab.UserError("cannot create a scratch directory: " + e.getMessage(),
                    "point TMPDIR at a writable directory with free space");
        }
    }

    /** This pgolab's scratch directory (created, and stale ones swept, on first use). */
    public static Path dir() throws IOException {
        Path d = own;
        if (d == null) {
            synchronized (Scratch.class) {
                d = own;
                if (d == null) {
                    Path root = root();
                    Files.createDirectories(root);
                    sweep(root);
                    ProcessHandle self = ProcessHandle.current();
                    d = Files.createDirectories(root.resolve("run-" + self.pid() + "-" + startMillis(self)));
                    ProcessReaper.ensureHook();
                    own = d;
                }
            }
        }
        return d;
    }

    static Path root() {
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
        return Path.of(System.getProperty("java.io.tmpdir"), "pgolab-" + user);
    }

    /** Deletes the run-* directories of pgolab processes that no longer exist. Best effort. */
    static List<Path> sweep(Path root) {
        List<Path> removed = new ArrayList<>();
        try (Stream<Path> s = Files.list(root)) {
            for (Path p : s.toList()) {
                Matcher m = RUN.matcher(p.getFileName().toString());
                if (m.matches() && !alive(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)))) {
                    deleteQuietly(p);
                    removed.add(p);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // best effort: a stale directory only costs disk space
        }
        return removed;
    }

    static boolean alive(long pid, long startMillis) {
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        return h.isPresent() && h.get().isAlive() && startMillis(h.get()) == startMillis;
    }

    private static long startMillis(ProcessHandle h) {
        return h.info().startInstant().map(i -> i.toEpochMilli() / 1000 * 1000).orElse(0L);
    }

    /** Deletes p (file or tree) when pgolab exits, unless {@link #untrack untracked} first. */
    public static Path track(Path p) {
        ProcessReaper.ensureHook();
        TRACKED.add(p.toAbsolutePath());
        return p;
    }

    public static void untrack(Path p) {
        TRACKED.remove(p.toAbsolutePath());
    }

    /** Deletes p now (best effort) and stops tracking it. */
    public static void discard(Path p) {
        if (p != null) {
            deleteQuietly(p);
            untrack(p);
        }
    }

    /** The shutdown hook's part: tracked paths and this pgolab's scratch directory. */
    static void removeAll() {
        for (Path p : new ArrayList<>(TRACKED)) {
            deleteQuietly(p);
        }
        TRACKED.clear();
        Path d = own;
        // The interrupted command's thread and its runner may still write (a result file, a last
        // log line) while this runs: try again for a moment until the directory is gone.
        for (int attempt = 0; d != null && attempt < 20 && java.nio.file.Files.exists(d); attempt++) {
            deleteQuietly(d);
            if (java.nio.file.Files.exists(d)) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    static void deleteQuietly(Path p) {
        try {
            io.pgolab.util.Dirs.deleteTree(p);
        } catch (UncheckedIOException e) {
            // best effort: something else may be deleting it too
        }
    }
}
