package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import org.junit.jupiter.api.Test;

/** [[bench]] time = "cpu" | "real": a suite's, read, and every misuse named with its line and the fix. */
class SuiteTimeConfigTest {
    private static Config bench(String parser, String time) {
        return GateConfigTest.parse(GateConfigTest.HEAD.replace("command = \"{binary} y\"", "command = \"{binary} y\"\n"
                + (parser.isEmpty() ? "" : "parser = \"" + parser + "\"\n") + (time == null ? "" : "time = " + time + "\n")));
    }

    @Test
    void aSuitesTimeIsReadAndEmptyWhenAbsent() {
        assertThat(bench("google-benchmark", "\"real\"").bench().get(0).time()).isEqualTo("real");
        assertThat(bench("gbench", "\"CPU\"").bench().get(0).time()).isEqualTo("cpu");
        assertThat(bench("criterion", "\"real\"").bench().get(0).time()).isEqualTo("real");
        assertThat(bench("google-benchmark", null).bench().get(0).time()).isEmpty();
    }

    @Test
    void cpuTimeOfASuiteThatMeasuresWallTimeOnlyIsRefused() {
        for (String p : new String[] {"criterion", "go-test", "jmh"}) {
            assertThatThrownBy(() -> bench(p, "\"cpu\"")).isInstanceOf(UserError.class)
                    .hasMessageContaining("bench.b.time").hasMessageContaining("the " + p + " parser has no cpu time")
                    .hasMessageContaining("time = \"real\", or leave time out");
        }
    }

    @Test
    void anotherValueOrANonSuiteParserIsRefusedWithTheFix() {
        assertThatThrownBy(() -> bench("google-benchmark", "\"wall\"")).isInstanceOf(UserError.class)
                .hasMessageContaining("pgolab.toml:15: key 'bench.b.time'").hasMessageContaining("must be \"cpu\" or \"real\", found 'wall'")
                .hasMessageContaining("time = \"cpu\"   (cpu or real for the google-benchmark parser)");
        assertThatThrownBy(() -> bench("wrk", "\"cpu\"")).isInstanceOf(UserError.class)
                .hasMessageContaining("only a microbenchmark suite's [[bench]] takes 'time'")
                .hasMessageContaining("this one's parser is 'wrk'");
        assertThatThrownBy(() -> bench("", "\"cpu\"")).isInstanceOf(UserError.class)
                .hasMessageContaining("only a microbenchmark suite's [[bench]] takes 'time'");
        assertThatThrownBy(() -> bench("google-benchmark", "3")).isInstanceOf(UserError.class)
                .hasMessageContaining("time");
    }
}
