package io.pgolab.toolchain;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How much of an ELF file is its sections (code, data, symbols, ...) and how much is alignment padding between
 * them. BOLT writes the code it rewrote to a new text segment, aligned to 2 MiB for huge pages (and pads the hot
 * text to a 2 MiB boundary), so a BOLTed binary of a small program is mostly zeros: a 45 KiB program becomes a
 * 6 MiB file with about 70 KiB of sections (the zeros are sparse on most file systems). 64-bit little-endian ELF
 * only; anything else is empty.
 */
public record ElfLayout(long fileBytes, long sectionBytes) {
    private static final int SHT_NOBITS = 8;

    /** The bytes no section, header or header table covers: alignment padding. */
    public long paddingBytes() {
        return Math.max(0, fileBytes - sectionBytes);
    }

    public static Optional<ElfLayout> read(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer h = read(ch, 0, 64);
            if (size < 64 || h.getInt(0) != 0x464c457f || h.get(4) != 2 || h.get(5) != 1) {
                return Optional.empty();
            }
            long phoff = h.getLong(0x20);
            long shoff = h.getLong(0x28);
            int ehsize = Short.toUnsignedInt(h.getShort(0x34));
            int phentsize = Short.toUnsignedInt(h.getShort(0x36));
            int phnum = Short.toUnsignedInt(h.getShort(0x38));
            int shentsize = Short.toUnsignedInt(h.getShort(0x3a));
            int shnum = Short.toUnsignedInt(h.getShort(0x3c));
            if (shoff <= 0 || shentsize < 64 || shoff + (long) shnum * shentsize > size) {
                return Optional.empty();
            }
            List<long[]> covered = new ArrayList<>();
            covered.add(new long[] {0, ehsize});
            covered.add(new long[] {phoff, phoff + (long) phnum * phentsize});
            covered.add(new long[] {shoff, shoff + (long) shnum * shentsize});
            ByteBuffer sh = read(ch, shoff, shnum * shentsize);
            for (int i = 0; i < shnum; i++) {
                int base = i * shentsize;
                if (sh.getInt(base + 4) == SHT_NOBITS) {
                    continue;
                }
                long off = sh.getLong(base + 0x18);
                long len = sh.getLong(base + 0x20);
                if (off >= 0 && len > 0 && off + len <= size) {
                    covered.add(new long[] {off, off + len});
                }
            }
            return Optional.of(new ElfLayout(size, union(covered)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static ByteBuffer read(FileChannel ch, long at, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining() && ch.read(b, at + b.position()) > 0) {
            // keep reading
        }
        return b;
    }

    static long union(List<long[]> ranges) {
        ranges.sort((a, b) -> Long.compare(a[0], b[0]));
        long total = 0;
        long start = -1;
        long end = -1;
        for (long[] r : ranges) {
            if (r[0] > end) {
                total += end - start;
                start = r[0];
                end = r[1];
            } else {
                end = Math.max(end, r[1]);
            }
        }
        return total + end - start;
    }
}
