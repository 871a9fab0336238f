package io.pgolab.workload;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.ServiceSpec;
import io.pgolab.util.Shell;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
     * One life to run: the server of spec with binary, its environment, where the logs go (named
     * after name), the clients' time limit, optional CPU pins (for measurements) and a load hook.
     */
    public record Request(Config config, String name, ServiceSpec spec, String binary, Map<String, String> serverEnv,
                          Path logDir, Duration clientTimeout, OptionalInt serverCpu, OptionalInt clientCpu,
                          LoadHook hook) {
        public static Request of(Config config, String name, ServiceSpec spec, String binary,
                                 Map<String, String> serverEnv, Path logDir, Duration clientTimeout) {
            return new Request(config, name, spec, binary, serverEnv, logDir, clientTimeout, OptionalInt.empty(),
                    OptionalInt.empty(), LoadHook.NONE);
        }

        /** The server pinned to serverCpu and the clients to clientCpu. */
        public Request pinned(int serverCpu, int clientCpu) {
            return new Request(config, name, spec, binary, serverEnv, logDir, clientTimeout, OptionalInt.of(serverCpu),
                    OptionalInt.of(clientCpu), hook);
        }

        public Request withHook(LoadHook h) {
            return new Request(config, name, spec, binary, serverEnv, logDir, clientTimeout, serverCpu, clientCpu, h);
        }
    }

    public static Result run(Request q, ShellRunner runner) {
        Config config = q.config();
        String name = q.name();
        ServiceSpec spec = q.spec();
        String binary = q.binary();
        Path logDir = q.logDir();
        Duration clientTimeout = q.clientTimeout();
        int port = FreePort.pick();
        Path cwd = config.configDir();
        Path serverLog = logDir.resolve(name + "-server.log");
        String server = config.render(spec.server(), binary, port);
        try (Service s = Service.start(Shell.bash(server), cwd, q.serverEnv(), q.serverCpu(), serverLog, spec.stopGrace())) {
            Readiness.await(readiness(config, spec, binary, port, serverLog), spec.readyTimeout(), s);
            spec.setup().ifPresent(c -> step(runner, config.render(c, binary, port), cwd, logDir.resolve(name + "-setup.log"),
                    clientTimeout, "setup of '" + name + "'", OptionalInt.empty()));
            List<ShellRunner.Outcome> clients;
            try (AutoCloseable h = q.hook().begin(serverPid(s))) {
                clients = clients(config, spec, binary, port, name, logDir, runner, clientTimeout, q.clientCpu());
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            spec.teardown().ifPresent(c -> step(runner, config.render(c, binary, port), cwd,
                    logDir.resolve(name + "-teardown.log"), clientTimeout, "teardown of '" + name + "'", OptionalInt.empty()));
            Service.Stopped stopped = s.stop(spec.stopSignal());
            return new Result(stopped, clients, port, s.outputTail(15));
        }
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

    private static List<ShellRunner.Outcome> clients(Config config, ServiceSpec spec, String binary, int port, String name,
                                                     Path logDir, ShellRunner runner, Duration timeout, OptionalInt cpu) {
        List<ShellRunner.Outcome> out = new ArrayList<>();
        List<String> commands = spec.clients().stream().map(c -> config.render(c, binary, port)).toList();
        if (!spec.concurrent()) {
            for (int i = 0; i < commands.size(); i++) {
                out.add(step(runner, commands.get(i), config.configDir(), logDir.resolve(name + "-client" + (i + 1) + ".log"),
                        timeout, "client " + (i + 1) + " of '" + name + "'", clientCpu(spec, i, cpu, name)));
            }
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(commands.size());
        try {
            List<Future<ShellRunner.Outcome>> fs = new ArrayList<>();
            for (int i = 0; i < commands.size(); i++) {
                int n = i;
                fs.add(pool.submit(() -> step(runner, commands.get(n), config.configDir(),
                        logDir.resolve(name + "-client" + (n + 1) + ".log"), timeout, "client " + (n + 1) + " of '" + name + "'",
                        clientCpu(spec, n, cpu, name))));
            }
            for (Future<ShellRunner.Outcome> f : fs) {
                out.add(f.get());
            }
            return out;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while the clients of '" + name + "' ran");
        } finally {
            pool.shutdownNow();
        }
    }

    /** The CPU of client i (client_cpus, else the fallback), checked against the CPUs pgolab may use. */
    static OptionalInt clientCpu(ServiceSpec spec, int i, OptionalInt fallback, String name) {
        OptionalInt cpu = spec.clientCpu(i, fallback);
        if (cpu.isPresent() && !spec.clientCpus().isEmpty()) {
            java.util.Set<Integer> allowed = allowedCpus();
            if (!allowed.contains(cpu.getAsInt())) {
                throw new UserError("client " + (i + 1) + " of '" + name + "' is pinned to CPU " + cpu.getAsInt()
                        + " (client_cpus), but pgolab may run only on CPUs " + allowed,
                        "change client_cpus in the config to CPUs that exist here (and that taskset/cgroups allow)");
            }
        }
        return cpu;
    }

    /** CPUs this process may run on (Cpus_allowed_list), else 0..n-1. */
    static java.util.Set<Integer> allowedCpus() {
        java.util.Set<Integer> cpus = new java.util.TreeSet<>();
        try {
            for (String line : java.nio.file.Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    for (String part : line.substring(line.indexOf(':') + 1).trim().split(",")) {
                        String[] r = part.trim().split("-");
                        int lo = Integer.parseInt(r[0]);
                        int hi = r.length > 1 ? Integer.parseInt(r[1]) : lo;
                        for (int c = lo; c <= hi; c++) {
                            cpus.add(c);
                        }
                    }
                }
            }
        } catch (java.io.IOException | NumberFormatException e) {
            cpus.clear();
        }
        if (cpus.isEmpty()) {
            for (int c = 0; c < Runtime.getRuntime().availableProcessors(); c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }

    private static ShellRunner.Outcome step(ShellRunner runner, String command, Path cwd, Path log, Duration timeout,
                                            String what, OptionalInt cpu) {
        ShellRunner.Outcome o = runner.run(command, cwd, Map.of(), timeout, log, cpu);
        if (!o.ok()) {
            throw new UserError("the " + what + " failed: " + ShellRunner.describeFailure(o, 15),
                    "run it by hand against a running server to see why");
        }
        return o;
    }
}
