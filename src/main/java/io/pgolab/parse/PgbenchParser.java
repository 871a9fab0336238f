package io.pgolab.parse;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads pgbench's summary (PostgreSQL 9.6 to 16). Reports:
 * <ul>
 *   <li>{@code tps}: "tps = N (without initial connection time)"; for pgbench 13 and older, the
 *       "(excluding connections establishing)" line (tx/s, higher is better)</li>
 *   <li>{@code latency_avg_ms}: "latency average = N ms" (lower is better)</li>
 *   <li>{@code latency_stddev_ms}: "latency stddev = N ms", printed with -P, --rate or -L (lower is
 *       better)</li>
 *   <li>{@link ParsedMetric#OPERATIONS}: "number of transactions actually processed: N"</li>
 *   <li>{@code failed}: "number of failed transactions: N", pgbench 15+ (count, lower is better)</li>
 *   <li>{@code retried}: "number of transactions retried: N", with --max-tries above 1 (count,
 *       lower is better)</li>
 * </ul>
 * Progress lines ({@code -P}) and per-statement latencies ({@code -r}) are ignored.
 */
public final class PgbenchParser implements OutputParser {
    public static final String NAME = "pgbench";

    private static final String NUM = "([0-9]+(?:\\.[0-9]+)?)";
    private static final Pattern TPS_WITHOUT = Pattern.compile(
            "(?m)^tps = " + NUM + " \\((?:without initial connection time|excluding connections establishing)\\)");
    private static final Pattern TPS_ANY = Pattern.compile("(?m)^tps = " + NUM + "\\b");
    private static final Pattern LATENCY_AVG = Pattern.compile("(?m)^latency average = " + NUM + " ms");
    private static final Pattern LATENCY_STDDEV = Pattern.compile("(?m)^latency stddev = " + NUM + " ms");
    private static final Pattern PROCESSED = Pattern.compile(
            "(?m)^number of transactions actually processed: ([0-9]+)");
    private static final Pattern FAILED = Pattern.compile("(?m)^number of failed transactions: ([0-9]+)");
    private static final Pattern RETRIED = Pattern.compile("(?m)^number of transactions retried: ([0-9]+)");
    private static final Pattern ERROR = Pattern.compile("(?m)^pgbench: (?:error|fatal): (.*)$");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<ParsedMetric> parse(String output) {
        String text = output == null ? "" : output.replace("\r", "");
        Double tps = first(TPS_WITHOUT, text);
        if (tps == null) {
            tps = first(TPS_ANY, text);
        }
        if (tps == null) {
            StringBuilder msg = new StringBuilder(NAME + ": ");
            msg.append(text.isBlank() ? "the output is empty" : "no \"tps = ...\" line");
            msg.append("; expected pgbench's summary (\"tps = 799.06 (without initial connection time)\")");
            Matcher error = ERROR.matcher(text);
            if (error.find()) {
                msg.append("; pgbench said: ").append(error.group(1).trim());
            }
            throw new NoMatchException(msg.toString());
        }
        ParseSupport.Collector out = new ParseSupport.Collector();
        out.add("tps", tps, "tx/s", true);
        out.addIfPresent("latency_avg_ms", first(LATENCY_AVG, text), "ms", false);
        out.addIfPresent("latency_stddev_ms", first(LATENCY_STDDEV, text), "ms", false);
        out.addIfPresent(ParsedMetric.OPERATIONS, first(PROCESSED, text), "ops", true);
        out.addIfPresent("failed", first(FAILED, text), "count", false);
        out.addIfPresent("retried", first(RETRIED, text), "count", false);
        return out.list();
    }

    private static Double first(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? ParseSupport.number(m.group(1)) : null;
    }
}
