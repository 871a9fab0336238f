package io.pgolab.measure.perf;

import io.pgolab.Tool;

import io.pgolab.process.CommandMeasurer;
import io.pgolab.process.Measurement;
import io.pgolab.process.MeasuredCommand;
import io.pgolab.process.RunnerBinary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/**
 * perf's CSV parsing against output captured with perf 6.1 on this project's VM (software events
 * real, hardware events {@code <not supported>}: no PMU), plus two files constructed in the same
 * layout for counted/multiplexed hardware events (marked as such in their header comments). The live
 * tests run the real perf.
 */
class PerfCountersTest {
    @TempDir
    static Path shared;
    static CommandMeasurer measurer;

    @TempDir
    Path work;

    @BeforeAll
    static void setUp() {
        measurer = new CommandMeasurer(RunnerBinary.ensure(shared.resolve("cache")));
    }

    static Path fixture(String name) throws URISyntaxException {
        return Path.of(PerfCountersTest.class.getResource("/measure/" + name).toURI());
    }

    // ---- parsing ----

    @Test
    void readsRealSoftwareEvents() throws Exception {
        assertThat(PerfCounters.read(fixture("perf-software.csv"))).containsExactly(
                entry("task_clock_ms", 0.66),
                entry("context_switches", 0.0),
                entry("page_faults", 63.0),
                entry("cpu_migrations", 0.0));
    }

    @Test
    void notSupportedHardwareEventsAreLeftOutAndExplained() throws Exception {
        Path f = fixture("perf-hardware-not-supported.csv");
        assertThat(PerfCounters.read(f)).containsExactly(entry("task_clock_ms", 0.54), entry("page_faults", 61.0));
        List<PerfCounters.Reading> all = PerfCounters.readAll(f);
        assertThat(all).hasSize(7);
        assertThat(all.get(0)).isEqualTo(new PerfCounters.Reading("instructions:u", "instructions", Double.NaN, "", 0,
                100.0, PerfCounters.Status.NOT_SUPPORTED));
        // perf prints the hardware cache events without the :u it was given
        assertThat(all.get(3).event()).isEqualTo("L1-icache-load-misses");
        assertThat(PerfCounters.rejected(all)).containsExactly(
                entry("instructions", "<not supported>"),
                entry("cycles", "<not supported>"),
                entry("branch_misses", "<not supported>"),
                entry("l1_icache_misses", "<not supported>"),
                entry("itlb_misses", "<not supported>"));
    }

    @Test
    void multiplexedAndNotCountedHardwareEventsAreRejected() throws Exception {
        Path f = fixture("perf-hardware-constructed.csv"); // constructed, see its header
        assertThat(PerfCounters.read(f)).containsExactly(
                entry("task_clock_ms", 2.31),
                entry("instructions", 5432198.0),
                entry("cycles", 3936375.0),
                entry("context_switches", 0.0));
        List<PerfCounters.Reading> all = PerfCounters.readAll(f);
        assertThat(all).extracting(PerfCounters.Reading::status).containsExactly(
                PerfCounters.Status.COUNTED, PerfCounters.Status.COUNTED, PerfCounters.Status.COUNTED,
                PerfCounters.Status.MULTIPLEXED, PerfCounters.Status.NOT_COUNTED, PerfCounters.Status.NOT_SUPPORTED,
                PerfCounters.Status.COUNTED);
        assertThat(all.get(3).percentRunning()).isEqualTo(62.5);
        assertThat(all.get(3).value()).isEqualTo(8123.0);
        assertThat(PerfCounters.rejected(all)).containsExactly(
                entry("branch_misses", "multiplexed (62.50% running)"),
                entry("l1_icache_misses", "<not counted>"),
                entry("itlb_misses", "<not supported>"));
    }

    @Test
    void hybridCpuLinesOfOneEventAreSummed() throws Exception {
        Path f = fixture("perf-hybrid-constructed.csv"); // constructed, see its header
        assertThat(PerfCounters.read(f)).containsExactly(
                entry("task_clock_ms", 1.52),
                entry("instructions", 3001200.0),
                entry("cycles", 3000150.0));
    }

