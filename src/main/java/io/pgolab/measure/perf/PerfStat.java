package io.pgolab.measure.perf;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that runs a command under {@code perf stat -x, -o FILE -e EVENT... -- argv}.
 * perf passes the command's exit status on, so a wrapped command fails exactly when it would alone;
 * the CSV goes to a file (not stderr) so the command's own stderr stays untouched.
 * {@link PerfStatCsv} reads the file.
 */
public final class PerfStat {
    private PerfStat() {
    }

    /** {@code perf stat -x, -o outFile -e e1 -e e2 ... -- argv}. */
    public static List<String> wrap(List<String> argv, Path outFile, List<String> events) {
        if (argv == null || argv.isEmpty()) {
            throw new IllegalArgumentException("nothing to run under perf");
        }
        if (events == null || events.isEmpty()) {
            throw new IllegalArgumentException("perf stat needs at least one event");
        }
        List<String> cmd = new ArrayList<>(List.of("perf", "stat", "-x,", "-o", outFile.toAbsolutePath().toString()));
        for (String e : events) {
            // one argv element per event: a space would make perf read two names, or none
            if (e == null || e.isBlank() || e.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException("bad perf event name '" + e + "'");
            }
            cmd.add("-e");
            cmd.add(e);
        }
        cmd.add("--");
        cmd.addAll(argv);
        return cmd;
    }
}
