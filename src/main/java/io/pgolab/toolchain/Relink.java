package io.pgolab.toolchain;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The flags of the layout check's relink-N builds: every function in its own section, and lld shuffling the
 * code sections with seed N (--shuffle-sections, lld 13 and later). The code is the release build's; only
 * where each function lies changes. GNU ld has no such option, so the link goes through lld: clang names it
 * with -fuse-ld=lld, gcc finds it as "ld.lld" in a -B directory.
 */
public final class Relink {
    /** The compile flag that gives the linker one section per function to move. */
    public static final String COMPILE_FLAG = "-ffunction-sections";
    /** The lld option that shuffles the matched input sections (".text", ".text.NAME", ...). */
    public static final String SHUFFLE_OPTION = "--shuffle-sections";

    private Relink() {
    }

    /** The link flags for seed N: lld, shuffling every .text input section. */
    public static List<String> linkFlags(Variant v) {
        return List.of("-fuse-ld=lld", "-Wl," + SHUFFLE_OPTION + "=.text*=" + v.layoutSeed());
    }

    /** The refusal of a toolchain that cannot relink (cargo, go). */
    public static UserError unsupported(Variant v, String toolchain) {
        return new UserError("variant '" + v + "' (the layout check) is not offered for " + toolchain + " builds: it"
                + " needs a C or C++ build whose compiler pgolab passes -ffunction-sections and whose link it sends"
                + " through lld", "use the layout check with [toolchain] kind = \"clang\" or \"gcc\"; for this project,"
                + " compare two identical release builds with 'pgolab compare --aa' and --randomize-layout instead");
    }

    /** The refusal when no lld is installed. */
    public static UserError noLld(Variant v) {
        return new UserError("variant '" + v + "' (the layout check) needs lld, LLVM's linker, to shuffle the order of"
                + " functions (GNU ld cannot), and none is installed", "apt-get install -y lld-19");
    }

    /** ld.lld on PATH, else the newest LLVM's. */
    public static Optional<Path> anyLld() {
        Optional<Path> lld = ToolLocator.onPath("ld.lld");
        for (int major : ToolLocator.llvmMajors()) {
            if (lld.isEmpty()) {
                lld = ToolLocator.llvmTool(major, "ld.lld");
            }
        }
        return lld;
    }

    /**
     * A directory holding only a link named "ld.lld" to the newest lld, for gcc's -B (gcc looks for "ld.lld" there
     * with -fuse-ld=lld; a whole LLVM bin directory would offer gcc other tools too). Empty without any lld.
     */
    public static Optional<Path> lldDirForGcc(Path scratch) {
        Optional<Path> lld = anyLld();
        if (lld.isEmpty()) {
            return Optional.empty();
        }
        Path dir = scratch.resolve("lld");
        try {
            Files.createDirectories(dir);
            Path link = dir.resolve("ld.lld");
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, lld.get().toAbsolutePath());
            return Optional.of(dir);
        } catch (IOException e) {
            throw new UserError("cannot make a link to " + lld.get() + " in " + dir + ": " + e.getMessage(),
                    "check that " + scratch + " is writable and has space");
        }
    }
}
