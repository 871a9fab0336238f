package io.pgolab.measure;

import io.pgolab.UserError;
import io.pgolab.process.Exec;
import io.pgolab.util.CommandLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * pgolab's own threads (JIT compilers, GC, the main thread and every other) kept off the CPU the measured runs are
 * pinned to, while a campaign runs: C1 and C2 compile pgolab's code between runs and would otherwise steal the
 * measured CPU from the command (issue 18 saw 590-710 ms of compiler CPU time there during a 500-run compare).
 * Every thread in /proc/self/task gets the other CPUs ({@code taskset -a -p}); threads the JVM starts later inherit
 * them from the thread that starts them. The runner still pins each measured command to its CPU: a child may set any
 * CPU the machine allows, whatever its parent's mask. {@link #close} gives the threads back their original CPUs.
 * Nothing here fails a bench: one CPU, {@code PGOLAB_PIN_JVM=0} or a refusal is an {@link Outcome} (and a warning).
 */
public final class JvmPinning implements AutoCloseable {
    /** The environment variable that turns pinning off ({@code PGOLAB_PIN_JVM=0}), for A/A comparisons. */
    public static final String OFF_VARIABLE = "PGOLAB_PIN_JVM";

    /**
     * What happened to the JVM's threads: pinned to cpus (e.g. "0-2"), or not, and why (empty when pinned).
     *
     * @param asked false with PGOLAB_PIN_JVM=0 (no warning then: the user chose it)
     */
    public record Outcome(boolean asked, boolean pinned, String cpus, String reason) {
        public static Outcome off() {
            return new Outcome(false, false, "", OFF_VARIABLE + "=0");
        }

        /** The warning a campaign carries when pinning was asked for and did not happen. */
        public Optional<Warning> warning(int measuredCpu) {
            if (!asked || pinned) {
                return Optional.empty();
            }
            return Optional.of(Warning.jvmNotPinned(measuredCpu, reason));
        }
    }

    private final CommandLog log;
    private final String original;
    private final Outcome outcome;

    private JvmPinning(CommandLog log, String original, Outcome outcome) {
        this.log = log;
        this.original = original;
        this.outcome = outcome;
    }

    /** Pins every thread of this JVM away from measuredCpu, unless PGOLAB_PIN_JVM=0. */
    public static JvmPinning awayFrom(int measuredCpu, CommandLog log) {
        if ("0".equals(System.getenv(OFF_VARIABLE))) {
            return new JvmPinning(log, "", Outcome.off());
        }
        String original = allowed(Path.of("/proc/thread-self/status")).orElse("");
        Optional<String> others = others(original, measuredCpu);
        if (original.isEmpty()) {
            return new JvmPinning(log, "", new Outcome(true, false, "", "/proc/thread-self/status has no Cpus_allowed_list"));
        }
        if (others.isEmpty()) {
            return new JvmPinning(log, "", new Outcome(true, false, "", "pgolab may use only CPU " + original
                    + ", no other CPU to move its threads to"));
        }
        String why = set(others.get(), log);
        if (why.isEmpty() && !unpinned(measuredCpu).isEmpty()) {
            why = set(others.get(), log); // threads the JVM started while taskset ran: once more
        }
        int left = unpinned(measuredCpu).size();
        if (why.isEmpty() && left > 0) {
            why = left + " thread(s) still allowed on it after taskset";
        }
        Outcome o = why.isEmpty() ? new Outcome(true, true, others.get(), "") : new Outcome(true, false, "", why);
        // restored even after a failure: taskset may have moved some threads before it failed
        return new JvmPinning(log, original, o);
    }

    public Outcome outcome() {
        return outcome;
    }

    /** Gives every thread the CPUs the JVM had before (a failure only loses pgolab some parallelism). */
    @Override
    public void close() {
        if (!original.isEmpty()) {
            set(original, log);
        }
    }

    /** "" when every thread of this process now has cpus, else why not. */
    private static String set(String cpus, CommandLog log) {
        List<String> argv = List.of("taskset", "-a", "-p", "-c", cpus, Long.toString(ProcessHandle.current().pid()));
        try {
            Exec.Result r = Exec.run(log, Exec.Request.of(argv).timeout(Duration.ofSeconds(30),
                    "taskset hung; run with " + OFF_VARIABLE + "=0"));
            if (r.exitCode() == 127) {
                return "taskset is not installed (util-linux)";
            }
            return r.ok() ? "" : "taskset failed: " + lastLine(r.output());
        } catch (UserError e) {
            return "taskset failed: " + e.getMessage();
        }
    }

    private static String lastLine(String out) {
        String[] lines = out.strip().split("\n");
        return lines[lines.length - 1];
    }

    /** The threads of this process that may still run on cpu (thread ids). */
    static List<String> unpinned(int cpu) {
        List<String> out = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : tasks.toList()) {
                Optional<String> list = allowed(t.resolve("status"));
                if (list.isPresent() && parse(list.get()).contains(cpu)) {
                    out.add(t.getFileName().toString());
                }
            }
        } catch (IOException e) {
            // no /proc: nothing pinned either, said by the caller's outcome
        }
        return out;
    }

    /** A status file's Cpus_allowed_list ("0-3,6"); empty when it cannot be read (the thread ended). */
    static Optional<String> allowed(Path status) {
        try {
            return Files.readAllLines(status).stream().filter(l -> l.startsWith("Cpus_allowed_list:"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The CPUs of an allowed list without cpu, as a list taskset takes ("0,2-3"); empty when none is left. */
    static Optional<String> others(String allowedList, int cpu) {
        TreeSet<Integer> cpus = parse(allowedList);
        cpus.remove(cpu);
        return cpus.isEmpty() ? Optional.empty() : Optional.of(format(cpus));
    }

    /** "0-2,5" as {0, 1, 2, 5}; anything unreadable as nothing. */
    static TreeSet<Integer> parse(String list) {
        TreeSet<Integer> out = new TreeSet<>();
        try {
            for (String part : list.strip().split(",")) {
                if (part.isBlank()) {
                    continue;
                }
                String[] r = part.strip().split("-");
                int lo = Integer.parseInt(r[0]);
                int hi = r.length > 1 ? Integer.parseInt(r[1]) : lo;
                for (int c = lo; c <= hi && c - lo < 65536; c++) {
                    out.add(c);
                }
            }
        } catch (NumberFormatException e) {
            out.clear();
        }
        return out;
    }

    /** {0, 1, 2, 5} as "0-2,5". */
    static String format(TreeSet<Integer> cpus) {
        List<String> parts = new ArrayList<>();
        Integer start = null;
        Integer prev = null;
        for (int c : cpus) {
            if (prev != null && c == prev + 1) {
                prev = c;
                continue;
            }
            if (start != null) {
                parts.add(start.equals(prev) ? start.toString() : start + "-" + prev);
            }
            start = c;
            prev = c;
        }
        if (start != null) {
            parts.add(start.equals(prev) ? start.toString() : start + "-" + prev);
        }
        return parts.stream().collect(Collectors.joining(","));
    }
}
