package io.pgolab.toolchain.elf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The section names of an ELF file (from its section header string table): whether a binary carries unwind tables
 * ({@code .eh_frame}, {@code .debug_frame}) that perf's DWARF call graphs need. 64-bit little-endian ELF only.
 */
public final class ElfSections {
    private static final int MAX_NAMES = 1 << 20;

    private ElfSections() {
    }

    public static Optional<List<String>> names(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            Optional<ElfHeader> header = ElfHeader.read(ch);
            if (header.isEmpty()) {
                return Optional.empty();
            }
            ElfHeader e = header.get();
            int shstrndx = Short.toUnsignedInt(ElfHeader.bytes(ch, 0x3e, 2).getShort(0));
            if (shstrndx >= e.shnum()) {
                return Optional.empty();
            }
            ByteBuffer sh = e.sections(ch);
            long strOff = sh.getLong(shstrndx * e.shentsize() + 0x18);
            long strLen = sh.getLong(shstrndx * e.shentsize() + 0x20);
            if (strLen <= 0 || strLen > MAX_NAMES || strOff + strLen > e.size()) {
                return Optional.empty();
            }
            byte[] strings = ElfHeader.bytes(ch, strOff, (int) strLen).array();
            List<String> out = new ArrayList<>();
            for (int i = 0; i < e.shnum(); i++) {
                int at = sh.getInt(i * e.shentsize());
                if (at <= 0 || at >= strings.length) {
                    continue;
                }
                int end = at;
                while (end < strings.length && strings[end] != 0) {
                    end++;
                }
                out.add(new String(strings, at, end - at, StandardCharsets.US_ASCII));
            }
            return Optional.of(out);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The binary has DWARF call frame information perf can unwind with. */
    public static boolean hasUnwindTables(Path file) {
        return names(file).map(n -> n.contains(".eh_frame") || n.contains(".debug_frame")).orElse(false);
    }
}
