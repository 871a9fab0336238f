package io.pgolab.cli;

import io.pgolab.bench.BenchListener;
import io.pgolab.measure.Progress;
import java.io.PrintStream;

/** Shows a bench's progress on stderr: a line per workload, then the rounds (in place on a terminal). */
final class TerminalBenchListener implements BenchListener {
    private final PrintStream err;
    private final boolean tty = System.console() != null;

    TerminalBenchListener(PrintStream err) {
        this.err = err;
    }

    @Override
    public void measuring(String workload, String detail) {
        err.println("==> measuring " + workload + ": " + detail);
    }

    /** The expected duration, on a line of its own (a terminal's progress line is ended first). */
    @Override
    public void expecting(String estimate) {
        err.println((tty ? "\r" : "") + "==> " + estimate);
    }

    /**
     * Round i of n, widest CI, time left: rewritten in place on a terminal (at most ten times a second), a plain
     * line every 10 rounds otherwise. Formatted only when shown: a campaign calls this after every round.
     */
    @Override
    public Progress progress() {
        long[] shown = {System.nanoTime() - SHOW_EVERY_NANOS};
        return (round, maxRounds, widest, secondsLeft) -> {
            if (tty ? System.nanoTime() - shown[0] < SHOW_EVERY_NANOS && round < maxRounds : round % 10 != 0) {
                return;
            }
            shown[0] = System.nanoTime();
            double w = widest.getAsDouble();
            String ci = Double.isInfinite(w) ? "-" : String.format("±%.2f%%", w);
            String line = String.format("    round %d, widest CI %s, at most %.0fs left", round, ci, secondsLeft);
            if (tty) {
                err.print("\r" + line + "   ");
            } else {
                err.println(line);
            }
        };
    }

    private static final long SHOW_EVERY_NANOS = 100_000_000L;

    @Override
    public void measured(String workload) {
        if (tty) {
            err.println();
        }
    }
}
