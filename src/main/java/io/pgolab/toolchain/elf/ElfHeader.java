package io.pgolab.toolchain.elf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.Optional;

/**
 * The ELF file header fields the readers need (64-bit little-endian only), checked against the file's size:
 * where the program and section header tables are and how large their entries are.
 */
record ElfHeader(long size, long phoff, long shoff, int ehsize, int phentsize, int phnum, int shentsize, int shnum) {

    /** The header of ch's file; empty for anything that is not a 64-bit little-endian ELF with a sane section table. */
    static Optional<ElfHeader> read(FileChannel ch) throws IOException {
        long size = ch.size();
        ByteBuffer h = bytes(ch, 0, 64);
        if (size < 64 || h.getInt(0) != 0x464c457f || h.get(4) != 2 || h.get(5) != 1) {
            return Optional.empty();
        }
        ElfHeader e = new ElfHeader(size, h.getLong(0x20), h.getLong(0x28), Short.toUnsignedInt(h.getShort(0x34)),
                Short.toUnsignedInt(h.getShort(0x36)), Short.toUnsignedInt(h.getShort(0x38)),
                Short.toUnsignedInt(h.getShort(0x3a)), Short.toUnsignedInt(h.getShort(0x3c)));
        if (e.shoff <= 0 || e.shentsize < 64 || e.shoff + (long) e.shnum * e.shentsize > size) {
            return Optional.empty();
        }
        return Optional.of(e);
    }

    /** The section header table. */
    ByteBuffer sections(FileChannel ch) throws IOException {
        return bytes(ch, shoff, shnum * shentsize);
    }

    static ByteBuffer bytes(FileChannel ch, long at, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining() && ch.read(b, at + b.position()) > 0) {
            // keep reading
        }
        return b;
    }
}
