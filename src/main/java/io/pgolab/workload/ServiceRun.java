package io.pgolab.workload;

import io.pgolab.config.Config;
import io.pgolab.config.ProcessSpec;
import io.pgolab.config.ReadyPort;
import io.pgolab.config.ServiceSpec;
import io.pgolab.process.Measurement;
import io.pgolab.util.FirstFailure;
import io.pgolab.util.Shell;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One life of a service workload: pick the free ports, start each process in order and wait until
 * it is ready, run setup, the clients and teardown, then stop the processes in reverse order, each
 * with its signal. Whatever happens, nothing is left running.
 */
public final class ServiceRun {
    private ServiceRun() {
    }

    /**
     * How each process ended (by role, in start order), the clients' outcomes, the ports used ("" is
     * {port}) and the last lines of the main process's output.
     */
    /**
     * readySeconds: from starting the first process until the last one was ready (the time to
     * readiness, e.g. a JVM server's startup), polled every few milliseconds.
     */
    public record Result(Map<String, Service.Stopped> processes, String mainRole, List<ShellRunner.Outcome> clients,
                         Map<String, Integer> ports, String serverTail, double readySeconds) {
        /** How the main process (the first one under test, else the first) ended. */
        public Service.Stopped stopped() {
            return processes.get(mainRole);
        }

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

        /** Each role's measurement over its life (its whole process tree): the processes', then the clients' summed. */
        public Map<String, Measurement> byRole(String clientRole) {
            Map<String, Measurement> out = new LinkedHashMap<>();
            processes.forEach((role, s) -> out.put(role, s.measurement()));
            out.put(clientRole, Measurements.sum(clients.stream().map(ShellRunner.Outcome::measurement).toList()));
            return out;
        }
    }

    /** Something to do around the load window, e.g. record where the processes under test spend their CPU. */
    public interface LoadHook {
        /**
         * Called when every process is ready, before the clients, with the pid of each process under
         * test by role; the result is closed when the clients are done.
         */
        AutoCloseable begin(Map<String, Long> pids);

        LoadHook NONE = pids -> () -> { };
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
     * One life to run: the workload spec with binary, each role's environment, where the logs go
     * (named after name), the clients' time limit, optional CPU pins (for measurements: the CPU of
     * what is under test, and of the helpers and other clients), a load hook, the check of each
     * client's output, and a wrapper of the command of each client under test.
     */
    public record Request(Config config, String name, ServiceSpec spec, String binary,
                          Function<String, Map<String, String>> env, Path logDir, Duration clientTimeout,
                          OptionalInt testCpu, OptionalInt helperCpu, LoadHook hook, OutputCheck check,
                          Function<String, String> wrapClientUnderTest) {
        /** Every process (and every client under test) with env. */
        public static Request of(Config config, String name, ServiceSpec spec, String binary,
                                 Map<String, String> env, Path logDir, Duration clientTimeout) {
            return new Request(config, name, spec, binary, role -> env, logDir, clientTimeout, OptionalInt.empty(),
                    OptionalInt.empty(), LoadHook.NONE, OutputCheck.NONE, Function.identity());
        }

        /** What runs the built program pinned to testCpu; helpers and the other clients to helperCpu. */
        public Request pinned(int testCpu, int helperCpu) {
            return new Request(config, name, spec, binary, env, logDir, clientTimeout, OptionalInt.of(testCpu),
                    OptionalInt.of(helperCpu), hook, check, wrapClientUnderTest);
        }

        public Request withHook(LoadHook h) {
            return new Request(config, name, spec, binary, env, logDir, clientTimeout, testCpu, helperCpu, h, check,
                    wrapClientUnderTest);
        }

        /** A client that exits 0 but whose output c finds an error in has failed. */
        public Request withCheck(OutputCheck c) {
            return new Request(config, name, spec, binary, env, logDir, clientTimeout, testCpu, helperCpu, hook, c,
                    wrapClientUnderTest);
        }

        /** Each role's own environment (training: each role under test writes its profile to its own place). */
        public Request withEnv(Function<String, Map<String, String>> e) {
            return new Request(config, name, spec, binary, e, logDir, clientTimeout, testCpu, helperCpu, hook, check,
                    wrapClientUnderTest);
        }

        /** The rendered shell command of each client under test passed through w (e.g. perf record). */
        public Request wrappingClients(Function<String, String> w) {
            return new Request(config, name, spec, binary, env, logDir, clientTimeout, testCpu, helperCpu, hook, check,
                    w);
        }

        /** A template of this workload with {binary}, the ports and the other placeholders filled. */
        String render(String template, Map<String, Integer> ports) {
            Map<String, String> extra = new LinkedHashMap<>();
            ports.forEach((n, p) -> extra.put(n.isEmpty() ? "port" : "port:" + n, Integer.toString(p)));
            return config.render(template, binary, ports.getOrDefault("", 0), extra);
        }
    }

