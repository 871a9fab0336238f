package io.pgolab.toolchain.llvm;

import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Strings;
import io.pgolab.UserError;
import io.pgolab.config.ToolchainSpec;
import io.pgolab.process.ProbeCache;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One clang on this machine and the LLVM tools paired with it: its own siblings (the real directory
 * of the clang binary), else the tools of its major version. The one discovery of clangs: the clang
 * toolchain builds with the install {@link #select} picks, and 'pgolab doctor' reports {@link #discover}.
 *
 * @param versioned found as clang-N or in /usr/lib/llvm-N (false: the unversioned 'clang' on PATH,
 *                  or a configured toolchain.cc)
 * @param tools     the LLVM tools found, by name ({@link #TOOLS}); absent ones are not in the map
 */
public record ClangInstall(Path cc, int major, String version, boolean versioned, Map<String, LlvmTool> tools,
                           Optional<Path> profileRuntime) {
    /** The LLVM tools a clang needs or can use. */
    public static final List<String> TOOLS = List.of("llvm-profdata", "llvm-ar", "llvm-ranlib", "ld.lld",
            "llvm-bolt", "perf2bolt", "merge-fdata");

    /** An LLVM tool and the LLVM major it reports (empty when unknown). */
    public record LlvmTool(Path path, OptionalInt llvmMajor) {
        /** Reads the tool's LLVM major from its install path or its --version. */
        public static LlvmTool at(Path path) {
            return new LlvmTool(path, ToolLocator.llvmMajorOf(path));
        }
    }

    public ClangInstall {
        tools = Map.copyOf(tools);
    }

    public Optional<Path> tool(String name) {
        return Optional.ofNullable(tools.get(name)).map(LlvmTool::path);
    }

    /** The llvm-profdata that reads this clang's profiles. */
    public Optional<Path> profdata() {
        return tool("llvm-profdata");
    }

    /**
     * Every clang here: clang-N for each LLVM major (majors newest first), then a plain 'clang' of
     * another install; one entry per real binary.
     */
    public static List<ClangInstall> discover(List<Integer> llvmMajors) {
        Map<Path, ClangInstall> byReal = new LinkedHashMap<>();
        for (int m : llvmMajors) {
            ToolLocator.llvmTool(m, "clang").ifPresent(p -> {
                if (!byReal.containsKey(real(p))) {
                    byReal.put(real(p), probe(p, true));
                }
            });
        }
        ToolLocator.onPath("clang").ifPresent(p -> {
            if (!byReal.containsKey(real(p))) {
                byReal.put(real(p), probe(p, false));
            }
        });
        return List.copyOf(byReal.values());
    }

    /** The clang a config asks for: toolchain.cc when set, else {@link #preferred} of {@link #discover}. */
    public static ClangInstall select(ToolchainSpec spec) {
        if (spec.cc().isPresent()) {
            Path cc = ToolLocator.onPath(spec.cc().get()).orElseThrow(() -> new UserError(
                    "toolchain.cc = \"" + spec.cc().get() + "\" was not found",
                    "give a full path or a name on PATH, or remove the key to auto-detect clang"));
            String text = ProbeCache.output(List.of(cc.toString(), "--version"), t -> t.contains("clang"));
            if (!text.contains("clang")) {
                throw new UserError(cc + " is not clang (its --version says: " + Strings.firstLine(text, "nothing") + ")",
                        "set toolchain.kind = \"gcc\" for GCC, or point toolchain.cc at a clang");
            }
            return probe(cc, text, false);
        }
        return preferred(discover(ToolLocator.llvmMajors())).orElseThrow(() -> new UserError(
                "no clang found on this machine",
                "install one with its profile tools: apt-get install -y clang-19 llvm-19 lld-19 libclang-rt-19-dev"
                        + " (or set toolchain.kind = \"gcc\")"));
    }

    /**
     * The clang auto-detection builds with: the newest clang-N that has its llvm-profdata, else the
     * newest clang-N, else the plain 'clang'. installs: as {@link #discover} orders them.
     */
    public static Optional<ClangInstall> preferred(List<ClangInstall> installs) {
        return installs.stream().filter(c -> c.versioned() && c.profdata().isPresent()).findFirst()
                .or(() -> installs.stream().filter(ClangInstall::versioned).findFirst())
                .or(() -> installs.stream().findFirst());
    }

    /** Runs this clang to read its version, then finds its tools and profile runtime. */
    public static ClangInstall probe(Path cc, boolean versioned) {
        return probe(cc, ProbeCache.output(List.of(cc.toString(), "--version"), t -> t.contains("clang")), versioned);
    }

    private static ClangInstall probe(Path cc, String versionText, boolean versioned) {
        int major = ToolLocator.majorIn(versionText).orElse(0);
        Map<String, LlvmTool> tools = new LinkedHashMap<>();
        for (String t : TOOLS) {
            sibling(cc, major, t).ifPresent(p -> tools.put(t, LlvmTool.at(p)));
        }
        return new ClangInstall(cc, major, ToolLocator.fullVersionIn(versionText), versioned, tools,
                ClangToolchain.profileRuntime(cc));
    }

    /** The tool beside the real clang binary, else the tool of this major. */
    private static Optional<Path> sibling(Path cc, int major, String tool) {
        try {
            Path own = cc.toRealPath().resolveSibling(tool);
            if (Files.isExecutable(own)) {
                return Optional.of(own);
            }
        } catch (IOException e) {
            // fall back to version-paired lookup
        }
        return ToolLocator.llvmTool(major, tool);
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath();
        }
    }
}
