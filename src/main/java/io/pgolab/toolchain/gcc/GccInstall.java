package io.pgolab.toolchain.gcc;

import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Strings;
import io.pgolab.UserError;
import io.pgolab.process.Exec;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One GCC and the tools of its own major version (name-MAJOR on PATH, else name when its version is
 * this GCC's). The one discovery of GCC: the gcc toolchain builds with {@link #probe}'s result, and
 * 'pgolab doctor' reports {@link #discover}.
 */
public record GccInstall(Path cc, int major, String version, Optional<Path> gcovTool, Optional<Path> gcovDump,
                         Optional<Path> gccAr, Optional<Path> gccRanlib) {

    /** The 'gcc' on PATH, when it is GCC. */
    public static Optional<GccInstall> discover() {
        return ToolLocator.onPath("gcc").flatMap(cc -> {
            try {
                return Optional.of(probe(cc));
            } catch (UserError e) {
                return Optional.empty();
            }
        });
    }

    /** The GCC at this path with its version-paired tools; fails when it is not GCC. */
    public static GccInstall probe(Path cc) {
        String v = Exec.quietOutput(List.of(cc.toString(), "-dumpfullversion", "-dumpversion")).strip();
        String banner = Exec.quietOutput(List.of(cc.toString(), "--version"));
        if (!v.matches("\\d+(\\.\\d+)*") || banner.contains("clang")) {
            throw new UserError(cc + " is not GCC (its --version says: " + Strings.firstLine(banner, "nothing") + ")",
                    "set toolchain.kind = \"clang\" for clang, or point toolchain.cc at gcc");
        }
        int major = Integer.parseInt(v.split("\\.")[0]);
        return new GccInstall(cc, major, v, versioned("gcov-tool", major), versioned("gcov-dump", major),
                versioned("gcc-ar", major), versioned("gcc-ranlib", major));
    }

    /** name-MAJOR on PATH, else name when its version matches this GCC. */
    private static Optional<Path> versioned(String name, int major) {
        Optional<Path> exact = ToolLocator.onPath(name + "-" + major);
        if (exact.isPresent()) {
            return exact;
        }
        return ToolLocator.onPath(name).filter(p -> ToolLocator.majorIn(
                Exec.quietOutput(List.of(p.toString(), "--version")).replaceAll("\\(.*?\\)", "version"))
                .orElse(-1) == major || ToolLocator.versionLine(p).contains(" " + major + "."));
    }
}
