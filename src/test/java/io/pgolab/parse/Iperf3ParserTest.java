package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Fixtures captured with iperf 3.12 (Debian 12), server `iperf3 -s -D -p 5299 -B 127.0.0.1`. */
class Iperf3ParserTest {
    final Iperf3Parser parser = new Iperf3Parser();

    @Test
    void readsTcp() {
        // iperf3 -c 127.0.0.1 -p 5299 -t 3 -J
        List<ParsedMetric> m = parser.parse(read("iperf3/iperf3-tcp.json"));
        assertThat(names(m)).containsExactly("sent_gbps", "received_gbps", "retransmits", "cpu_host_pct",
                "cpu_remote_pct", "operations");
        assertMetric(m, "sent_gbps", 24095298039.663967 / 1e9, "Gbit/s", true);
        assertMetric(m, "received_gbps", 24082201433.499763 / 1e9, "Gbit/s", true);
        assertMetric(m, "retransmits", 10, "count", false);
        assertMetric(m, "cpu_host_pct", 51.099012743924334, "%", false);
        assertMetric(m, "cpu_remote_pct", 46.3730149661831, "%", false);
        assertMetric(m, ParsedMetric.OPERATIONS, 9036496896.0, "bytes", true);
    }

    @Test
    void readsParallelAndReverseTcp() {
        // iperf3 -c 127.0.0.1 -p 5299 -t 3 -P 2 -J
        List<ParsedMetric> p = parser.parse(read("iperf3/iperf3-tcp-parallel2.json"));
        assertMetric(p, "received_gbps", 22494664856.1195 / 1e9, "Gbit/s", true);
        assertMetric(p, "retransmits", 16, "count", false);
        // iperf3 -c 127.0.0.1 -p 5299 -t 3 -R -J
        List<ParsedMetric> r = parser.parse(read("iperf3/iperf3-tcp-reverse.json"));
        assertMetric(r, "sent_gbps", 24151620757.07777 / 1e9, "Gbit/s", true);
        assertMetric(r, "cpu_remote_pct", 49.61629316181562, "%", false);
    }

    @Test
    void readsUdpJitterAndLossFromTheReceiver() {
        // iperf3 -c 127.0.0.1 -p 5299 -t 3 -u -b 100M -J
        List<ParsedMetric> m = parser.parse(read("iperf3/iperf3-udp.json"));
        assertThat(names(m)).containsExactly("sent_gbps", "received_gbps", "jitter_ms", "lost_percent",
                "cpu_host_pct", "cpu_remote_pct", "operations");
        assertMetric(m, "sent_gbps", 100048925.34568232 / 1e9, "Gbit/s", true);
        assertMetric(m, "jitter_ms", 0.008476264627310277, "ms", false);
        assertMetric(m, "lost_percent", 0, "%", false);

        // iperf3 -c 127.0.0.1 -p 5299 -t 3 -u -b 0 -l 1400 -J : the receiver lost half
        List<ParsedMetric> u = parser.parse(read("iperf3/iperf3-udp-unlimited.json"));
        assertMetric(u, "sent_gbps", 2133016536.818095 / 1e9, "Gbit/s", true);
        assertMetric(u, "received_gbps", 974277374.1018103 / 1e9, "Gbit/s", true);
        assertMetric(u, "lost_percent", 54.248534173448846, "%", false);
        assertMetric(u, "jitter_ms", 0.002026360592626662, "ms", false);
        assertMetric(u, ParsedMetric.OPERATIONS, 365429400, "bytes", true);
    }

    @Test
    void readsOldUdpReportsWithOnlyEndSum() {
        String json = """
                {"start": {"test_start": {"protocol": "UDP"}},
                 "end": {"sum": {"bits_per_second": 1048576.5, "jitter_ms": 0.25, "lost_percent": 1.5, "bytes": 393216},
                         "cpu_utilization_percent": {"host_total": 1.0, "remote_total": 2.0}}}
                """;
        List<ParsedMetric> m = parser.parse(json);
        assertThat(names(m)).containsExactly("sent_gbps", "jitter_ms", "lost_percent", "cpu_host_pct",
                "cpu_remote_pct", "operations");
        assertMetric(m, "lost_percent", 1.5, "%", false);
    }

    @Test
    void refusesAnErrorReport() {
        // captured: iperf3 -c 127.0.0.1 -p 5298 -t 1 -J (nothing listening)
        assertThatThrownBy(() -> parser.parse(read("iperf3/iperf3-connection-refused.json")))
                .isInstanceOf(NoMatchException.class)
                .hasMessageContaining("unable to connect to server: Connection refused");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // all captured with iperf 3.12, each exiting 0 (see parse/README.md)
        "iperf3-connection-refused.json     | unable to connect to server: Connection refused",
        "iperf3-server-busy.json            | the server is busy running a test. try again later",
        "iperf3-control-socket-closed.json  | control socket has closed unexpectedly",
        "iperf3-server-killed-mid-test.json | unable to write to stream socket: Connection reset by peer"})
    void anErrorReportIsTheToolsErrorEvenWithIntervalsMeasuredBeforeIt(String file, String error) {
        String json = read("iperf3/" + file);
        assertThat(parser.reportedError(json)).hasValue("iperf3 reported an error: " + error);
        // as a client's log holds it: the command line first
        assertThat(parser.reportedError("$ iperf3 -c 127.0.0.1 -p 5298 -J\n" + json)).hasValue("iperf3 reported an error: " + error);
        assertThatThrownBy(() -> parser.parse(json)).isInstanceOf(NoMatchException.class)
                .hasMessage("iperf3 reported an error: " + error);
    }

    @Test
    void aGoodReportOrAnythingElseReportsNoError() {
        for (String f : List.of("iperf3-tcp.json", "iperf3-tcp-parallel2.json", "iperf3-tcp-reverse.json",
                "iperf3-udp.json", "iperf3-udp-unlimited.json")) {
            assertThat(parser.reportedError(read("iperf3/" + f))).as(f).isEmpty();
        }
        assertThat(parser.reportedError("")).isEmpty();
        assertThat(parser.reportedError("iperf3: error - unable to connect to server: Connection refused\n")).isEmpty();
        assertThat(parser.reportedError("{\"error\": null, \"end\": {}}")).isEmpty();
    }

    @Test
    void refusesGarbage() {
        assertThatThrownBy(() -> parser.parse("")).isInstanceOf(NoMatchException.class).hasMessageContaining("-J");
        assertThatThrownBy(() -> parser.parse("Connecting to host 127.0.0.1, port 5201\n"))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("not JSON");
        assertThatThrownBy(() -> parser.parse("{\"start\": {}}")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("\"end\"");
        assertThatThrownBy(() -> parser.parse("{\"end\": {}}")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("bits_per_second");
    }
}
