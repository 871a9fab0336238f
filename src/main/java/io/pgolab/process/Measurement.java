package io.pgolab.process;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * How one run of a command went, as reported by {@code pgolab-runner}.
 *
 * <p>{@code exitCode} is the exit status, or 128+signal when the command was killed by a signal
 * (the shell's {@code $?} convention); {@code signal} is 0 unless it was killed. CPU times, RSS,
 * context switches and faults come from {@code wait4()} and so include those descendants of the
 * command that were waited for (see the comment in {@code pgolab-runner.c}). {@code maxRssKb} is
 * the peak RSS of the largest single process, in KiB. {@code firstOutputSeconds} is the time from the
 * start until the runner saw the command's first write to its stdout file, when that was watched
 * ({@link MeasuredCommand#firstOutput()}) and something was written; else -1.
 */
public record Measurement(
        int exitCode,
        int signal,
        boolean timedOut,
        double wallSeconds,
        double userSeconds,
        double sysSeconds,
        long maxRssKb,
        long voluntaryCtxSwitches,
        long involuntaryCtxSwitches,
        long minorFaults,
        long majorFaults,
        double firstOutputSeconds,
        double runDelaySeconds) {

    /** Without a run-queue delay (unknown: -1). */
    public Measurement(int exitCode, int signal, boolean timedOut, double wallSeconds, double userSeconds,
                       double sysSeconds, long maxRssKb, long voluntaryCtxSwitches, long involuntaryCtxSwitches,
                       long minorFaults, long majorFaults, double firstOutputSeconds) {
        this(exitCode, signal, timedOut, wallSeconds, userSeconds, sysSeconds, maxRssKb, voluntaryCtxSwitches,
                involuntaryCtxSwitches, minorFaults, majorFaults, firstOutputSeconds, -1);
    }

    /** Without a first output. */
    public Measurement(int exitCode, int signal, boolean timedOut, double wallSeconds, double userSeconds,
                       double sysSeconds, long maxRssKb, long voluntaryCtxSwitches, long involuntaryCtxSwitches,
                       long minorFaults, long majorFaults) {
        this(exitCode, signal, timedOut, wallSeconds, userSeconds, sysSeconds, maxRssKb, voluntaryCtxSwitches,
                involuntaryCtxSwitches, minorFaults, majorFaults, -1);
    }

    /** User plus system CPU time, in seconds. */
    public double cpuSeconds() {
        return userSeconds + sysSeconds;
    }

    /** Exited normally with status 0, within its time limit. */
    public boolean succeeded() {
        return exitCode == 0 && signal == 0 && !timedOut;
    }

    /** One-phrase description of how the run ended, for messages: "exited with 3", "killed by signal 11". */
    public String outcome() {
        if (timedOut) {
            return "timed out" + (signal != 0 ? " (killed by signal " + signal + ")" : "");
        }
        return signal != 0 ? "killed by signal " + signal : "exited with " + exitCode;
    }

    /**
     * Parses the runner's output line, e.g. {@code status=exited code=0 signal=0 wall_ns=1804654
     * user_us=822 sys_us=0 maxrss_kb=968 nvcsw=7 nivcsw=0 minflt=76 majflt=1 timed_out=0 exec_error=0}.
     * Unknown keys are ignored; missing required keys or non-numeric values are an
     * {@link IllegalArgumentException}. Does not look at {@code exec_error}/{@code cpu_error}: callers
     * that care use {@link #fields(String)} first.
     */
    public static Measurement parse(String line) {
        return fromFields(fields(line));
    }

    private static final Pattern SPACES = Pattern.compile("\\s+");

    /** Splits a runner line into its key=value pairs, in order. */
    public static Map<String, String> fields(String line) {
        if (line == null) {
            throw new IllegalArgumentException("no runner output");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String token : SPACES.split(line.strip())) {
            if (token.isEmpty()) {
                continue;
            }
            int eq = token.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("malformed runner output (token '" + token + "'): " + line);
            }
            fields.put(token.substring(0, eq), token.substring(eq + 1));
        }
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("empty runner output");
        }
        return fields;
    }

    static Measurement fromFields(Map<String, String> f) {
        String status = require(f, "status");
        if (!status.equals("exited") && !status.equals("signaled")) {
            throw new IllegalArgumentException("unknown runner status '" + status + "'");
        }
        return new Measurement(
                (int) num(f, "code"),
                (int) num(f, "signal"),
                num(f, "timed_out") != 0,
                num(f, "wall_ns") / 1e9,
                num(f, "user_us") / 1e6,
                num(f, "sys_us") / 1e6,
                num(f, "maxrss_kb"),
                num(f, "nvcsw"),
                num(f, "nivcsw"),
                num(f, "minflt"),
                num(f, "majflt"),
                f.containsKey("first_output_ns") && num(f, "first_output_ns") >= 0 ? num(f, "first_output_ns") / 1e9 : -1,
                f.containsKey("run_delay_ns") && num(f, "run_delay_ns") >= 0 ? num(f, "run_delay_ns") / 1e9 : -1);
    }

    /** The runner's line format for this measurement (no exec error, not interrupted). */
    public String toLine() {
        return String.format(Locale.ROOT,
                "status=%s code=%d signal=%d wall_ns=%d user_us=%d sys_us=%d maxrss_kb=%d nvcsw=%d nivcsw=%d"
                        + " minflt=%d majflt=%d timed_out=%d exec_error=0 cpu_error=0 interrupted=0 first_output_ns=%d"
                        + " run_delay_ns=%d",
                signal != 0 ? "signaled" : "exited", exitCode, signal,
                Math.round(wallSeconds * 1e9), Math.round(userSeconds * 1e6), Math.round(sysSeconds * 1e6),
                maxRssKb, voluntaryCtxSwitches, involuntaryCtxSwitches, minorFaults, majorFaults,
                timedOut ? 1 : 0, firstOutputSeconds < 0 ? -1 : Math.round(firstOutputSeconds * 1e9),
                runDelaySeconds < 0 ? -1 : Math.round(runDelaySeconds * 1e9));
    }

    private static String require(Map<String, String> f, String key) {
        String v = f.get(key);
        if (v == null) {
            throw new IllegalArgumentException("runner output lacks '" + key + "': " + f);
        }
        return v;
    }

    static long num(Map<String, String> f, String key) {
        String v = require(f, key);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("runner output '" + key + "=" + v + "' is not a number", e);
        }
    }
}
