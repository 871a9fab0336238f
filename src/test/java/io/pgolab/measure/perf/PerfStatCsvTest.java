package io.pgolab.measure.perf;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/**
 * perf's CSV parsing against output captured with perf 6.1 on this project's VM (software events
 * real, hardware events {@code <not supported>}: no PMU), plus two files constructed in the same
 * layout for counted/multiplexed hardware events (marked as such in their header comments).
 */
class PerfStatCsvTest {
    @TempDir
    Path work;

    static Path fixture(String name) throws URISyntaxException {
        return Path.of(PerfStatCsvTest.class.getResource("/measure/" + name).toURI());
    }

    @Test
    void readsRealSoftwareEvents() throws Exception {
        assertThat(PerfStatCsv.read(fixture("perf-software.csv"))).containsExactly(
                entry("task_clock_ms", 0.66),
                entry("context_switches", 0.0),
                entry("page_faults", 63.0),
                entry("cpu_migrations", 0.0));
    }

    @Test
    void notSupportedHardwareEventsAreLeftOutAndExplained() throws Exception {
        Path f = fixture("perf-hardware-not-supported.csv");
        assertThat(PerfStatCsv.read(f)).containsExactly(entry("task_clock_ms", 0.54), entry("page_faults", 61.0));
        List<PerfStatCsv.Reading> all = PerfStatCsv.readAll(f);
        assertThat(all).hasSize(7);
        assertThat(all.get(0)).isEqualTo(new PerfStatCsv.Reading("instructions:u", "instructions", Double.NaN, "", 0,
                100.0, PerfStatCsv.Status.NOT_SUPPORTED));
        // perf prints the hardware cache events without the :u it was given
        assertThat(all.get(3).event()).isEqualTo("L1-icache-load-misses");
        assertThat(PerfStatCsv.rejected(all)).containsExactly(
                entry("instructions", "<not supported>"),
                entry("cycles", "<not supported>"),
                entry("branch_misses", "<not supported>"),
                entry("l1_icache_misses", "<not supported>"),
                entry("itlb_misses", "<not supported>"));
    }

    @Test
    void multiplexedAndNotCountedHardwareEventsAreRejected() throws Exception {
        Path f = fixture("perf-hardware-constructed.csv"); // constructed, see its header
        assertThat(PerfStatCsv.read(f)).containsExactly(
                entry("task_clock_ms", 2.31),
                entry("instructions", 5432198.0),
                entry("cycles", 3936375.0),
                entry("context_switches", 0.0));
        List<PerfStatCsv.Reading> all = PerfStatCsv.readAll(f);
        assertThat(all).extracting(PerfStatCsv.Reading::status).containsExactly(
                PerfStatCsv.Status.COUNTED, PerfStatCsv.Status.COUNTED, PerfStatCsv.Status.COUNTED,
                PerfStatCsv.Status.MULTIPLEXED, PerfStatCsv.Status.NOT_COUNTED, PerfStatCsv.Status.NOT_SUPPORTED,
                PerfStatCsv.Status.COUNTED);
        assertThat(all.get(3).percentRunning()).isEqualTo(62.5);
        assertThat(all.get(3).value()).isEqualTo(8123.0);
        assertThat(PerfStatCsv.rejected(all)).containsExactly(
                entry("branch_misses", "multiplexed (62.50% running)"),
                entry("l1_icache_misses", "<not counted>"),
                entry("itlb_misses", "<not supported>"));
    }

    @Test
    void hybridCpuLinesOfOneEventAreSummed() throws Exception {
        Path f = fixture("perf-hybrid-constructed.csv"); // constructed, see its header
        assertThat(PerfStatCsv.read(f)).containsExactly(
                entry("task_clock_ms", 1.52),
                entry("instructions", 3001200.0),
                entry("cycles", 3000150.0));
    }

    @Test
    void readsRepeatRunsWithTheVarianceColumn() throws Exception {
        // perf stat -r 3 adds "3.84%" after the event name
        List<PerfStatCsv.Reading> all = PerfStatCsv.readAll(fixture("perf-repeat.csv"));
        assertThat(all.get(0).runTimeNs()).isEqualTo(448878);
        assertThat(PerfStatCsv.usable(all)).containsExactly(entry("task_clock_ms", 0.45), entry("page_faults", 62.0));
    }

    @Test
    void unprivilegedOutputWithPerfsOwnUserSuffix() throws Exception {
        // a non-root user at perf_event_paranoid=2: perf turns task-clock into task-clock:u
        assertThat(PerfStatCsv.read(fixture("perf-unprivileged.csv")))
                .containsExactly(entry("task_clock_ms", 0.49), entry("context_switches", 0.0));
    }

    @Test
    void malformedOrEmptyOutputIsAnError() throws Exception {
        assertThatThrownBy(() -> PerfStatCsv.parse("hello world\n")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PerfStatCsv.parse("abc,,instructions:u,5,100.00,,\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad value");
        Path empty = work.resolve("empty.csv");
        Files.writeString(empty, "# started on Mon Nov 30 03:53:11 2026\n\n");
        assertThatThrownBy(() -> PerfStatCsv.read(empty)).isInstanceOf(IOException.class).hasMessageContaining("no counts");
        assertThatThrownBy(() -> PerfStatCsv.read(work.resolve("missing.csv"))).isInstanceOf(IOException.class)
                .hasMessageContaining("no output file");
    }
}
