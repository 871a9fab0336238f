package io.pgolab.measure.perf;

import io.pgolab.UserError;
import io.pgolab.process.Exec;
import io.pgolab.util.Strings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * "PGO potential" of a recorded process ({@link PerfRecord}): which share of its CPU samples falls
 * in its own code, in shared libraries and in the kernel, from {@code perf report --sort dso}. A
 * server that spends 70 % of its time in the kernel cannot get 20 % faster from PGO of its own
 * binary: {@link #describe()} says so.
 *
 * <p>The {@code # Samples: 2K} header is rounded, so the exact count is taken from the
 * {@code sample} column ({@code -F overhead,sample,dso}) when perf prints it (perf 6.1 does).
 *
 * @param own       share of samples in the process's own binary, in percent (0 to 100)
 * @param libraries share in shared objects and other user-space dsos ({@code [vdso]},
 *                  {@code [unknown]}, JIT maps)
 * @param kernel    share in the kernel and kernel modules
 * @param samples   number of samples
 * @param byDso     percent per dso as perf printed it, in perf's order
 */
public record DsoShares(double own, double libraries, double kernel, long samples, Map<String, Double> byDso) {
    /** The perf report arguments (after {@code -i FILE}). */
    static final List<String> REPORT_ARGS = List.of(
            "--stdio", "--sort", "dso", "--no-children", "--percent-limit", "0", "-F", "overhead,sample,dso");
    private static final Pattern ROW = Pattern.compile("^\\s*(\\d+(?:\\.\\d+)?)%\\s+(?:(\\d+)\\s+)?(\\S.*?)\\s*$");
    private static final Pattern SAMPLES_HEADER =
            Pattern.compile("^#\\s*Samples:\\s*(\\d+(?:\\.\\d+)?)([KMG]?)\\s+of event '([^']*)'");
    /** Bracketed dsos that are user space, not kernel (modules also print as {@code [name]}). */
    private static final Set<String> USER_BRACKETED = Set.of("[vdso]", "[vsyscall]", "[vvar]", "[unknown]",
            "[heap]", "[stack]", "[anon]", "[uprobes]", "[jit]");

    public DsoShares {
        byDso = Collections.unmodifiableMap(new LinkedHashMap<>(byDso));
    }

    public String describe() {
        return describe("the server's");
    }

    /** The shares in a sentence; whose (possessive): "the server's", "role 'client''s". */
    public String describe(String whose) {
        if (samples == 0) {
            return "no CPU samples recorded: " + whose.replaceAll("'s$", "") + " was idle (or had exited) during the"
                    + " recording";
        }
        String s = String.format(Locale.ROOT,
                "own code %.1f%%, libraries %.1f%%, kernel %.1f%% of %s CPU samples (%d samples):"
                        + " PGO can act on at most the %.0f%% in its own code",
                own, libraries, kernel, whose, samples, own);
        if (samples < 100) {
            s += " (few samples: shares are rough)";
        }
        return s;
    }

    /** Runs perf report on a recording and classifies the shares; own is the basename of ownBinaryName. */
    public static DsoShares read(Path perfData, String ownBinaryName) {
        return read(perfData, Set.of(ownBinaryName));
    }

    /** Like {@link #read(Path, String)}, with several dsos counted as own (e.g. python3.11 and libpython3.11.so.1.0). */
    public static DsoShares read(Path perfData, Set<String> ownDsos) {
        if (!Files.isRegularFile(perfData)) {
            throw new UserError("no perf data file at " + perfData);
        }
        // -f: the file belongs to whoever recorded it; perf report refuses other owners' files without it
        List<String> argv = new ArrayList<>(List.of("perf", "report", "-f", "-i", perfData.toString()));
        argv.addAll(REPORT_ARGS);
        Exec.Result r = Exec.capture(null, null, Map.of(), argv, 120);
        if (!r.ok()) {
            if (r.output().contains("has no samples")) {
                return new DsoShares(0, 0, 0, 0, Map.of());
            }
            throw new UserError("perf report failed (exit " + r.exitCode() + "): "
                    + Strings.firstLine(r.output(), "(no output)"));
        }
        return parse(r.output(), ownDsos);
    }

    /** Parses {@code perf report --stdio --sort dso} output, with or without the sample column. */
    public static DsoShares parse(String report, Set<String> ownDsos) {
        Set<String> own = new HashSet<>();
        ownDsos.forEach(n -> own.add(basename(n)));
        Map<String, Double> byDso = new LinkedHashMap<>();
        Map<String, Long> counts = new LinkedHashMap<>();
        boolean allCounted = true;
        long headerSamples = -1;
        for (String line : report.split("\\R")) {
            if (line.startsWith("#")) {
                Matcher h = SAMPLES_HEADER.matcher(line);
                if (h.find()) {
                    headerSamples = scaled(h.group(1), h.group(2));
                }
                continue;
            }
            Matcher m = ROW.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String dso = m.group(3);
            byDso.merge(dso, Double.parseDouble(m.group(1)), Double::sum);
            if (m.group(2) != null) {
                counts.merge(dso, Long.parseLong(m.group(2)), Long::sum);
            } else {
                allCounted = false;
            }
        }
        if (allCounted && !counts.isEmpty()) {
            return fromCounts(counts, own, byDso);
        }
        return fromPercentages(byDso, own, Math.max(headerSamples, 0));
    }

    /** Exact shares from the sample column. */
    private static DsoShares fromCounts(Map<String, Long> counts, Set<String> own, Map<String, Double> byDso) {
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        double[] by = new double[Kind.values().length];
        counts.forEach((dso, n) -> by[classify(dso, own).ordinal()] += 100.0 * n / total);
        return new DsoShares(by[Kind.OWN.ordinal()], by[Kind.LIBRARY.ordinal()], by[Kind.KERNEL.ordinal()], total, byDso);
    }

    /** Shares from perf's rounded percentages, when it printed no sample column. */
    private static DsoShares fromPercentages(Map<String, Double> byDso, Set<String> own, long samples) {
        double[] by = new double[Kind.values().length];
        byDso.forEach((dso, pct) -> by[classify(dso, own).ordinal()] += pct);
        return new DsoShares(by[Kind.OWN.ordinal()], by[Kind.LIBRARY.ordinal()], by[Kind.KERNEL.ordinal()], samples, byDso);
    }

    enum Kind { OWN, LIBRARY, KERNEL }

    static Kind classify(String dso, Set<String> own) {
        if (own.contains(dso)) {
            return Kind.OWN;
        }
        if (dso.startsWith("[") && dso.endsWith("]") && !USER_BRACKETED.contains(dso)
                && !dso.startsWith("[anon")) {
            return Kind.KERNEL; // [kernel.kallsyms], [kernel.vmlinux], [guest.kernel.kallsyms], modules
        }
        return Kind.LIBRARY;
    }

    private static long scaled(String number, String unit) {
        double v = Double.parseDouble(number);
        return switch (unit) {
            case "K" -> Math.round(v * 1_000);
            case "M" -> Math.round(v * 1_000_000);
            case "G" -> Math.round(v * 1_000_000_000);
            default -> Math.round(v);
        };
    }

    /** perf names a dso by its file name; the caller may pass the binary's full path. */
    private static String basename(String name) {
        int slash = name.lastIndexOf('/');
        return slash >= 0 ? name.substring(slash + 1) : name;
    }
}
