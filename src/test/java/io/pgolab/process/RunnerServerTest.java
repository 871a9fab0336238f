package io.pgolab.process;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the long-lived runner adds to {@link CommandMeasurerTest} (which runs through it too). */
class RunnerServerTest {
    @TempDir
    static Path cache;
    static CommandMeasurer measurer;

    @TempDir
    Path work;

    @BeforeAll
    static void buildRunner() {
        measurer = new CommandMeasurer(RunnerBinary.ensure(cache), Duration.ofSeconds(2), true);
    }

    @Test
    void oneServerForkedManyRuns() throws Exception {
        Set<String> parents = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            Path out = work.resolve("out-" + i);
            Measurement m = measurer.run(MeasuredCommand.of(List.of("sh", "-c", "echo $PPID"), work, out, out));
            assertThat(m.succeeded()).isTrue();
            parents.add(Files.readString(out).strip());
        }
        assertThat(parents).hasSize(1); // the same runner process was the parent of all five
        long server = Long.parseLong(parents.iterator().next());
        assertThat(ProcessHandle.of(server).flatMap(h -> h.info().commandLine()).orElse(""))
                .contains("pgolab-runner --serve");
        assertThat(ProcessReaper.liveCount()).isZero(); // idle servers are not "live runners"
    }

    @Test
    void stdoutAndStderrToOneFileInOrder() throws Exception {
        Path both = work.resolve("both");
        measurer.run(MeasuredCommand.of(List.of("sh", "-c", "echo 1; echo 2 >&2; echo 3"), work, both, both));
        assertThat(Files.readString(both)).isEqualTo("1\n2\n3\n");
        measurer.run(MeasuredCommand.of(List.of("sh", "-c", "echo gone; echo kept >&2"), work, null, both));
        assertThat(Files.readString(both)).isEqualTo("kept\n");
    }

    @Test
    void aKilledIdleServerIsReplaced() throws Exception {
        Path out = work.resolve("ppid");
        measurer.run(MeasuredCommand.of(List.of("sh", "-c", "echo $PPID"), work, out, out));
        ProcessHandle first = ProcessHandle.of(Long.parseLong(Files.readString(out).strip())).orElseThrow();
        first.destroyForcibly();
        first.onExit().get(5, TimeUnit.SECONDS);
        Measurement m = measurer.run(MeasuredCommand.of(List.of("sh", "-c", "echo $PPID"), work, out, out));
        assertThat(m.succeeded()).isTrue();
        assertThat(Long.parseLong(Files.readString(out).strip())).isNotEqualTo(first.pid());
    }

    @Test
    void missingWorkDirectoryIsAnIoError() throws Exception {
        Path none = work.resolve("no-such-dir");
        assertThatThrownBy(() -> measurer.run(MeasuredCommand.of(List.of("true"), none, null, null)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("cannot run true: cannot enter its work directory: No such file or directory");
        // the server survives a failed start
        assertThat(measurer.run(MeasuredCommand.of(List.of("true"), work, null, null)).succeeded()).isTrue();
    }

    @Test
    void idleServerEndsWithTheJvm() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process jvm = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                ReaperProbe.class.getName(), measurer.runner().toString(), "sh", "-c", "echo $PPID > " + work.resolve("ppid"))
                .redirectOutput(work.resolve("jvm.log").toFile())
                .redirectError(work.resolve("jvm.err").toFile())
                .start();
        assertThat(jvm.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(work.resolve("ppid")).strip(); // the server's pid
        assertThat(Files.readString(work.resolve("jvm.log"))).contains("exitCode=0");
        assertThat(err).matches("\\d+");
        ProcessHandle server = ProcessHandle.of(Long.parseLong(err)).orElse(null);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (server != null && server.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(server == null || !server.isAlive()).as("server %s still running", err).isTrue();
    }
}
