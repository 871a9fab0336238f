package io.pgolab.toolchain.llvm;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.elf.ElfFunctions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The LLVM steps on top of pgo, as clang flags and as checks of the binary (cargo shares the checks). Context-sensitive PGO: its second
 * instrumented build reads the first profile and is instrumented after inlining (-fcs-profile-generate).
 * Machine function splitting: -fsplit-machine-functions on compile and link (the LTO backend splits), which
 * moves a hot function's never-run blocks into FUNC.cold. Function order: every instrumented build records
 * when each function first ran (-pgo-temporal-instrumentation), llvm-profdata order turns the traces into a
 * symbol order, and ld.lld places the functions so (--symbol-ordering-file, each function in a section of its
 * own); with LTO, lld's code generator already gives each function a section.
 */
public final class LlvmSteps {
    /** The compile flags that make an instrumented build record its functions' first-run order. */
    static final List<String> TEMPORAL = List.of("-mllvm", "-pgo-temporal-instrumentation");
    static final String SPLIT = "-fsplit-machine-functions";
    static final String ORDER_OPTION = "--symbol-ordering-file=";
    /** The share of ordered functions that must lie in the order given for the order to count as applied. */
    private static final double IN_ORDER = 0.9;

    private LlvmSteps() {
    }

    /** Flags for the steps of variant in this phase: compile flags into c, link flags into l. */
    static void flags(Variant v, Phase phase, Optional<Path> orderFile, List<String> c, List<String> l) {
        if (phase != Phase.OPTIMIZE) {
            return;
        }
        if (v.mfs()) {
            c.add(SPLIT);
            l.add(SPLIT);
        }
        if (v.order()) {
            c.add("-ffunction-sections");
            if (!v.lto()) {
                l.add("-fuse-ld=lld");
            }
            l.add("-Wl," + ORDER_OPTION + orderFile.orElseThrow());
        }
    }

    /** What proves the steps took effect; throws when the order was not applied. */
    public static List<String> verify(Variant v, Path binary, Optional<Path> orderFile) {
        List<String> out = new ArrayList<>();
        if (!v.mfs() && !v.order()) {
            return out;
        }
        Optional<List<String>> functions = ElfFunctions.inOrder(binary);
        if (functions.isEmpty()) {
            out.add("warning: " + binary.getFileName() + " has no symbol table, so pgolab cannot check that "
                    + (v.mfs() ? "functions were split" : "the function order was applied") + " (is it stripped?)");
            return out;
        }
        if (v.mfs()) {
            long split = ElfFunctions.anyTypeInOrder(binary).orElse(List.of()).stream().filter(f -> f.endsWith(".cold")).count();
            out.add(split > 0 ? "mfs: " + split + " function(s) split into hot and cold parts"
                    : "warning: mfs: no function was split (no FUNC.cold in the binary): the profile marked no cold"
                    + " blocks in hot functions, or the splitting option did not reach the code generator");
        }
        if (v.order()) {
            out.add(orderApplied(v, binary, functions.get(), orderFile.orElseThrow()));
        }
        return out;
    }

    private static String orderApplied(Variant v, Path binary, List<String> laidOut, Path orderFile) {
        Map<String, Integer> at = new HashMap<>();
        for (int i = 0; i < laidOut.size(); i++) {
            at.putIfAbsent(laidOut.get(i), i);
        }
        List<Integer> positions = new ArrayList<>();
        for (String s : OrderFile.symbols(orderFile)) {
            Integer p = at.get(s);
            if (p != null) {
                positions.add(p);
            }
        }
        if (positions.size() < 2) {
            return "order: " + positions.size() + " of the ordered functions found in the binary, nothing to check";
        }
        int rising = 0;
        for (int i = 1; i < positions.size(); i++) {
            rising += positions.get(i) > positions.get(i - 1) ? 1 : 0;
        }
        double share = rising / (double) (positions.size() - 1);
        if (share < IN_ORDER) {
            throw new UserError("the " + v + " build did not lay its functions out in the profile's order: only "
                    + Math.round(share * 100) + "% of " + positions.size() + " ordered functions follow each other in "
                    + binary.getFileName(), "the link must be ld.lld with " + ORDER_OPTION + " (pgolab passes -fuse-ld=lld"
                    + " and the option in {ldflags}): pass {ldflags} (or $LDFLAGS) to the link in build.command");
        }
        return "order: " + positions.size() + " functions laid out in the profile's order (" + Math.round(share * 100)
                + "% in sequence)";
    }
}
