package io.pgolab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServiceTest {
    private static final String SERVER_C = """
            #include <signal.h>
            #include <stdio.h>
            #include <string.h>
            #include <unistd.h>
            static volatile sig_atomic_t stop;
            static void on_int(int s) { (void)s; stop = 1; }
            int main(int argc, char **argv) {
                struct sigaction sa;
                memset(&sa, 0, sizeof sa);
                sa.sa_handler = on_int;
                sigaction(SIGINT, &sa, NULL);
                if (argc > 1 && strcmp(argv[1], "ignore-term") == 0)
                    signal(SIGTERM, SIG_IGN);
                printf("ready\\n");
                fflush(stdout);
                while (!stop)
                    usleep(10000);
                printf("bye\\n");
                fflush(stdout);
                return 0;
            }
            """;

    @TempDir
    static Path shared;
    static Path server;

    @TempDir
    Path dir;

    @BeforeAll
    static void compileServer() throws Exception {
        server = io.pgolab.CProgram.compile(shared, "server", SERVER_C);
    }

    private Service start(List<String> argv, Duration grace) {
        return Service.start(argv, dir, Map.of(), OptionalInt.empty(), dir.resolve("server.log"), grace);
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Processes whose command line contains {@code marker}. */
    static List<Long> processesWith(String marker) {
        return ProcessHandle.allProcesses()
                .filter(ph -> {
                    try {
                        byte[] b = Files.readAllBytes(Path.of("/proc", Long.toString(ph.pid()), "cmdline"));
                        return new String(b, StandardCharsets.UTF_8).contains(marker);
                    } catch (IOException | RuntimeException e) {
                        return false;
                    }
                })
                .map(ProcessHandle::pid)
                .toList();
    }

    private static String marker() {
        return "pgolab-marker-" + UUID.randomUUID();
    }

    @Test
    void pythonHttpServerBecomesReadyAndStopsWithSigint() {
        int port = FreePort.pick();
        try (Service s = start(List.of("python3", "-m", "http.server", Integer.toString(port), "--bind", "127.0.0.1"),
                Duration.ofSeconds(3))) {
            Readiness.await(new Readiness.Http("http://127.0.0.1:" + port + "/"), Duration.ofSeconds(20), s);
            Readiness.await(new Readiness.Tcp("127.0.0.1", port), Duration.ofSeconds(5), s);
            assertThat(s.alive()).isTrue();
            Service.Stopped stopped = s.stop("SIGINT");
            assertThat(stopped.killedAfterGrace()).isFalse();
            assertThat(stopped.measurement().cpuSeconds()).isGreaterThan(0);
            assertThat(s.alive()).isFalse();
        }
        assertThat(accepts(port)).isFalse();
    }

    @Test
    void cServerHandlingSigintExitsZero() {
        String m = marker();
        try (Service s = start(List.of(server.toString(), m), Duration.ofSeconds(5))) {
            Readiness.await(new Readiness.LogLine(s.logFile(), java.util.regex.Pattern.compile("^ready$")),
                    Duration.ofSeconds(10), s);
            Service.Stopped stopped = s.stop("SIGINT");
            assertThat(stopped.measurement().exitCode()).isZero();
            assertThat(stopped.measurement().signal()).isZero();
            assertThat(stopped.killedAfterGrace()).isFalse();
            assertThat(stopped.stopTook()).isLessThan(Duration.ofSeconds(3));
            assertThat(s.outputTail(5)).contains("bye");
        }
        assertThat(processesWith(m)).isEmpty();
    }

    @Test
    void cServerWithoutTermHandlerDiesOfSigterm() {
        String m = marker();
        try (Service s = start(List.of(server.toString(), m), Duration.ofSeconds(5))) {
            Readiness.await(new Readiness.LogLine(s.logFile(), java.util.regex.Pattern.compile("ready")),
                    Duration.ofSeconds(10), s);
            Service.Stopped stopped = s.stop("SIGTERM");
            assertThat(stopped.measurement().signal()).isEqualTo(15);
            assertThat(stopped.measurement().exitCode()).isEqualTo(128 + 15);
            assertThat(stopped.killedAfterGrace()).isFalse();
        }
        assertThat(processesWith(m)).isEmpty();
    }

    @Test
    void serverIgnoringSigtermIsKilledAfterGrace() {
        String m = marker();
        try (Service s = start(List.of(server.toString(), "ignore-term", m), Duration.ofSeconds(1))) {
            Readiness.await(new Readiness.LogLine(s.logFile(), java.util.regex.Pattern.compile("ready")),
                    Duration.ofSeconds(10), s);
            Service.Stopped stopped = s.stop("SIGTERM");
            assertThat(stopped.measurement().signal()).isEqualTo(9);
            assertThat(stopped.killedAfterGrace()).isTrue();
            assertThat(stopped.stopTook()).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        }
        assertThat(processesWith(m)).isEmpty();
    }

    @Test
    void otherSignalsAreSentToTheGroupDirectly() {
        String m = marker();
        try (Service s = start(List.of("bash", "-c", "echo up; exec sleep 100", m), Duration.ofSeconds(2))) {
            Readiness.await(new Readiness.LogLine(s.logFile(), java.util.regex.Pattern.compile("up")),
                    Duration.ofSeconds(10), s);
            Service.Stopped stopped = s.stop("USR1");
            assertThat(stopped.measurement().signal()).isEqualTo(10);
            assertThat(stopped.killedAfterGrace()).isFalse();
        }
        assertThat(processesWith(m)).isEmpty();
    }

    @Test
    void serverNotDyingOfADirectSignalIsKilledAfterGrace() {
        // the server (and sleep, which inherits the ignored disposition) ignores SIGUSR2
        String m = marker();
        try (Service s = start(List.of("bash", "-c", "trap '' USR2; echo up; sleep 100", m), Duration.ofSeconds(1))) {
            Readiness.await(new Readiness.LogLine(s.logFile(), java.util.regex.Pattern.compile("up")),
                    Duration.ofSeconds(10), s);
            Service.Stopped stopped = s.stop("SIGUSR2");
            assertThat(stopped.measurement().signal()).isEqualTo(9);
            assertThat(stopped.killedAfterGrace()).isTrue();
        }
        assertThat(processesWith(m)).isEmpty();
    }

    @Test
    void closeOnARunningServiceLeavesNothing() {
        String m = marker();
        Service s = start(List.of("bash", "-c", "sleep 100 & sleep 100; wait", m), Duration.ofSeconds(2));
        try {
            assertThat(s.alive()).isTrue();
        } finally {
            s.close();
            s.close(); // idempotent
        }
        assertThat(s.alive()).isFalse();
        assertThat(processesWith(m)).isEmpty();
    }

    @Test
    void stopAfterExitReturnsTheResult() throws Exception {
        try (Service s = start(List.of("bash", "-c", "exit 4"), Duration.ofSeconds(1))) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (s.alive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Service.Stopped stopped = s.stop("SIGINT");
            assertThat(stopped.measurement().exitCode()).isEqualTo(4);
            assertThat(stopped.killedAfterGrace()).isFalse();
        }
    }

    @Test
    void unknownProgramIsAUserError() {
        try (Service s = start(List.of("pgolab-no-such-server-xyz"), Duration.ofSeconds(1))) {
            assertThatThrownBy(() -> Readiness.await(new Readiness.Tcp("127.0.0.1", FreePort.pick()),
                    Duration.ofSeconds(5), s))
                    .isInstanceOf(UserError.class)
                    .hasMessageContaining("cannot run pgolab-no-such-server-xyz");
        }
    }

    @Test
    void unknownSignalIsAUserError() {
        assertThatThrownBy(() -> Service.normalize("SIGFOO")).isInstanceOf(UserError.class);
        assertThat(Service.normalize("int")).isEqualTo("SIGINT");
    }
}
