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
 */
public final class CommandMeasurer {
    /** How long a command gets between SIGTERM and SIGKILL, by default. */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(5);

    private static final int RUNNER_FAILURE = 125;

    private final Path runner;
    private final Duration grace;

    public CommandMeasurer(Path runner) {
        this(runner, DEFAULT_GRACE);
    }

    public CommandMeasurer(Path runner, Duration grace) {
        this.runner = runner.toAbsolutePath();
        this.grace = grace == null || grace.isNegative() ? DEFAULT_GRACE : grace;
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
        return runnerArgv(runner, result, c.cpu(), c.timeout(), grace, c.argv());
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
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        return ProcessBuilder.Redirect.to(file.toFile());
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
        Map<String, String> fields;
        Measurement m;
        try {
            fields = Measurement.fields(line);
            m = Measurement.fromFields(fields);
        } catch (IllegalArgumentException e) {
            throw new IOException("cannot understand pgolab-runner's result: " + e.getMessage(), e);
        }
        String program = command.get(0);
        int execError = (int) optional(fields, "exec_error");
        if (execError != 0) {
            throw new UserError("cannot run " + program + ": " + errnoMessage(execError), execHint(program, execError));
        }
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
