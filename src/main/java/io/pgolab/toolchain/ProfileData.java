package io.pgolab.toolchain;

import java.nio.file.Path;

/**
 * A merged profile ready for an optimized build: a file (LLVM .profdata) or a directory (GCC .gcda
 * tree), named by the hash of its content.
 */
public record ProfileData(Path path, String sha256, long bytes) {
    public String shortHash() {
        return sha256.substring(0, 12);
    }
}
