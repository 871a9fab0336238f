package io.pgolab.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the captured outputs under src/test/resources/parse and looks metrics up by name. */
final class Fixtures {
    private Fixtures() {
    }

    /** The file parse/&lt;path&gt; from the test classpath, e.g. "wrk/wrk-latency.txt". */
    static String read(String path) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/parse/" + path)) {
            assertThat(in).as("fixture parse/" + path).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Map<String, ParsedMetric> byName(List<ParsedMetric> metrics) {
        Map<String, ParsedMetric> out = new LinkedHashMap<>();
        for (ParsedMetric m : metrics) {
            assertThat(out.put(m.name(), m)).as("duplicate metric " + m.name()).isNull();
        }
        return out;
    }

    static ParsedMetric metric(List<ParsedMetric> metrics, String name) {
        ParsedMetric m = byName(metrics).get(name);
        assertThat(m).as("metric " + name + " in " + names(metrics)).isNotNull();
        return m;
    }

    static List<String> names(List<ParsedMetric> metrics) {
        return metrics.stream().map(ParsedMetric::name).toList();
    }

    /** Asserts value, unit and direction of one metric. */
    static void assertMetric(List<ParsedMetric> metrics, String name, double value, String unit, boolean higher) {
        ParsedMetric m = metric(metrics, name);
        assertThat(m.value()).as(name).isCloseTo(value, org.assertj.core.data.Offset.offset(Math.abs(value) * 1e-9 + 1e-12));
        assertThat(m.unit()).as(name + " unit").isEqualTo(unit);
        assertThat(m.higherIsBetter()).as(name + " higherIsBetter").isEqualTo(higher);
    }
}
