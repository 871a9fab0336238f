package io.pgolab.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.MetricNames;
import java.util.List;
import org.junit.jupiter.api.Test;

/** config checks metric names against copies (it may not import measure); the copies must stay equal. */
class BuiltInNamesTest {
    @Test
    void configKnowsTheBuiltInMetrics() {
        assertThat(MetricNames.BUILT_IN).containsExactlyElementsOf(List.copyOf(MetricInfo.builtIn().keySet()));
    }

    @Test
    void configKnowsTheProbesMetrics() {
        List<String> probes = new java.util.ArrayList<>();
        io.pgolab.measure.perf.PerfEvents.HARDWARE.forEach(e -> probes.add(io.pgolab.measure.perf.PerfEvents.metricName(e)));
        Cachegrind.METRICS.forEach(m -> probes.add(CachegrindProbe.PREFIX + m));
        assertThat(MetricNames.PROBES).containsExactlyInAnyOrderElementsOf(probes);
    }
}
