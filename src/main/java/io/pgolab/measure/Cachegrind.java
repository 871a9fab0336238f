package io.pgolab.measure;

import io.pgolab.util.Text;
import io.pgolab.util.OutputFile;
import io.pgolab.process.CommandMeasurer;
import io.pgolab.process.Measurement;
import io.pgolab.process.MeasuredCommand;
import io.pgolab.process.RunnerBinary;
import io.pgolab.UserError;
import io.pgolab.process.Exec;
import io.pgolab.process.Executables;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * pgolab's deterministic mode ({@code --deterministic}): runs a command under valgrind's
 * Cachegrind and reports simulated instruction, cache and branch counts instead of (well, beside)
 * time. Instruction counts repeat to the last instruction run to run (observed: identical counts
 * for identical runs with valgrind 3.19), where wall time wobbles by percents.
 *
 * <p>The command line is {@code valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes
 * --trace-children=yes --I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64
 * --cachegrind-out-file=<dir>/cg.%p.out --log-file=<dir>/valgrind.%p.log -- argv...}
 * (see {@link #wrap}); it is meant to run through {@link CommandMeasurer} like any other command,
 * so the process-group, timeout and rusage handling stay the same. Cachegrind writes one output
 * file per process (each child that execs is traced too); {@link CachegrindOutput#read} sums them by event name.
 * Notes:
 * <ul>
 *   <li>The simulated cache geometry is fixed (CodSpeed's choice) rather than read from the host's
 *       CPUID, so counts do not change with the machine; {@link Options#hostCaches()} restores
 *       valgrind's default.</li>
 *   <li>ASLR: valgrind loads the client at fixed addresses, so {@code setarch -R} made no difference
 *       here (a program whose work depends on its stack, heap and code addresses gave identical
 *       counts with and without it). It is available as {@link Options#disableAslr()}; Docker's
 *       default seccomp profile refuses that personality, hence off by default.</li>
 *   <li>Counts still depend on the environment and argv (the dynamic loader and libc read them):
 *       a 3 kB extra environment variable added 0.03 % instructions to a 1.36 M instruction run.
 *       Keep them identical between variants.</li>
 *   <li>A process that forks without exec writes its own file, and its counts include everything
 *       its parent did before the fork: the sum counts that part twice (deterministically).</li>
 *   <li>A process killed by SIGKILL (e.g. a timeout) writes nothing; valgrind runs programs
 *       ~20-100x slower, so timeouts need scaling.</li>
 * </ul>
 *
 * <p>Estimated cycles are the classic KCachegrind "Cycle Estimation" (its built-in {@code CEst}
 * formula {@code Ir + 10 Bm + 10 L1m + 20 Ge + 100 L2m + 100 LLm}, where Cachegrind produces no
 * {@code Ge} or {@code L2m}):
 * <pre>
 *   est_cycles = Ir + 10·Bm + 10·L1m + 100·LLm
 *   L1m = I1mr + D1mr + D1mw      LLm = ILmr + DLmr + DLmw      Bm = Bcm + Bim
 * </pre>
 * It is a proxy. It does not model the real front end: code layout beyond a simple I1/LL cache
 * model, the iTLB, decoded-µop caches, prefetchers, out-of-order overlap of misses, or the real
 * branch predictor. Those are exactly what PGO's block placement and BOLT change, so a variant can
 * be faster on the machine with unchanged (or higher) estimated cycles. Use these counts as a
 * stable secondary signal, never as the verdict on a layout optimisation.
 */
public final class Cachegrind {
    /** Output file names are {@code cg.<pid>.out}, one per traced process. */
    public static final String OUT_PREFIX = "cg.";
    public static final String OUT_SUFFIX = ".out";
    /** Valgrind's own messages go to {@code valgrind.<pid>.log}, keeping the command's stderr clean. */
    public static final String LOG_PREFIX = "valgrind.";
    public static final String LOG_SUFFIX = ".log";

    /** Simulated caches: 32 KiB 8-way L1s and an 8 MiB 16-way LL, 64-byte lines. */
    public static final String I1 = "32768,8,64";
    public static final String D1 = "32768,8,64";
    public static final String LL = "8388608,16,64";

    public static final String INSTRUCTIONS = "instructions";
    public static final String I1_MISSES = "i1_misses";
    public static final String D1_MISSES = "d1_misses";
    public static final String LL_MISSES = "ll_misses";
    public static final String BRANCHES = "branches";
    public static final String BRANCH_MISPREDICTS = "branch_mispredicts";
    public static final String EST_CYCLES = "est_cycles";
    /** The metrics {@link Counts#metrics()} reports, in report order. */
    public static final List<String> METRICS = List.of(
            INSTRUCTIONS, EST_CYCLES, I1_MISSES, D1_MISSES, LL_MISSES, BRANCHES, BRANCH_MISPREDICTS);

    /** Cycle-estimation weights (KCachegrind's defaults). */
    public static final int L1_MISS_CYCLES = 10;
    public static final int LL_MISS_CYCLES = 100;
    public static final int MISPREDICT_CYCLES = 10;

    private static final long PROBE_TIMEOUT_SECONDS = 60;
    private static volatile Optional<String> unavailable;
    private static volatile String machine;

    private Cachegrind() {
    }

    /**
     * @param disableAslr run valgrind under {@code setarch $(uname -m) -R}
     * @param hostCaches  let valgrind take the cache geometry from the host CPU instead of pgolab's
     *                    fixed one (counts then differ between machines)
     */
    public record Options(boolean disableAslr, boolean hostCaches) {
        public static final Options DEFAULT = new Options(false, false);
    }

    /**
     * Summed Cachegrind event counts of one run.
     *
     * @param events      raw event totals by Cachegrind name ({@code Ir}, {@code I1mr}, ...), summed
     *                    over all processes
     * @param processes   how many output files (traced processes) were summed
     * @param description the {@code desc:} lines of the first file (simulated cache geometry)
     */
    public record Counts(Map<String, Long> events, int processes, List<String> description) {
        public Counts {
            events = Collections.unmodifiableMap(new LinkedHashMap<>(events));
            description = List.copyOf(description);
        }

        /** The total of an event, 0 if the files did not have it. */
        public long get(String event) {
            return events.getOrDefault(event, 0L);
        }

        public boolean has(String... names) {
            for (String n : names) {
                if (!events.containsKey(n)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * pgolab's metrics: {@code instructions} (Ir), {@code i1_misses} (I1mr), {@code d1_misses}
         * (D1mr + D1mw), {@code ll_misses} (ILmr + DLmr + DLmw), {@code branches} (Bc + Bi),
         * {@code branch_mispredicts} (Bcm + Bim) and {@code est_cycles} (see the class comment).
         * A metric whose events the files lack (cache or branch simulation off) is left out.
         */
        public Map<String, Double> metrics() {
            Map<String, Double> m = new LinkedHashMap<>();
            if (has("Ir")) {
                m.put(INSTRUCTIONS, (double) get("Ir"));
            }
            boolean cache = has("I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw");
            boolean branch = has("Bc", "Bcm", "Bi", "Bim");
            if (has("Ir") && cache && branch) {
                m.put(EST_CYCLES, (double) estimatedCycles(get("Ir"), l1Misses(), llMisses(), mispredicts()));
            }
            if (has("I1mr")) {
                m.put(I1_MISSES, (double) get("I1mr"));
            }
            if (has("D1mr", "D1mw")) {
                m.put(D1_MISSES, (double) (get("D1mr") + get("D1mw")));
            }
            if (has("ILmr", "DLmr", "DLmw")) {
                m.put(LL_MISSES, (double) llMisses());
            }
            if (has("Bc", "Bi")) {
                m.put(BRANCHES, (double) (get("Bc") + get("Bi")));
            }
            if (has("Bcm", "Bim")) {
                m.put(BRANCH_MISPREDICTS, (double) mispredicts());
            }
            return m;
        }

        /** L1m = I1mr + D1mr + D1mw. */
        public long l1Misses() {
            return get("I1mr") + get("D1mr") + get("D1mw");
        }

        /** LLm = ILmr + DLmr + DLmw. */
        public long llMisses() {
            return get("ILmr") + get("DLmr") + get("DLmw");
        }

        /** Bm = Bcm + Bim. */
        public long mispredicts() {
            return get("Bcm") + get("Bim");
        }

        Counts plus(Counts other) {
            Map<String, Long> sum = new LinkedHashMap<>(events);
            other.events.forEach((k, v) -> sum.merge(k, v, Long::sum));
            return new Counts(sum, processes + other.processes, description.isEmpty() ? other.description : description);
        }
    }

    /** A measured run and its counts, from {@link #measure}. */
    public record Result(Measurement measurement, Counts counts) {
    }

    /** CEst = Ir + 10·Bm + 10·L1m + 100·LLm. */
    public static long estimatedCycles(long ir, long l1m, long llm, long bm) {
        return ir + (long) MISPREDICT_CYCLES * bm + (long) L1_MISS_CYCLES * l1m + (long) LL_MISS_CYCLES * llm;
    }

    /** {@link #wrap(List, Path, Options)} with the default options. */
    public static List<String> wrap(List<String> argv, Path outDir) {
        return wrap(argv, outDir, Options.DEFAULT);
    }

    /**
     * The command line that runs {@code argv} under Cachegrind, writing into {@code outDir} (which
     * should exist and hold no output of an earlier run: {@link CachegrindOutput#read} sums every {@code cg.*.out}
     * in it; {@link #clear} empties it).
     */
    public static List<String> wrap(List<String> argv, Path outDir, Options options) {
        if (argv == null || argv.isEmpty()) {
            throw new IllegalArgumentException("nothing to run under valgrind");
        }
        Options o = options == null ? Options.DEFAULT : options;
        Path dir = outDir.toAbsolutePath();
        List<String> cmd = new ArrayList<>();
        if (o.disableAslr()) {
            cmd.add("setarch");
            cmd.add(machine());
            cmd.add("-R");
        }
        cmd.add("valgrind");
        cmd.add("--tool=cachegrind");
        cmd.add("--cache-sim=yes");
        cmd.add("--branch-sim=yes");
        cmd.add("--trace-children=yes");
        if (!o.hostCaches()) {
            cmd.add("--I1=" + I1);
            cmd.add("--D1=" + D1);
            cmd.add("--LL=" + LL);
        }
        cmd.add("--cachegrind-out-file=" + dir.resolve(OUT_PREFIX + "%p" + OUT_SUFFIX));
        cmd.add("--log-file=" + dir.resolve(LOG_PREFIX + "%p" + LOG_SUFFIX));
        cmd.add("--");
        cmd.addAll(argv);
        return cmd;
    }

    /** Creates {@code outDir} if needed and deletes Cachegrind output and logs left in it. */
    public static void clear(Path outDir) throws IOException {
        Files.createDirectories(outDir);
        for (Path p : CachegrindOutput.list(outDir, OUT_PREFIX, OUT_SUFFIX)) {
            Files.deleteIfExists(p);
        }
        for (Path p : CachegrindOutput.list(outDir, LOG_PREFIX, LOG_SUFFIX)) {
            Files.deleteIfExists(p);
        }
    }

    /**
     * Runs {@code c} under Cachegrind through {@code measurer} and reads the counts. {@code outDir}
     * is cleared first. The measurement is valgrind's (slow) run, not a timing of the program.
     *
     * @throws UserError   valgrind could not start the program
     * @throws IOException no usable Cachegrind output (see {@link CachegrindOutput#read})
     */
    public static Result measure(CommandMeasurer measurer, MeasuredCommand c, Path outDir, Options options)
            throws IOException, InterruptedException {
        clear(outDir);
        MeasuredCommand wrapped = new MeasuredCommand(wrap(c.argv(), outDir, options), c.workDir(), c.extraEnv(),
                c.cpu(), c.timeout(), c.stdoutFile(), c.stderrFile());
        Measurement m = measurer.run(wrapped);
        if (CachegrindOutput.list(outDir, OUT_PREFIX, OUT_SUFFIX).isEmpty()) {
            String err = "";
            if (c.stderrFile() != null && Files.isRegularFile(c.stderrFile())) {
                err = OutputFile.read(c.stderrFile());
            }
            for (String line : err.split("\n")) {
                if (line.startsWith("valgrind: ")) {
                    // e.g. "valgrind: ./app: No such file or directory" (valgrind exits 127)
                    throw new UserError("cannot run " + c.argv().get(0) + " under valgrind: "
                            + Text.visible(line.substring("valgrind: ".length())),
                            "check the program path; a relative path is resolved against the work directory");
                }
            }
            throw new IOException("valgrind (" + m.outcome() + ") wrote no Cachegrind output"
                    + (m.timedOut() ? "; valgrind runs programs 20-100x slower, raise the timeout" : "")
                    + CachegrindOutput.logTail(outDir));
        }
        return new Result(m, CachegrindOutput.read(outDir));
    }

    /**
     * Why deterministic mode cannot run here, or empty when it can. Checks that valgrind is on PATH
     * and that Cachegrind can run {@code true}; the answer is cached for the life of the JVM.
     */
    public static Optional<String> unavailableReason() {
        Optional<String> u = unavailable;
        if (u == null) {
            synchronized (Cachegrind.class) {
                u = unavailable;
                if (u == null) {
                    u = probe(System.getenv("PATH"));
                    unavailable = u;
                }
            }
        }
        return u;
    }

    static Optional<String> probe(String searchPath) {
        if (Executables.onPath("valgrind", searchPath).isEmpty()) {
            return Optional.of("valgrind is not installed (apt-get install -y valgrind)");
        }
        Path t = Executables.onPath("true", searchPath).orElse(Path.of("/bin/true"));
        Exec.Result r = Exec.capture(null, null, Map.of(), List.of("valgrind", "-q", "--tool=cachegrind",
                "--cache-sim=no", "--branch-sim=no", "--cachegrind-out-file=/dev/null", t.toString()),
                PROBE_TIMEOUT_SECONDS);
        if (!r.ok()) {
            return Optional.of("valgrind cannot run Cachegrind here (`valgrind --tool=cachegrind " + t + "` exited with "
                    + r.exitCode() + ")" + (r.output().isBlank() ? "" : ":\n  " + Text.lastLines(r.output(), 5).replace("\n", "\n  ")));
        }
        return Optional.empty();
    }

    /** {@code valgrind --version} ("valgrind-3.19.0"), or empty when valgrind cannot run. */
    public static Optional<String> version() {
        String v = Exec.quietOutput(List.of("valgrind", "--version")).strip();
        return v.isEmpty() ? Optional.empty() : Optional.of(v);
    }

    /** {@code uname -m}, for setarch. */
    static String machine() {
        String m = machine;
        if (m == null) {
            m = Exec.quietOutput(List.of("uname", "-m")).strip();
            if (m.isEmpty()) {
                m = switch (System.getProperty("os.arch")) {
                    case "amd64", "x86_64" -> "x86_64";
                    case "aarch64", "arm64" -> "aarch64";
                    default -> System.getProperty("os.arch");
                };
            }
            machine = m;
        }
        return m;
    }
}
