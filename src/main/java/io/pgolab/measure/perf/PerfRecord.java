package io.pgolab.measure.perf;

import io.pgolab.UserError;
import io.pgolab.process.BackgroundRun;
import io.pgolab.process.Exec;
import io.pgolab.util.OutputFile;
import io.pgolab.util.Shell;
import io.pgolab.util.Strings;
import io.pgolab.util.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@code perf record -e cpu-clock -F 999 -p PID} of a running process (a software event: works
 * without a PMU, as in this project's VMs). {@link DsoShares#read} turns the file into shares.
 *
 * <p>Usage: always with try-with-resources, so perf is stopped even when the load fails:
 * <pre>{@code
 * try (PerfRecord rec = PerfRecord.start(serverPid, dir.resolve("perf.data"))) {
 *     runLoad();
 *     rec.stop();
 * }
 * }</pre>
 * perf runs through pgolab-runner (its own process group, stopped with pgolab even when pgolab is
 * SIGKILLed); a JVM shutdown hook also stops a recording still running when pgolab exits (Ctrl-C).
 *
 * <p>Observed on perf 6.1 (Debian 12): {@code perf record -p PID} exits by itself when the target
 * exits; after SIGINT it writes the file and exits with status 130.
 */
public final class PerfRecord implements AutoCloseable {
    static final int FREQUENCY = 999;
    private static final long STOP_TIMEOUT_SECONDS = 10;
    /** perf fails within milliseconds for a bad pid or missing permission. */
    private static final long EARLY_FAILURE_MILLIS = 300;

    private final BackgroundRun process;
    private final long targetPid;
    private final Path outFile;
    private final Path logFile;
    private final Thread hook;
    private boolean stopped;

    private PerfRecord(BackgroundRun process, long targetPid, Path outFile, Path logFile) {
        this.process = process;
        this.targetPid = targetPid;
        this.outFile = outFile;
        this.logFile = logFile;
        this.hook = new Thread(this::terminate, "pgolab-perf-record-stop");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * Starts recording {@code pid} into {@code outFile}; perf's output goes to {@code outFile + ".log"}.
     * Close the result (try-with-resources).
     *
     * @throws UserError when the process does not exist, perf cannot sample here, or perf fails at once
     */
    public static PerfRecord start(long pid, Path outFile) {
        return start(List.of(pid), outFile);
    }

    /**
     * Starts recording a process tree: pids are the process and its descendants (perf follows the
     * threads and children they start later by itself). The first pid is the one messages name.
     */
    public static PerfRecord start(List<Long> pids, Path outFile) {
        return start(pids, outFile, DEFAULT_EVENT);
    }

    /** The default sampling: {@code -e cpu-clock -F 999}, no call graphs (shares by dso). */
    static final List<String> DEFAULT_EVENT = List.of("-e", "cpu-clock", "-F", Integer.toString(FREQUENCY));

    /** Like {@link #start(List, Path)} with these event and call-graph options ({@link CallGraphs#recordArgs}). */
    public static PerfRecord start(List<Long> pids, Path outFile, List<String> eventArgs) {
        long pid = pids.isEmpty() ? -1 : pids.get(0);
        if (pid <= 0 || !Files.isDirectory(Path.of("/proc", Long.toString(pid)))) {
            throw new UserError("cannot record CPU shares: no process with pid " + pid,
                    "is the server running? pass the pid of the server process itself, not of a wrapper that exited");
        }
        Perf.detect().samplingProblem().ifPresent(reason -> {
            throw new UserError("cannot record CPU shares: " + reason);
        });
        Path abs = outFile.toAbsolutePath();
        Path log = Path.of(abs + ".log");
        PerfControl control = PerfControl.beside(abs);
        List<String> argv = new ArrayList<>(argv(pids, abs, eventArgs));
        argv.addAll(2, control.options());
        PerfRecord rec = new PerfRecord(launch(argv, abs, log), pid, abs, log);
        try {
            control.enable(ENABLE_TIMEOUT_MILLIS, rec::isRunning);   // the load starts only once perf records
        } catch (PerfControl.PerfExited e) {
            rec.failIfExitedAtOnce();
            rec.close();
            throw new UserError("perf record -p " + pid + " ended before it started recording: "
                    + Strings.firstLine(readQuietly(log), "(no output)"), "see " + log);
        } catch (UserError e) {
            rec.close();
            throw e;
        } finally {
            control.delete();
        }
        return rec;
    }

    /** How long perf may take to attach and enable its events on a busy machine. */
    static final long ENABLE_TIMEOUT_MILLIS = 20_000;

    static List<String> argv(long pid, Path outFile) {
        return argv(List.of(pid), outFile);
    }

    static List<String> argv(List<Long> pids, Path outFile) {
        return argv(pids, outFile, DEFAULT_EVENT);
    }

    static List<String> argv(List<Long> pids, Path outFile, List<String> eventArgs) {
        List<String> a = new ArrayList<>(List.of("perf", "record"));
        a.addAll(eventArgs);
        a.addAll(List.of("-p", String.join(",", pids.stream().map(String::valueOf).toList()), "-o", outFile.toString()));
        return a;
    }

    /**
     * A shell command that runs command (a shell command line) under perf record into outFile, with
     * every process it starts: for a client that is the program under test.
     */
    public static String wrapping(String command, Path outFile) {
        return wrapping(command, outFile, DEFAULT_EVENT);
    }

    /** Like {@link #wrapping(String, Path)} with these event and call-graph options. */
    public static String wrapping(String command, Path outFile, List<String> eventArgs) {
        return "perf record -q " + Shell.join(eventArgs) + " -o " + Shell.quote(
                outFile.toAbsolutePath().toString()) + " -- bash -c " + Shell.quote(command);
    }

    /** The pid and every live descendant of it, the pid first. */
    public static List<Long> tree(long pid) {
        List<Long> out = new ArrayList<>(List.of(pid));
        ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> out.add(d.pid())));
        return out;
    }

    private static BackgroundRun launch(List<String> argv, Path outFile, Path log) {
        try {
            if (outFile.getParent() != null) {
                Files.createDirectories(outFile.getParent());
            }
            Files.deleteIfExists(outFile); // else perf keeps it as .old and a failed run reads stale data
            return Exec.startLogged(argv, log);
        } catch (IOException e) {
            throw new UserError("cannot start perf record: " + e.getMessage());
        }
    }

    private void failIfExitedAtOnce() {
        try {
            if (process.waitFor(EARLY_FAILURE_MILLIS, TimeUnit.MILLISECONDS) && process.exitValue() != 0) {
                close();
                throw new UserError("perf record -p " + targetPid + " failed (exit " + process.exitValue() + "): "
                        + Strings.firstLine(readQuietly(logFile), "(no output)"), "see " + logFile);
            }
        } catch (InterruptedException e) {
            close();
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while starting perf record");
        }
    }

    public long targetPid() {
        return targetPid;
    }

    /** The pid of the runner that runs perf: signals sent to it are forwarded to perf. */
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
     * Sends SIGINT to perf, waits up to 10 s for it to write its file (then kills it), and returns
     * the data file.
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
                    + Strings.firstLine(readQuietly(logFile), "(no output)"), "see " + logFile);
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

    /** SIGINT, not SIGTERM: on SIGINT perf finishes writing the file (its header) before exiting. */
    private void terminate() {
        try {
            if (process.isAlive()) {
                process.signal("INT"); // the runner forwards it to perf
                if (!process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    process.close(); // SIGTERM, then SIGKILL to perf's process group
                }
            }
        } catch (UserError e) {
            // kill hung or we were interrupted: close() below still ends perf
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            process.close();
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }

    private static String readQuietly(Path p) {
        return Text.visible(OutputFile.readQuietly(p));
    }
}
