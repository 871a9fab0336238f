package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pgolab.measure.CampaignSettings;
import io.pgolab.measure.MetricInfo;
import io.pgolab.process.Measurement;
import io.pgolab.util.CommandLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * While a bench measures, none of pgolab's own threads may run on the measured CPU (issue 28: C1, C2 and GC took
 * it from the measured runs); before and after, the JVM has its CPUs back. A fake measurer looks at every thread
 * of this JVM at each "run".
 */
class BenchEnginePinningTest {
    @TempDir
    Path scratch;

    @Test
    void duringTheRunsNoThreadOfPgolabMayUseTheMeasuredCpu() throws Exception {
        io.pgolab.Tool.require(io.pgolab.toolchain.ToolLocator.onPath("taskset").isPresent(), "taskset");
        assumeTrue(Probes.forMode(false).isEmpty(), "perf counters would wrap the fake commands");
        CampaignSettings s = CampaignSettings.defaults().withRounds(5, 5).withWarmup(1)
                .withPrimary(List.of(MetricInfo.CPU_TIME));
        int cpu = s.cpu();
        assumeTrue(allowed(Path.of("/proc/self/status")).size() > 1, "one CPU: nowhere else to run");
        List<Integer> threadsOnIt = new ArrayList<>();
        BenchOptions o = new BenchOptions(s, false, 0.01, false, Optional.empty(), false);
        BenchEngine engine = new BenchEngine(o, CommandLog.silent(), scratch, TimePlanTest.silentListener(), c -> {
            Files.writeString(c.stdoutFile(), "");
            Files.writeString(c.stderrFile(), "");
            threadsOnIt.add(threadsAllowedOn(cpu));
            return new Measurement(0, 0, false, 0.01, 0.01, 0, 1000, 1, 1, 100, 0);
        });
        assertThat(threadsAllowedOn(cpu)).as("before the bench").isPositive();
        engine.run("t", List.of(TimePlanTest.workload("one")));
        assertThat(threadsOnIt).hasSize(12).containsOnly(0);
        assertThat(threadsAllowedOn(cpu)).as("after the bench: the CPUs given back").isPositive();
    }

    private static int threadsAllowedOn(int cpu) throws IOException {
        int n = 0;
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : tasks.toList()) {
                if (allowed(t.resolve("status")).contains(cpu)) {
                    n++;
                }
            }
        }
        return n;
    }

    /** The CPUs of a status file's Cpus_allowed_list ("0-3,6"). */
    private static List<Integer> allowed(Path status) {
        List<Integer> out = new ArrayList<>();
        try {
            for (String l : Files.readAllLines(status)) {
                if (l.startsWith("Cpus_allowed_list:")) {
                    for (String part : l.substring(l.indexOf(':') + 1).strip().split(",")) {
                        String[] r = part.split("-");
                        for (int c = Integer.parseInt(r[0]); c <= Integer.parseInt(r[r.length - 1]); c++) {
                            out.add(c);
                        }
                    }
                }
            }
        } catch (IOException e) {
            // the thread ended meanwhile
        }
        return out;
    }
}
