package io.pgolab.process;

import io.pgolab.util.Shell;
import io.pgolab.util.CommandLog;
import io.pgolab.util.OutputFile;
import io.pgolab.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs short tool queries (versions, profile summaries) and captures their output. Long-running or
 * measured commands go through the process runner in io.pgolab.measure instead.
 */
public final class Exec {
    private Exec() {
    }

    public record Result(int exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    /**
     * What is kept of a tool's output: its first and last 32 MiB. Tools print listings (profile
     * dumps, file lists) that must be read whole, so this is far above what a tool prints here;
     * it only keeps a runaway tool from exhausting pgolab's memory.
     */
    static final int KEEP_BYTES = 32 << 20;

    /**
     * Runs argv and returns stdout+stderr, decoded leniently (cut in the middle beyond twice
     * {@link #KEEP_BYTES}: the output goes through a temporary file, so a tool that prints without
     * end costs disk for the moment, not memory); a missing program gives exit code 127.
     */
    public static Result capture(CommandLog log, Path cwd, Map<String, String> env, List<String> argv, long timeoutSeconds) {
        if (log != null) {
            log.record(cwd, env, argv);
        }
        Path out;
        try {
            out = Files.createTempFile("pgolab-exec-", ".out");
        } catch (IOException e) {
            return new Result(1, "cannot create a temporary file: " + e.getMessage());
        }
        try {
            return capture(argv, cwd, env, out, timeoutSeconds);
        } finally {
            try {
                Files.deleteIfExists(out);
            } catch (IOException ignored) {
                // a temporary file left behind
            }
        }
    }

    private static Result capture(List<String> argv, Path cwd, Map<String, String> env, Path out, long timeoutSeconds) {
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(out.toFile()));
        if (cwd != null) {
            pb.directory(cwd.toFile());
        }
        pb.environment().putAll(env);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new Result(127, e.getMessage());
        }
        try {
            p.getOutputStream().close();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new UserError("command timed out after " + timeoutSeconds + "s: " + Shell.join(argv));
            }
            return new Result(p.exitValue(), OutputFile.read(out, KEEP_BYTES, KEEP_BYTES));
        } catch (IOException e) {
            p.destroyForcibly();
            return new Result(1, e.getMessage());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while running " + Shell.join(argv));
        }
    }

    /**
     * Starts argv in the background with stdin from /dev/null and stdout+stderr written to
     * {@code logFile}: for recorders (perf record) that run beside the measured process and are
     * stopped by the caller, so their output must not fill a pipe nobody reads.
     */
    public static Process startLogged(List<String> argv, Path logFile) throws IOException {
        return new ProcessBuilder(argv)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(logFile.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
    }

    public static Result capture(CommandLog log, List<String> argv) {
        return capture(log, null, Map.of(), argv, 120);
    }

    /** The version text of a tool, or empty when the tool cannot run. */
    public static String quietOutput(List<String> argv) {
        Result r = capture(null, null, Map.of(), argv, 20);
        return r.ok() ? r.output() : "";
    }
}