    @Test
    void readsRepeatRunsWithTheVarianceColumn() throws Exception {
        // perf stat -r 3 adds "3.84%" after the event name
        List<PerfCounters.Reading> all = PerfCounters.readAll(fixture("perf-repeat.csv"));
        assertThat(all.get(0).runTimeNs()).isEqualTo(448878);
        assertThat(PerfCounters.usable(all)).containsExactly(entry("task_clock_ms", 0.45), entry("page_faults", 62.0));
    }

    @Test
    void unprivilegedOutputWithPerfsOwnUserSuffix() throws Exception {
        // a non-root user at perf_event_paranoid=2: perf turns task-clock into task-clock:u
        assertThat(PerfCounters.read(fixture("perf-unprivileged.csv")))
                .containsExactly(entry("task_clock_ms", 0.49), entry("context_switches", 0.0));
    }

    @Test
    void metricNames() {
        assertThat(PerfCounters.metricName("instructions:u")).isEqualTo("instructions");
        assertThat(PerfCounters.metricName("cycles:u")).isEqualTo("cycles");
        assertThat(PerfCounters.metricName("cpu-cycles")).isEqualTo("cycles");
        assertThat(PerfCounters.metricName("branch-misses:u")).isEqualTo("branch_misses");
        assertThat(PerfCounters.metricName("L1-icache-load-misses")).isEqualTo("l1_icache_misses");
        assertThat(PerfCounters.metricName("iTLB-load-misses:u")).isEqualTo("itlb_misses");
        assertThat(PerfCounters.metricName("task-clock")).isEqualTo("task_clock_ms");
        assertThat(PerfCounters.metricName("task-clock:u")).isEqualTo("task_clock_ms");
        assertThat(PerfCounters.metricName("cpu-clock:uH")).isEqualTo("cpu_clock_ms");
        assertThat(PerfCounters.metricName("cs")).isEqualTo("context_switches");
        assertThat(PerfCounters.metricName("cpu_core/instructions/u")).isEqualTo("instructions");
        assertThat(PerfCounters.metricName("cycles:k")).isEqualTo("cycles_k");
        assertThat(PerfCounters.metricName("mem-loads")).isEqualTo("mem_loads");
    }

