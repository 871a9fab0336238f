package io.pgolab.measure;

import io.pgolab.UserError;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Shell;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;

/**
 * Runs commands in rounds: every command once per round, in a seeded shuffled order, pinned to one
 * CPU, after one untimed warm-up round, so that drift on a shared machine hits all of them alike.
 */
public final class InterleavedRuns {
    private final CommandMeasurer measurer;
    private final CommandLog log;
    private final Path outDir;

    public InterleavedRuns(CommandMeasurer measurer, CommandLog log, Path outDir) {
        this.measurer = measurer;
        this.log = log;
        this.outDir = outDir;
    }

    /** One command to compare, with its label. */
    public record Subject(String label, List<String> argv, Path workDir, Map<String, String> env) {
    }

    public record Samples(String label, List<Measurement> runs, String output) {
        public double[] cpu() {
            return runs.stream().mapToDouble(Measurement::cpuSeconds).toArray();
        }

        public double[] wall() {
            return runs.stream().mapToDouble(Measurement::wallSeconds).toArray();
        }
    }

    public Map<String, Samples> run(List<Subject> subjects, int rounds, long seed, Duration timeout,
                                    java.util.function.IntConsumer progress) {
        int cpu = Runtime.getRuntime().availableProcessors() - 1;
        Map<String, List<Measurement>> runs = new LinkedHashMap<>();
        Map<String, String> outputs = new LinkedHashMap<>();
        subjects.forEach(s -> runs.put(s.label(), new ArrayList<>()));
        Random order = new Random(seed);
        for (int round = 0; round <= rounds; round++) {
            List<Subject> shuffled = new ArrayList<>(subjects);
            java.util.Collections.shuffle(shuffled, order);
            for (Subject s : shuffled) {
                Measurement m = once(s, cpu, timeout, outputs);
                if (round > 0) {
                    runs.get(s.label()).add(m);
                }
            }
            progress.accept(round);
        }
        Map<String, Samples> out = new LinkedHashMap<>();
        for (Subject s : subjects) {
            out.put(s.label(), new Samples(s.label(), runs.get(s.label()), outputs.get(s.label())));
        }
        return out;
    }

    private Measurement once(Subject s, int cpu, Duration timeout, Map<String, String> outputs) {
        Path stdout = outDir.resolve(s.label() + ".out");
        Path stderr = outDir.resolve(s.label() + ".err");
        try {
            Files.createDirectories(outDir);
            if (outputs.isEmpty() || !outputs.containsKey(s.label())) {
                log.record(s.workDir(), s.env(), s.argv());
            }
            Measurement m = measurer.run(new MeasuredCommand(s.argv(), s.workDir(), s.env(),
                    OptionalInt.of(cpu), timeout, stdout, stderr));
            String out = Files.readString(stdout, StandardCharsets.UTF_8).strip();
            if (!m.succeeded()) {
                throw new UserError("'" + s.label() + "' failed during measurement (" + m.outcome() + "): "
                        + Shell.join(s.argv()) + "\n" + Files.readString(stderr, StandardCharsets.UTF_8).strip(),
                        "run the command by hand to see why");
            }
            outputs.putIfAbsent(s.label(), out);
            return m;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted during measurement");
        }
    }
}
