package io.pgolab.profile;

import io.pgolab.toolchain.elf.ElfFunctions;
import io.pgolab.toolchain.FunctionCounts;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.Toolchain;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How much of a profile's counts lie in functions that a binary still has by name: the share of the
 * profile's block counts in functions whose symbol (the profile's name without its "file;" or
 * "codegen-unit;" prefix) is in the binary's symbol table. Inlined functions leave no symbol, so even
 * the binary built from its own profile scores below 1: a stored profile compares the score of the new
 * build with the score recorded at export. It catches what the compiler's counts miss: a profile
 * whose names no longer exist (Rust symbol hashes change with every crate version, a renamed file's
 * static functions) draws "missing" warnings only for the new program's functions, however many the
 * profile had. LLVM profiles (clang, cargo) only; -1 when unknown.
 */
public final class SymbolMatch {
    private SymbolMatch() {
    }

    public static double of(Toolchain toolchain, ProfileData profile, Path binary) {
        if (!toolchain.llvmProfiles()) {
            return -1;
        }
        try {
            Optional<List<String>> symbols = ElfFunctions.inOrder(binary);
            if (symbols.isEmpty() || symbols.get().isEmpty()) {
                return -1;   // stripped
            }
            return share(toolchain.functionCounts(profile, Path.of("")), symbols.get());
        } catch (RuntimeException e) {
            return -1;   // no profile tool, an unreadable binary: the compiler's counts still decide
        }
    }

    /** The share of counts in functions named in symbols (-1 when the profile has no counts). */
    static double share(FunctionCounts counts, Collection<String> symbols) {
        Set<String> names = new HashSet<>(symbols);
        long total = 0;
        long found = 0;
        for (Map.Entry<String, Long> e : counts.counts().entrySet()) {
            total += e.getValue();
            String n = e.getKey();
            if (names.contains(n.substring(n.lastIndexOf(';') + 1))) {
                found += e.getValue();
            }
        }
        return total == 0 ? -1 : (double) found / total;
    }

    /** The share of the export-time match a new build lost: 1 - now/atExport, in [0, 1]; -1 when either is unknown. */
    static double lost(double atExport, double now) {
        if (atExport <= 0 || now < 0) {
            return -1;
        }
        return Math.max(0, Math.min(1, 1 - now / atExport));
    }
}
