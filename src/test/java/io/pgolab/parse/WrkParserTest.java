package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Fixtures captured with wrk 4.1.0 (Debian 12) against python3 -m http.server and nginx on loopback. */
class WrkParserTest {
    final WrkParser parser = new WrkParser();

    @Test
    void readsThePlainReport() {
        // wrk -t2 -c10 -d5s http://127.0.0.1:8089/index.html
        List<ParsedMetric> m = parser.parse(read("wrk/wrk-plain.txt"));
        assertMetric(m, "rps", 836.00, "req/s", true);
        assertMetric(m, "latency_avg_ms", 14.51, "ms", false);
        assertMetric(m, "latency_stdev_ms", 62.08, "ms", false);
        assertMetric(m, "latency_max_ms", 840.64, "ms", false);
        assertMetric(m, "transfer_bytes_per_sec", 155.15 * 1024, "B/s", true);
        assertMetric(m, ParsedMetric.OPERATIONS, 4194, "ops", true);
        assertMetric(m, "errors", 0, "count", false);
        assertThat(names(m)).noneMatch(n -> n.startsWith("latency_p"));
    }

    @Test
    void readsTheLatencyDistribution() {
        // wrk -t2 -c10 -d5s --latency http://127.0.0.1:8089/index.html
        List<ParsedMetric> m = parser.parse(read("wrk/wrk-latency.txt"));
        assertMetric(m, "rps", 989.19, "req/s", true);
        assertMetric(m, "latency_p50_ms", 5.09, "ms", false);
        assertMetric(m, "latency_p75_ms", 8.20, "ms", false);
        assertMetric(m, "latency_p90_ms", 12.10, "ms", false);
        assertMetric(m, "latency_p99_ms", 123.78, "ms", false);
        assertMetric(m, ParsedMetric.OPERATIONS, 4965, "ops", true);
    }

    @Test
    void convertsMicrosecondsAndMegabytes() {
        // wrk -t2 -c16 -d5s --latency http://127.0.0.1:8090/index.html (nginx)
        List<ParsedMetric> m = parser.parse(read("wrk/wrk-nginx-latency-us.txt"));
        assertMetric(m, "rps", 50690.31, "req/s", true);
        assertMetric(m, "latency_avg_ms", 0.62631, "ms", false);   // 626.31us
        assertMetric(m, "latency_stdev_ms", 1.49, "ms", false);    // 1.49ms
        assertMetric(m, "latency_p50_ms", 0.197, "ms", false);     // 197.00us
        assertMetric(m, "latency_p99_ms", 4.00, "ms", false);
        assertMetric(m, "transfer_bytes_per_sec", 11.60 * 1024 * 1024, "B/s", true);
        assertMetric(m, ParsedMetric.OPERATIONS, 255527, "ops", true);
    }

    @Test
    void countsNon2xxResponsesAsErrors() {
        // wrk -t2 -c10 -d3s --latency http://127.0.0.1:8089/missing (404s)
        List<ParsedMetric> m = parser.parse(read("wrk/wrk-latency-non2xx.txt"));
        assertMetric(m, "non_2xx_3xx", 4467, "count", false);
        assertMetric(m, "socket_errors", 0, "count", false);
        assertMetric(m, "errors", 4467, "count", false);
        assertMetric(m, "rps", 1440.98, "req/s", true);
    }

    @Test
    void countsSocketErrors() {
        // wrk -t2 -c400 -d4s --timeout 1s --latency http://127.0.0.1:8089/index.html
        List<ParsedMetric> m = parser.parse(read("wrk/wrk-latency-socket-errors.txt"));
        assertMetric(m, "socket_errors", 6, "count", false);
        assertMetric(m, "errors", 6, "count", false);
        assertMetric(m, "latency_p99_ms", 18.57, "ms", false);
        assertMetric(m, ParsedMetric.OPERATIONS, 5806, "ops", true);
    }

    @Test
    void convertsSecondsAndMinutes() {
        String out = """
                Running 10s test @ http://127.0.0.1:8080/
                  1 threads and 1 connections
                  Thread Stats   Avg      Stdev     Max   +/- Stdev
                    Latency     1.50s   250.00ms   1.00m    90.00%
                    Req/Sec     0.50      0.50     1.00     50.00%
                  7 requests in 10.01s, 1.20KB read
                Requests/sec:      0.70
                Transfer/sec:     122B
                """;
        List<ParsedMetric> m = parser.parse(out);
        assertMetric(m, "latency_avg_ms", 1500, "ms", false);
        assertMetric(m, "latency_stdev_ms", 250, "ms", false);
        assertMetric(m, "latency_max_ms", 60_000, "ms", false);
        assertMetric(m, "transfer_bytes_per_sec", 122, "B/s", true);
        assertMetric(m, "rps", 0.70, "req/s", true);
    }

    @Test
    void refusesOutputWithoutAReport() {
        assertThatThrownBy(() -> parser.parse("")).isInstanceOf(NoMatchException.class).hasMessageContaining("wrk");
        // captured: wrk -t1 -c1 -d1s http://127.0.0.1:8099/ (nothing listening)
        assertThatThrownBy(() -> parser.parse(read("wrk/wrk-connection-refused.txt")))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("Requests/sec");
    }
}
