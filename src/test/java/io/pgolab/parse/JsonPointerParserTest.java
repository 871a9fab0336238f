package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonPointerParserTest {
    @Test
    void readsValuesAtPointersWithScale() {
        JsonPointerParser p = new JsonPointerParser(List.of(
                new JsonPointerParser.Extractor("recv_mbps", "/end/sum_received/bits_per_second", "Mbit/s", true, 1e-6),
                new JsonPointerParser.Extractor("retransmits", "/end/sum_sent/retransmits", "count", false),
                new JsonPointerParser.Extractor("host_cpu", "/end/cpu_utilization_percent/host_total", "%", false)));
        List<ParsedMetric> m = p.parse(read("iperf3/iperf3-tcp.json"));
        assertThat(names(m)).containsExactly("recv_mbps", "retransmits", "host_cpu");
        assertMetric(m, "recv_mbps", 24082.201433499763, "Mbit/s", true);
        assertMetric(m, "retransmits", 10, "count", false);
        assertMetric(m, "host_cpu", 51.099012743924334, "%", false);
    }

    @Test
    void indexesArraysAndEscapesSlashes() {
        JsonPointerParser hyperfine = new JsonPointerParser(List.of(
                new JsonPointerParser.Extractor("second_mean", "/results/1/mean", "s", false)));
        assertMetric(hyperfine.parse(read("hyperfine/hyperfine-two-commands.json")), "second_mean",
                0.021191450810149254, "s", false);
        // "Ops/sec" is written Ops~1sec in a pointer
        JsonPointerParser memtier = new JsonPointerParser(List.of(
                new JsonPointerParser.Extractor("ops", "/ALL STATS/Totals/Ops~1sec", "ops/s", true)));
        assertMetric(memtier.parse(read("memtier/memtier-n2000.json")), "ops", 14292.15, "ops/s", true);
    }

    @Test
    void readsNumbersHeldInStringsAndSkipsTextBeforeTheJson() {
        JsonPointerParser p = new JsonPointerParser(List.of(new JsonPointerParser.Extractor("v", "/a/v", "u", true)));
        assertMetric(p.parse("warning: something\n{\"a\": {\"v\": \"12.5\"}}"), "v", 12.5, "u", true);
    }

    @Test
    void namesEveryPointerThatFoundNothing() {
        JsonPointerParser p = new JsonPointerParser(List.of(
                new JsonPointerParser.Extractor("rx", "/end/sum_received/bits_per_second", "bit/s", true),
                new JsonPointerParser.Extractor("jitter", "/end/sum/jitter_ms", "ms", false),
                new JsonPointerParser.Extractor("streams", "/end/streams", "n", true)));
        assertThatThrownBy(() -> p.parse(read("iperf3/iperf3-tcp.json")))
                .isInstanceOf(NoMatchException.class)
                .hasMessageContaining("no value for metric 'jitter' at /end/sum/jitter_ms")
                .hasMessageContaining("metric 'streams': the value at /end/streams is an array, not a number")
                .hasMessageNotContaining("'rx'");
        assertThatThrownBy(() -> p.parse("")).isInstanceOf(NoMatchException.class).hasMessageContaining("empty");
        assertThatThrownBy(() -> p.parse("not json at all")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("not JSON");
        assertThatThrownBy(() -> p.parse("{\"end\": ")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("not valid JSON");
    }

    @Test
    void rejectsMalformedPointers() {
        assertThatThrownBy(() -> new JsonPointerParser(List.of(new JsonPointerParser.Extractor("x", "end/sum", "u", true))))
                .isInstanceOf(UserError.class).hasMessageContaining("must start with '/'");
        assertThatThrownBy(() -> new JsonPointerParser(List.of(new JsonPointerParser.Extractor("x", "", "u", true))))
                .isInstanceOf(UserError.class);
        assertThatThrownBy(() -> new JsonPointerParser(List.of(
                new JsonPointerParser.Extractor("x", "/a", "u", true), new JsonPointerParser.Extractor("x", "/b", "u", true))))
                .isInstanceOf(UserError.class).hasMessageContaining("defined twice");
    }
}
