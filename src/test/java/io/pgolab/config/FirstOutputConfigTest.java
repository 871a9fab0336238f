package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** first_output_time: a command workload's primary metric; a server's, or one named only in min_effect, is refused. */
class FirstOutputConfigTest {
    private static final String BENCH = "command = \"{binary} y\"";

    @Test
    void aCommandWorkloadMayNameItAsPrimary() {
        Config c = GateConfigTest.parse(GateConfigTest.HEAD.replace(BENCH, BENCH + """

                primary = ["first_output_time", "cpu_time"]
                min_effect = { first_output_time = 3 }"""));
        assertThat(c.bench().get(0).primary()).containsExactly("first_output_time", "cpu_time");
    }

    @Test
    void aMinEffectOnItWithoutItAsPrimaryIsRefusedWithTheFix() {
        assertThatThrownBy(() -> GateConfigTest.parse(GateConfigTest.HEAD.replace(BENCH, BENCH + """

                min_effect = { first_output_time = 3 }""")))
                .hasMessageContaining("pgolab.toml:14").hasMessageContaining("bench.b.min_effect")
                .hasMessageContaining("measured only when it is a primary metric")
                .hasMessageContaining("primary = [\"first_output_time\"]");
    }

    @Test
    void aServerCannotNameIt() {
        String server = GateConfigTest.HEAD.replace(BENCH, """
                server = "{binary} --port {port}"
                ready = "tcp"
                clients = ["true"]
                primary = ["first_output_time"]""");
        assertThatThrownBy(() -> GateConfigTest.parse(server)).hasMessageContaining("bench.b.primary")
                .hasMessageContaining("ready_time");
    }

    @Test
    void aTypoIsNamed() {
        assertThatThrownBy(() -> GateConfigTest.parse(GateConfigTest.HEAD.replace(BENCH, BENCH + """

                primary = ["first_ouput_time"]""")))
                .hasMessageContaining("did you mean 'first_output_time'");
    }
}