    /**
     * Runs one life. Once every process is ready, teardown runs whatever happened before it (a
     * failed setup or client included, unless pgolab was interrupted): the error thrown is the first
     * one, and a teardown or load hook that fails after it is attached to it (see {@link FirstFailure}).
     */
    public static Result run(Request q, ShellRunner runner) {
        ServiceSpec spec = q.spec();
        Map<String, Integer> ports = Ports.pick(spec);
        try (Processes started = new Processes()) {
            long t0 = System.nanoTime();
            for (ProcessSpec p : spec.processes()) {
                Path log = q.logDir().resolve(q.name() + "-" + p.role() + ".log");
                OptionalInt cpu = p.underTest() ? q.testCpu() : q.helperCpu();
                Service s = started.add(p.role(), Service.start(Shell.bash(q.render(p.command(), ports)),
                        q.config().configDir(), q.env().apply(p.role()), cpu, log, p.stopGrace()));
                Readiness.await(readiness(q, p, ports, log), p.readyTimeout(), s);
            }
            double ready = (System.nanoTime() - t0) / 1e9;
            FirstFailure failure = new FirstFailure();
            List<ShellRunner.Outcome> clients = new ArrayList<>();
            failure.run(() -> {
                step(q, runner, ports, spec.setup(), "setup");
                clients.addAll(underLoad(q, started, runner, ports));
            });
            if (!Thread.currentThread().isInterrupted()) {
                failure.run(() -> step(q, runner, ports, spec.teardown(), "teardown"));
            }
            failure.rethrow();
            Map<String, Service.Stopped> stopped = started.stopAll(spec);
            String main = spec.main().role();
            EarlyExit.check(q, spec, stopped, started);
            return new Result(stopped, main, clients, ports, started.get(main).outputTail(15), ready);
        }
    }

    /** Runs the setup or teardown command, if there is one (log: NAME-setup.log, NAME-teardown.log). */
    private static void step(Request q, ShellRunner runner, Map<String, Integer> ports, Optional<String> command,
                             String what) {
        command.ifPresent(c -> ServiceClients.step(runner, q.render(c, ports), q.config().configDir(),
                q.logDir().resolve(q.name() + "-" + what + ".log"), q.clientTimeout(), what + " of '" + q.name() + "'",
                OptionalInt.empty(), Map.of()));
    }

    /** The clients inside the load hook; a hook that fails to close after a failed client comes after it. */
    private static List<ShellRunner.Outcome> underLoad(Request q, Processes started, ShellRunner runner,
                                                       Map<String, Integer> ports) {
        Map<String, Long> pids = new LinkedHashMap<>();
        q.spec().processes().stream().filter(ProcessSpec::underTest)
                .forEach(p -> pids.put(p.role(), serverPid(started.get(p.role()))));
        AutoCloseable hook = q.hook().begin(pids);
        FirstFailure failure = new FirstFailure();
        List<ShellRunner.Outcome> clients = new ArrayList<>();
        failure.run(() -> clients.addAll(ServiceClients.run(q, ports, runner)));
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

    /** A process's pid: the runner's child (with "exec {binary} ..." that is the program itself). */
    static long serverPid(Service s) {
        return ProcessHandle.of(s.runnerPid()).flatMap(r -> r.children().findFirst()).map(ProcessHandle::pid)
                .orElse(s.runnerPid());
    }

    static Readiness readiness(Request q, ProcessSpec p, Map<String, Integer> ports, Path log) {
        String r = p.ready();
        if (r.startsWith("http:")) {
            String path = ReadyPort.httpPath(r);
            return new Readiness.Http("http://127.0.0.1:" + Ports.of(p, ports) + path);
        }
        if (r.startsWith("log:")) {
            return new Readiness.LogLine(log, Pattern.compile(r.substring(4)));
        }
        if (r.startsWith("probe:")) {
            return new Readiness.Probe(q.render(r.substring(6), ports), q.config().configDir());
        }
        return new Readiness.Tcp("127.0.0.1", Ports.of(p, ports));
    }
}
