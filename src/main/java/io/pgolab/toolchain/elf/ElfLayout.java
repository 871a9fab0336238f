package io.pgolab.toolchain.elf;

import java.io.IOException;
import java.nio.ByteBuffer;
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
            Optional<ElfHeader> header = ElfHeader.read(ch);
            if (header.isEmpty()) {
                return Optional.empty();
            }
            ElfHeader e = header.get();
            long size = e.size();
            List<long[]> covered = new ArrayList<>();
            covered.add(new long[] {0, e.ehsize()});
            covered.add(new long[] {e.phoff(), e.phoff() + (long) e.phnum() * e.phentsize()});
            covered.add(new long[] {e.shoff(), e.shoff() + (long) e.shnum() * e.shentsize()});
            ByteBuffer sh = e.sections(ch);
            for (int i = 0; i < e.shnum(); i++) {
                int base = i * e.shentsize();
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
