package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Fixtures captured with JMH 1.37 on OpenJDK 17, see parse/README.md. */
class JmhParserTest {
    final JmhParser parser = new JmhParser();

    @Test
    void eachBenchmarkAndParameterIsTheMedianOfItsIterations() {
        // java -jar ... -rf json -rff r.json && cat r.json: JMH's log, then the JSON
        List<ParsedMetric> m = parser.parse(read("jmh/log-then-json.txt"));
        assertThat(names(m)).containsExactly("micro.demo.FibBench.thrpt_n_10", "micro.demo.FibBench.thrpt_n_12",
                "micro.demo.FibBench.avg_n_10", "micro.demo.FibBench.avg_n_12");
        assertMetric(m, "micro.demo.FibBench.thrpt_n_10", 6552714.1515215095, "ops/s (real)", true);
        assertMetric(m, "micro.demo.FibBench.avg_n_12", 552.1702344490228, "ns/op (real)", false);
        assertThat(parser.reportedError(read("jmh/log-then-json.txt"))).isEmpty();
    }

    @Test
    void resultFileOnDevStdoutGarblesTheJsonAndIsRefused() {
        // -rff /dev/stdout: JMH truncates and writes its result over its own log, mid-JSON (a real capture)
        assertThatThrownBy(() -> parser.parse(read("jmh/rff-dev-stdout-garbled.txt")))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("-rff FILE followed by cat FILE");
    }

    @Test
    void unitsAreConvertedAndTwoModesOfOneMethodStayApart() {
        String json = """
                [ {"benchmark": "a.B.m", "mode": "avgt", "params": {"size": "1/2"},
                   "primaryMetric": {"score": 2.0, "scoreUnit": "us/op", "rawData": [[1.0, 3.0], [2.5]]}},
                  {"benchmark": "a.B.m", "mode": "thrpt", "params": {"size": "1/2"},
                   "primaryMetric": {"score": 4.0, "scoreUnit": "ops/ms", "rawData": [[4.0]]}},
                  {"benchmark": "a.B.s", "mode": "sample",
                   "primaryMetric": {"score": 7.0, "scoreUnit": "ms/op"}} ]
                """;
        List<ParsedMetric> m = parser.parse(json);
        assertMetric(m, "micro.a.B.m_size_1/2_avgt", 2500, "ns/op (real)", false);
        assertMetric(m, "micro.a.B.m_size_1/2_thrpt", 4000, "ops/s (real)", true);
        assertMetric(m, "micro.a.B.s", 7e6, "ns/op (real)", false);
    }

    @Test
    void twoResultsThatWouldShareANameAreRefusedNamingBoth() {
        String json = """
                [ {"benchmark": "a.B.m", "mode": "avgt", "params": {"p": "1_q_2"},
                   "primaryMetric": {"score": 2.0, "scoreUnit": "ns/op", "rawData": [[2.0]]}},
                  {"benchmark": "a.B.m", "mode": "avgt", "params": {"p": "1", "q": "2"},
                   "primaryMetric": {"score": 4.0, "scoreUnit": "ns/op", "rawData": [[4.0]]}} ]
                """;
        assertThatThrownBy(() -> parser.parse(json)).isInstanceOf(NoMatchException.class)
                .hasMessage("jmh: two results give the one name 'a.B.m_p_1_q_2': a.B.m (mode avgt, params"
                        + " {\"p\":\"1_q_2\"}) and a.B.m (mode avgt, params {\"p\":\"1\",\"q\":\"2\"}); rename a @Param"
                        + " value or a benchmark method");
    }

    @Test
    void aFailedBenchmarkIsReported() {
        String out = "# Benchmark: a.B.m\n\n# Run progress: 0.00% complete\n<failure>\n\n"
                + "java.lang.IllegalStateException: boom\n\tat a.B.m(B.java:3)\n";
        assertThat(parser.reportedError(out)).hasValue("JMH reported a failed benchmark: "
                + "java.lang.IllegalStateException: boom");
    }
}