    @Test
    void malformedOrEmptyOutputIsAnError() throws Exception {
        assertThatThrownBy(() -> PerfCounters.parse("hello world\n")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PerfCounters.parse("abc,,instructions:u,5,100.00,,\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad value");
        Path empty = work.resolve("empty.csv");
        Files.writeString(empty, "# started on Mon Nov 30 03:53:11 2026\n\n");
        assertThatThrownBy(() -> PerfCounters.read(empty)).isInstanceOf(IOException.class).hasMessageContaining("no counts");
        assertThatThrownBy(() -> PerfCounters.read(work.resolve("missing.csv"))).isInstanceOf(IOException.class)
                .hasMessageContaining("no output file");
    }

    @Test
    void permissionErrorsGetAClearReason() throws Exception {
        // real stderr of `perf stat -a` as an unprivileged user at perf_event_paranoid=2
        String stderr = Files.readString(fixture("perf-paranoid-error.txt"));
        assertThat(PerfCounters.classifyFailure(255, stderr))
                .startsWith("perf is not permitted to open performance counters (kernel.perf_event_paranoid = ")
                .contains("CAP_PERFMON").contains("sysctl kernel.perf_event_paranoid=1");
        assertThat(PerfCounters.classifyFailure(1, "Error:\nThe sys_perf_event_open() syscall returned with 38 (Function not implemented) for event (task-clock)."))
                .contains("ENOSYS");
        assertThat(PerfCounters.classifyFailure(2, "WARNING: perf not found for kernel 6.8.0-1\n\n  You may need to install ..."))
                .contains("not built for the running kernel");
        assertThat(PerfCounters.classifyFailure(129, "something else")).isEqualTo("perf stat failed (exit 129):\n  something else");
    }

    @Test
    void wrapBuildsThePerfCommandLine() {
        assertThat(PerfCounters.wrap(List.of("./app", "x"), Path.of("/tmp/p.csv"), List.of("task-clock", "instructions:u")))
                .containsExactly("perf", "stat", "-x,", "-o", "/tmp/p.csv", "-e", "task-clock", "-e", "instructions:u",
                        "--", "./app", "x");
        assertThatThrownBy(() -> PerfCounters.wrap(List.of("a"), Path.of("/tmp/p"), List.of("a b")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PerfCounters.wrap(List.of("a"), Path.of("/tmp/p"), List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void missingPerfIsExplained() {
        PerfCounters.Support s = PerfCounters.detect("/nonexistent-dir");
        assertThat(s.perfUsable()).isFalse();
        assertThat(s.problem()).get().asString().startsWith("perf is not installed (Debian: apt-get install -y linux-perf");
        assertThat(s.hardwareUnavailableReason()).isEqualTo(s.problem());
        assertThat(s.describe()).startsWith("perf: unavailable: perf is not installed");
    }

    // ---- live: real perf ----

    @Test
    void detectsWhatThisMachineCanCount() {
        PerfCounters.Support s = PerfCounters.detect();
        Tool.require(s.problem().isEmpty(), "a usable perf (" + s.problem().orElse("") + ")");
        System.out.println(s.describe());
        assertThat(PerfCounters.detect()).isSameAs(s); // cached
        assertThat(s.hardware().keySet()).containsExactlyElementsOf(PerfCounters.HARDWARE_EVENTS);
        assertThat(s.software()).containsOnlyKeys(PerfCounters.SOFTWARE_EVENTS)
                .containsValue(PerfCounters.EventStatus.SUPPORTED);
        assertThat(s.software().get("task-clock")).isEqualTo(PerfCounters.EventStatus.SUPPORTED);
        if (!s.pmu()) {
            // VMs without a PMU (this project's): every hardware event is <not supported>
            assertThat(s.hardware()).allSatisfy((e, st) -> assertThat(st).isEqualTo(PerfCounters.EventStatus.NOT_SUPPORTED));
            assertThat(s.hardwareCounters()).isFalse();
            assertThat(s.hardwareUnavailableReason()).get().asString()
                    .startsWith("hardware performance counters are not available here: instructions:u <not supported>")
                    .contains("no CPU PMU").contains("--deterministic");
            assertThat(s.supportedEvents()).doesNotContain("instructions:u").contains("task-clock");
        }
    }

    @Test
    void countsSoftwareEventsOfARealCommandThroughTheRunner() throws Exception {
        Tool.require(PerfCounters.detect().problem().isEmpty(), "a usable perf (" + PerfCounters.detect().problem().orElse("") + ")");
        Path csv = work.resolve("perf.csv");
        List<String> events = List.of("task-clock", "context-switches", "page-faults", "cpu-migrations", "instructions:u");
        MeasuredCommand c = MeasuredCommand.of(
                PerfCounters.wrap(List.of("sh", "-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; exit 3"), csv, events),
                work, work.resolve("out.txt"), work.resolve("err.txt"));
        Measurement m = measurer.run(c);
        assertThat(m.exitCode()).isEqualTo(3); // perf passes the command's exit status on
        Map<String, Double> counts = PerfCounters.read(csv);
        System.out.println("perf stat counts: " + counts + "; rejected: " + PerfCounters.rejected(PerfCounters.readAll(csv)));
        assertThat(counts).containsKeys("task_clock_ms", "context_switches", "page_faults", "cpu_migrations");
        assertThat(counts.get("task_clock_ms")).isGreaterThan(1.0);
        assertThat(counts.get("page_faults")).isPositive();
        if (!PerfCounters.detect().hardwareCounters()) {
            assertThat(counts).doesNotContainKey("instructions");
        }
    }

    @Test
    void probeForThisMachineUsesTheDetectedEvents() throws Exception {
        Tool.require(PerfCounters.detect().problem().isEmpty(), "a usable perf (" + PerfCounters.detect().problem().orElse("") + ")");
        PerfProbe probe = PerfProbe.forThisMachine();
        assertThat(probe.events()).isEqualTo(PerfCounters.detect().supportedEvents());
        Path scratch = work.resolve("probe");
        Files.createDirectories(scratch);
        Measurement m = measurer.run(MeasuredCommand.of(probe.wrap(List.of("true"), scratch), work, null, null));
        assertThat(m.succeeded()).isTrue();
        Map<String, Double> values = probe.read(scratch);
        assertThat(values).isNotEmpty();
        assertThat(probe.metrics().keySet()).containsAll(values.keySet());
        assertThat(probe.metrics().get("task_clock_ms").unit()).isEqualTo("ms");
    }
}
