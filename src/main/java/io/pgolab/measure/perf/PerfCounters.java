package io.pgolab.measure.perf;

import io.pgolab.process.RunnerBinary;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Hardware and software counters through {@code perf stat -x, -o FILE -e EVENT... -- argv}.
 *
 * <p>Hardware counters (instructions, cycles, cache and TLB misses) need a PMU. Most VMs and
 * containers expose none: perf then prints {@code <not supported>} for them (observed on this
 * project's VMs: "Performance Events: PMU not available due to virtualization, using software events
 * only"), while software events ({@code task-clock}, {@code context-switches}, {@code page-faults},
 * {@code cpu-migrations}) still work. {@link #detect()} finds out which is which.
 *
 * <p>{@link #read} keeps only trustworthy counts. A count whose event was multiplexed (perf's
 * "% running" column below 100: perf scaled a partial count up to an estimate) is rejected, as
 * rustc-perf does (rust-lang/rustc-perf#1014), and so are {@code <not counted>} and
 * {@code <not supported>}; {@link #readAll} shows every line with its {@link Status}.
 */
public final class PerfCounters {
    /** The hardware events pgolab asks for, user space only. */
    public static final List<String> HARDWARE_EVENTS = List.of(
            "instructions:u", "cycles:u", "branch-misses:u", "L1-icache-load-misses:u", "iTLB-load-misses:u");
    /** Software events: counted by the kernel, no PMU needed. */
    public static final List<String> SOFTWARE_EVENTS = List.of(
            "task-clock", "context-switches", "page-faults", "cpu-migrations");

    static final String PARANOID_FILE = "/proc/sys/kernel/perf_event_paranoid";
    static final String PMU_DIR = "/sys/bus/event_source/devices";
    private static final long PROBE_TIMEOUT_SECONDS = 30;
    private static final String INSTALL_HINT =
            "Debian: apt-get install -y linux-perf; Ubuntu: apt-get install -y linux-tools-common linux-tools-$(uname -r)";

    private static volatile Support cached;

    private PerfCounters() {
    }

    /** How one line of perf's CSV came out. */
    public enum Status {
        /** counted for 100 % of the run: usable */
        COUNTED,
        /** counted only part of the time (multiplexed) and scaled: rejected */
        MULTIPLEXED,
        /** {@code <not counted>}: the counter could not be scheduled, or the run ended first */
        NOT_COUNTED,
        /** {@code <not supported>}: no such counter here (typically no PMU) */
        NOT_SUPPORTED
    }

    /**
     * One line of {@code perf stat -x,} output.
     *
     * @param event          the event as perf printed it ({@code instructions:u}, {@code cpu_core/cycles/u})
     * @param metric         pgolab's name for it ({@code instructions}, {@code task_clock_ms}, ...)
     * @param value          the count in pgolab's unit (task-clock in milliseconds), NaN unless
     *                       counted or multiplexed
     * @param unit           perf's unit column ({@code msec} for task-clock, usually empty)
     * @param runTimeNs      how long the counter ran, in nanoseconds
     * @param percentRunning share of the run the counter was on the PMU; below 100 means multiplexed
     */
    public record Reading(String event, String metric, double value, String unit, long runTimeNs,
                          double percentRunning, Status status) {
        public boolean usable() {
            return status == Status.COUNTED;
        }
    }

    /** What {@link #detect()} found for one event. */
    public enum EventStatus {
        SUPPORTED,
        NOT_SUPPORTED,
        NOT_COUNTED,
        /** perf did not accept the event name here ("event syntax error") */
        UNKNOWN_EVENT
    }

    /**
     * What perf can count on this machine.
     *
     * @param problem  why perf cannot be used at all (not installed, not permitted, ...), or empty
     * @param version  {@code perf --version}, or empty
     * @param hardware status of each of {@link #HARDWARE_EVENTS}
     * @param software status of each of {@link #SOFTWARE_EVENTS}
     * @param pmu      whether the kernel exposes a CPU PMU ({@code /sys/bus/event_source/devices/cpu*})
     */
    public record Support(Optional<String> problem, String version, Map<String, EventStatus> hardware,
                          Map<String, EventStatus> software, boolean pmu) {
        public Support {
            hardware = Collections.unmodifiableMap(new LinkedHashMap<>(hardware));
            software = Collections.unmodifiableMap(new LinkedHashMap<>(software));
        }

        public boolean perfUsable() {
            return problem.isEmpty();
        }

        /** At least one hardware counter works. */
        public boolean hardwareCounters() {
            return hardware.containsValue(EventStatus.SUPPORTED);
        }

        /** The events (hardware and software) that counted in the probe, in request order. */
        public List<String> supportedEvents() {
            List<String> out = new ArrayList<>();
            hardware.forEach((e, s) -> {
                if (s == EventStatus.SUPPORTED) {
                    out.add(e);
                }
            });
            software.forEach((e, s) -> {
                if (s == EventStatus.SUPPORTED) {
                    out.add(e);
                }
            });
            return out;
        }

        /** Why there are no hardware counters, or empty when there are. */
        public Optional<String> hardwareUnavailableReason() {
            if (problem.isPresent()) {
                return problem;
            }
            if (hardwareCounters()) {
                return Optional.empty();
            }
            List<String> named = new ArrayList<>();
            hardware.forEach((e, s) -> named.add(e + " " + label(s)));
            return Optional.of("hardware performance counters are not available here: " + String.join(", ", named)
                    + (pmu ? "" : "; the kernel exposes no CPU PMU (none in " + PMU_DIR
                    + "), as is usual in VMs and containers")
                    + ". Software events (task-clock, context-switches, page-faults) still work;"
                    + " use --deterministic (valgrind) for instruction counts");
        }

        /** A few lines for `pgolab doctor`. */
        public String describe() {
            if (problem.isPresent()) {
                return "perf: unavailable: " + problem.get();
            }
            StringBuilder sb = new StringBuilder("perf: ").append(version.isEmpty() ? "(unknown version)" : version);
            sb.append("\n  hardware:");
            hardware.forEach((e, s) -> sb.append(' ').append(e).append('=').append(label(s)));
            sb.append("\n  software:");
            software.forEach((e, s) -> sb.append(' ').append(e).append('=').append(label(s)));
            hardwareUnavailableReason().ifPresent(r -> sb.append("\n  ").append(r));
            return sb.toString();
        }

        private static String label(EventStatus s) {
            return switch (s) {
                case SUPPORTED -> "supported";
                case NOT_SUPPORTED -> "<not supported>";
                case NOT_COUNTED -> "<not counted>";
                case UNKNOWN_EVENT -> "(unknown event)";
            };
        }
    }

    /**
     * What perf can count here, found by running {@code perf stat -x, -e <events> -- true} once for
     * the hardware and once for the software events. Cached for the life of the JVM.
     */
    public static Support detect() {
        Support s = cached;
        if (s == null) {
            synchronized (PerfCounters.class) {
                s = cached;
                if (s == null) {
                    s = detect(System.getenv("PATH"));
                    cached = s;
                }
            }
        }
        return s;
    }

    /** Detection against an explicit PATH (for tests); not cached. */
    static Support detect(String searchPath) {
        boolean pmu = hasCpuPmu(Path.of(PMU_DIR));
        Optional<Path> perf = onPath("perf", searchPath);
        if (perf.isEmpty()) {
            return new Support(Optional.of("perf is not installed (" + INSTALL_HINT + ")"), "", Map.of(), Map.of(), pmu);
        }
        Optional<Path> trueBin = onPath("true", searchPath);
        String program = trueBin.map(Path::toString).orElse("/bin/true");
        String perfBin = perf.get().toString();
        ProbeRun versionProbe = run(List.of(perfBin, "--version"), null);
        String version = versionProbe.exitCode == 0 ? versionProbe.stderrAndStdout.strip() : "";
        if (versionProbe.exitCode != 0) {
            return new Support(Optional.of(classifyFailure(versionProbe.exitCode, versionProbe.stderrAndStdout)),
                    "", Map.of(), Map.of(), pmu);
        }
        Map<String, EventStatus> software = new LinkedHashMap<>();
        Optional<String> problem = probeEvents(perfBin, program, SOFTWARE_EVENTS, software);
        if (problem.isPresent()) {
            return new Support(problem, version, Map.of(), software, pmu);
        }
        Map<String, EventStatus> hardware = new LinkedHashMap<>();
        problem = probeEvents(perfBin, program, HARDWARE_EVENTS, hardware);
        return new Support(problem, version, hardware, software, pmu);
    }

    /** Runs perf stat on {@code events}; fills {@code into}; returns a reason when perf itself failed. */
    private static Optional<String> probeEvents(String perf, String program, List<String> events,
                                                Map<String, EventStatus> into) {
        Path out;
        try {
            out = Files.createTempFile("pgolab-perf-", ".csv");
        } catch (IOException e) {
            return Optional.of("cannot create a temporary file for perf: " + e.getMessage());
        }
        try {
            List<String> argv = new ArrayList<>(wrap(List.of(program), out, events));
            argv.set(0, perf);
            ProbeRun p = run(argv, null);
            if (p.exitCode != 0) {
                if (p.stderrAndStdout.contains("event syntax error") && events.size() > 1) {
                    // one name perf does not know here: probe the events one by one
                    for (String e : events) {
                        Map<String, EventStatus> one = new LinkedHashMap<>();
                        Optional<String> problem = probeEvents(perf, program, List.of(e), one);
                        if (problem.isPresent() && !one.containsKey(e)) {
                            return problem;
                        }
                        into.putAll(one);
                    }
                    return Optional.empty();
                }
                if (p.stderrAndStdout.contains("event syntax error")) {
                    into.put(events.get(0), EventStatus.UNKNOWN_EVENT);
                    return Optional.of("perf does not know the event " + events.get(0));
                }
                return Optional.of(classifyFailure(p.exitCode, p.stderrAndStdout));
            }
            List<Reading> readings = parse(Files.readString(out, StandardCharsets.UTF_8));
            for (String e : events) {
                into.put(e, statusOf(e, readings));
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot read perf's output: " + e.getMessage());
        } finally {
            try {
                Files.deleteIfExists(out);
            } catch (IOException ignored) {
                // best effort
            }
        }
    }

    private static EventStatus statusOf(String requested, List<Reading> readings) {
        String base = baseEvent(requested);
        EventStatus best = null;
        for (Reading r : readings) {
            if (!baseEvent(r.event()).equals(base)) {
                continue;
            }
            EventStatus s = switch (r.status()) {
                case COUNTED, MULTIPLEXED -> EventStatus.SUPPORTED;
                case NOT_COUNTED -> EventStatus.NOT_COUNTED;
                case NOT_SUPPORTED -> EventStatus.NOT_SUPPORTED;
            };
            if (best == null || s.ordinal() < best.ordinal()) {
                best = s;
            }
        }
        return best == null ? EventStatus.NOT_SUPPORTED : best;
    }

    /**
     * A clear reason from a failed perf invocation's exit code and output: permission
     * ({@code perf_event_paranoid}), no perf_event_open in the kernel or sandbox, perf not built for
     * the running kernel, or the end of perf's message.
     */
    static String classifyFailure(int exitCode, String output) {
        String text = output == null ? "" : output;
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.contains("perf_event_paranoid") || lower.contains("access to performance monitoring")
                || lower.contains("no permission") || lower.contains("permission denied")
                || lower.contains("operation not permitted")) {
            return "perf is not permitted to open performance counters (kernel.perf_event_paranoid = "
                    + paranoid().orElse("?") + "; in a container, perf_event_open may also be blocked by seccomp):"
                    + " run as root or with CAP_PERFMON, or lower it with `sysctl kernel.perf_event_paranoid=1`";
        }
        if (lower.contains("function not implemented")) {
            return "this kernel or sandbox does not provide perf_event_open (ENOSYS), so perf cannot count anything";
        }
        if (lower.contains("not found for kernel")) {
            return "perf is installed but not built for the running kernel: " + firstLine(text) + " (" + INSTALL_HINT + ")";
        }
        return "perf stat failed (exit " + exitCode + ")" + (text.isBlank() ? "" : ":\n" + io.pgolab.util.Strings.indentedTail(text, 5));
    }

    /** {@link #wrap(List, Path, List)} with the given events, one {@code -e} each. */
    public static List<String> wrap(List<String> argv, Path outFile, List<String> events) {
        if (argv == null || argv.isEmpty()) {
            throw new IllegalArgumentException("nothing to run under perf");
        }
        if (events == null || events.isEmpty()) {
            throw new IllegalArgumentException("perf stat needs at least one event");
        }
        List<String> cmd = new ArrayList<>(List.of("perf", "stat", "-x,", "-o", outFile.toAbsolutePath().toString()));
        for (String e : events) {
            if (e == null || e.isBlank() || e.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException("bad perf event name '" + e + "'");
            }
            cmd.add("-e");
            cmd.add(e);
        }
        cmd.add("--");
        cmd.addAll(argv);
        return cmd;
    }

    /**
     * The usable counts in perf's CSV output file, by pgolab metric name. Multiplexed,
     * {@code <not counted>} and {@code <not supported>} events are left out (see
     * {@link #rejected(List)} for why). On hybrid CPUs the per-PMU lines of one event
     * ({@code cpu_core/instructions/u}, {@code cpu_atom/instructions/u}) are summed.
     *
     * @throws IOException the file is missing or holds no counts (perf failed before counting)
     */
    public static Map<String, Double> read(Path outFile) throws IOException {
        return usable(readAll(outFile));
    }

    /** Every line of perf's CSV output file. */
    public static List<Reading> readAll(Path outFile) throws IOException {
        String text;
        try {
            text = Files.readString(outFile, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IOException("perf stat wrote no output file " + outFile + " (did perf start?)", e);
        }
        List<Reading> readings;
        try {
            readings = parse(text);
        } catch (IllegalArgumentException e) {
            throw new IOException(outFile + ": " + e.getMessage(), e);
        }
        if (readings.isEmpty()) {
            throw new IOException("perf stat wrote no counts to " + outFile + " (the command could not be started?)");
        }
        return readings;
    }

    /** Usable values by metric; see {@link #read}. */
    public static Map<String, Double> usable(List<Reading> readings) {
        Map<String, Double> out = new LinkedHashMap<>();
        Map<String, String> bad = rejected(readings);
        Map<String, List<String>> pmusSeen = new LinkedHashMap<>();
        for (Reading r : readings) {
            if (!r.usable() || bad.containsKey(r.metric())) {
                continue;
            }
            List<String> seen = pmusSeen.computeIfAbsent(r.metric(), k -> new ArrayList<>());
            String pmu = pmuOf(r.event());
            if (seen.contains(pmu)) {
                continue; // the same event twice: keep the first
            }
            seen.add(pmu);
            out.merge(r.metric(), r.value(), Double::sum);
        }
        return out;
    }

    /**
     * Metrics {@link #usable} leaves out, with the reason: "multiplexed (62.50% running)",
     * "&lt;not counted&gt;", "&lt;not supported&gt;". A metric with one multiplexed line is rejected
     * as a whole; a {@code <not counted>} line of one PMU is ignored when another PMU counted the
     * event (a hybrid CPU's idle core type).
     */
    public static Map<String, String> rejected(List<Reading> readings) {
        Map<String, String> reasons = new LinkedHashMap<>();
        Map<String, Boolean> counted = new LinkedHashMap<>();
        for (Reading r : readings) {
            counted.merge(r.metric(), r.status() == Status.COUNTED, Boolean::logicalOr);
            if (r.status() == Status.MULTIPLEXED) {
                reasons.put(r.metric(), String.format(Locale.ROOT, "multiplexed (%.2f%% running)", r.percentRunning()));
            }
        }
        for (Reading r : readings) {
            if (!reasons.containsKey(r.metric()) && !counted.get(r.metric())) {
                reasons.put(r.metric(), r.status() == Status.NOT_SUPPORTED ? "<not supported>" : "<not counted>");
            }
        }
        return reasons;
    }

    /**
     * Parses {@code perf stat -x,} output: {@code value,unit,event,[variance%,]run time,% running,
     * metric value,metric unit}. Comment lines ({@code # started on ...}), blank lines and
     * extra-metric lines (empty event field) are skipped.
     */
    public static List<Reading> parse(String text) {
        List<Reading> out = new ArrayList<>();
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split(",", -1);
            if (f.length < 5) {
                throw new IllegalArgumentException("not perf stat -x, output: '" + line + "'");
            }
            String event = f[2].strip();
            if (event.isEmpty()) {
                continue;
            }
            int i = 3;
            if (f[i].strip().endsWith("%") && f.length >= 6) {
                i++; // -r N adds the variance after the event
            }
            long runTime;
            double pct;
            try {
                runTime = f[i].isBlank() ? 0 : Long.parseLong(f[i].strip());
                pct = f[i + 1].isBlank() ? 100.0 : Double.parseDouble(f[i + 1].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad run time / % running in perf output: '" + line + "'", e);
            }
            String valueText = f[0].strip();
            String unit = f[1].strip();
            Status status;
            double value = Double.NaN;
            if (valueText.equals("<not supported>")) {
                status = Status.NOT_SUPPORTED;
            } else if (valueText.equals("<not counted>")) {
                status = Status.NOT_COUNTED;
            } else {
                try {
                    value = Double.parseDouble(valueText);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("bad value '" + valueText + "' in perf output: '" + line + "'", e);
                }
                status = pct < 100.0 ? Status.MULTIPLEXED : Status.COUNTED;
            }
            String metric = metricName(event);
            if (metric.endsWith("_ms")) {
                value = toMillis(value, unit);
            }
            out.add(new Reading(event, metric, value, unit, runTime, pct, status));
        }
        return out;
    }

    /**
     * pgolab's metric name for a perf event: {@code instructions:u} → {@code instructions},
     * {@code branch-misses} → {@code branch_misses}, {@code L1-icache-load-misses} →
     * {@code l1_icache_misses}, {@code iTLB-load-misses} → {@code itlb_misses}, {@code task-clock}
     * → {@code task_clock_ms}. The {@code :u} modifier (user space only, pgolab's default and what
     * perf adds by itself for unprivileged users) and perf's {@code H} marker are dropped; other modifiers are kept as a suffix
     * ({@code cycles:k} → {@code cycles_k}). Unknown events become lower case with {@code _}.
     */
    public static String metricName(String event) {
        String base = baseEvent(event);
        String mods = modifiers(event);
        String name = switch (base) {
            case "instructions" -> "instructions";
            case "cycles", "cpu-cycles" -> "cycles";
            case "branches", "branch-instructions" -> "branches";
            case "branch-misses" -> "branch_misses";
            case "cache-misses" -> "cache_misses";
            case "cache-references" -> "cache_references";
            case "L1-icache-load-misses" -> "l1_icache_misses";
            case "L1-dcache-load-misses" -> "l1_dcache_misses";
            case "L1-dcache-loads" -> "l1_dcache_loads";
            case "iTLB-load-misses" -> "itlb_misses";
            case "dTLB-load-misses" -> "dtlb_misses";
            case "stalled-cycles-frontend", "idle-cycles-frontend" -> "stalled_cycles_frontend";
            case "stalled-cycles-backend", "idle-cycles-backend" -> "stalled_cycles_backend";
            case "task-clock" -> "task_clock_ms";
            case "cpu-clock" -> "cpu_clock_ms";
            case "context-switches", "cs" -> "context_switches";
            case "cpu-migrations", "migrations" -> "cpu_migrations";
            case "page-faults", "faults" -> "page_faults";
            case "minor-faults" -> "minor_faults";
            case "major-faults" -> "major_faults";
            default -> base.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_|_$", "");
        };
        if (mods.replace("u", "").replace("H", "").isEmpty()) {
            return name; // user space only (and perf's own "host" marker): the default
        }
        String suffix = mods.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
        return name.endsWith("_ms") ? name.substring(0, name.length() - 3) + "_" + suffix + "_ms" : name + "_" + suffix;
    }

    /** The event without PMU prefix and modifiers: {@code cpu_core/cycles/u} and {@code cycles:u} → {@code cycles}. */
    static String baseEvent(String event) {
        String e = event.strip();
        int slash = e.indexOf('/');
        if (slash >= 0) {
            int end = e.indexOf('/', slash + 1);
            return end > slash ? e.substring(slash + 1, end) : e.substring(slash + 1);
        }
        int colon = e.indexOf(':');
        return colon >= 0 ? e.substring(0, colon) : e;
    }

    private static String modifiers(String event) {
        String e = event.strip();
        int slash = e.indexOf('/');
        if (slash >= 0) {
            int end = e.indexOf('/', slash + 1);
            return end > slash ? e.substring(end + 1) : "";
        }
        int colon = e.indexOf(':');
        return colon >= 0 ? e.substring(colon + 1) : "";
    }

    private static String pmuOf(String event) {
        int slash = event.indexOf('/');
        return slash > 0 ? event.substring(0, slash) : "";
    }

    private static double toMillis(double value, String unit) {
        return switch (unit) {
            case "msec", "ms" -> value;
            case "usec", "us" -> value / 1e3;
            case "nsec", "ns" -> value / 1e6;
            case "sec", "s" -> value * 1e3;
            default -> value;
        };
    }

    static Optional<String> paranoid() {
        try {
            return Optional.of(Files.readString(Path.of(PARANOID_FILE)).strip());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    static boolean hasCpuPmu(Path devices) {
        try (var ds = Files.newDirectoryStream(devices, "cpu*")) {
            return ds.iterator().hasNext();
        } catch (IOException e) {
            return false;
        }
    }

    private static Optional<Path> onPath(String name, String searchPath) {
        if (searchPath == null) {
            return Optional.empty();
        }
        for (String entry : searchPath.split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                Path p = Path.of(entry, name);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    private static String firstLine(String text) {
        String s = text.strip();
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private record ProbeRun(int exitCode, String stderrAndStdout) {
    }

    private static ProbeRun run(List<String> argv, Path cwd) {
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        if (cwd != null) {
            pb.directory(cwd.toFile());
        }
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new ProbeRun(127, e.getMessage());
        }
        try {
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(PROBE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new ProbeRun(124, "timed out after " + PROBE_TIMEOUT_SECONDS + " s");
            }
            return new ProbeRun(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            p.destroyForcibly();
            return new ProbeRun(1, e.getMessage());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return new ProbeRun(130, "interrupted");
        }
    }
}
