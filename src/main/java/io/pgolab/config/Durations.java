package io.pgolab.config;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses durations such as "90s", "5m", "1h30m", "250ms". */
public final class Durations {
    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

    private Durations() {
    }

    public static Optional<Duration> parse(String text) {
        String t = text.trim().toLowerCase();
        if (t.isEmpty()) {
            return Optional.empty();
        }
        Matcher m = PART.matcher(t);
        int pos = 0;
        double millis = 0;
        while (m.find()) {
            if (m.start() != pos) {
                return Optional.empty();
            }
            double n = Double.parseDouble(m.group(1));
            millis += switch (m.group(2)) {
                case "ms" -> n;
                case "s" -> n * 1000;
                case "m" -> n * 60_000;
                default -> n * 3_600_000;
            };
            pos = m.end();
        }
        return pos == t.length() ? Optional.of(Duration.ofMillis(Math.round(millis))) : Optional.empty();
    }

    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + "ms";
        }
        if (ms < 60_000) {
            return String.format("%.1fs", ms / 1000.0);
        }
        return String.format("%dm%02ds", ms / 60_000, (ms / 1000) % 60);
    }
}
