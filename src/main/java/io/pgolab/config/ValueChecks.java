package io.pgolab.config;

import java.nio.file.FileSystems;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** Bounds and forms of values that TOML types alone do not catch; each problem names line, key and fix. */
final class ValueChecks {
    /** Timeouts and durations: a run that long is a mistake (and the runner's millisecond timer overflows). */
    static final Duration MAX_DURATION = Duration.ofDays(7);
    /** A training workload's weight: Go and GCC repeat a profile round(weight) times. */
    static final double MAX_WEIGHT = 1000;
    /** min_effect, in percent. */
    static final double MAX_EFFECT_PERCENT = 1000;

    private ValueChecks() {
    }

    /** A finite number in [lo, hi] (lo excluded when loExclusive); false after reporting. */
    static boolean inRange(TableReader r, String key, String lineKey, double v, double lo, boolean loExclusive, double hi,
                           String what, String fix, ConfigProblems problems) {
        if (!Double.isFinite(v)) {
            problems.add(r.line(lineKey), r.qualified(key), "must be a finite number, found " + format(v), fix);
            return false;
        }
        if (v < lo || (loExclusive && v == lo) || v > hi) {
            problems.add(r.line(lineKey), r.qualified(key), "must be between " + format(lo) + (loExclusive ? " (exclusive)" : "")
                    + " and " + format(hi) + (what.isEmpty() ? "" : " (" + what + ")") + ", found " + format(v), fix);
            return false;
        }
        return true;
    }

    static String format(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /** Reports a present but blank string value; true when the value is usable. */
    static boolean nonEmpty(TableReader r, String key, String value, String fix, ConfigProblems problems) {
        if (r.has(key) && value.isBlank()) {
            problems.add(r.line(key), r.qualified(key), "must not be empty", fix);
            return false;
        }
        return true;
    }

    /** The optional string keys of a table, each non-empty when present. */
    static void nonEmpty(TableReader r, List<String> keys, ConfigProblems problems) {
        for (String k : keys) {
            r.optString(k).ifPresent(v -> nonEmpty(r, k, v, "remove " + k + ", or give it a value", problems));
        }
    }

    /** An env table: names without '=' or NUL and not empty (the kernel's rules), values without NUL. */
    static Map<String, String> env(TableReader r, String key, ConfigProblems problems) {
        Map<String, String> env = r.stringMap(key);
        for (String name : env.keySet()) {
            if (name.isEmpty() || name.indexOf('=') >= 0 || name.indexOf('\0') >= 0) {
                problems.add(r.line(key), r.qualified(key), "invalid environment variable name '"
                                + name.replace("\0", "\\u0000") + "'" + (name.isEmpty() ? " (empty)" : ""),
                        "a name is not empty and has no '=' or NUL; usually letters, digits and '_': " + key
                                + " = { MY_VAR = \"value\" }");
            }
        }
        return env;
    }

    /** exclude globs, compiled now as the source fingerprint will compile them. */
    static void globs(TableReader r, String key, List<String> globs, ConfigProblems problems) {
        for (String g : globs) {
            if (g.isBlank()) {
                problems.add(r.line(key), r.qualified(key), "must not be empty: an empty glob matches nothing",
                        "remove \"\" from the list");
                continue;
            }
            String glob = g.endsWith("/") ? g.substring(0, g.length() - 1) : g;
            try {
                FileSystems.getDefault().getPathMatcher("glob:" + glob);
                FileSystems.getDefault().getPathMatcher("glob:**/" + glob);
            } catch (PatternSyntaxException e) {
                problems.add(r.line(key), r.qualified(key), "invalid glob '" + g + "': " + e.getDescription(),
                        "Java glob syntax: * and ? (within a directory), ** (across), [abc], {a,b} (groups do not nest);"
                                + " write \\\\[ in a TOML basic string for a literal '['");
            } catch (IllegalArgumentException e) {
                problems.add(r.line(key), r.qualified(key), "invalid glob '" + g + "': " + e.getMessage(),
                        "Java glob syntax: *, ?, **, [abc], {a,b}");
            }
        }
    }

    /** A readiness check: "tcp", "tcp:PORT", "http:/PATH", "http:PORT/PATH", "log:REGEX" or "probe:COMMAND". */
    static void readiness(TableReader r, String prefix, String ready, ConfigProblems problems) {
        String key = prefix + ".ready";
        int line = r.line("ready");
        if (ready.startsWith("tcp:") || (ready.startsWith("http:") && !ready.startsWith("http:/"))) {
            String name = ReadyPort.named(ready).orElse("");
            if (!name.matches("[A-Za-z0-9_-]+")) {
                problems.add(line, key, "'" + ready + "' does not name a port",
                        "ready = \"tcp:NAME\" or \"http:NAME/health\" for the port {port:NAME}; \"tcp\" for the"
                                + " process's own port");
            }
        } else if (ready.startsWith("http:")) {
            String path = ready.substring(5);
            if (path.startsWith("//")) {
                problems.add(line, key, "'http:' takes a path on the server, not a URL: '" + ready + "'",
                        "ready = \"http:/health\"   (pgolab asks http://127.0.0.1:{port}/health)");
            } else if (!path.chars().allMatch(c -> c > ' ' && c != 0x7f)) {
                problems.add(line, key, "the path of '" + ready + "' has spaces or control characters",
                        "encode them (%20) or pick another path: ready = \"http:/health\"");
            }
        } else if (ready.startsWith("log:")) {
            String re = ready.substring(4);
            if (re.isEmpty()) {
                problems.add(line, key, "'log:' needs a regex that a line of the server's output matches",
                        "ready = \"log:Ready to accept connections\"");
                return;
            }
            try {
                Pattern.compile(re);
            } catch (PatternSyntaxException e) {
                problems.add(line, key, "invalid regex in '" + ready + "': " + e.getDescription(),
                        "a Java regex; escape ( [ { . * + ? with a backslash (\\\\ in a TOML basic string, \\ in '...')");
            }
        } else if (ready.startsWith("probe:")) {
            if (ready.substring(6).isBlank()) {
                problems.add(line, key, "'probe:' needs a command that exits 0 when the server is ready",
                        "ready = \"probe:redis-cli -p {port} ping\"");
            }
        } else if (!ready.equals("tcp")) {
            problems.add(line, key, "unknown readiness check '" + ready + "'",
                    "one of \"tcp\" (the port accepts connections; \"tcp:NAME\" for {port:NAME}), \"http:/health\" (GET returns 2xx),"
                            + " \"log:REGEX\" (a line of the server's output matches), \"probe:COMMAND\" (exits 0)");
        }
    }
}
