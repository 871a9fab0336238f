package io.pgolab.process;

import io.pgolab.UserError;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Real processes through the real runner; no mocks. */
class CommandMeasurerTest {
    @TempDir
    static Path cache;
    static CommandMeasurer measurer;

    @TempDir
    Path work;

    @BeforeAll
    static void buildRunner() {
        measurer = new CommandMeasurer(RunnerBinary.ensure(cache));
    }

    private MeasuredCommand cmd(String... argv) {
        return MeasuredCommand.of(List.of(argv), work, work.resolve("out.txt"), work.resolve("err.txt"));
    }

    private String stdout() throws IOException {
        return Files.readString(work.resolve("out.txt"));
    }

    @Test
    void measuresCpuAndWallTime() throws Exception {
        Measurement m = measurer.run(cmd("sh", "-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done"));
        assertThat(m.succeeded()).isTrue();
        assertThat(m.cpuSeconds()).isGreaterThan(0.05);
        assertThat(m.wallSeconds()).isGreaterThanOrEqualTo(m.cpuSeconds() * 0.5);
        assertThat(m.maxRssKb()).isPositive();
        assertThat(m.minorFaults()).isPositive();
    }

    @Test
    void firstOutputIsTheTimeOfTheFirstWriteNotOfTheExit() throws Exception {
        Measurement m = measurer.run(cmd("sh", "-c", "sleep 0.3; echo first; sleep 0.4; echo second").withFirstOutput(true));
        assertThat(m.succeeded()).isTrue();
        assertThat(m.firstOutputSeconds()).isBetween(0.3, 0.6);
        assertThat(m.wallSeconds()).isGreaterThan(0.7);
        assertThat(stdout()).isEqualTo("first\nsecond\n");
    }

    @Test
    void firstOutputIsAbsentWithoutOutputOrWhenNotAsked() throws Exception {
        Files.writeString(work.resolve("out.txt"), "left from an earlier run\n");
        assertThat(measurer.run(cmd("sh", "-c", "echo to stderr >&2").withFirstOutput(true)).firstOutputSeconds())
                .isEqualTo(-1);
        assertThat(stdout()).isEmpty();
        assertThat(measurer.run(cmd("sh", "-c", "echo x")).firstOutputSeconds()).isEqualTo(-1);
    }

    @Test
    void propagatesExitCode() throws Exception {
        Measurement m = measurer.run(cmd("sh", "-c", "exit 3"));
        assertThat(m.exitCode()).isEqualTo(3);
        assertThat(m.signal()).isZero();
        assertThat(m.timedOut()).isFalse();
        assertThat(m.succeeded()).isFalse();
    }

    @Test
    void reportsDeathBySignal() throws Exception {
        Measurement m = measurer.run(cmd("sh", "-c", "ulimit -c 0; kill -SEGV $$"));
        assertThat(m.signal()).isEqualTo(11);
        assertThat(m.exitCode()).isEqualTo(128 + 11);
        assertThat(m.succeeded()).isFalse();
    }

    @Test
    void outputEnvironmentAndWorkDir() throws Exception {
        Measurement m = measurer.run(cmd("sh", "-c", "echo \"$PGOLAB_T\"; pwd; echo oops >&2")
                .withEnv(Map.of("PGOLAB_T", "hello world")));
        assertThat(m.succeeded()).isTrue();
        assertThat(stdout()).isEqualTo("hello world\n" + work.toRealPath() + "\n");
        assertThat(Files.readString(work.resolve("err.txt"))).isEqualTo("oops\n");
    }

    @Test
    void stdinIsEmpty() throws Exception {
        Measurement m = measurer.run(cmd("sh", "-c", "cat; echo done").withTimeout(Duration.ofSeconds(5)));
        assertThat(m.succeeded()).isTrue();
        assertThat(stdout()).isEqualTo("done\n");
    }

    @Test
    void timeoutStopsTheCommand() throws Exception {
        long t0 = System.nanoTime();
        Measurement m = measurer.run(cmd("sleep", "30").withTimeout(Duration.ofMillis(300)));
        double elapsed = (System.nanoTime() - t0) / 1e9;
        assertThat(m.timedOut()).isTrue();
        assertThat(m.signal()).isEqualTo(15);
        assertThat(m.succeeded()).isFalse();
        assertThat(m.wallSeconds()).isBetween(0.29, 6.0);
        assertThat(elapsed).isLessThan(6.0);
    }

    @Test
    void timeoutLeavesNoGrandchildren() throws Exception {
        String tag = uniqueSleep();
        Measurement m = measurer.run(cmd("sh", "-c", "sleep " + tag + " & sleep " + tag)
                .withTimeout(Duration.ofMillis(300)));
        assertThat(m.timedOut()).isTrue();
        assertNoProcesses("sleep", tag);
    }

    @Test
    void normalExitLeavesNoBackgroundJobs() throws Exception {
        String tag = uniqueSleep();
        Measurement m = measurer.run(cmd("sh", "-c", "sleep " + tag + " & exit 0"));
        assertThat(m.succeeded()).isTrue();
        assertNoProcesses("sleep", tag);
    }

    @Test
    void missingProgramIsAUserError() {
        assertThatThrownBy(() -> measurer.run(cmd("pgolab-no-such-program", "x")))
                .isInstanceOf(UserError.class)
                .hasMessage("cannot run pgolab-no-such-program: No such file or directory")
                .satisfies(e -> assertThat(((UserError) e).hint()).contains("PATH"));
    }

