package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegexParserTest {
    static RegexParser.Extractor ex(String name, String regex) {
        return new RegexParser.Extractor(name, regex, "u", true);
    }

    @Test
    void readsOneCaptureGroupPerMetricWithUnitDirectionAndScale() {
        RegexParser p = new RegexParser(List.of(
                new RegexParser.Extractor("rps", "^Requests/sec:\\s+([0-9.]+)$", "req/s", true),
                new RegexParser.Extractor("requests", "([0-9]+) requests in", "ops", true),
                new RegexParser.Extractor("p99_us", "^\\s+99%\\s+([0-9.]+)ms$", "us", false, 1000)));
        List<ParsedMetric> m = p.parse(read("wrk/wrk-latency.txt"));
        assertThat(names(m)).containsExactly("rps", "requests", "p99_us");
        assertMetric(m, "rps", 989.19, "req/s", true);
        assertMetric(m, "requests", 4965, "ops", true);
        assertMetric(m, "p99_us", 123780, "us", false);
    }

    @Test
    void readsANamedValueGroupAmongOtherGroups() {
        RegexParser p = new RegexParser(List.of(new RegexParser.Extractor("tps",
                "(tps) = (?<value>[0-9.]+) \\((without|excluding)", "tx/s", true)));
        assertMetric(p.parse(read("pgbench/pgbench-T5-c4.txt")), "tps", 799.059215, "tx/s", true);
    }

    @Test
    void takesTheLastMatchSoSummariesWinOverProgressLines() {
        RegexParser p = new RegexParser(List.of(ex("tps", "([0-9.]+) tps")));
        // progress lines "progress: 4.0 s, 28184.4 tps, ..."; the last is the 4th second
        assertMetric(p.parse(read("pgbench/pgbench-select-only-progress-r.txt")), "tps", 28184.4, "u", true);
    }

    @Test
    void readsThousandsSeparatorsAndExponents() {
        RegexParser p = new RegexParser(List.of(ex("a", "a=(\\S+)"), ex("b", "b=(\\S+)")));
        List<ParsedMetric> m = p.parse("a=1,234.5 b=2.5e3");
        assertMetric(m, "a", 1234.5, "u", true);
        assertMetric(m, "b", 2500, "u", true);
    }

    @Test
    void namesEveryMetricThatMatchedNothing() {
        RegexParser p = new RegexParser(List.of(ex("rps", "Requests/sec:\\s+([0-9.]+)"),
                ex("qps", "QPS: ([0-9.]+)"), ex("tps", "TPS: ([0-9.]+)")));
        assertThatThrownBy(() -> p.parse(read("wrk/wrk-plain.txt")))
                .isInstanceOf(NoMatchException.class)
                .hasMessageContaining("no match for metric 'qps' (regex QPS: ([0-9.]+))")
                .hasMessageContaining("no match for metric 'tps'")
                .hasMessageNotContaining("'rps'");
        assertThatThrownBy(() -> p.parse("")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("'rps'").hasMessageContaining("empty");
    }

    @Test
    void saysWhenTheCaptureIsNotANumber() {
        RegexParser p = new RegexParser(List.of(ex("v", "v=(\\S+)"), ex("w", "w=(\\d+)?x")));
        assertThatThrownBy(() -> p.parse("v=fast x w=x")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("metric 'v'").hasMessageContaining("captured 'fast', not a number")
                .hasMessageContaining("metric 'w'").hasMessageContaining("captured nothing");
    }

    @Test
    void rejectsUnusableExtractors() {
        assertThatThrownBy(() -> new RegexParser(List.of(ex("x", "no group"))))
                .isInstanceOf(UserError.class).hasMessageContaining("exactly one capture group, it has 0")
                .satisfies(e -> assertThat(((UserError) e).hint()).contains("(?<value>"));
        assertThatThrownBy(() -> new RegexParser(List.of(ex("x", "(a)(b)")))).isInstanceOf(UserError.class)
                .hasMessageContaining("it has 2");
        assertThatThrownBy(() -> new RegexParser(List.of(ex("x", "([0-9")))).isInstanceOf(UserError.class)
                .hasMessageContaining("metric 'x': invalid regex");
        assertThatThrownBy(() -> new RegexParser(List.of(ex("x", "(1)"), ex("x", "(2)"))))
                .isInstanceOf(UserError.class).hasMessageContaining("defined twice");
        assertThatThrownBy(() -> new RegexParser(List.of(ex("", "(1)")))).isInstanceOf(UserError.class);
        assertThatThrownBy(() -> new RegexParser(List.of(new RegexParser.Extractor("x", "(1)", "u", true, 0))))
                .isInstanceOf(UserError.class).hasMessageContaining("scale");
        assertThatThrownBy(() -> new RegexParser(List.of())).isInstanceOf(UserError.class);
    }
}
