package io.pgolab.measure.perf;

import io.pgolab.UserError;
import io.pgolab.process.Exec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * "PGO potential" of a running server: which share of its CPU samples falls in its own code, in
 * shared libraries and in the kernel, from {@code perf record -e cpu-clock} (a software event: works
 * without a PMU, as in this project's VMs) and {@code perf report --sort dso}.
 *
 * <p>A server that spends 70 % of its time in the kernel cannot get 20 % faster from PGO of its own
 * binary: {@link Shares#describe()} says so.
 *
 * <p>Usage: always with try-with-resources, so perf is stopped even when the load fails:
 * <pre>{@code
 * try (PerfShare.Recording rec = PerfShare.start(serverPid, dir.resolve("perf.data"))) {
 *     runLoad();
 *     rec.stop();
 * }
 * PerfShare.Shares s = PerfShare.read(dir.resolve("perf.data"), "redis-server");
 * }</pre>
 * A JVM shutdown hook also stops any recording still running when pgolab exits (Ctrl-C).
 *
 * <p>Observed on perf 6.1 (Debian 12): {@code perf record -p PID} exits by itself when the target
 * exits; after SIGINT it writes the file and exits with status 130; the {@code # Samples: 2K} header
 * is rounded, so the exact count is taken from the {@code sample} column ({@code -F overhead,sample,dso}).
 */
public final class PerfShare {
    /** The perf report arguments (after {@code -i FILE}). */
    static final List<String> REPORT_ARGS = List.of(
            "--stdio", "--sort", "dso", "--no-children", "--percent-limit", "0", "-F", "overhead,sample,dso");
    static final int FREQUENCY = 999;
    private static final long STOP_TIMEOUT_SECONDS = 10;
    private static final Pattern ROW = Pattern.compile("^\\s*(\\d+(?:\\.\\d+)?)%\\s+(?:(\\d+)\\s+)?(\\S.*?)\\s*$");
    private static final Pattern SAMPLES_HEADER = Pattern.compile("^#\\s*Samples:\\s*(\\d+(?:\\.\\d+)?)([KMG]?)\\s+of event '([^']*)'");
    /** Bracketed dsos that are user space, not kernel (modules also print as {@code [name]}). */
    private static final Set<String> USER_BRACKETED = Set.of("[vdso]", "[vsyscall]", "[vvar]", "[unknown]",
            "[heap]", "[stack]", "[anon]", "[uprobes]", "[jit]");

    private static volatile Optional<String> cachedReason;

    private PerfShare() {
    }

    /** Why perf sampling cannot be used here (perf missing, not permitted), or empty when it can. */
    public static Optional<String> unavailableReason() {
        Optional<String> r = cachedReason;
        if (r == null) {
            r = probe();
            cachedReason = r;
        }
        return r;
    }

    private static Optional<String> probe() {
        Exec.Result v = Exec.capture(null, null, Map.of(), List.of("perf", "--version"), 20);
        if (!v.ok()) {
            return Optional.of("perf is not installed (or not on PATH): " + firstLine(v.output())
                    + "; Debian: apt-get install -y linux-perf");
        }
        Path tmp = null;
        try {
            tmp = Files.createTempFile("pgolab-perfshare-probe", ".data");
            Exec.Result rec = Exec.capture(null, null, Map.of(),
                    List.of("perf", "record", "-q", "-e", "cpu-clock", "-o", tmp.toString(), "--", "true"), 30);
            if (!rec.ok()) {
                return Optional.of("perf record -e cpu-clock failed (exit " + rec.exitCode() + "): "
                        + firstLine(rec.output()) + "; kernel.perf_event_paranoid=" + paranoid()
                        + " (sampling another process needs <= 1, or root/CAP_PERFMON:"
                        + " sysctl -w kernel.perf_event_paranoid=1)");
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot probe perf record: " + e.getMessage());
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                    Files.deleteIfExists(Path.of(tmp + ".old"));
                } catch (IOException ignored) {
                    // best effort
                }
            }
        }
    }

    private static String paranoid() {
        try {
            return Files.readString(Path.of(PerfCounters.PARANOID_FILE)).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /**
     * Starts {@code perf record -e cpu-clock -F 999 -p PID -o outFile} in the background; perf's
     * output goes to {@code outFile + ".log"}. Close the result (try-with-resources).
     *
     * @throws UserError when the process does not exist, perf is unusable, or perf fails at once
     */
    public static Recording start(long pid, Path outFile) {
        if (pid <= 0 || !Files.isDirectory(Path.of("/proc", Long.toString(pid)))) {
            throw new UserError("cannot record CPU shares: no process with pid " + pid,
                    "is the server running? pass the pid of the server process itself, not of a wrapper that exited");
        }
        unavailableReason().ifPresent(reason -> {
            throw new UserError("cannot record CPU shares: " + reason);
        });
        Path abs = outFile.toAbsolutePath();
        Path log = Path.of(abs + ".log");
        List<String> argv = List.of("perf", "record", "-e", "cpu-clock", "-F", Integer.toString(FREQUENCY),
                "-p", Long.toString(pid), "-o", abs.toString());
        Process p;
        try {
            if (abs.getParent() != null) {
                Files.createDirectories(abs.getParent());
            }
            Files.deleteIfExists(abs);
            p = new ProcessBuilder(argv)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .start();
        } catch (IOException e) {
            throw new UserError("cannot start perf record: " + e.getMessage());
        }
        Recording rec = new Recording(p, pid, abs, log);
        // perf fails within milliseconds for a bad pid or missing permission: report that now.
        try {
            if (p.waitFor(300, TimeUnit.MILLISECONDS) && p.exitValue() != 0) {
                rec.close();
                throw new UserError("perf record -p " + pid + " failed (exit " + p.exitValue() + "): "
                        + firstLine(readQuietly(log)), "see " + log);
            }
        } catch (InterruptedException e) {
            rec.close();
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while starting perf record");
        }
        return rec;
    }

    /** A running {@code perf record}; {@link #stop()} or {@link #close()} ends it. */
    public static final class Recording implements AutoCloseable {
        private final Process process;
        private final long targetPid;
        private final Path outFile;
        private final Path logFile;
        private final Thread hook;
        private boolean stopped;

        private Recording(Process process, long targetPid, Path outFile, Path logFile) {
            this.process = process;
            this.targetPid = targetPid;
            this.outFile = outFile;
            this.logFile = logFile;
            this.hook = new Thread(this::terminate, "pgolab-perf-record-stop");
            Runtime.getRuntime().addShutdownHook(hook);
        }

        public long targetPid() {
            return targetPid;
        }

        public long perfPid() {
            return process.pid();
        }

        public Path outFile() {
            return outFile;
        }

        public Path logFile() {
            return logFile;
        }

        public boolean isRunning() {
            return process.isAlive();
        }

        /**
         * Sends SIGINT to perf, waits up to 10 s for it to write its file (then kills it), and
         * returns the data file.
         *
         * @throws UserError when perf wrote no data file
         */
        public synchronized Path stop() {
            if (!stopped) {
                stopped = true;
                terminate();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException ignored) {
                    // already shutting down
                }
            }
            if (!Files.isRegularFile(outFile) || size(outFile) == 0) {
                throw new UserError("perf record wrote no data to " + outFile + ": "
                        + firstLine(readQuietly(logFile)), "see " + logFile);
            }
            return outFile;
        }

        /** Like {@link #stop()} but never throws; for try-with-resources. */
        @Override
        public void close() {
            try {
                stop();
            } catch (UserError ignored) {
                // the caller that wants the data calls stop() and sees the error
            }
        }

        private void terminate() {
            if (!process.isAlive()) {
                return;
            }
            try {
                Process k = new ProcessBuilder("kill", "-s", "INT", Long.toString(process.pid()))
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start();
                k.waitFor(5, TimeUnit.SECONDS);
            } catch (IOException e) {
                // fall through to the forced kill below
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            try {
                if (!process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    process.waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Shares of a recording's samples, in percent (0 to 100).
     *
     * @param own       samples in the server's own binary
     * @param libraries samples in shared objects and other user-space dsos ({@code [vdso]},
     *                  {@code [unknown]}, JIT maps)
     * @param kernel    samples in the kernel and kernel modules
     * @param samples   number of samples
     * @param byDso     percent per dso as perf printed it, in perf's order
     */
    public record Shares(double own, double libraries, double kernel, long samples, Map<String, Double> byDso) {
        public Shares {
            byDso = Collections.unmodifiableMap(new LinkedHashMap<>(byDso));
        }

        public String describe() {
            if (samples == 0) {
                return "no CPU samples recorded: the server was idle (or had exited) during the recording";
            }
            String s = String.format(Locale.ROOT,
                    "own code %.1f%%, libraries %.1f%%, kernel %.1f%% of the server's CPU samples (%d samples):"
                            + " PGO can act on at most the %.0f%% in its own code",
                    own, libraries, kernel, samples, own);
            if (samples < 100) {
                s += " (few samples: shares are rough)";
            }
            return s;
        }
    }

    /** Runs perf report on a recording and classifies the shares; own is the basename of ownBinaryName. */
    public static Shares read(Path perfData, String ownBinaryName) {
        return read(perfData, Set.of(basename(ownBinaryName)));
    }

    /** Like {@link #read(Path, String)}, with several dsos counted as own (e.g. python3.11 and libpython3.11.so.1.0). */
    public static Shares read(Path perfData, Set<String> ownDsos) {
        if (!Files.isRegularFile(perfData)) {
            throw new UserError("no perf data file at " + perfData);
        }
        List<String> argv = new ArrayList<>(List.of("perf", "report", "-f", "-i", perfData.toString()));
        argv.addAll(REPORT_ARGS);
        Exec.Result r = Exec.capture(null, null, Map.of(), argv, 120);
        if (!r.ok()) {
            if (r.output().contains("has no samples")) {
                return new Shares(0, 0, 0, 0, Map.of());
            }
            throw new UserError("perf report failed (exit " + r.exitCode() + "): " + firstLine(r.output()));
        }
        return parse(r.output(), ownDsos);
    }

    /** Parses {@code perf report --stdio --sort dso} output, with or without the sample column. */
    public static Shares parse(String report, Set<String> ownDsos) {
        Set<String> own = new java.util.HashSet<>();
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
        double ownShare = 0;
        double libs = 0;
        double kern = 0;
        long total;
        if (allCounted && !counts.isEmpty()) {
            total = counts.values().stream().mapToLong(Long::longValue).sum();
            for (Map.Entry<String, Long> e : counts.entrySet()) {
                double pct = 100.0 * e.getValue() / total;
                switch (classify(e.getKey(), own)) {
                    case OWN -> ownShare += pct;
                    case KERNEL -> kern += pct;
                    default -> libs += pct;
                }
            }
        } else {
            total = Math.max(headerSamples, 0);
            for (Map.Entry<String, Double> e : byDso.entrySet()) {
                switch (classify(e.getKey(), own)) {
                    case OWN -> ownShare += e.getValue();
                    case KERNEL -> kern += e.getValue();
                    default -> libs += e.getValue();
                }
            }
        }
        return new Shares(ownShare, libs, kern, total, byDso);
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

    static String basename(String name) {
        int slash = name.lastIndexOf('/');
        return slash >= 0 ? name.substring(slash + 1) : name;
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }

    private static String readQuietly(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private static String firstLine(String text) {
        for (String l : text.split("\\R")) {
            String t = l.trim();
            if (!t.isEmpty() && !t.startsWith("#")) {
                return t;
            }
        }
        return "(no output)";
    }
}
