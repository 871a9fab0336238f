package io.pgolab.workload;

import io.pgolab.UserError;
import io.pgolab.process.CommandMeasurer;
import io.pgolab.process.Exec;
import io.pgolab.process.Measurement;
import io.pgolab.process.RunnerBinary;
import io.pgolab.util.OutputFile;
import io.pgolab.process.Scratch;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A server started through {@code pgolab-runner} (own process group, rusage over its whole life,
 * cleanup of its group, PR_SET_PDEATHSIG). The runner is started and waited for by a dedicated
 * thread that lives as long as the runner does (PR_SET_PDEATHSIG fires when the starting thread
 * exits). Always {@link #close()} it in a finally block; a JVM shutdown hook closes the rest.
 */
public final class Service implements AutoCloseable {
    /** How long {@link #stop} waits beyond the grace period for the runner to reap and report. */
    static final Duration STOP_MARGIN = Duration.ofSeconds(5);
    /** Signals the runner forwards itself (and escalates to SIGKILL after the grace period). */
    private static final Set<String> RUNNER_FORWARDS = Set.of("SIGINT", "SIGTERM", "SIGHUP");
    private static final Set<String> KNOWN = Set.of("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1",
            "SIGUSR2", "SIGKILL");
    private static final int TAIL_LINES = 20;

    private static final Set<Service> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (Service s : new ArrayList<>(LIVE)) {
                s.close();
            }
        }, "pgolab-service-reaper"));
    }

    /**
     * How a stop went. {@code killedAfterGrace}: it did not exit within the grace period and got
     * SIGKILL; {@code exitedBefore}: it had already ended when the stop came (a crash, or a command
     * that put the real server in the background and returned).
     */
    public record Stopped(Measurement measurement, boolean killedAfterGrace, Duration stopTook, boolean exitedBefore) {
        public Stopped(Measurement measurement, boolean killedAfterGrace, Duration stopTook) {
            this(measurement, killedAfterGrace, stopTook, false);
        }
    }

    private final List<String> argv;
    private final Path logFile;
    private final Duration grace;
    private final Path resultFile;
    private final Process runner;
    private final CompletableFuture<Measurement> result;
    private final Thread waiter;
    private volatile boolean closed;

    private Service(List<String> argv, Path logFile, Duration grace, Path resultFile, Process runner,
                    CompletableFuture<Measurement> result, Thread waiter) {
        this.argv = argv;
        this.logFile = logFile;
        this.grace = grace;
        this.resultFile = resultFile;
        this.runner = runner;
        this.result = result;
        this.waiter = waiter;
    }

    /**
     * Starts {@code argv} (execvp semantics, no shell) in {@code cwd} with {@code env} added to
     * pgolab's environment, optionally pinned to {@code cpu}, stdout and stderr both to
     * {@code logFile}. Returns as soon as the process is started; use {@link Readiness#await}.
     *
     * @param grace time between the stop signal and SIGKILL
     */
    public static Service start(List<String> argv, Path cwd, Map<String, String> env, OptionalInt cpu,
                                Path logFile, Duration grace) {
        if (argv == null || argv.isEmpty() || argv.get(0) == null || argv.get(0).isEmpty()) {
            throw new IllegalArgumentException("a service needs a program");
        }
        List<String> command = List.copyOf(argv);
        Duration g = grace == null || grace.isNegative() ? CommandMeasurer.DEFAULT_GRACE : grace;
        OptionalInt pin = cpu == null ? OptionalInt.empty() : cpu;
        Path runnerPath = RunnerBinary.ensure();
        Path result;
        try {
            Path parent = logFile.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            result = Scratch.file("pgolab-service-", ".result");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }

        List<String> runnerArgv = CommandMeasurer.runnerArgv(runnerPath, result, pin, Duration.ZERO, g, command);

        ProcessBuilder pb = new ProcessBuilder(runnerArgv);
        if (cwd != null) {
            pb.directory(cwd.toFile());
        }
        if (env != null) {
            pb.environment().putAll(env);
        }
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.redirectOutput(ProcessBuilder.Redirect.to(logFile.toFile()));
        pb.redirectErrorStream(true);

        CompletableFuture<Process> started = new CompletableFuture<>();
        CompletableFuture<Measurement> measured = new CompletableFuture<>();
        Thread t = new Thread(() -> runAndWait(pb, command, pin, result, started, measured),
                "pgolab-service-" + Path.of(command.get(0)).getFileName());
        t.setDaemon(true);
        t.start();
        Process p;
        try {
            p = started.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            // the runner may still come up: wait for the thread to report it, then stop it
            started.thenAccept(pr -> new Service(command, logFile, g, result, pr, measured, t).close());
            throw new UserError("interrupted while starting: " + String.join(" ", command));
        } catch (ExecutionException e) {
            deleteQuietly(result);
            Throwable c = e.getCause();
            throw new UserError("cannot start pgolab-runner for " + command.get(0) + ": " + c.getMessage(), "", c);
        }
        Service s = new Service(command, logFile, g, result, p, measured, t);
        LIVE.add(s);
        return s;
    }

    /** Body of the service's own thread: starts the runner, waits for it, parses its report. */
    private static void runAndWait(ProcessBuilder pb, List<String> command, OptionalInt cpu, Path result,
                                   CompletableFuture<Process> started, CompletableFuture<Measurement> measured) {
        Process p;
        try {
            p = pb.start();
        } catch (IOException | RuntimeException e) {
            started.completeExceptionally(e);
            measured.completeExceptionally(e);
            return;
        }
        started.complete(p);
        int exit;
        while (true) {
            try {
                exit = p.waitFor();
                break;
            } catch (InterruptedException e) {
                // this thread must outlive the runner (PR_SET_PDEATHSIG); stopping is done by signals
            }
        }
        try {
            measured.complete(CommandMeasurer.readResult(command, cpu, result, exit, ""));
        } catch (RuntimeException | IOException e) {
            measured.completeExceptionally(e);
        } finally {
            deleteQuietly(result);
            deleteQuietly(result.resolveSibling(result.getFileName() + ".tmp"));
        }
    }

    public List<String> argv() {
        return argv;
    }

    public Path logFile() {
        return logFile;
    }

    public Duration grace() {
        return grace;
    }

    /** The runner's pid (the server itself is its only child and leads its own process group). */
    public long runnerPid() {
        return runner.pid();
    }

    /** The server is still running (its runner has not reported yet). */
    public boolean alive() {
        return !result.isDone();
    }

    /**
     * How the server ended, waiting for it if needed. Rethrows the {@link UserError} for a program
     * that could not be run.
     */
    Measurement result() {
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while waiting for " + argv.get(0));
        } catch (ExecutionException e) {
            throw unwrap(e);
        }
    }

    private RuntimeException unwrap(ExecutionException e) {
        Throwable c = e.getCause();
        if (c instanceof UserError u) {
            return u;
        }
        if (c instanceof IOException io) {
            return new UncheckedIOException(io);
        }
        return c instanceof RuntimeException r ? r : new IllegalStateException(c);
    }

    /** The last {@code lines} lines of the server's output (stdout and stderr), fit for a message. */
    public String outputTail(int lines) {
        return OutputFile.tailOrNote(logFile, lines);
    }

    String tailForMessage() {
        String t = outputTail(TAIL_LINES);
        String body = t.isBlank() ? "    (no output)" : "    " + t.strip().replace("\n", "\n    ");
        return "\n  last lines of its output (full log: " + logFile + "):\n" + body;
    }

    /**
     * Stops the server with {@code signal} ("SIGINT", "INT", "SIGTERM", "SIGHUP", "SIGQUIT", ...),
     * SIGKILLs its process group if it is still alive after the grace period, and returns how it
     * ended. SIGINT/SIGTERM/SIGHUP go to the runner, which forwards them to the server's process
     * group and escalates itself; other signals go to the group directly and pgolab escalates.
     * Stopping a server that already exited just returns its result.
     */
    public Stopped stop(String signal) {
        String sig = normalize(signal);
        long t0 = System.nanoTime();
        if (result.isDone()) {
            Measurement m = result();
            LIVE.remove(this);
            return new Stopped(m, false, Duration.ZERO, true);
        }
        boolean weKilled = false;
        try {
            if (RUNNER_FORWARDS.contains(sig)) {
                if (sig.equals("SIGTERM")) {
                    runner.destroy();
                } else {
                    kill(sig, Long.toString(runner.pid()));
                }
            } else {
                OptionalLong group = serverPid();
                if (group.isPresent()) {
                    kill(sig, "-" + group.getAsLong());
                    if (!waitDone(grace)) {
                        OptionalLong g2 = serverPid();
                        if (g2.isPresent()) {
                            kill("SIGKILL", "-" + g2.getAsLong());
                            weKilled = true;
                        }
                    }
                }
            }
            if (!waitDone(grace.plus(STOP_MARGIN))) {
                close();
                throw new UserError("server " + argv.get(0) + " did not stop within "
                        + Readiness.format(grace.plus(STOP_MARGIN)) + " of " + sig + "; it was killed");
            }
        } catch (InterruptedException e) {
            close();
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while stopping " + argv.get(0));
        }
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        Measurement m = result();
        LIVE.remove(this);
        boolean killed = weKilled
                || (m.signal() == 9 && !sig.equals("SIGKILL") && took.compareTo(grace) >= 0);
        return new Stopped(m, killed, took);
    }

    private boolean waitDone(Duration d) throws InterruptedException {
        try {
            result.get(d.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return true;
        }
    }

    /** The server's pid (= its process group id): the runner's child. */
    private OptionalLong serverPid() {
        return runner.toHandle().children().mapToLong(ProcessHandle::pid).findFirst();
    }

    static String normalize(String signal) {
        if (signal == null || signal.isBlank()) {
            return "SIGTERM";
        }
        String s = signal.strip().toUpperCase(Locale.ROOT);
        if (!s.startsWith("SIG")) {
            s = "SIG" + s;
        }
        if (!KNOWN.contains(s)) {
            throw new UserError("unknown stop signal '" + signal + "'",
                    "use one of SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2");
        }
        return s;
    }

    private static void kill(String sig, String target) throws InterruptedException {
        try {
            Exec.capture(null, null, Map.of(), List.of("kill", "-s", sig.substring(3), "--", target), 5);
        } catch (UserError e) {
            if (Thread.interrupted()) {
                throw new InterruptedException(e.getMessage());
            }
            // kill hung: the caller's SIGKILL after the grace period still stops the service
        }
    }

    /**
     * Leaves nothing running: SIGTERM to the runner (which forwards it and SIGKILLs the group after
     * the grace period), then, if the runner is still there after grace + 1 s, SIGKILL to it and
     * everything below it. Idempotent; safe from any thread and from finally blocks.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        boolean interrupted = Thread.interrupted();
        try {
            if (runner.isAlive()) {
                runner.destroy();
                long deadline = System.nanoTime() + grace.plusSeconds(1).toNanos();
                while (runner.isAlive()) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        break;
                    }
                    try {
                        runner.waitFor(left, TimeUnit.NANOSECONDS);
                    } catch (InterruptedException e) {
                        interrupted = true;
                        break;
                    }
                }
                if (runner.isAlive()) {
                    runner.descendants().forEach(ProcessHandle::destroyForcibly);
                    runner.destroyForcibly();
                }
            }
            try {
                waiter.join(2000);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        } finally {
            LIVE.remove(this);
            OutputFile.capQuietly(logFile);
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // best effort
        }
    }

    @Override
    public String toString() {
        return "Service" + argv + (alive() ? " (running)" : " (ended)");
    }
}
