package io.pgolab.toolchain.llvm;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads the header of an LLVM .profraw file (bytes 0-7 magic, 8-15 version word) so that a file
 * from a newer LLVM, or one that is not a profile at all, is named before llvm-profdata fails on it.
 */
public final class LlvmRawHeader {
    static final long MAGIC_64 = 0xff6c70726f667281L;

    private LlvmRawHeader() {
    }

    /** The raw format version in the file, or empty when the file is not an LLVM raw profile. */
    public static Optional<Integer> version(Path file) {
        byte[] head = new byte[16];
        try (InputStream in = Files.newInputStream(file)) {
            if (in.readNBytes(head, 0, 16) < 16) {
                return Optional.empty();
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        ByteBuffer b = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
        if (b.getLong(0) != MAGIC_64) {
            return Optional.empty();
        }
        return Optional.of((int) (b.getLong(8) & 0xffffffffL));
    }

    /** The newest raw format an llvm-profdata of this major reads (toolchains.md section 1.7). */
    public static int newestReadableBy(int llvmMajor) {
        if (llvmMajor >= 23) {
            return 11;
        }
        if (llvmMajor >= 19) {
            return 10;
        }
        return llvmMajor == 18 ? 9 : 8;
    }
}
