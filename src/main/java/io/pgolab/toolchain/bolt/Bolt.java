package io.pgolab.toolchain.bolt;

import io.pgolab.UserError;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * LLVM BOLT's tools (llvm-bolt, merge-fdata, perf2bolt) of one LLVM version: their command lines,
 * and what their output means. Tools are taken from /usr/lib/llvm-N/bin first: Debian's
 * /usr/bin/llvm-bolt-N wrapper looks for its instrumentation runtime in /usr/lib and fails.
 */
public final class Bolt {
    /** The optimization recipe of BOLT's README (checked with llvm-bolt 19). */
    public static final List<String> DEFAULT_OPTIONS = List.of("-reorder-blocks=ext-tsp", "-reorder-functions=cdsort",
            "-split-functions", "-split-all-cold", "-split-eh", "-dyno-stats");
    private static final Pattern SKIP = Pattern.compile(
            "in function (\\S+?)\\.? Consider adding this function to --skip-funcs");
    private static final Pattern DYNO = Pattern.compile("^\\s*(\\d+) : ([a-zA-Z][a-zA-Z ()-]*?)(?: \\(([^)]*)\\))?\\s*$");

    private final int major;
    private final Path llvmBolt;
    private final Path mergeFdata;
    private final Optional<Path> perf2bolt;

    private Bolt(int major, Path llvmBolt, Path mergeFdata, Optional<Path> perf2bolt) {
        this.major = major;
        this.llvmBolt = llvmBolt;
        this.mergeFdata = mergeFdata;
        this.perf2bolt = perf2bolt;
    }

    /** BOLT of the preferred LLVM major (the clang toolchain's), else the newest installed. */
    public static Bolt locate(OptionalInt preferredMajor) {
        Optional<BoltInstall> found = preferredMajor.isPresent() ? BoltInstall.at(preferredMajor.getAsInt()) : Optional.empty();
        if (found.isEmpty()) {
            found = BoltInstall.discover(ToolLocator.llvmMajors()).stream().findFirst();
        }
        if (found.isPresent()) {
            BoltInstall b = found.get();
            return new Bolt(b.major(), b.llvmBolt(), b.mergeFdata(), b.perf2bolt());
        }
        int m = preferredMajor.orElse(19);
        throw new UserError("BOLT variants need llvm-bolt and merge-fdata, and neither was found"
                + " (looked in /usr/lib/llvm-N/bin and on PATH)",
                "install them: apt-get install bolt-" + m + " (Debian/Ubuntu; LLVM " + m + ")");
    }

    public int major() {
        return major;
    }

    public String describe() {
        return "llvm-bolt " + major + " (" + llvmBolt + ")";
    }

    /** What enters a BOLT build key: the tool's own version output (an upgrade rebuilds). */
    public String fingerprint() {
        return describe() + " " + ToolLocator.versionLine(llvmBolt);
    }

    /** The optimization options actually used. */
    public static List<String> effectiveOptions(List<String> options) {
        return options.isEmpty() ? DEFAULT_OPTIONS : options;
    }

    public Path llvmBolt() {
        return llvmBolt;
    }

    public Optional<Path> perf2bolt() {
        return perf2bolt;
    }

    /** Instrument: every run of the output writes fileBase.PID.fdata when it exits normally. */
    public List<String> instrumentArgv(Path in, Path out, Path fileBase, List<String> skip) {
        List<String> a = new ArrayList<>(List.of(llvmBolt.toString(), in.toString(), "-o", out.toString(), "-instrument",
                "-instrumentation-file=" + fileBase, "-instrumentation-file-append-pid"));
        addSkip(a, skip);
        return a;
    }

    public List<String> optimizeArgv(Path in, Path out, Path fdata, List<String> options, List<String> skip) {
        List<String> a = new ArrayList<>(List.of(llvmBolt.toString(), in.toString(), "-o", out.toString(), "-data=" + fdata));
        a.addAll(effectiveOptions(options));
        addSkip(a, skip);
        return a;
    }

    public List<String> mergeArgv(List<Path> fdata) {
        List<String> a = new ArrayList<>(List.of(mergeFdata.toString()));
        fdata.forEach(f -> a.add(f.toString()));
        return a;
    }

    /** perf2bolt in basic-sample mode (-nl) unless the samples carry branch records. */
    public List<String> perf2boltArgv(Path binary, Path perfData, Path out, boolean branchRecords) {
        Path tool = perf2bolt.orElseThrow(() -> new UserError("perf2bolt-" + major + " is not installed",
                "apt-get install bolt-" + major + ", or set [bolt] profile = \"instrument\""));
        List<String> a = new ArrayList<>(List.of(tool.toString(), "-p", perfData.toString(), "-o", out.toString()));
        if (!branchRecords) {
            a.add("-nl");
        }
        a.add(binary.toString());
        return a;
    }

    private static void addSkip(List<String> argv, List<String> skip) {
        if (!skip.isEmpty()) {
            argv.add("-skip-funcs=" + String.join(",", skip));
        }
    }

    /** The function BOLT asks to skip ("... in function F. Consider adding this function to --skip-funcs"). */
    public static Optional<String> functionToSkip(String output) {
        Matcher m = SKIP.matcher(output);
        // BOLT prints aliases as "name/1(*2)"; -skip-funcs takes "name/1".
        return m.find() ? Optional.of(m.group(1).replaceFirst("\\(\\*\\d+\\)$", "")) : Optional.empty();
    }

    /** A known input problem with its fix, or empty. */
    public static Optional<UserError> inputProblem(String output, Path binary) {
        if (output.contains("stripped binaries are not supported")) {
            return Optional.of(new UserError("BOLT cannot rewrite " + binary + ": the binary is stripped (no symbol table)",
                    "do not strip BOLT variants: remove -s from the link flags and any 'strip' or 'install -s' step"
                            + " from build.command (for cargo: strip = false in the profile)"));
        }
        if (output.contains("relocations are enabled") || output.contains("does not have relocations")
                || output.contains("require relocations")
                || output.contains("non-relocation mode")) {
            return Optional.of(new UserError("BOLT cannot reorder functions in " + binary
                    + ": it was linked without relocations",
                    "pgolab adds -Wl,--emit-relocs to {ldflags} for BOLT variants: make sure build.command passes"
                            + " {ldflags} to the final link (and that the binary is not relinked without it)"));
        }
        return Optional.empty();
    }

    /** BOLT's program-wide dyno stats: name to [before, after] (after = before when BOLT printed one block). */
    public static Map<String, long[]> dynoStats(String output) {
        Map<String, long[]> stats = new LinkedHashMap<>();
        boolean in = false;
        for (String line : output.split("\n")) {
            if (line.contains("dynostats")) {
                in = true;
                continue;
            }
            Matcher m = DYNO.matcher(line);
            if (in && m.matches()) {
                long v = Long.parseLong(m.group(1));
                String name = m.group(2).trim();
                long[] prev = stats.get(name);
                if (prev == null) {
                    stats.put(name, new long[] {v, v});
                } else {
                    prev[1] = v;
                }
            } else if (in && !line.isBlank()) {
                in = false;
            }
        }
        return stats;
    }
}
