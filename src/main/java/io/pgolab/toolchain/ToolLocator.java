package io.pgolab.toolchain;

import io.pgolab.process.Exec;
import io.pgolab.process.Executables;
import io.pgolab.util.Strings;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds tools on this machine and reads their versions. LLVM tools are always looked up by major
 * version (/usr/lib/llvm-N/bin, then name-N on PATH): Debian's unversioned llvm-profdata is LLVM 14
 * and cannot read the profiles of newer compilers.
 */
public final class ToolLocator {
    private static final Pattern VERSION = Pattern.compile("version (\\d+)\\.(\\d+)(?:\\.(\\d+))?");
    private static final Pattern LLVM_DIR = Pattern.compile("llvm-(\\d+)");

    private ToolLocator() {
    }

    /** See {@link Executables#onPath(String)}; kept here for the toolchain code that calls it. */
    public static Optional<Path> onPath(String name) {
        return Executables.onPath(name);
    }

    /** LLVM majors installed, newest first (from /usr/lib/llvm-N and clang-N on PATH). */
    public static List<Integer> llvmMajors() {
        TreeSet<Integer> majors = new TreeSet<>(Comparator.reverseOrder());
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(Path.of("/usr/lib"), "llvm-*")) {
            for (Path p : ds) {
                Matcher m = LLVM_DIR.matcher(p.getFileName().toString());
                if (m.matches()) {
                    majors.add(Integer.parseInt(m.group(1)));
                }
            }
        } catch (IOException e) {
            // no /usr/lib/llvm-*: fall through to PATH
        }
        for (int n = 30; n >= 10; n--) {
            if (onPath("clang-" + n).isPresent()) {
                majors.add(n);
            }
        }
        return new ArrayList<>(majors);
    }

    /** An LLVM tool of exactly this major version, if installed. */
    public static Optional<Path> llvmTool(int major, String tool) {
        Path inDir = Path.of("/usr/lib/llvm-" + major, "bin", tool);
        if (Files.isExecutable(inDir)) {
            return Optional.of(inDir);
        }
        Optional<Path> suffixed = onPath(tool + "-" + major);
        if (suffixed.isPresent()) {
            return suffixed;
        }
        return onPath(tool).filter(p -> llvmMajorOf(p).equals(OptionalInt.of(major)));
    }

    /** The LLVM major of an LLVM tool binary, from its install path or its --version output. */
    public static OptionalInt llvmMajorOf(Path tool) {
        try {
            Matcher m = LLVM_DIR.matcher(tool.toRealPath().toString());
            if (m.find()) {
                return OptionalInt.of(Integer.parseInt(m.group(1)));
            }
        } catch (IOException e) {
            return OptionalInt.empty();
        }
        String name = tool.getFileName().toString();
        // llvm-profdata before LLVM 15 rejects a bare --version; "merge --version" works everywhere.
        List<String> argv = name.startsWith("llvm-profdata")
                ? List.of(tool.toString(), "merge", "--version") : List.of(tool.toString(), "--version");
        return majorIn(Exec.quietOutput(argv));
    }

    public static OptionalInt majorIn(String versionText) {
        Matcher m = VERSION.matcher(versionText);
        return m.find() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
    }

    /** "19.1.7" from "Debian clang version 19.1.7 (3~deb12u1)". */
    public static String fullVersionIn(String versionText) {
        Matcher m = VERSION.matcher(versionText);
        if (!m.find()) {
            return "unknown";
        }
        return m.group(1) + "." + m.group(2) + (m.group(3) == null ? "" : "." + m.group(3));
    }

    /** The first line of a tool's --version output, or empty. */
    public static String versionLine(Path tool) {
        String out = Exec.quietOutput(List.of(tool.toString(), "--version"));
        return Strings.firstLine(out);
    }
}
