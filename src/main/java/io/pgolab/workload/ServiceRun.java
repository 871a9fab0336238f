package io.pgolab.workload;

import io.pgolab.config.Config;
import io.pgolab.config.ServiceSpec;
import io.pgolab.util.FirstFailure;
import io.pgolab.util.Shell;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * One life of a service workload: start the server on a free port, wait until it is ready, run
 * setup, the clients and teardown, then stop it with the configured signal. Whatever happens,
 * nothing is left running.
 */
public final class ServiceRun {
    private ServiceRun() {
    }

    /** How the server ended, the clients' outcomes, and the port it used. */
    public record Result(Service.Stopped stopped, List<ShellRunner.Outcome> clients, int port, String serverTail) {
        /** Everything the clients printed, in order. */
        public String clientOutput() {
            StringBuilder b = new StringBuilder();
            clients.forEach(c -> b.append(c.output()).append('\n'));
            return b.toString();
        }

        /** The load window: the clients' wall time (the longest one when they ran concurrently). */
        public double loadSeconds(boolean concurrent) {
            return concurrent ? clients.stream().mapToDouble(c -> c.measurement().wallSeconds()).max().orElse(0)
                    : clients.stream().mapToDouble(c -> c.measurement().wallSeconds()).sum();
        }
    }

    /** Something to do around the load window, e.g. record where the server spends its CPU. */
    public interface LoadHook {
        /** Called when the server is ready, before the clients; the result is closed when they are done. */
        AutoCloseable begin(long serverPid);

        LoadHook NONE = pid -> () -> { };
    }

    /**
     * What a client's output says about how it went, for load tools that report their errors in
     * their output and still exit 0 (iperf3 -J): the error, phrased for a message, or empty.
     */
    public interface OutputCheck {
        Optional<String> error(String output);

        OutputCheck NONE = output -> Optional.empty();
    }

    /**
     * One life to run: the server of spec with binary, its environment, where the logs go (named
     * after name), the clients' time limit, optional CPU pins (for measurements), a load hook and
     * the check of each client's output.
     */
    public record Request(Config config, String name, ServiceSpec spec, String binary, Map<String, String> serverEnv,
                          Path logDir, Duration clientTimeout, OptionalInt serverCpu, OptionalInt clientCpu,
                          LoadHook hook, OutputCheck check) {
        public static Request of(Config config, String name, ServiceSpec spec, String binary,
                                 Map<String, String> serverEnv, Path logDir, Duration clientTimeout) {
            return new Request(config, name, spec, binary, serverEnv, logDir, clientTimeout, OptionalInt.empty(),
                    OptionalInt.empty(), LoadHook.NONE, OutputCheck.NONE);
        }

        /** The server pinned to serverCpu and the clients to clientCpu. */
        public Request pinned(int serverCpu, int clientCpu) {
            return new Request(config, name, spec, binary, serverEnv, logDir, clientTimeout, OptionalInt.of(serverCpu),
                    OptionalInt.of(clientCpu), hook, check);
        }

        public Request withHook(LoadHook h) {
            return new Request(config, name, spec, binary, serverEnv, logDir, clientTimeout, serverCpu, clientCpu, h,
                    check);
        }

        /** A client that exits 0 but whose output c finds an error in has failed. */
        public Request withCheck(OutputCheck c) {
            return new Request(config, name, spec, binary, serverEnv, logDir, clientTimeout, serverCpu, clientCpu, hook,
                    c);
        }
    }

    /**
     * Runs one life. Once the server is ready, teardown runs whatever happened before it (a failed
     * setup or client included, unless pgolab was interrupted): the error thrown is the first one,
     * and a teardown or load hook that fails after it is attached to it (see {@link FirstFailure}).
     */
    public static Result run(Request q, ShellRunner runner) {
        Config config = q.config();
        ServiceSpec spec = q.spec();
        int port = FreePort.pick();
        Path serverLog = q.logDir().resolve(q.name() + "-server.log");
        String server = config.render(spec.server(), q.binary(), port);
        try (Service s = Service.start(Shell.bash(server), config.configDir(), q.serverEnv(), q.serverCpu(), serverLog,
                spec.stopGrace())) {
            Readiness.await(readiness(config, spec, q.binary(), port, serverLog), spec.readyTimeout(), s);
            FirstFailure failure = new FirstFailure();
            List<ShellRunner.Outcome> clients = new ArrayList<>();
            failure.run(() -> {
                step(q, runner, port, spec.setup(), "setup");
                clients.addAll(underLoad(q, s, runner, port));
            });
            if (!Thread.currentThread().isInterrupted()) {
                failure.run(() -> step(q, runner, port, spec.teardown(), "teardown"));
            }
            failure.rethrow();
            Service.Stopped stopped = s.stop(spec.stopSignal());
            return new Result(stopped, clients, port, s.outputTail(15));
        }
    }

    /** Runs the setup or teardown command, if there is one (log: NAME-setup.log, NAME-teardown.log). */
    private static void step(Request q, ShellRunner runner, int port, Optional<String> command, String what) {
        command.ifPresent(c -> ServiceClients.step(runner, q.config().render(c, q.binary(), port), q.config().configDir(),
                q.logDir().resolve(q.name() + "-" + what + ".log"), q.clientTimeout(), what + " of '" + q.name() + "'",
                OptionalInt.empty()));
    }

    /** The clients inside the load hook; a hook that fails to close after a failed client comes after it. */
    private static List<ShellRunner.Outcome> underLoad(Request q, Service s, ShellRunner runner, int port) {
        AutoCloseable hook = q.hook().begin(serverPid(s));
        FirstFailure failure = new FirstFailure();
        List<ShellRunner.Outcome> clients = new ArrayList<>();
        failure.run(() -> clients.addAll(ServiceClients.run(q, port, runner)));
        failure.run(() -> {
            try {
                hook.close();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        failure.rethrow();
        return clients;
    }

    /** The server's pid: the runner's child (with "exec {binary} ..." that is the server itself). */
    static long serverPid(Service s) {
        return ProcessHandle.of(s.runnerPid()).flatMap(r -> r.children().findFirst()).map(ProcessHandle::pid)
                .orElse(s.runnerPid());
    }

    static Readiness readiness(Config config, ServiceSpec spec, String binary, int port, Path serverLog) {
        String r = spec.ready();
        if (r.startsWith("http:")) {
            String path = r.substring(5);
            return new Readiness.Http("http://127.0.0.1:" + port + (path.startsWith("/") ? path : "/" + path));
        }
        if (r.startsWith("log:")) {
            return new Readiness.LogLine(serverLog, Pattern.compile(r.substring(4)));
        }
        if (r.startsWith("probe:")) {
            return new Readiness.Probe(config.render(r.substring(6), binary, port), config.configDir());
        }
        return new Readiness.Tcp("127.0.0.1", port);
    }
}
