package io.pgolab.process;

import io.pgolab.UserError;
import io.pgolab.util.Dirs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
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
 * <p>A directory is named after its process's id and start time. On Linux the start time is the
 * process's start in clock ticks since boot ({@code /proc/PID/stat}, field 22: {@code run-PID-tTICKS}),
 * which no clock adjustment changes. The JDK's {@code ProcessHandle.Info.startInstant()} adds the
 * boot time that each JVM reads once from {@code /proc/stat}; that boot time moves when the wall
 * clock is adjusted, so two JVMs could see the same process start a second apart and one would sweep
 * the other's live directory (seen: a test run's directory deleted mid-run by a pgolab started
 * meanwhile). Elsewhere the start instant in milliseconds is used, compared with a tolerance.
 *
 * <p>Temporary paths that must live elsewhere (a merge's output next to its final place, a staging
 * directory in {@code .pgolab/}) are {@link #track tracked}: the same hook deletes them.
 */
public final class Scratch {
    private static final Pattern RUN = Pattern.compile("run-(\\d+)-(t?\\d+)");
    /** How far apart two JVMs may see one process's start instant (their boot times differ). */
    private static final long START_TOLERANCE_MS = 5_000;
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
            throw new UserError("cannot create a scratch directory: " + e.getMessage(),
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
                    d = Files.createDirectories(root.resolve("run-" + self.pid() + "-" + startToken(self.pid())));
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
                if (m.matches() && !alive(Long.parseLong(m.group(1)), m.group(2))) {
                    deleteQuietly(p);
                    removed.add(p);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // best effort: a stale directory only costs disk space
        }
        return removed;
    }

    /**
     * Whether the process that made directory {@code run-PID-TOKEN} still runs: PID exists and
     * started when TOKEN says (ticks since boot, exactly; or milliseconds, within a tolerance).
     */
    static boolean alive(long pid, String token) {
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        if (h.isEmpty() || !h.get().isAlive()) {
            return false;
        }
        if (token.startsWith("t")) {
            Optional<Long> ticks = startTicks(pid);
            // no /proc to read (another OS, or the process went away meanwhile): keep it
            return ticks.isEmpty() || ticks.get() == Long.parseLong(token.substring(1));
        }
        long recorded = Long.parseLong(token);
        return h.get().info().startInstant()
                .map(i -> Math.abs(i.toEpochMilli() - recorded) <= START_TOLERANCE_MS)
                .orElse(true);
    }

    /** {@code tTICKS} from /proc where there is one, else the start instant in milliseconds. */
    static String startToken(long pid) {
        Optional<Long> ticks = startTicks(pid);
        if (ticks.isPresent()) {
            return "t" + ticks.get();
        }
        return Long.toString(ProcessHandle.of(pid).flatMap(h -> h.info().startInstant())
                .map(Instant::toEpochMilli).orElse(0L));
    }

    /** Field 22 of /proc/PID/stat: the start in clock ticks since boot (the name in field 2 may hold spaces). */
    static Optional<Long> startTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] after = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return Optional.of(Long.parseLong(after[19]));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
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
        for (int attempt = 0; d != null && attempt < 20 && Files.exists(d); attempt++) {
            deleteQuietly(d);
            if (Files.exists(d)) {
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
            Dirs.deleteTree(p);
        } catch (UncheckedIOException e) {
            // best effort: something else may be deleting it too
        }
    }
}
