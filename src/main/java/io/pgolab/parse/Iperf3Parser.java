package io.pgolab.parse;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * Reads the JSON report of {@code iperf3 -c HOST -J} (client side). Reports:
 * <ul>
 *   <li>{@code sent_gbps} and {@code received_gbps}: end.sum_sent / end.sum_received
 *       bits_per_second (Gbit/s, 10^9 bit/s; higher is better). For UDP, the sender's figure is
 *       end.sum_sent (or end.sum in old versions) and the receiver's end.sum_received.</li>
 *   <li>{@code retransmits}: end.sum_sent.retransmits, TCP on Linux (count, lower is better)</li>
 *   <li>{@code jitter_ms} and {@code lost_percent}: UDP only, the receiver's view (ms, %; lower is
 *       better)</li>
 *   <li>{@code cpu_host_pct} and {@code cpu_remote_pct}: end.cpu_utilization_percent host_total
 *       and remote_total (%, lower is better)</li>
 *   <li>{@link ParsedMetric#OPERATIONS}: bytes received (end.sum_received.bytes), so that
 *       per-operation figures are per byte</li>
 * </ul>
 * A report carrying iperf3's "error" field (e.g. "unable to connect to server") is refused with
 * that message, also when it holds intervals measured before the error: iperf3 -J exits 0 then
 * ({@link #reportedError}).
 */
public final class Iperf3Parser implements OutputParser {
    public static final String NAME = "iperf3";
    private static final String EXPECTED = "the JSON report of `iperf3 -c HOST -J`";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<ParsedMetric> parse(String output) {
        JsonNode root = ParseSupport.json(NAME, output, EXPECTED);
        Optional<String> error = error(root);
        if (error.isPresent()) {
            throw new NoMatchException(error.get());
        }
        JsonNode end = root.get("end");
        if (end == null || !end.isObject()) {
            throw new NoMatchException(NAME + ": the JSON has no \"end\" object; expected " + EXPECTED);
        }
        JsonNode sent = end.path("sum_sent");
        JsonNode received = end.path("sum_received");
        JsonNode sum = end.path("sum");
        boolean udp = "UDP".equalsIgnoreCase(root.path("start").path("test_start").path("protocol").asText())
                || sum.has("jitter_ms");
        if (!sent.isObject() && sum.isObject()) {
            sent = sum;
        }
        Double sentBps = ParseSupport.jsonNumber(sent.get("bits_per_second"));
        Double receivedBps = ParseSupport.jsonNumber(received.get("bits_per_second"));
        if (sentBps == null && receivedBps == null) {
            throw new NoMatchException(NAME + ": the JSON has no end.sum_sent / end.sum_received bits_per_second; "
                    + "expected " + EXPECTED);
        }
        ParseSupport.Collector out = new ParseSupport.Collector();
        out.addIfPresent("sent_gbps", gbps(sentBps), "Gbit/s", true);
        out.addIfPresent("received_gbps", gbps(receivedBps), "Gbit/s", true);
        if (udp) {
            JsonNode view = received.isObject() && received.has("jitter_ms") ? received : sum;
            out.addIfPresent("jitter_ms", ParseSupport.jsonNumber(view.get("jitter_ms")), "ms", false);
            out.addIfPresent("lost_percent", ParseSupport.jsonNumber(view.get("lost_percent")), "%", false);
        } else {
            out.addIfPresent("retransmits", ParseSupport.jsonNumber(sent.get("retransmits")), "count", false);
        }
        JsonNode cpu = end.path("cpu_utilization_percent");
        out.addIfPresent("cpu_host_pct", ParseSupport.jsonNumber(cpu.get("host_total")), "%", false);
        out.addIfPresent("cpu_remote_pct", ParseSupport.jsonNumber(cpu.get("remote_total")), "%", false);
        Double bytes = ParseSupport.jsonNumber(received.get("bytes"));
        if (bytes == null) {
            bytes = ParseSupport.jsonNumber(sent.get("bytes"));
        }
        if (bytes != null && bytes > 0) {
            out.add(ParsedMetric.OPERATIONS, bytes, "bytes", true);
        }
        return out.list();
    }

    @Override
    public Optional<String> reportedError(String output) {
        try {
            return error(ParseSupport.json(NAME, output, EXPECTED));
        } catch (NoMatchException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> error(JsonNode root) {
        JsonNode error = root.get("error");
        return error == null || error.isNull() ? Optional.empty()
                : Optional.of(NAME + " reported an error: " + error.asText());
    }

    private static Double gbps(Double bitsPerSecond) {
        return bitsPerSecond == null ? null : bitsPerSecond / 1e9;
    }
}
