package io.pgolab.parse;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads wrk's report (wrk 4.x). Reports:
 * <ul>
 *   <li>{@code rps}: "Requests/sec:" (req/s, higher is better)</li>
 *   <li>{@code transfer_bytes_per_sec}: "Transfer/sec:" (B/s, higher is better; wrk's KB/MB are
 *       powers of 1024)</li>
 *   <li>{@code latency_avg_ms}, {@code latency_stdev_ms}, {@code latency_max_ms}: the "Latency"
 *       row of the thread stats (ms, lower is better; us, s, m and h are converted)</li>
 *   <li>{@code latency_p50_ms}, {@code latency_p75_ms}, {@code latency_p90_ms},
 *       {@code latency_p99_ms}: the "Latency Distribution" block, printed with {@code --latency}</li>
 *   <li>{@link ParsedMetric#OPERATIONS}: "N requests in 10.00s" (ops)</li>
 *   <li>{@code non_2xx_3xx}, {@code socket_errors} (connect + read + write + timeout) and their
 *       sum {@code errors} (count, lower is better; 0 when wrk printed no such line)</li>
 * </ul>
 */
public final class WrkParser implements OutputParser {
    public static final String NAME = "wrk";

    private static final String NUM = "([0-9]+(?:\\.[0-9]+)?)";
    private static final String TIME = NUM + "(us|ms|s|m|h)";
    private static final Pattern RPS = Pattern.compile("(?m)^\\s*Requests/sec:\\s*" + NUM + "\\s*$");
    private static final Pattern TRANSFER = Pattern.compile(
            "(?m)^\\s*Transfer/sec:\\s*" + NUM + "(B|KB|MB|GB|TB)\\s*$");
    private static final Pattern LATENCY = Pattern.compile(
            "(?m)^\\s*Latency\\s+" + TIME + "\\s+" + TIME + "\\s+" + TIME + "\\b");
    private static final Pattern DISTRIBUTION_HEADER = Pattern.compile("^\\s*Latency Distribution\\s*$");
    private static final Pattern DISTRIBUTION_LINE = Pattern.compile("^\\s*" + NUM + "%\\s+" + TIME + "\\s*$");
    private static final Pattern REQUESTS = Pattern.compile("(?m)^\\s*([0-9]+) requests in " + TIME + ",");
    private static final Pattern NON_2XX = Pattern.compile("(?m)^\\s*Non-2xx or 3xx responses:\\s*([0-9]+)\\s*$");
    private static final Pattern SOCKET_ERRORS = Pattern.compile(
            "(?m)^\\s*Socket errors: connect ([0-9]+), read ([0-9]+), write ([0-9]+), timeout ([0-9]+)\\s*$");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<ParsedMetric> parse(String output) {
        String text = output == null ? "" : output.replace("\r", "");
        Matcher rps = RPS.matcher(text);
        if (!rps.find()) {
            String hint = text.isBlank() ? "the output is empty" : "no \"Requests/sec:\" line";
            throw new NoMatchException(NAME + ": " + hint + "; expected wrk's report (\"N requests in Xs, Y read\", "
                    + "\"Requests/sec: ...\")");
        }
        ParseSupport.Collector out = new ParseSupport.Collector();
        out.add("rps", Double.parseDouble(rps.group(1)), "req/s", true);
        Matcher transfer = TRANSFER.matcher(text);
        if (transfer.find()) {
            out.add("transfer_bytes_per_sec",
                    ParseSupport.toBytes(Double.parseDouble(transfer.group(1)), transfer.group(2)), "B/s", true);
        }
        Matcher latency = LATENCY.matcher(text);
        if (latency.find()) {
            out.add("latency_avg_ms", millis(latency, 1), "ms", false);
            out.add("latency_stdev_ms", millis(latency, 3), "ms", false);
            out.add("latency_max_ms", millis(latency, 5), "ms", false);
        }
        boolean inDistribution = false;
        for (String line : text.split("\n")) {
            if (DISTRIBUTION_HEADER.matcher(line).matches()) {
                inDistribution = true;
                continue;
            }
            if (inDistribution) {
                Matcher d = DISTRIBUTION_LINE.matcher(line);
                if (!d.matches()) {
                    break;
                }
                String name = "latency_p" + ParseSupport.percentileName(d.group(1)) + "_ms";
                if (!out.has(name)) {
                    out.add(name, millis(d, 2), "ms", false);
                }
            }
        }
        Matcher requests = REQUESTS.matcher(text);
        if (requests.find()) {
            out.add(ParsedMetric.OPERATIONS, Double.parseDouble(requests.group(1)), "ops", true);
        }
        double non2xx = 0;
        Matcher n = NON_2XX.matcher(text);
        if (n.find()) {
            non2xx = Double.parseDouble(n.group(1));
        }
        double socket = 0;
        Matcher s = SOCKET_ERRORS.matcher(text);
        if (s.find()) {
            for (int g = 1; g <= 4; g++) {
                socket += Double.parseDouble(s.group(g));
            }
        }
        out.add("errors", non2xx + socket, "count", false);
        out.add("non_2xx_3xx", non2xx, "count", false);
        out.add("socket_errors", socket, "count", false);
        return out.list();
    }

    private static double millis(Matcher m, int group) {
        return ParseSupport.toMillis(Double.parseDouble(m.group(group)), m.group(group + 1));
    }
}
