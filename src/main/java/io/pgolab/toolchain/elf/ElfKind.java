package io.pgolab.toolchain.elf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * What a built file is, read from its ELF header: a program (ET_EXEC; ET_DYN with an interpreter, a PIE; or ET_DYN
 * with an entry point and no ".so" in its name, a static PIE) or a shared library (any other ET_DYN). Object files, archives and anything that is not a 64-bit little-endian ELF
 * file are neither.
 */
public enum ElfKind {
    EXECUTABLE("executable"), SHARED_LIBRARY("shared library");

    private static final int ET_EXEC = 2;
    private static final int ET_DYN = 3;
    private static final int PT_INTERP = 3;
    private final String label;

    ElfKind(String label) {
        this.label = label;
    }

    /** "executable" or "shared library", as the check prints it. */
    public String label() {
        return label;
    }

    /** The kind of a regular file (symbolic links are not followed); empty for anything else or an unreadable file. */
    public static Optional<ElfKind> of(Path file) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            if (ch.size() < 64) {
                return Optional.empty();
            }
            ByteBuffer h = ElfHeader.bytes(ch, 0, 64);
            if (h.getInt(0) != 0x464c457f || h.get(4) != 2 || h.get(5) != 1) {
                return Optional.empty();
            }
            int type = Short.toUnsignedInt(h.getShort(0x10));
            if (type == ET_EXEC) {
                return Optional.of(EXECUTABLE);
            }
            if (type != ET_DYN) {
                return Optional.empty();
            }
            // a static PIE has no interpreter, but an entry point and no .so name
            boolean staticPie = h.getLong(0x18) != 0 && !file.getFileName().toString().contains(".so");
            return Optional.of(interpreted(ch, h) || staticPie ? EXECUTABLE : SHARED_LIBRARY);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Whether the program headers have a PT_INTERP entry (a dynamically linked program). */
    private static boolean interpreted(FileChannel ch, ByteBuffer h) throws IOException {
        long phoff = h.getLong(0x20);
        int phentsize = Short.toUnsignedInt(h.getShort(0x36));
        int phnum = Short.toUnsignedInt(h.getShort(0x38));
        if (phoff <= 0 || phentsize < 56 || phoff + (long) phnum * phentsize > ch.size()) {
            return false;
        }
        ByteBuffer ph = ElfHeader.bytes(ch, phoff, phnum * phentsize);
        for (int i = 0; i < phnum; i++) {
            if (ph.getInt(i * phentsize) == PT_INTERP) {
                return true;
            }
        }
        return false;
    }
}
