package io.pgolab.process;

import io.pgolab.UserError;
import io.pgolab.util.CommandLog;
import io.pgolab.util.DiskFull;
import io.pgolab.util.OutputFile;
import io.pgolab.util.Shell;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Runs external tools (profile merges, version queries, summaries) and captures their output, all
 * through {@code pgolab-runner}: the tool gets its own process group, its timeout is enforced
 * (SIGTERM, then SIGKILL after the grace period), and it dies with pgolab (SIGTERM, SIGINT via the
 * shutdown hook; SIGKILL via the runner's parent-death signal). stdout and stderr go, interleaved,
 * to a file (the request's, else one in {@link Scratch}), never to a pipe.
 *
 * <p>Only when the runner cannot be built (no C compiler) does a tool start directly
 * ({@link DirectRun}), so that 'pgolab doctor' can still say what is missing.
 */
public final class Exec {
    /**
     * What is kept of a tool's output: its first and last 32 MiB, decoded leniently. Tools print
     * listings (profile dumps, file lists) that must be read whole, so this is far above what a tool
     * prints here; it only keeps a runaway tool from exhausting pgolab's memory.
     */
    static final int KEEP_BYTES = 32 << 20;

    /** The default limit of a tool query. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration GRACE = Duration.ofSeconds(2);
    private static volatile CommandMeasurer measurer;
    private static volatile boolean noRunner;

    private Exec() {
    }

    public record Result(int exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    /**
     * One tool run.
     *
     * @param output      file that receives stdout+stderr (kept), or null for a scratch file (deleted)
     * @param timeoutHint the fix named when the tool times out; empty for the generic one
     */
    public record Request(List<String> argv, Path cwd, Map<String, String> env, Duration timeout, Path output,
                          String timeoutHint) {
        public Request {
            argv = List.copyOf(argv);
            env = env == null ? Map.of() : env;
            timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
            timeoutHint = timeoutHint == null ? "" : timeoutHint;
        }

        public static Request of(List<String> argv) {
            return new Request(argv, null, Map.of(), DEFAULT_TIMEOUT, null, "");
        }

        public Request in(Path dir, Map<String, String> extraEnv) {
            return new Request(argv, dir, extraEnv, timeout, output, timeoutHint);
        }

        public Request timeout(Duration limit, String hint) {
            return new Request(argv, cwd, env, limit, output, hint);
        }

        public Request output(Path file) {
            return new Request(argv, cwd, env, timeout, file, timeoutHint);
        }
    }

    /**
     * Runs the request, records it in log (when given), returns its exit code and output. A missing
     * program gives exit code 127.
     *
     * @throws UserError when it times out (naming the tool, the limit and the fix) or pgolab is interrupted
     */
    public static Result run(CommandLog log, Request r) {
        if (log != null) {
            log.record(r.cwd(), r.env(), r.argv());
        }
        Path out = null;
        try {
            out = r.output() != null ? r.output() : Scratch.file("exec-", ".out");
            Result res = start(r, out);
            // A full disk under the output file cuts the output, or leaves it empty: a version probe would read
            // that as "not GCC" or "version 0". Said as what it is instead. A tool that says ENOSPC itself is left
            // to its caller, which knows what it was writing (a merge names its output and the inputs' size).
            Optional<UserError> full = NoSpace.check(r.argv(), List.of(out), "", r.cwd());
            if (full.isPresent()) {
                throw full.get();
            }
            if (res == null) {
                throw timedOut(r);
            }
            return res;
        } catch (IOException e) {
            if (DiskFull.is(e) || (out != null && DiskFull.full(out))) {
                Path where = out != null ? out : Scratch.root();
                throw DiskFull.whileWriting(where, "the output of " + NoSpace.name(Shell.join(r.argv())),
                        NoSpace.hint(where), e);
            }
            return new Result(1, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while running " + Shell.join(r.argv()));
        } finally {
            if (r.output() == null && out != null) {
                Scratch.discard(out);
            }
        }
    }

    /** The result, or null when the tool ran past its timeout. */
    private static Result start(Request r, Path out) throws IOException, InterruptedException {
        CommandMeasurer m = measurer();
        if (m == null) {
            int code = DirectRun.run(r.argv(), r.cwd(), r.env(), r.timeout(), out);
            return code == DirectRun.TIMED_OUT ? null : new Result(code, read(out));
        }
        MeasuredCommand c = new MeasuredCommand(r.argv(), r.cwd(), r.env(), OptionalInt.empty(), r.timeout(), out, out);
        Measurement meas;
        try {
            meas = m.run(c);
        } catch (UserError cannotExec) {
            return new Result(127, cannotExec.getMessage()); // no CPU pinning here: only exec errors
        }
        return meas.timedOut() ? null : new Result(meas.exitCode(), read(out));
    }

    static UserError timedOut(Request r) {
        String tool = toolName(r.argv());
        String cmd = Shell.join(r.argv());
        if (cmd.length() > 300) {
            cmd = cmd.substring(0, 300) + " ...";
        }
        return new UserError(tool + " did not finish within " + seconds(r.timeout()) + " and was stopped: " + cmd,
                r.timeoutHint().isEmpty()
                        ? tool + " is probably hung: run the command by hand (--verbose shows it) to see where it stops"
                        : r.timeoutHint());
    }

    /** "llvm-profdata merge", "gcov-tool-12 merge", "go tool": the program's file name and its subcommand. */
    static String toolName(List<String> argv) {
        String name = Path.of(argv.get(0)).getFileName().toString();
        if (argv.size() > 1 && argv.get(1).matches("[a-z][a-z0-9-]*")) {
            name += " " + argv.get(1);
        }
        return name;
    }

    static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }

    private static String read(Path out) throws IOException {
        return OutputFile.read(out, KEEP_BYTES, KEEP_BYTES);
    }

    /** The shared measurer, or null when pgolab-runner cannot be built here. */
    private static CommandMeasurer measurer() {
        CommandMeasurer m = measurer;
        if (m == null && !noRunner) {
            synchronized (Exec.class) {
                if (measurer == null && !noRunner) {
                    try {
                        measurer = new CommandMeasurer(RunnerBinary.ensure(), GRACE);
                    } catch (UserError e) {
                        noRunner = true;
                    }
                }
                m = measurer;
            }
        }
        return m;
    }

    /** Runs argv and returns stdout+stderr; a missing program gives exit code 127. */
    public static Result capture(CommandLog log, Path cwd, Map<String, String> env, List<String> argv, long timeoutSeconds) {
        return run(log, Request.of(argv).in(cwd, env).timeout(Duration.ofSeconds(timeoutSeconds), ""));
    }

    /**
     * Starts argv in the background through the runner, stdout+stderr written to {@code logFile}: for
     * recorders (perf record) that run beside the measured process and are stopped by the caller.
     */
    public static BackgroundRun startLogged(List<String> argv, Path logFile) throws IOException {
        CommandMeasurer m = measurer();
        if (m == null) {
            throw new UserError("cannot start " + argv.get(0) + ": pgolab's process runner cannot be built here",
                    "install a C compiler (apt-get install -y gcc) so pgolab can build pgolab-runner");
        }
        try {
            return m.start(new MeasuredCommand(argv, null, Map.of(), OptionalInt.empty(), Duration.ZERO, logFile, logFile));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while starting " + argv.get(0));
        }
    }

    public static Result capture(CommandLog log, List<String> argv) {
        return capture(log, null, Map.of(), argv, DEFAULT_TIMEOUT.toSeconds());
    }

    /** The version text of a tool, or empty when the tool cannot run. */
    public static String quietOutput(List<String> argv) {
        Result r = capture(null, null, Map.of(), argv, 20);
        return r.ok() ? r.output() : "";
    }
}
