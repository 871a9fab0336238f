package io.pgolab.workload;

import io.pgolab.UserError;
import io.pgolab.process.CommandMeasurer;
import io.pgolab.process.MeasuredCommand;
import io.pgolab.process.Measurement;
import io.pgolab.process.NoSpace;
import io.pgolab.process.RunnerBinary;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Shell;
import io.pgolab.util.OutputFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Runs a user's shell command line (build, clean, training workload) through the measuring runner:
 * own process group, timeout, output to a log file, nothing left running afterwards.
 */
public final class ShellRunner {
    private final CommandLog log;
    private CommandMeasurer measurer;

    public ShellRunner(CommandLog log) {
        this.log = log;
    }

    private synchronized CommandMeasurer measurer() {
        if (measurer == null) {
            measurer = new CommandMeasurer(RunnerBinary.ensure());
        }
        return measurer;
    }

    /**
     * How a command went; the log holds its stdout and stderr interleaved, cut in the middle when
     * longer than {@link OutputFile#HEAD_BYTES} + {@link OutputFile#TAIL_BYTES}.
     */
    public record Outcome(String commandLine, Measurement measurement, Path logFile) {
        public boolean ok() {
            return measurement.succeeded();
        }

        /** The last lines of the log, fit for a message (control characters made visible, long lines cut). */
        public String tail(int lines) {
            return OutputFile.tailOrNote(logFile, lines);
        }

        /** The log's text (as kept: at most its first and last 4 MiB), decoded leniently. */
        public String output() {
            return OutputFile.readQuietly(logFile);
        }
    }

    public Outcome run(String commandLine, Path cwd, Map<String, String> env, Duration timeout, Path logFile,
                       OptionalInt cpu) {
        return run(commandLine, cwd, env, List.of(), timeout, logFile, cpu);
    }

    /** As {@link #run}, with these variables of pgolab's own environment removed (unset) for the command. */
    public Outcome run(String commandLine, Path cwd, Map<String, String> env, List<String> unset, Duration timeout,
                       Path logFile, OptionalInt cpu) {
        try {
            Files.createDirectories(logFile.getParent());
            log.record(cwd, env, Shell.bash(commandLine));
            // "exec 2>&1" merges stderr into the log in order, as a terminal would show it; the log
            // starts with the command itself so it can be repeated by hand.
            String script = (unset.isEmpty() ? "" : "unset " + String.join(" ", unset.stream().map(Shell::quote).toList()) + "\n")
                    + "exec 2>&1\nprintf '%s\\n' " + Shell.quote("$ " + commandLine) + "\n" + commandLine;
            MeasuredCommand c = new MeasuredCommand(Shell.bash(script), cwd, env, cpu, timeout, logFile, null);
            Measurement m = measurer().run(c);
            OutputFile.capQuietly(logFile);
            Outcome o = new Outcome(commandLine, m, logFile);
            if (!o.ok()) {
                // failed because a disk filled (its log's, or one it wrote to): that is the cause to name
                Optional<UserError> full = NoSpace.check(NoSpace.name(commandLine), List.of(logFile), o.output(), cwd);
                if (full.isPresent()) {
                    throw full.get();
                }
            }
            return o;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while running: " + commandLine);
        }
    }

    public Outcome run(String commandLine, Path cwd, Map<String, String> env, Duration timeout, Path logFile) {
        return run(commandLine, cwd, env, timeout, logFile, OptionalInt.empty());
    }

    /** A one-paragraph description of a failed command for error messages. */
    public static String describeFailure(Outcome o, int tailLines) {
        Measurement m = o.measurement();
        String how = m.timedOut() ? "timed out" : m.signal() != 0
                ? "was killed by signal " + m.signal() + " (" + Signals.name(m.signal()) + ")"
                : "exited with status " + m.exitCode();
        return "command " + how + ":\n  $ " + o.commandLine().replace("\n", "\n    ")
                + "\n  last lines of its output (full log: " + o.logFile() + "):\n"
                + indent(o.tail(tailLines));
    }

    private static String indent(String s) {
        return s.isBlank() ? "    (no output)" : "    " + s.replace("\n", "\n    ");
    }
}
