package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.measure.MetricInfo;
import io.pgolab.process.CommandMeasurer;
import io.pgolab.process.MeasuredCommand;
import io.pgolab.process.Measurement;
import io.pgolab.process.RunnerBinary;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contention told from waiting, with real processes through the real runner (issue 40: under CPU contention the gate
 * said "the process waited ... gate wall_time"; it was preempted, and wall_time would be worse).
 */
class ContentionAdviceTest {
    @TempDir
    Path work;

    @Test
    void aCpuBoundChildWithThreeBusyNeighboursOnItsCpuIsPreempted_aSleeperWaits() throws Exception {
        Tool.require(ToolLocator.onPath("taskset").isPresent(), "taskset (util-linux)");
        CommandMeasurer measurer = new CommandMeasurer(RunnerBinary.ensure(work.resolve("cache")));
        int cpu = Runtime.getRuntime().availableProcessors() - 1;
        List<Process> neighbours = new ArrayList<>();
        Measurement busy;
        try {
            for (int i = 0; i < 3; i++) {
                neighbours.add(new ProcessBuilder("taskset", "-c", Integer.toString(cpu), "sh", "-c", "while :; do :; done")
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
            }
            busy = measurer.run(cmd("sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done").withCpu(cpu));
        } finally {
            neighbours.forEach(Process::destroyForcibly);
        }
        Measurement sleeper = measurer.run(cmd("sleep", "0.5").withCpu(cpu));

        Map<String, Double> b = MetricInfo.of(busy);
        assertThat(b).containsKey(MetricInfo.RUN_DELAY);
        // sharing its CPU with three busy processes, it ran about a quarter of the time and waited for the rest
        assertThat(busy.cpuSeconds() / busy.wallSeconds()).as("cpu/wall").isLessThan(ThreadedCpuTime.WAITING);
        assertThat(busy.runDelaySeconds()).as("run delay").isGreaterThan(0.5 * (busy.wallSeconds() - busy.cpuSeconds()));
        assertThat(ThreadedCpuTime.preempted(b)).isTrue();
        assertThat(ThreadedCpuTime.note("loop", "release", busy.cpuSeconds() / busy.wallSeconds(),
                busy.cpuSeconds() / busy.wallSeconds(), !ThreadedCpuTime.preempted(b) && ThreadedCpuTime.gaveUpTheCpu(b),
                ThreadedCpuTime.preempted(b))).hasValueSatisfying(n -> assertThat(n)
                .contains("the machine is oversubscribed; cpu_time is the right measure").doesNotContain("gate wall_time"));

        Map<String, Double> s = MetricInfo.of(sleeper);
        assertThat(ThreadedCpuTime.preempted(s)).as("a sleeper is not preempted: %s", s).isFalse();
        assertThat(ThreadedCpuTime.note("sleep", "release", sleeper.cpuSeconds() / sleeper.wallSeconds(),
                sleeper.cpuSeconds() / sleeper.wallSeconds(), ThreadedCpuTime.gaveUpTheCpu(s), false))
                .hasValueSatisfying(n -> assertThat(n).contains("the process waited for much of its run")
                        .contains("gate wall_time"));
    }

    private MeasuredCommand cmd(String... argv) {
        return MeasuredCommand.of(List.of(argv), work, work.resolve("out.txt"), work.resolve("err.txt"));
    }
}
