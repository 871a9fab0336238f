package io.pgolab.toolchain;


import io.pgolab.util.DiskFull;
import io.pgolab.util.Hashing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Publishing a merged profile under its content-addressed name, merged-HASH12[.ext]. A file already
 * there is kept only when its content has that hash: a damaged one (truncated, edited) is replaced
 * by the fresh merge, by rename, so that re-merging repairs it instead of the damaged file winning.
 */
public final class MergedProfiles {
    private MergedProfiles() {
    }

    public static ProfileData publish(Path tmp, Path outDir, String ext) {
        String sha = Hashing.ofPath(tmp);
        Path target = outDir.resolve("merged-" + sha.substring(0, 12) + (ext.isEmpty() ? "" : "." + ext));
        try {
            if (Files.exists(target) && Hashing.ofPath(target).equals(sha)) {
                deleteTree(tmp);
            } else {
                replace(tmp, target);
            }
        } catch (IOException e) {
            throw DiskFull.wrap(target, DiskFull.sizeOf(tmp), e);
        } finally {
            MergeRun.published(tmp);
        }
        return new ProfileData(target, sha, Hashing.sizeOf(target));
    }

    /** rename(2) replaces a file atomically; a directory (GCC's .gcda tree) is moved aside first. */
    private static void replace(Path tmp, Path target) throws IOException {
        if (Files.isDirectory(target)) {
            Path old = target.resolveSibling(target.getFileName() + ".damaged-" + ProcessHandle.current().pid());
            deleteTree(old);
            Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            deleteTree(old);
        } else {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Deletes a file or a directory tree (GCC's .gcda trees); nothing when it is not there. */
    public static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        if (Files.isDirectory(p)) {
            for (Path f : Files.walk(p).sorted((a, b) -> b.compareTo(a)).toList()) {
                Files.delete(f);
            }
        } else {
            Files.delete(p);
        }
    }
}
