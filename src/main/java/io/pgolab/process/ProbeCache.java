package io.pgolab.process;

import io.pgolab.util.Hashing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What a tool says about itself (a compiler's --version, where its runtime library is), remembered on disk under
 * the identity of the tool's real binary (path, inode, size, mtime, ctime) and the exact arguments: every pgolab
 * start used to run clang twice for the same answers (130-145 ms of CPU, 200-390 ms of wall on a no-op build).
 * A changed or replaced binary (an upgrade) has another identity, so it is asked again; an answer is kept only if
 * {@code valid} accepts it, and a remembered answer is used only if {@code valid} still accepts it (a path that
 * still exists), so nothing is answered from disk that the tool would not answer now.
 * The files live in pgolab's cache directory ($PGOLAB_CACHE, else $XDG_CACHE_HOME/pgolab, else ~/.cache/pgolab), in probes/;
 * PGOLAB_PROBE_CACHE=0 turns it off. A cache that cannot be read or written is skipped without a word.
 */
public final class ProbeCache {
    private ProbeCache() {
    }

    /** The output of argv (argv[0] the tool's path), from the cache when the same binary answered it before. */
    public static String output(List<String> argv, Predicate<String> valid) {
        Optional<String> id = on() && !argv.isEmpty() ? identity(Path.of(argv.get(0))) : Optional.empty();
        Optional<Path> dir = id.isPresent() ? dir() : Optional.empty();
        String key = id.map(i -> i + "\0" + String.join("\0", argv)).orElse(null);
        Optional<Path> file = dir.map(d -> d.resolve(Hashing.of(key) + ".txt"));
        if (file.isPresent()) {
            Optional<String> cached = read(file.get(), key);
            if (cached.isPresent() && valid.test(cached.get())) {
                return cached.get();
            }
        }
        String out = Exec.quietOutput(argv);
        if (file.isPresent() && !out.isEmpty() && valid.test(out)) {
            write(file.get(), key, out);
        }
        return out;
    }

    static boolean on() {
        return !"0".equals(System.getenv("PGOLAB_PROBE_CACHE"));
    }

    /** probes/ in pgolab's cache directory (RunnerBinary's: $PGOLAB_CACHE, $XDG_CACHE_HOME/pgolab, ~/.cache/pgolab). */
    static Optional<Path> dir() {
        String home = System.getProperty("user.home");
        if ((home == null || home.isEmpty() || home.equals("?")) && System.getenv("PGOLAB_CACHE") == null) {
            return Optional.empty();
        }
        return Optional.of(RunnerBinary.defaultCacheDir().resolve("probes"));
    }

    /** The real binary's path, inode, size, mtime and ctime: any write or replacement changes one of them. */
    static Optional<String> identity(Path tool) {
        try {
            Path real = tool.toRealPath();
            BasicFileAttributes a = Files.readAttributes(real, BasicFileAttributes.class);
            Object ctime = Files.getAttribute(real, "unix:ctime");
            return Optional.of(real + "|" + a.fileKey() + "|" + a.size() + "|" + a.lastModifiedTime()
                    + "|" + ctime);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> read(Path file, String key) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            int nl = text.indexOf('\n');
            if (nl < 0) {
                return Optional.empty();
            }
            String out = text.substring(nl + 1);
            // the first line seals the key and the answer together: an edited or truncated file is asked again
            return text.substring(0, nl).equals(seal(key, out)) ? Optional.of(out) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static void write(Path file, String key, String out) {
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), ".probe", ".tmp");
            try {
                Files.writeString(tmp, seal(key, out) + "\n" + out, StandardCharsets.UTF_8);
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException | RuntimeException e) {
            // a cache that cannot be written is only slower
        }
    }

    private static String seal(String key, String out) {
        return Hashing.of(key + "\0" + out);
    }
}
