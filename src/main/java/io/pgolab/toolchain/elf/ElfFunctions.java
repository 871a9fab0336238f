package io.pgolab.toolchain.elf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The functions of an ELF file in the order they lie in memory, from its symbol table (.symtab): what the
 * layout check compares to see that two relinked builds really place their code differently. 64-bit
 * little-endian ELF only; a stripped file (no .symtab) or anything else gives empty.
 */
public final class ElfFunctions {
    private static final int SHT_SYMTAB = 2;
    private static final int STT_FUNC = 2;
    private static final int SYM_SIZE = 24;
    private static final long MAX_TABLE = 256L << 20;

    private ElfFunctions() {
    }

    /** Names of the defined functions (size > 0), by address; each name once. */
    public static Optional<List<String>> inOrder(Path file) {
        return read(file, true);
    }

    /**
     * Names of every defined symbol with a size, functions or not, by address: also the FUNC.cold parts of
     * split functions, which the code generator emits without a type.
     */
    public static Optional<List<String>> anyTypeInOrder(Path file) {
        return read(file, false);
    }

    private static Optional<List<String>> read(Path file, boolean functionsOnly) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            Optional<ElfHeader> header = ElfHeader.read(ch);
            if (header.isEmpty()) {
                return Optional.empty();
            }
            long size = header.get().size();
            int shentsize = header.get().shentsize();
            int shnum = header.get().shnum();
            ByteBuffer sh = header.get().sections(ch);
            for (int i = 0; i < shnum; i++) {
                int base = i * shentsize;
                if (sh.getInt(base + 4) != SHT_SYMTAB) {
                    continue;
                }
                int link = sh.getInt(base + 0x28);
                if (link < 0 || link >= shnum) {
                    return Optional.empty();
                }
                long symOff = sh.getLong(base + 0x18);
                long symLen = sh.getLong(base + 0x20);
                long strOff = sh.getLong(link * shentsize + 0x18);
                long strLen = sh.getLong(link * shentsize + 0x20);
                if (symLen > MAX_TABLE || strLen > MAX_TABLE || symOff + symLen > size || strOff + strLen > size) {
                    return Optional.empty();
                }
                return Optional.of(functions(read(ch, symOff, (int) symLen), read(ch, strOff, (int) strLen), functionsOnly));
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static List<String> functions(ByteBuffer syms, ByteBuffer strs, boolean functionsOnly) {
        Map<String, Long> at = new HashMap<>();
        for (int off = 0; off + SYM_SIZE <= syms.capacity(); off += SYM_SIZE) {
            int name = syms.getInt(off);
            int info = Byte.toUnsignedInt(syms.get(off + 4));
            int shndx = Short.toUnsignedInt(syms.getShort(off + 6));
            long value = syms.getLong(off + 8);
            long len = syms.getLong(off + 16);
            if ((!functionsOnly || (info & 0xf) == STT_FUNC) && shndx != 0 && len > 0 && name > 0 && name < strs.capacity()) {
                at.putIfAbsent(string(strs, name), value);
            }
        }
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(at.entrySet());
        sorted.sort(Map.Entry.<String, Long>comparingByValue().thenComparing(Map.Entry.comparingByKey(Comparator.naturalOrder())));
        LinkedHashSet<String> names = new LinkedHashSet<>();
        sorted.forEach(e -> names.add(e.getKey()));
        return List.copyOf(names);
    }

    private static String string(ByteBuffer strs, int at) {
        int end = at;
        while (end < strs.capacity() && strs.get(end) != 0) {
            end++;
        }
        byte[] b = new byte[end - at];
        strs.get(at, b);
        return new String(b, StandardCharsets.UTF_8);
    }

    /**
     * How many of the functions both files have lie at a different rank in the two orders: 0 when the
     * linker did not reorder anything.
     */
    public static int moved(List<String> a, List<String> b) {
        List<String> common = a.stream().filter(new LinkedHashSet<>(b)::contains).toList();
        List<String> inB = b.stream().filter(new LinkedHashSet<>(a)::contains).toList();
        int n = 0;
        for (int i = 0; i < common.size(); i++) {
            if (!common.get(i).equals(inB.get(i))) {
                n++;
            }
        }
        return n;
    }

    private static ByteBuffer read(FileChannel ch, long at, int n) throws IOException {
        return ElfHeader.bytes(ch, at, n);
    }
}
