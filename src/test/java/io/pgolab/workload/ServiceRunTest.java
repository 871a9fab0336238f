package io.pgolab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.util.CommandLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One life of a real server (a tiny C program) with failing steps: the error thrown is the one that
 * came first, and teardown, run as the workload's cleanup, is attached after it when it fails too.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServiceRunTest {
    /** Prints "ready", runs until SIGTERM, exits 0. */
    private static final String SERVER_C = """
            #include <signal.h>
            #include <stdio.h>
            #include <unistd.h>
            static volatile sig_atomic_t stop;
            static void on_term(int s) { (void)s; stop = 1; }
            int main(void) {
                signal(SIGTERM, on_term);
                printf("ready\\n");
                fflush(stdout);
                while (!stop)
                    usleep(10000);
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
        server = io.pgolab.CProgram.compile(shared, "tiny-service-run-server", SERVER_C);
    }

    /** A config whose one [[bench]] workload is the server with these extra keys. */
    private Config config(String keys) {
        return ConfigLoader.parse(dir.resolve("pgolab.toml"), """
                [project]
                name = "t"
                variants = ["release", "lto"]
                [toolchain]
                kind = "gcc"
                [build]
                command = "true"
                artifact = "server"
                [[bench]]
                name = "w"
                server = "exec {binary}"
                ready = "log:ready"
                stop_grace = "5s"
                """ + keys);
    }

    private ServiceRun.Request request(Config c) {
        return ServiceRun.Request.of(c, "w", c.bench().get(0).service().orElseThrow(), server.toString(), Map.of(),
                dir.resolve("logs"), Duration.ofSeconds(20));
    }

    private static ServiceRun.Result run(ServiceRun.Request q) {
        return ServiceRun.run(q, new ShellRunner(CommandLog.silent()));
    }

    private UserError failure(ServiceRun.Request q) {
        UserError e = catchThrowableOfType(() -> run(q), UserError.class);
        assertThat(e).as("the run fails").isNotNull();
        assertThat(serversRunning()).as("servers left running").isZero();
        return e;
    }

    private static long serversRunning() throws RuntimeException {
        try (var procs = Files.list(Path.of("/proc"))) {
            return procs.filter(d -> d.getFileName().toString().matches("\\d+")).filter(d -> {
                try {
                    return Files.readString(d.resolve("cmdline")).contains(server.toString());
                } catch (Exception e) {
                    return false;
                }
            }).count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String[] messages(Throwable[] suppressed) {
        return Arrays.stream(suppressed).map(Throwable::getMessage).toArray(String[]::new);
    }

    @Test
    void aFailingTeardownAfterAFailedClientIsAttachedToTheClientsError() {
        UserError e = failure(request(config("""
                clients = ["echo the load failed; exit 5", "touch second-client-ran"]
                teardown = "touch torn-down; echo cannot clean up; exit 3"
                """)));
        assertThat(e.getMessage()).startsWith("the client 1 of 'w' failed: command exited with status 5")
                .contains("the load failed");
        assertThat(messages(e.getSuppressed())).singleElement().asString()
                .startsWith("the teardown of 'w' failed: command exited with status 3").contains("cannot clean up");
        assertThat(dir.resolve("torn-down")).as("teardown ran as cleanup").exists();
        assertThat(dir.resolve("second-client-ran")).as("no client after a failed one").doesNotExist();
    }

    @Test
    void aClientExitingZeroWhoseOutputReportsAnErrorHasFailed() {
        ServiceRun.Request q = request(config("""
                clients = ["echo '{\\"error\\": \\"unable to connect\\"}'"]
                teardown = "exit 3"
                """)).withCheck(out -> out.contains("\"error\"") ? Optional.of("the tool reported: unable to connect")
                        : Optional.empty());
        UserError e = failure(q);
        assertThat(e.getMessage()).startsWith("the client 1 of 'w' exited 0, but its output says it failed: "
                + "the tool reported: unable to connect").contains("full log: ").contains("{\"error\"");
        assertThat(messages(e.getSuppressed())).singleElement().asString().startsWith("the teardown of 'w' failed");
    }

    @Test
    void aFailedSetupStillGetsItsTeardownAfterIt() {
        UserError e = failure(request(config("""
                setup = "echo no data set; exit 2"
                clients = ["touch client-ran"]
                teardown = "touch torn-down; exit 1"
                """)));
        assertThat(e.getMessage()).startsWith("the setup of 'w' failed").contains("no data set");
        assertThat(messages(e.getSuppressed())).singleElement().asString().startsWith("the teardown of 'w' failed");
        assertThat(dir.resolve("client-ran")).doesNotExist();
        assertThat(dir.resolve("torn-down")).exists();
    }

    @Test
    void aLoadHookThatFailsToCloseComesAfterTheClientAndBeforeTheTeardown() {
        ServiceRun.Request q = request(config("""
                clients = ["exit 7"]
                teardown = "exit 3"
                """)).withHook(pids -> () -> {
                    throw new UserError("perf record failed");
                });
        UserError e = failure(q);
        assertThat(e.getMessage()).startsWith("the client 1 of 'w' failed: command exited with status 7");
        assertThat(messages(e.getSuppressed())).hasSize(2);
        assertThat(e.getSuppressed()[0]).hasMessage("perf record failed");
        assertThat(e.getSuppressed()[1].getMessage()).startsWith("the teardown of 'w' failed");
    }

    @Test
    void aTeardownFailingAloneIsTheError() {
        UserError e = failure(request(config("""
                clients = ["echo fine"]
                teardown = "exit 3"
                """)));
        assertThat(e.getMessage()).startsWith("the teardown of 'w' failed: command exited with status 3");
        assertThat(e.getSuppressed()).isEmpty();
    }

    @Test
    void aCleanLifeStopsTheServerGracefullyAndKeepsTheClients() {
        ServiceRun.Result r = run(request(config("""
                clients = ["echo one", "echo two"]
                teardown = "touch torn-down"
                """)).withCheck(out -> Optional.empty()));
        assertThat(r.stopped().measurement().exitCode()).isZero();
        assertThat(r.stopped().killedAfterGrace()).isFalse();
        assertThat(r.clientOutput()).contains("one").contains("two");
        assertThat(dir.resolve("torn-down")).exists();
        assertThat(serversRunning()).isZero();
    }

    /** ready_time: from the start until the server said it was ready, polled finely enough to compare startups. */
    @Test
    void theTimeToReadinessIsMeasured() {
        Config c = ConfigLoader.parse(dir.resolve("pgolab.toml"), """
                [project]
                name = "t"
                variants = ["release", "lto"]
                [toolchain]
                kind = "gcc"
                [build]
                command = "true"
                artifact = "server"
                [[bench]]
                name = "w"
                server = "sleep 0.3 && exec {binary}"
                ready = "log:ready"
                stop_grace = "5s"
                clients = ["true"]
                """);
        ServiceRun.Result r = run(request(c));
        assertThat(r.readySeconds()).isBetween(0.3, 3.0);
    }
}
