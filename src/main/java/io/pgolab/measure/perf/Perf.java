package io.pgolab.measure.perf;

import io.pgolab.util.OutputFile;
import io.pgolab.UserError;
import io.pgolab.measure.perf.PerfDiagnosis.Observation;
import io.pgolab.measure.perf.PerfDiagnosis.Run;
import io.pgolab.measure.perf.PerfDiagnosis.StatRun;
import io.pgolab.process.Exec;
import io.pgolab.process.Scratch;
import io.pgolab.process.Executables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one perf detection: runs {@code perf --version}, {@code perf stat} on the software and on
 * the hardware events, {@code perf record -e cpu-clock} and {@code perf record -j any,u}, each on
 * {@code true}, and lets {@link PerfDiagnosis} decide what that means. Cached for the life of the
 * JVM: the answer does not change while pgolab runs, and every user (bench, BOLT, doctor) asks.
 *
 * <p>Hardware counters need a PMU. Most VMs and containers expose none: perf then prints
 * {@code <not supported>} for them (observed on this project's VMs: "Performance Events: PMU not
 * available due to virtualization, using software events only"), while software events and
 * {@code perf record -e cpu-clock} still work, and {@code -j any,u} fails ("PMU Hardware or event
 * type doesn't support branch stack sampling").
 */
public final class Perf {
    static final String PARANOID_FILE = "/proc/sys/kernel/perf_event_paranoid";
    private static final long PROBE_TIMEOUT_SECONDS = 30;

    private static volatile PerfSupport cached;

    private Perf() {
    }

    /** What perf can do here; probed once, then cached. */
    public static PerfSupport detect() {
        PerfSupport s = cached;
        if (s == null) {
            synchronized (Perf.class) {
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
    static PerfSupport detect(String searchPath) {
        return PerfDiagnosis.decide(observe(searchPath));
    }

    static Observation observe(String searchPath) {
        boolean pmu = hasCpuPmu(Path.of(PerfSupport.PMU_DIR));
        Optional<String> paranoid = paranoid();
        Optional<Path> perf = Executables.onPath("perf", searchPath);
        if (perf.isEmpty()) {
            return new Observation(perf, Run.NOT_RUN, List.of(), List.of(), Run.NOT_RUN, Run.NOT_RUN, pmu, paranoid);
        }
        String perfBin = perf.get().toString();
        Run version = run(List.of(perfBin, "--version"));
        if (!version.ok()) {
            return new Observation(perf, version, List.of(), List.of(), Run.NOT_RUN, Run.NOT_RUN, pmu, paranoid);
        }
        // an absolute `true`, so the probe does not depend on perf's own PATH lookup
        String program = Executables.onPath("true", searchPath).map(Path::toString).orElse("/bin/true");
        List<StatRun> software = stat(perfBin, program, PerfEvents.SOFTWARE);
        List<StatRun> hardware = stat(perfBin, program, PerfEvents.HARDWARE);
        Run sampling = record(perfBin, program, List.of("-e", "cpu-clock"));
        Run branches = record(perfBin, program, List.of("-e", "cycles:u", "-j", "any,u"));
        return new Observation(perf, version, software, hardware, sampling, branches, pmu, paranoid);
    }

    /** perf stat on all events; on an unknown name, then on each event alone (see {@link PerfDiagnosis#oneByOne}). */
    private static List<StatRun> stat(String perf, String program, List<String> events) {
        List<StatRun> runs = new ArrayList<>(List.of(statOnce(perf, program, events)));
        if (PerfDiagnosis.oneByOne(runs.get(0))) {
            for (String e : events) {
                runs.add(statOnce(perf, program, List.of(e)));
            }
        }
        return runs;
    }

    private static StatRun statOnce(String perf, String program, List<String> events) {
        Path out = null;
        try {
            out = Scratch.file("pgolab-perf-", ".csv");
            List<String> argv = new ArrayList<>(PerfStat.wrap(List.of(program), out, events));
            argv.set(0, perf);
            Run r = run(argv);
            return new StatRun(events, r, r.ok() ? OutputFile.read(out) : "");
        } catch (IOException e) {
            return new StatRun(events, new Run(1, "cannot run perf stat: " + e.getMessage()), "");
        } finally {
            deleteQuietly(out);
        }
    }

    /** {@code perf record -q ARGS -o TMP -- true}: whether this kind of recording works here. */
    private static Run record(String perf, String program, List<String> args) {
        Path tmp = null;
        try {
            tmp = Scratch.file("pgolab-perf-record-probe", ".data");
            List<String> argv = new ArrayList<>(List.of(perf, "record", "-q"));
            argv.addAll(args);
            argv.addAll(List.of("-o", tmp.toString(), "--", program));
            return run(argv);
        } catch (IOException e) {
            return new Run(1, "cannot probe perf record: " + e.getMessage());
        } finally {
            deleteQuietly(tmp);
            if (tmp != null) {
                deleteQuietly(Path.of(tmp + ".old")); // perf renames an existing output to .old
            }
        }
    }

    /** Exec, with a timeout reported as a failed probe instead of an error: detection never throws. */
    private static Run run(List<String> argv) {
        try {
            Exec.Result r = Exec.capture(null, null, Map.of(), argv, PROBE_TIMEOUT_SECONDS);
            return new Run(r.exitCode(), r.output());
        } catch (UserError e) {
            return new Run(124, e.getMessage());
        }
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

    private static void deleteQuietly(Path p) {
        if (p == null) {
            return;
        }
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a temporary file: nothing to do
        }
    }
}
