package io.pgolab.measure.perf;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PerfEventsTest {
    @Test
    void metricNames() {
        assertThat(PerfEvents.metricName("instructions:u")).isEqualTo("instructions");
        assertThat(PerfEvents.metricName("cycles:u")).isEqualTo("cycles");
        assertThat(PerfEvents.metricName("cpu-cycles")).isEqualTo("cycles");
        assertThat(PerfEvents.metricName("branch-misses:u")).isEqualTo("branch_misses");
        assertThat(PerfEvents.metricName("L1-icache-load-misses")).isEqualTo("l1_icache_misses");
        assertThat(PerfEvents.metricName("iTLB-load-misses:u")).isEqualTo("itlb_misses");
        assertThat(PerfEvents.metricName("task-clock")).isEqualTo("task_clock_ms");
        assertThat(PerfEvents.metricName("task-clock:u")).isEqualTo("task_clock_ms");
        assertThat(PerfEvents.metricName("cpu-clock:uH")).isEqualTo("cpu_clock_ms");
        assertThat(PerfEvents.metricName("cs")).isEqualTo("context_switches");
        assertThat(PerfEvents.metricName("cpu_core/instructions/u")).isEqualTo("instructions");
        assertThat(PerfEvents.metricName("cycles:k")).isEqualTo("cycles_k");
        assertThat(PerfEvents.metricName("mem-loads")).isEqualTo("mem_loads");
    }

    @Test
    void baseEventDropsPmuAndModifiers() {
        assertThat(PerfEvents.baseEvent("cpu_core/cycles/u")).isEqualTo("cycles");
        assertThat(PerfEvents.baseEvent("instructions:u")).isEqualTo("instructions");
        assertThat(PerfEvents.pmuOf("cpu_atom/instructions/u")).isEqualTo("cpu_atom");
        assertThat(PerfEvents.pmuOf("instructions:u")).isEmpty();
    }
}
