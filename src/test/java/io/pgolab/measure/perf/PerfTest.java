package io.pgolab.measure.perf;

import io.pgolab.Tool;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The detection on this machine (live) and with perf absent from PATH. */
class PerfTest {
    @Test
    void missingPerfIsExplained() {
        PerfSupport s = Perf.detect("/nonexistent-dir");
        assertThat(s.perfUsable()).isFalse();
        assertThat(s.problem()).get().asString().startsWith("perf is not installed (Debian: apt-get install -y linux-perf");
        assertThat(s.hardwareUnavailableReason()).isEqualTo(s.problem());
        assertThat(s.describe()).startsWith("perf: unavailable: perf is not installed");
    }

    @Test
    void detectsWhatThisMachineCanCount() {
        PerfSupport s = Perf.detect();
        Tool.require(s.problem().isEmpty(), "a usable perf (" + s.problem().orElse("") + ")");
        System.out.println(s.describe());
        assertThat(Perf.detect()).isSameAs(s); // cached
        assertThat(s.hardware().keySet()).containsExactlyElementsOf(PerfEvents.HARDWARE);
        assertThat(s.software()).containsOnlyKeys(PerfEvents.SOFTWARE)
                .containsValue(PerfSupport.EventStatus.SUPPORTED);
        assertThat(s.software().get("task-clock")).isEqualTo(PerfSupport.EventStatus.SUPPORTED);
        if (!s.pmu()) {
            // VMs without a PMU (this project's): every hardware event is <not supported>
            assertThat(s.hardware()).allSatisfy((e, st) -> assertThat(st).isEqualTo(PerfSupport.EventStatus.NOT_SUPPORTED));
            assertThat(s.hardwareCounters()).isFalse();
            assertThat(s.hardwareUnavailableReason()).get().asString()
                    .startsWith("hardware performance counters are not available here: instructions:u <not supported>")
                    .contains("no CPU PMU").contains("--deterministic");
            assertThat(s.supportedEvents()).doesNotContain("instructions:u").contains("task-clock");
        }
    }

    @Test
    void samplingWorksWhereverPerfStatDoes() {
        PerfSupport s = Perf.detect();
        Tool.require(s.perfUsable(), "a usable perf (" + s.problem().orElse("") + ")");
        // cpu-clock is a software event: no PMU needed, so a perf that counts can also sample
        assertThat(s.samplingProblem()).isEmpty();
        assertThat(s.binary()).isPresent();
        if (!s.pmu()) {
            assertThat(s.branchRecords()).isFalse(); // LBR needs the PMU
        }
    }
}
