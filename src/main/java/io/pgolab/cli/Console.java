package io.pgolab.cli;

import io.pgolab.config.Durations;
import io.pgolab.util.Events;
import java.io.PrintStream;
import java.time.Duration;

/** Renders pipeline events as plain lines on stderr; results go to stdout. */
final class Console implements Events {
    private final PrintStream err;

    Console(PrintStream err) {
        this.err = err;
    }

    @Override
    public void started(String stage, String detail) {
        err.println("==> " + stage + (detail.isEmpty() ? "" : ": " + oneLine(detail)));
    }

    @Override
    public void finished(String stage, Duration took, String detail) {
        err.println("    " + stage + " done in " + Durations.format(took) + (detail.isEmpty() ? "" : " (" + detail + ")"));
    }

    @Override
    public void note(String message) {
        err.println("==> " + message);
    }

    @Override
    public void warn(String message) {
        err.println("warning: " + message);
    }

    private static String oneLine(String s) {
        String t = s.replace('\n', ' ');
        return t.length() > 160 ? t.substring(0, 157) + "..." : t;
    }
}
