package io.pgolab.store;

import io.pgolab.util.Hashing;
import java.nio.file.Path;

/** The size and SHA-256 of one file as pgolab recorded it, to check the file before reusing it. */
public record FileDigest(long bytes, String sha256) {
    public static FileDigest of(Path file) {
        return new FileDigest(Hashing.sizeOf(file), Hashing.ofPath(file));
    }
}
