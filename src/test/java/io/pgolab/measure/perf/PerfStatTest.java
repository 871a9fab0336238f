package io.pgolab.measure.perf;

import io.pgolab.Tool;
import io.pgolab.process.CommandMeasurer;
import io.pgolab.process.Measurement;
import io.pgolab.process.MeasuredCommand;
import io.pgolab.process.RunnerBinary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The perf stat command line, and (live) real counts through the runner and {@link PerfProbe}. */
class PerfStatTest {
    @TempDir
    static Path shared;
    static CommandMeasurer measurer;

    @TempDir
    Path work;

    @BeforeAll
    static void setUp() {
        measurer = new CommandMeasurer(RunnerBinary.ensure(shared.resolve("cache")));
    }

    @Test
    void wrapBuildsThePerfCommandLine() {
        assertThat(PerfStat.wrap(List.of("./app", "x"), Path.of("/tmp/p.csv"), List.of("task-clock", "instructions:u")))
                .containsExactly("perf", "stat", "-x,", "-o", "/tmp/p.csv", "-e", "task-clock", "-e", "instructions:u",
                        "--", "./app", "x");
        assertThatThrownBy(() -> PerfStat.wrap(List.of("a"), Path.of("/tmp/p"), List.of("a b")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PerfStat.wrap(List.of("a"), Path.of("/tmp/p"), List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    // ---- live: real perf ----

    @Test
    void countsSoftwareEventsOfARealCommandThroughTheRunner() throws Exception {
        Tool.require(Perf.detect().perfUsable(), "a usable perf (" + Perf.detect().problem().orElse("") + ")");
        Path csv = work.resolve("perf.csv");
        List<String> events = List.of("task-clock", "context-switches", "page-faults", "cpu-migrations", "instructions:u");
        MeasuredCommand c = MeasuredCommand.of(
                PerfStat.wrap(List.of("sh", "-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; exit 3"), csv, events),
                work, work.resolve("out.txt"), work.resolve("err.txt"));
        Measurement m = measurer.run(c);
        assertThat(m.exitCode()).isEqualTo(3); // perf passes the command's exit status on
        Map<String, Double> counts = PerfStatCsv.read(csv);
        System.out.println("perf stat counts: " + counts + "; rejected: " + PerfStatCsv.rejected(PerfStatCsv.readAll(csv)));
        assertThat(counts).containsKeys("task_clock_ms", "context_switches", "page_faults", "cpu_migrations");
        assertThat(counts.get("task_clock_ms")).isGreaterThan(1.0);
        assertThat(counts.get("page_faults")).isPositive();
        if (!Perf.detect().hardwareCounters()) {
            assertThat(counts).doesNotContainKey("instructions");
        }
    }

    @Test
    void probeForThisMachineUsesTheDetectedEvents() throws Exception {
        Tool.require(Perf.detect().perfUsable(), "a usable perf (" + Perf.detect().problem().orElse("") + ")");
        PerfProbe probe = PerfProbe.forThisMachine();
        assertThat(probe.events()).isEqualTo(Perf.detect().supportedEvents());
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