    @Test
    void nonExecutableProgramIsAUserError() throws Exception {
        Path script = Files.writeString(work.resolve("script.sh"), "#!/bin/sh\necho hi\n");
        assertThatThrownBy(() -> measurer.run(cmd("./script.sh")))
                .isInstanceOf(UserError.class)
                .hasMessage("cannot run ./script.sh: Permission denied");
        assertThat(script.toFile().setExecutable(true)).isTrue();
        assertThat(measurer.run(cmd("./script.sh")).succeeded()).isTrue();
        assertThat(stdout()).isEqualTo("hi\n");
    }

    @Test
    void pinsToCpu() throws Exception {
        Measurement m = measurer.run(cmd("grep", "Cpus_allowed_list", "/proc/self/status").withCpu(0));
        assertThat(m.succeeded()).isTrue();
        assertThat(stdout().strip()).matches("Cpus_allowed_list:\\s+0");
    }

    @Test
    void commandsStartWithNoSignalBlocked() throws Exception {
        // The JVM blocks SIGQUIT in its threads; a workload must not inherit that.
        Measurement m = measurer.run(cmd("grep", "SigBlk", "/proc/self/status"));
        assertThat(m.succeeded()).isTrue();
        assertThat(stdout().strip()).matches("SigBlk:\\s+0+");
    }

    @Test
    void impossibleCpuIsAUserError() {
        assertThatThrownBy(() -> measurer.run(cmd("true").withCpu(4000)))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("cannot pin true to CPU 4000");
    }

    @Test
    void aProcessThatEscapedTheGroupIsStoppedAndNamedInAWarning() throws Exception {
        for (boolean serve : new boolean[] {true, false}) {
            String tag = uniqueSleep();
            List<String> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
            LeftRunning.listen(warnings::add);
            try {
                Measurement m = new CommandMeasurer(measurer.runner(), Duration.ofSeconds(2), serve)
                        .run(cmd("sh", "-c", escape(tag) + "; exit 0"));
                assertThat(m.succeeded()).isTrue();
            } finally {
                LeftRunning.listen(null);
            }
            assertNoProcesses("sleep", tag); // and kills any, so that a failure leaks nothing
            assertThat(warnings).as("serve=" + serve).singleElement().asString()
                    .contains("left 1 process running outside its process group (pid ", "sleep " + tag, "stopped it");
        }
    }

    @Test
    void interruptStopsAProcessThatEscapedTheGroupToo() throws Exception {
        String tag = uniqueSleep();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                measurer.run(cmd("sh", "-c", escape(tag) + "; sleep " + tag));
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        t.start();
        awaitProcesses("sleep", tag, 2);
        t.interrupt();
        t.join(10_000);
        assertThat(t.isAlive()).isFalse();
        assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
        assertNoProcesses("sleep", tag);
    }

    @Test
    void interruptStopsTheCommandGroup() throws Exception {
        String tag = uniqueSleep();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                measurer.run(cmd("sh", "-c", "sleep " + tag + " & sleep " + tag));
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        t.start();
        awaitProcesses("sleep", tag, 2);
        long t0 = System.nanoTime();
        t.interrupt();
        t.join(10_000);
        assertThat(t.isAlive()).isFalse();
        assertThat((System.nanoTime() - t0) / 1e9).isLessThan(3.0); // sleep dies on SIGTERM, no grace wait
        assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
        assertNoProcesses("sleep", tag);
        assertThat(ProcessReaper.liveCount()).isZero();
    }

    @Test
    void jvmExitLeavesNoProcesses() throws Exception {
        for (boolean forcibly : new boolean[] {false, true}) {
            String tag = uniqueSleep();
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            Process jvm = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                    ReaperProbe.class.getName(), measurer.runner().toString(),
                    "sh", "-c", "sleep " + tag + " & sleep " + tag)
                    .redirectErrorStream(true)
                    .redirectOutput(work.resolve("jvm.log").toFile())
                    .start();
            try {
                awaitProcesses("sleep", tag, 2);
                if (forcibly) {
                    jvm.destroyForcibly(); // SIGKILL: no shutdown hook; PR_SET_PDEATHSIG does the cleanup
                } else {
                    jvm.destroy();         // SIGTERM: the shutdown hook stops the runner
                }
                assertThat(jvm.waitFor(10, TimeUnit.SECONDS)).isTrue();
                assertNoProcesses("sleep", tag);
            } finally {
                jvm.destroyForcibly();
            }
        }
    }

    // --- helpers -------------------------------------------------------------------------------

    /** Shell that starts 'sleep TAG' in its own session and returns once it has escaped (no race with the exit). */
    private String escape(String tag) {
        String flag = work.resolve("escaped-" + tag).toString();
        return "setsid sh -c 'touch " + flag + "; exec sleep " + tag + "' & while [ ! -e " + flag + " ]; do sleep 0.01;"
                + " done";
    }

    /** A sleep duration no other process on the machine will have on its command line. */
    private static String uniqueSleep() {
        return "100." + ThreadLocalRandom.current().nextInt(100_000, 999_999);
    }

    private static List<Long> findProcesses(String... argv) {
        byte[] want = (String.join("\0", argv) + "\0").getBytes(StandardCharsets.UTF_8);
        List<Long> pids = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>) procs::iterator) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    if (java.util.Arrays.equals(Files.readAllBytes(p.resolve("cmdline")), want)) {
                        pids.add(Long.parseLong(name));
                    }
                } catch (IOException gone) {
                    // exited while we looked
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return pids;
    }

    private static void awaitProcesses(String program, String arg, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (findProcesses(program, arg).size() < count) {
            assertThat(System.nanoTime()).as("waiting for %d x '%s %s'", count, program, arg).isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    /** Killed processes vanish asynchronously; allow them a moment. */
    private static void assertNoProcesses(String program, String arg) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        List<Long> left;
        while (!(left = findProcesses(program, arg)).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        for (long pid : left) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly); // don't leak into other tests
        }
        assertThat(left).as("leftover '%s %s' processes", program, arg).isEmpty();
    }
}
