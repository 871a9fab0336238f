package io.pgolab.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.MetricNames;
import io.pgolab.parse.Parsers;
import java.util.List;
import org.junit.jupiter.api.Test;

/** config checks names against copies (it may not import measure or parse); the copies must stay equal. */
class BuiltInNamesTest {
    @Test
    void configKnowsTheBuiltInMetrics() {
        assertThat(MetricNames.BUILT_IN).containsExactlyElementsOf(List.copyOf(MetricInfo.builtIn().keySet()));
    }

    @Test
    void configKnowsTheBuiltInParsers() {
        assertThat(MetricNames.PARSERS).containsExactlyElementsOf(Parsers.names());
        MetricNames.PARSER_ALIASES.keySet().forEach(a -> assertThat(Parsers.byName(a).name()).isNotBlank());
        assertThat(MetricNames.SUITE_PREFIX).isEqualTo(io.pgolab.parse.SuiteResults.PREFIX);
    }

    @Test
    void configKnowsTheProbesMetrics() {
        List<String> probes = new java.util.ArrayList<>();
        io.pgolab.measure.perf.PerfEvents.HARDWARE.forEach(e -> probes.add(io.pgolab.measure.perf.PerfEvents.metricName(e)));
        Cachegrind.METRICS.forEach(m -> probes.add(CachegrindProbe.PREFIX + m));
        assertThat(MetricNames.PROBES).containsExactlyInAnyOrderElementsOf(probes);
    }
}
