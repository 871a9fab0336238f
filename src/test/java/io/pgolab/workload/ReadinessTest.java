package io.pgolab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReadinessTest {
    @TempDir
    Path dir;

    private Service start(String script) {
        return Service.start(List.of("bash", "-c", script), dir, Map.of(), OptionalInt.empty(),
                dir.resolve("server.log"), Duration.ofSeconds(1));
    }

    @Test
    void freePortIsUsable() {
        int p = FreePort.pick();
        assertThat(p).isBetween(1, 65535);
        assertThat(new Readiness.Tcp("127.0.0.1", p).check()).isFalse();
    }

    @Test
    void logLineReadiness() {
        try (Service s = start("sleep 0.3; echo READY; exec sleep 100")) {
            Readiness r = new Readiness.LogLine(s.logFile(), Pattern.compile("^READY$"));
            assertThat(r.check()).isFalse();
            long t0 = System.nanoTime();
            Readiness.await(r, Duration.ofSeconds(10), s);
            assertThat(r.check()).isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(5));
            assertThat(s.alive()).isTrue();
        }
    }

    @Test
    void probeReadiness() throws Exception {
        Path flag = dir.resolve("flag");
        try (Service s = start("sleep 0.3; touch flag; exec sleep 100")) {
            Readiness r = new Readiness.Probe("test -e flag", dir);
            Readiness.await(r, Duration.ofSeconds(10), s);
            assertThat(flag).exists();
            assertThat(new Readiness.Probe("exit 1", dir).check()).isFalse();
        }
    }

    @Test
    void serverExitingEarlyFailsFast() {
        try (Service s = start("echo boom; exit 3")) {
            long t0 = System.nanoTime();
            assertThatThrownBy(() -> Readiness.await(new Readiness.Tcp("127.0.0.1", FreePort.pick()),
                    Duration.ofSeconds(30), s))
                    .isInstanceOf(UserError.class)
                    .hasMessageContaining("server exited with status 3 before it was ready")
                    .hasMessageContaining("boom");
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
        }
    }

    @Test
    void timeoutNamesTheCheck() {
        int port = FreePort.pick();
        try (Service s = start("echo starting; exec sleep 100")) {
            assertThatThrownBy(() -> Readiness.await(new Readiness.Tcp("127.0.0.1", port),
                    Duration.ofMillis(500), s))
                    .isInstanceOf(UserError.class)
                    .hasMessageContaining("port " + port + " did not accept connections within 500ms")
                    .hasMessageContaining("starting");
            assertThatThrownBy(() -> Readiness.await(new Readiness.Http("http://127.0.0.1:" + port + "/health"),
                    Duration.ofSeconds(1), s))
                    .isInstanceOf(UserError.class)
                    .hasMessageContaining("GET http://127.0.0.1:" + port + "/health did not return a 2xx status within 1s");
        }
    }

    @Test
    void formatsDurations() {
        assertThat(Readiness.format(Duration.ofSeconds(30))).isEqualTo("30s");
        assertThat(Readiness.format(Duration.ofMillis(1500))).isEqualTo("1.5s");
        assertThat(Readiness.format(Duration.ofMillis(250))).isEqualTo("250ms");
    }
}
