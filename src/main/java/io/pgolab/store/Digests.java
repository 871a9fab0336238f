package io.pgolab.store;

import io.pgolab.util.Hashing;
import io.pgolab.util.Strings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Integrity of what pgolab reuses (binaries, merged and raw profiles): every reuse hashes the files
 * again and compares size and SHA-256 with what was recorded. There is no mtime fast path: a file
 * truncated, emptied, or replaced by other content of the same size and the same mtime
 * (touch -r) is always caught. Hashing runs at about 1.5 GB/s (docs/benchmarks.md).
 */
public final class Digests {
    private Digests() {
    }

    /** Every regular file under dir, by its path relative to dir. */
    public static Map<String, FileDigest> of(Path dir) {
        Map<String, FileDigest> m = new TreeMap<>();
        if (Files.isDirectory(dir)) {
            for (Path f : Hashing.filesUnder(dir)) {
                m.put(dir.relativize(f).toString(), FileDigest.of(f));
            }
        }
        return m;
    }

    /**
     * The first recorded file under dir that is gone or differs, described for a message ("PATH
     * changed since it was built (0 bytes, was 1.2 MiB)"); empty when all are as recorded. Files
     * added since are not checked. shownFrom: the directory paths are shown relative to.
     */
    public static Optional<String> change(Path dir, Map<String, FileDigest> recorded, String since, Path shownFrom) {
        for (var e : recorded.entrySet()) {
            Optional<String> c = change(dir.resolve(e.getKey()), e.getValue(), since, shownFrom);
            if (c.isPresent()) {
                return c;
            }
        }
        return Optional.empty();
    }

    /** How path (a file, or a directory hashed as a tree) differs from what was recorded, if it does. */
    public static Optional<String> change(Path path, FileDigest was, String since, Path shownFrom) {
        String shown = shown(path, shownFrom);
        if (!Files.exists(path)) {
            return Optional.of(shown + " is missing (it was " + size(was.bytes()) + " when " + since + ")");
        }
        long bytes = Hashing.sizeOf(path);
        if (bytes != was.bytes()) {
            return Optional.of(changed(shown, since, size(bytes) + ", was " + size(was.bytes())));
        }
        if (was.sha256() != null && !Hashing.ofPath(path).equals(was.sha256())) {
            return Optional.of(changed(shown, since, "same size, " + size(bytes) + ", but other content"));
        }
        return Optional.empty();
    }

    public static String changed(String shown, String since, String how) {
        return shown + " changed since it was " + since + " (" + how + ")";
    }

    public static String size(long bytes) {
        return bytes == 0 ? "0 bytes" : Strings.humanBytes(bytes);
    }

    public static String shown(Path path, Path from) {
        return path.startsWith(from) ? from.relativize(path).toString() : path.toString();
    }
}
