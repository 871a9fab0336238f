package io.pgolab.process;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * A request to run and measure one command. Standard input is always {@code /dev/null}.
 *
 * @param argv       program and arguments; the program is looked up on PATH (or relative to
 *                   {@code workDir} if it contains a slash), as execvp does
 * @param workDir    working directory, or null for pgolab's own
 * @param extraEnv   variables added to (overriding) pgolab's environment
 * @param cpu        pin the command (and its children) to this CPU, if present
 * @param timeout    time limit; {@link Duration#ZERO} means none. On expiry the command's process
 *                   group gets SIGTERM, then SIGKILL after the grace period
 * @param stdoutFile file that receives the command's standard output (created/truncated), or null
 *                   to discard it
 * @param stderrFile same for standard error; the same path as stdoutFile puts both streams in that one
 *                   file, in the order they were written
 * @param firstOutput watch stdoutFile for the command's first write ({@link Measurement#firstOutputSeconds()})
 */
public record MeasuredCommand(
        List<String> argv,
        Path workDir,
        Map<String, String> extraEnv,
        OptionalInt cpu,
        Duration timeout,
        Path stdoutFile,
        Path stderrFile,
        boolean firstOutput) {

    /** Without watching for the first output. */
    public MeasuredCommand(List<String> argv, Path workDir, Map<String, String> extraEnv, OptionalInt cpu, Duration timeout,
                           Path stdoutFile, Path stderrFile) {
        this(argv, workDir, extraEnv, cpu, timeout, stdoutFile, stderrFile, false);
    }

    public MeasuredCommand {
        if (argv == null || argv.isEmpty() || argv.get(0) == null || argv.get(0).isEmpty()) {
            throw new IllegalArgumentException("a measured command needs a program");
        }
        argv = List.copyOf(argv);
        extraEnv = extraEnv == null ? Map.of() : Map.copyOf(extraEnv);
        cpu = cpu == null ? OptionalInt.empty() : cpu;
        if (cpu.isPresent() && cpu.getAsInt() < 0) {
            throw new IllegalArgumentException("CPU number must be >= 0, got " + cpu.getAsInt());
        }
        timeout = timeout == null ? Duration.ZERO : timeout;
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must not be negative: " + timeout);
        }
    }

    /** No env changes, no pinning, no timeout. */
    public static MeasuredCommand of(List<String> argv, Path workDir, Path stdoutFile, Path stderrFile) {
        return new MeasuredCommand(argv, workDir, Map.of(), OptionalInt.empty(), Duration.ZERO, stdoutFile, stderrFile);
    }

    public MeasuredCommand withCpu(int cpu) {
        return new MeasuredCommand(argv, workDir, extraEnv, OptionalInt.of(cpu), timeout, stdoutFile, stderrFile, firstOutput);
    }

    public MeasuredCommand withTimeout(Duration timeout) {
        return new MeasuredCommand(argv, workDir, extraEnv, cpu, timeout, stdoutFile, stderrFile, firstOutput);
    }

    public MeasuredCommand withEnv(Map<String, String> extraEnv) {
        return new MeasuredCommand(argv, workDir, extraEnv, cpu, timeout, stdoutFile, stderrFile, firstOutput);
    }

    /** Watching stdoutFile (which must be set) for the command's first write, or not. */
    public MeasuredCommand withFirstOutput(boolean on) {
        if (on && stdoutFile == null) {
            throw new IllegalArgumentException("the first output is watched in the stdout file: none given");
        }
        return new MeasuredCommand(argv, workDir, extraEnv, cpu, timeout, stdoutFile, stderrFile, on);
    }
}
