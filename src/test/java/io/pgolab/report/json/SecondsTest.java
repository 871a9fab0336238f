package io.pgolab.report.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pgolab.bench.Ladder;
import io.pgolab.util.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Derived durations in the results JSON are rounded to what was measured; raw samples are not. */
class SecondsTest {
    @Test
    void wallClockDurationsToTheMillisecond_cpuTimesToTheMicrosecond() {
        assertThat(0.1 + 0.2).isNotEqualTo(0.3);
        assertThat(Seconds.wall(0.1 + 0.2)).isEqualTo(0.3);
        assertThat(Seconds.wall(9.750000000000002)).isEqualTo(9.75);
        assertThat(Seconds.wall(1234.5678)).isEqualTo(1234.568);
        assertThat(Seconds.cpu(0.000123456789)).isEqualTo(0.000123);
        assertThat(Seconds.cpu(0.9000000000000001)).isEqualTo(0.9);
        assertThat(Seconds.wall((Double) null)).isNull();
        assertThat(Seconds.wall(Double.NaN)).isNaN();
    }

    @Test
    void theLadderStepsAndSlowdownAreWrittenRounded() {
        Ladder l = new Ladder(List.of(new Ladder.Step("w", "cpu_time", "release", "", 0.1 + 0.2, 4.75 + 5.000000000000001, 0,
                100, null, null, "baseline")), List.of(new Ladder.Slowdown("t", 0.9000000000000001, 0.30000000000000004)));

        JsonNode json = Json.MAPPER.valueToTree(JsonExporter.ladder(l));

        assertThat(json.at("/steps/0/build_seconds").toString()).isEqualTo("0.3");
        assertThat(json.at("/steps/0/pipeline_seconds").toString()).isEqualTo("9.75");
        assertThat(json.at("/training_slowdown/0/instrumented_cpu_seconds").toString()).isEqualTo("0.9");
        assertThat(json.at("/training_slowdown/0/release_cpu_seconds").toString()).isEqualTo("0.3");
    }
}
