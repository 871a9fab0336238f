package io.pgolab.workload;

import io.pgolab.UserError;
import io.pgolab.config.ProcessSpec;
import io.pgolab.config.ServiceSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/** The commands of a service workload's life: its clients (pinned, checked) and each setup or teardown step. */
final class ServiceClients {
    private ServiceClients() {
    }

    /**
     * Runs the clients of q against the ports, one after another or all at once (concurrent). A client
     * that runs the built program is under test: it gets the role's environment and the CPU of what is
     * under test, and its command passes through the request's wrapper.
     */
    static List<ShellRunner.Outcome> run(ServiceRun.Request q, Map<String, Integer> ports, ShellRunner runner) {
        ServiceSpec spec = q.spec();
        IntFunction<ShellRunner.Outcome> client = i -> {
            String template = spec.clients().get(i);
            boolean underTest = ProcessSpec.runsBinary(template);
            String command = q.render(template, ports);
            String what = "client " + (i + 1) + " of '" + q.name() + "'";
            ShellRunner.Outcome o = step(runner, underTest ? q.wrapClientUnderTest().apply(command) : command,
                    q.config().configDir(), q.logDir().resolve(q.name() + "-client" + (i + 1) + ".log"), q.clientTimeout(),
                    what, underTest && q.testCpu().isPresent() ? q.testCpu() : clientCpu(spec, i, q.helperCpu(), q.name()),
                    underTest ? q.env().apply(spec.clientRole()) : Map.of());
            return checked(o, q.check(), what);
        };
        int n = spec.clients().size();
        List<ShellRunner.Outcome> out = new ArrayList<>();
        if (!spec.concurrent()) {
            for (int i = 0; i < n; i++) {
                out.add(client.apply(i));
            }
            return out;
        }
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<ShellRunner.Outcome>> fs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int k = i;
                fs.add(pool.submit(() -> client.apply(k)));
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
            throw new UserError("interrupted while the clients of '" + q.name() + "' ran");
        } finally {
            pool.shutdownNow();
        }
    }

    /** A client that exited 0 but whose output reports an error (iperf3 -J) has failed all the same. */
    private static ShellRunner.Outcome checked(ShellRunner.Outcome o, ServiceRun.OutputCheck check, String what) {
        Optional<String> error = check.error(o.output());
        if (error.isPresent()) {
            throw new UserError("the " + what + " exited 0, but its output says it failed: " + error.get()
                    + "\n  $ " + o.commandLine().replace("\n", "\n    ") + "\n  last lines of its output (full log: "
                    + o.logFile() + "):\n    " + o.tail(15).strip().replace("\n", "\n    "),
                    "run it by hand against a running server to see why; a load tool's own error report counts as a"
                            + " failure even when it exits 0");
        }
        return o;
    }

    /** The CPU of client i (client_cpus, else the fallback), checked against the CPUs pgolab may use. */
    static OptionalInt clientCpu(ServiceSpec spec, int i, OptionalInt fallback, String name) {
        OptionalInt cpu = spec.clientCpu(i, fallback);
        if (cpu.isPresent() && !spec.clientCpus().isEmpty()) {
            Set<Integer> allowed = allowedCpus();
            if (!allowed.contains(cpu.getAsInt())) {
                throw new UserError("client " + (i + 1) + " of '" + name + "' is pinned to CPU " + cpu.getAsInt()
                        + " (client_cpus), but pgolab may run only on CPUs " + allowed,
                        "change client_cpus in the config to CPUs that exist here (and that taskset/cgroups allow)");
            }
        }
        return cpu;
    }

    /** CPUs this process may run on (Cpus_allowed_list), else 0..n-1. */
    static Set<Integer> allowedCpus() {
        Set<Integer> cpus = new TreeSet<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
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
        } catch (IOException | NumberFormatException e) {
            cpus.clear();
        }
        if (cpus.isEmpty()) {
            for (int c = 0; c < Runtime.getRuntime().availableProcessors(); c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }

    /** Runs one command of the workload (setup, a client, teardown); a failure is a UserError naming what. */
    static ShellRunner.Outcome step(ShellRunner runner, String command, Path cwd, Path log, Duration timeout,
                                    String what, OptionalInt cpu, Map<String, String> env) {
        ShellRunner.Outcome o = runner.run(command, cwd, env, timeout, log, cpu);
        if (!o.ok()) {
            throw new UserError("the " + what + " failed: " + ShellRunner.describeFailure(o, 15),
                    "run it by hand against a running server to see why");
        }
        return o;
    }
}
