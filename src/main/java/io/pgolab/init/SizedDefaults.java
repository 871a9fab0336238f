package io.pgolab.init;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Timeouts sized from what the check measured: a runner under load builds and runs several times slower than an
 * idle machine (CPython's release took 31 min on a loaded runner against a 30 min starter timeout), so each timeout
 * is four times the measured time, at least 10 minutes for a build and 2 for a workload, rounded up.
 */
public final class SizedDefaults {
    static final int MARGIN = 4;
    static final long BUILD_FLOOR_MINUTES = 10;
    static final long WORKLOAD_FLOOR_MINUTES = 2;

    /** One timeout to write: the line it replaces (1-based) and the new line, with why in its comment. */
    public record Edit(int line, String text, String summary) {
    }

    private SizedDefaults() {
    }

    /** A timeout in whole minutes (rounded up to 5 past 30), as the config writes it ("20m"). */
    static String timeout(double seconds, long floorMinutes) {
        long minutes = Math.max(floorMinutes, (long) Math.ceil(seconds * MARGIN / 60.0));
        if (minutes > 30) {
            minutes = (minutes + 4) / 5 * 5;
        }
        return minutes >= 120 && minutes % 60 == 0 ? minutes / 60 + "h" : minutes + "m";
    }

    /** The edits for [build] timeout and each workload's timeout that ran ok. */
    static List<Edit> edits(KeyLines keys, double buildSeconds, List<WorkloadTrials.Trial> trials) {
        List<Edit> out = new ArrayList<>();
        String build = timeout(buildSeconds, BUILD_FLOOR_MINUTES);
        keys.line("build", 0, "timeout").ifPresent(l -> out.add(new Edit(l, "timeout = \"" + build + "\"   # sized by"
                + " the check: release built in " + WorkloadTrials.secondsText(buildSeconds) + " here, x" + MARGIN
                + " for loaded runners", "build.timeout = \"" + build + "\"")));
        for (WorkloadTrials.Trial t : trials) {
            if (!t.ok()) {
                continue;
            }
            OptionalInt l = keys.line(t.section(), t.index(), "timeout");
            String w = timeout(t.seconds(), WORKLOAD_FLOOR_MINUTES);
            l.ifPresent(n -> out.add(new Edit(n, "timeout = \"" + w + "\"   # sized by the check: ran in "
                    + WorkloadTrials.secondsText(t.seconds()) + " against release, x" + MARGIN,
                    "[[" + t.section() + "]] " + t.workload().name() + " timeout = \"" + w + "\"")));
        }
        return out;
    }

    /** text with each edit's line replaced. */
    static String apply(String text, List<Edit> edits) {
        List<String> lines = new ArrayList<>(text.lines().toList());
        for (Edit e : edits) {
            lines.set(e.line() - 1, e.text());
        }
        return String.join("\n", lines) + (text.endsWith("\n") ? "\n" : "");
    }
}
