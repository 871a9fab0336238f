package io.pgolab.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.process.CommandMeasurer;
import io.pgolab.process.MeasuredCommand;
import io.pgolab.process.Measurement;
import io.pgolab.process.RunnerBinary;
import io.pgolab.util.CommandLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** This test JVM's own threads pinned away from a CPU for real (taskset), and the runner's children still on it. */
class JvmPinningTest {
    @TempDir
    Path tmp;

    @Test
    void cpuListsAreReadAndWrittenAsTasksetTakesThem() {
        assertThat(JvmPinning.parse("0-2,5")).containsExactly(0, 1, 2, 5);
        assertThat(JvmPinning.parse("garbage")).isEmpty();
        assertThat(JvmPinning.format(new TreeSet<>(List.of(0, 1, 2, 5, 7, 8)))).isEqualTo("0-2,5,7-8");
        assertThat(JvmPinning.others("0-3", 3)).contains("0-2");
        assertThat(JvmPinning.others("0-3", 1)).contains("0,2-3");
        // only the measured CPU allowed: nowhere to move the threads to
        assertThat(JvmPinning.others("1", 1)).isEmpty();
        assertThat(JvmPinning.others("", 0)).isEmpty();
    }

    @Test
    void notPinnedIsAWarningOnlyWhenItWasAskedFor() {
        assertThat(JvmPinning.Outcome.off().warning(1)).isEmpty();
        assertThat(new JvmPinning.Outcome(true, true, "0", "").warning(1)).isEmpty();
        Optional<Warning> w = new JvmPinning.Outcome(true, false, "", "taskset failed: x").warning(1);
        assertThat(w).isPresent();
        assertThat(w.get().kind()).isEqualTo(Warning.Kind.JVM_NOT_PINNED);
        assertThat(w.get().message()).contains("measured CPU 1", "taskset failed: x");
    }

    @Test
    void everyThreadLeavesTheMeasuredCpuAndTheRunnersChildStillGetsIt() throws Exception {
        io.pgolab.Tool.require(io.pgolab.toolchain.ToolLocator.onPath("taskset").isPresent(), "taskset");
        String original = JvmPinning.allowed(Path.of("/proc/thread-self/status")).orElseThrow();
        TreeSet<Integer> cpus = JvmPinning.parse(original);
        int measured = cpus.last();
        CommandMeasurer before = new CommandMeasurer(RunnerBinary.ensure(tmp.resolve("runner")));
        before.run(cmd("true")); // its long-lived runner started before the pinning
        try (JvmPinning pin = JvmPinning.awayFrom(measured, CommandLog.silent())) {
            if (cpus.size() == 1) {
                assertThat(pin.outcome().pinned()).isFalse();
                assertThat(pin.outcome().warning(measured)).isPresent();
                return;
            }
            assertThat(pin.outcome().pinned()).as(pin.outcome().reason()).isTrue();
            assertThat(JvmPinning.unpinned(measured)).isEmpty();
            // a thread started now inherits the other CPUs (the JIT's and GC's threads start late too)
            AtomicReference<String> late = new AtomicReference<>();
            Thread t = new Thread(() -> late.set(JvmPinning.allowed(Path.of("/proc/thread-self/status")).orElse("")));
            t.start();
            t.join();
            assertThat(JvmPinning.parse(late.get())).doesNotContain(measured).isNotEmpty();
            for (CommandMeasurer m : List.of(before, new CommandMeasurer(RunnerBinary.ensure(tmp.resolve("runner"))))) {
                Measurement run = m.run(cmd("grep", "Cpus_allowed_list", "/proc/self/status").withCpu(measured));
                assertThat(run.succeeded()).isTrue();
                assertThat(Files.readString(tmp.resolve("out.txt")).strip()).matches("Cpus_allowed_list:\\s+" + measured);
            }
        }
        assertThat(JvmPinning.allowed(Path.of("/proc/thread-self/status"))).contains(original);
        assertThat(JvmPinning.unpinned(measured)).isNotEmpty();
    }

    private MeasuredCommand cmd(String... argv) {
        return MeasuredCommand.of(List.of(argv), tmp, tmp.resolve("out.txt"), tmp.resolve("err.txt"));
    }
}
