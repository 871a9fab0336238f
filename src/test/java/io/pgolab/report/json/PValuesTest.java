package io.pgolab.report.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pgolab.report.text.BenchText;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import io.pgolab.util.Json;
import org.junit.jupiter.api.Test;

/** A p-value is never written as 0: below the floor it is the floor, marked as an upper bound. */
class PValuesTest {
    @Test
    void pValuesBelowTheFloorAreWrittenAsAnUpperBound() {
        assertThat(PValues.written(0.0)).isEqualTo(1e-300);
        assertThat(PValues.upperBound(0.0)).isTrue();
        assertThat(PValues.written(Double.MIN_VALUE)).isEqualTo(1e-300);
        assertThat(PValues.written(0.002)).isEqualTo(0.002);
        assertThat(PValues.upperBound(0.002)).isNull();
        assertThat(PValues.written(1e-300)).isEqualTo(1e-300);
        assertThat(PValues.upperBound(1e-300)).isNull();
    }

    @Test
    void manyClearlySeparatedRoundsUnderflowToZero_andAreWrittenAsTheBound() throws Exception {
        int n = 3000;
        double[] b = new double[n];
        double[] c = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = 1.0 + i * 1e-6;
            c[i] = 0.5 + i * 1e-6;
        }
        Comparison x = Comparison.of("cpu_time", "s", Direction.LOWER_IS_BETTER, "release", "pgo", b, c, 0.01, 1);
        assertThat(x.pValue()).isZero();

        JsonNode written = Json.MAPPER.valueToTree(JsonExporter.comparison("w", x, true));
        assertThat(written.get("p_value").isNumber()).isTrue();
        assertThat(written.get("p_value").asDouble()).isEqualTo(1e-300);
        assertThat(written.get("p_value_upper_bound").asBoolean()).isTrue();
        assertThat(BenchText.p(x.pValue())).isEqualTo("<0.001");

        JsonNode gain = Json.MAPPER.valueToTree(JsonExporter.gain(x));
        assertThat(gain.get("p_value").asDouble()).isEqualTo(1e-300);
        assertThat(gain.get("p_value_upper_bound").asBoolean()).isTrue();
    }

    @Test
    void anOrdinaryPValueHasNoBoundKey() {
        double[] b = {1.0, 1.1, 0.9, 1.05, 0.95, 1.0};
        double[] c = {1.0, 1.02, 0.93, 1.04, 0.97, 1.01};
        Comparison x = Comparison.of("cpu_time", "s", Direction.LOWER_IS_BETTER, "release", "pgo", b, c, 0.01, 1);
        JsonNode written = Json.MAPPER.valueToTree(JsonExporter.comparison("w", x, true));
        assertThat(written.has("p_value_upper_bound")).isFalse();
        assertThat(written.get("p_value").asDouble()).isEqualTo(x.pValue());
    }
}
