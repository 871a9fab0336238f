package io.pgolab.process;

import io.pgolab.UserError;
import io.pgolab.util.OutputFile;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Runs commands through {@code pgolab-runner} (see {@link RunnerBinary}) and returns what it
 * measured. Each call blocks; interrupting the calling thread stops the command (SIGTERM to its
 * process group, SIGKILL after the grace period) and rethrows the {@link InterruptedException}.
 * Runners still alive when the JVM exits are stopped by a shutdown hook ({@link ProcessReaper}).
 *
 * <p>{@link #run} goes through a long-lived {@code pgolab-runner --serve} ({@link RunnerServer}),
 * which forks the commands itself, unless {@code PGOLAB_RUNNER_SERVER=0}; {@link #start} (a
 * background recorder, which callers signal and whose pid they need) always starts its own runner.
 */
public final class CommandMeasurer {
    /** How long a command gets between SIGTERM and SIGKILL, by default. */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(5);

    private static final int RUNNER_FAILURE = 125;
    /** How long a command that died of SIGINT waits for pgolab's own SIGINT (Ctrl-C reaches both). */
    private static final long CTRL_C_WAIT_MS = 1000;

    private final Path runner;
    private final Duration grace;
    private final boolean serve;

    public CommandMeasurer(Path runner) {
        this(runner, DEFAULT_GRACE);
    }

    public CommandMeasurer(Path runner, Duration grace) {
        this(runner, grace, !"0".equals(System.getenv("PGOLAB_RUNNER_SERVER")));
    }

    /** serve: measure through a long-lived runner server (false: one runner process per run). */
    CommandMeasurer(Path runner, Duration grace, boolean serve) {
        this.runner = runner.toAbsolutePath();
        this.grace = grace == null || grace.isNegative() ? DEFAULT_GRACE : grace;
        this.serve = serve;
    }

    public Path runner() {
        return runner;
    }

    /**
     * Runs {@code c} to completion (or timeout) and returns its measurement. A command that exits
     * non-zero, dies of a signal or times out is a normal result, not an exception.
     *
     * @throws UserError            the program could not be executed (not found, not executable...)
     *                              or could not be pinned to the requested CPU
     * @throws IOException          the runner could not be started or produced no result
     * @throws InterruptedException the calling thread was interrupted; the command has been stopped
     */
    public Measurement run(MeasuredCommand c) throws IOException, InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        Measurement m;
        try {
            m = serve ? runServed(c) : runOnce(c);
        } catch (IOException e) {
            if (ProcessReaper.isShuttingDown()) {
                // pgolab's exit stopped the runner (SIGTERM, Ctrl-C): that is why it reported nothing
                throw new InterruptedException("pgolab is shutting down");
            }
            throw e;
        }
        if (ProcessReaper.isShuttingDown() || ctrlC(m)) {
            // the runner stopped the command because pgolab is exiting: not a failure of the command
            throw new InterruptedException("pgolab is shutting down");
        }
        return m;
    }

    /**
     * Whether {@code m} ended by a Ctrl-C that pgolab got too: the terminal sends SIGINT to the
     * command and to pgolab at once, and the command's death may be reported before pgolab's
     * shutdown begins. A command that died of SIGINT on its own stays a failed run.
     */
    private static boolean ctrlC(Measurement m) throws InterruptedException {
        if (m.signal() != 2 && m.exitCode() != 130) {
            return false;
        }
        long deadline = System.nanoTime() + CTRL_C_WAIT_MS * 1_000_000;
        while (!ProcessReaper.isShuttingDown() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return ProcessReaper.isShuttingDown();
    }

    private Measurement runOnce(MeasuredCommand c) throws IOException, InterruptedException {
        Path result = Scratch.file("pgolab-measure-", ".result");
        Process process = null;
        try {
            process = startRunner(c, result);
            int runnerExit;
            try {
                runnerExit = process.waitFor();
            } catch (InterruptedException e) {
                ProcessReaper.terminate(List.of(process), grace);
                throw e;
            }
            return interpret(c, result, runnerExit);
        } finally {
            if (process != null) {
                ProcessReaper.unregister(process);
            }
            deleteResult(result);
        }
    }

    private Measurement runServed(MeasuredCommand c) throws IOException, InterruptedException {
        createParent(c.stdoutFile());
        createParent(c.stderrFile());
        String line;
        try {
            line = runOnServer(c);
        } catch (RunnerServer.NotTaken idleServerDied) {
            line = runOnServer(c); // nothing ran: once more, on a new server
        }
        if (line.startsWith("runner_error=")) {
            throw new IOException("pgolab-runner --serve could not start " + c.argv().get(0) + ": "
                    + errnoMessage(Integer.parseInt(line.substring(line.indexOf('=') + 1).strip())));
        }
        return parseResult(c.argv(), c.cpu(), line, " (" + runner + " --serve)");
    }

    private String runOnServer(MeasuredCommand c) throws IOException, InterruptedException {
        RunnerServer server = RunnerServer.acquire(runner);
        boolean done = false;
        try {
            String line = server.run(c, grace);
            done = true;
            return line;
        } finally {
            if (done) {
                RunnerServer.release(runner, server);
            } else {
                server.close();
            }
        }
    }

    /**
     * Starts {@code c} without waiting for it (a recorder that runs beside something else); the
     * caller stops it with {@link BackgroundRun#close()}. pgolab's exit stops it too.
     */
    public BackgroundRun start(MeasuredCommand c) throws IOException, InterruptedException {
        Path result = Scratch.file("pgolab-measure-", ".result");
        try {
            return new BackgroundRun(startRunner(c, result), result, grace);
        } catch (IOException | InterruptedException | RuntimeException e) {
            deleteResult(result);
            throw e;
        }
    }

    private Process startRunner(MeasuredCommand c, Path result) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(runnerArgv(c, result));
        if (c.workDir() != null) {
            pb.directory(c.workDir().toFile());
        }
        pb.environment().putAll(c.extraEnv());
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.redirectOutput(redirect(c.stdoutFile()));
        if (c.stderrFile() != null && c.stderrFile().equals(c.stdoutFile())) {
            pb.redirectErrorStream(true); // one file, both streams in the order they were written
        } else {
            pb.redirectError(redirect(c.stderrFile()));
        }
        Process process = pb.start();
        if (!ProcessReaper.register(process, grace)) {
            ProcessReaper.terminate(List.of(process), grace);
            throw new InterruptedException("pgolab is shutting down");
        }
        return process;
    }

    static void deleteResult(Path result) throws IOException {
        Files.deleteIfExists(result);
        Files.deleteIfExists(result.resolveSibling(result.getFileName() + ".tmp"));
    }

    List<String> runnerArgv(MeasuredCommand c, Path result) {
        List<String> argv = runnerArgv(runner, result, c.cpu(), c.timeout(), grace, c.argv());
        if (c.firstOutput() && c.stdoutFile() != null) {
            // The runner's own stdout is that file (redirected here), so the command's is too.
            argv.addAll(1, List.of("--first-output", c.stdoutFile().toAbsolutePath().toString()));
        }
        return argv;
    }

    /** The runner's command line: result file, CPU pin, timeout (zero: none), grace, then the command. */
    public static List<String> runnerArgv(Path runner, Path result, OptionalInt cpu, Duration timeout, Duration grace,
                                          List<String> command) {
        List<String> argv = new ArrayList<>();
        argv.add(runner.toString());
        argv.add("--out");
        argv.add(result.toAbsolutePath().toString());
        if (cpu.isPresent()) {
            argv.add("--cpu");
            argv.add(Integer.toString(cpu.getAsInt()));
        }
        argv.add("--timeout-ms");
        argv.add(Long.toString(timeout.toMillis()));
        argv.add("--grace-ms");
        argv.add(Long.toString(grace.toMillis()));
        argv.add("--");
        argv.addAll(command);
        return argv;
    }

    private static ProcessBuilder.Redirect redirect(Path file) throws IOException {
        if (file == null) {
            return ProcessBuilder.Redirect.DISCARD;
        }
        createParent(file);
        return ProcessBuilder.Redirect.to(file.toFile());
    }

    private static void createParent(Path file) throws IOException {
        Path parent = file == null ? null : file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) { // createDirectories throws (and catches) when it exists
            Files.createDirectories(parent);
        }
    }

    private Measurement interpret(MeasuredCommand c, Path result, int runnerExit) throws IOException {
        return readResult(c.argv(), c.cpu(), result, runnerExit, " (" + runner + ")" + stderrTail(c, runnerExit));
    }

    /**
     * Reads the runner's report of command: the Measurement, or a UserError when the command could
     * not be executed or pinned. blankDetail is appended when the runner reported nothing.
     */
    public static Measurement readResult(List<String> command, OptionalInt cpu, Path result, int runnerExit,
                                         String blankDetail) throws IOException {
        String line = OutputFile.read(result);
        if (line.isBlank()) {
            throw new IOException("pgolab-runner exited with " + runnerExit + " without reporting a result" + blankDetail);
        }
        return parseResult(command, cpu, line, blankDetail);
    }

    private static Measurement parseResult(List<String> command, OptionalInt cpu, String line, String detail)
            throws IOException {
        Map<String, String> fields;
        Measurement m;
        try {
            fields = Measurement.fields(line);
            m = Measurement.fromFields(fields);
        } catch (IllegalArgumentException e) {
            throw new IOException("cannot understand pgolab-runner's result: " + e.getMessage(), e);
        }
        String program = command.get(0);
        int setupError = (int) optional(fields, "setup_error");
        if (setupError != 0) {
            String what = switch ((int) optional(fields, "setup_stage")) {
                case 1 -> "open its standard output file";
                case 2 -> "open its standard error file";
                default -> "enter its work directory";
            };
            throw new IOException("cannot run " + program + ": cannot " + what + ": " + errnoMessage(setupError) + detail);
        }
        int execError = (int) optional(fields, "exec_error");
        if (execError != 0) {
            throw new UserError("cannot run " + program + ": " + errnoMessage(execError), execHint(program, execError));
        }
        LeftRunning.report(command, fields);
        int cpuError = (int) optional(fields, "cpu_error");
        if (cpuError != 0) {
            throw new UserError("cannot pin " + program + " to CPU " + cpu.orElse(-1) + ": " + errnoMessage(cpuError),
                    "CPUs on this machine are numbered 0.." + (Runtime.getRuntime().availableProcessors() - 1)
                            + " (and may be limited by the container or taskset); pick one of those");
        }
        return m;
    }

    private static String stderrTail(MeasuredCommand c, int runnerExit) {
        if (runnerExit != RUNNER_FAILURE || c.stderrFile() == null) {
            return "";
        }
        try {
            String err = OutputFile.tail(c.stderrFile(), 5);
            return err.isBlank() ? "" : ":\n  " + err.replace("\n", "\n  ");
        } catch (IOException e) {
            return " (cannot read " + c.stderrFile() + ": " + e.getMessage() + ")";
        }
    }

    private static long optional(Map<String, String> fields, String key) {
        return fields.containsKey(key) ? Measurement.num(fields, key) : 0;
    }

    /** strerror() for the errnos execvp/sched_setaffinity report on Linux. */
    static String errnoMessage(int errno) {
        return switch (errno) {
            case 1 -> "Operation not permitted";          // EPERM
            case 2 -> "No such file or directory";        // ENOENT
            case 7 -> "Argument list too long";           // E2BIG
            case 8 -> "Exec format error";                // ENOEXEC
            case 12 -> "Cannot allocate memory";          // ENOMEM
            case 13 -> "Permission denied";               // EACCES
            case 20 -> "Not a directory";                 // ENOTDIR
            case 21 -> "Is a directory";                  // EISDIR
            case 22 -> "Invalid argument";                // EINVAL
            case 26 -> "Text file busy";                  // ETXTBSY
            case 36 -> "File name too long";              // ENAMETOOLONG
            case 40 -> "Too many levels of symbolic links"; // ELOOP
            default -> "error " + errno;
        };
    }

    private static String execHint(String program, int errno) {
        return switch (errno) {
            case 2 -> program.contains("/")
                    ? "check the path; a relative path is resolved against the work directory"
                    : "check that " + program + " is installed and on PATH";
            case 13 -> "make sure " + program + " is an executable file (chmod +x) on a filesystem that allows exec";
            case 8 -> program + " is not a binary this machine can run, nor a script with a #! line";
            default -> "";
        };
    }
}
