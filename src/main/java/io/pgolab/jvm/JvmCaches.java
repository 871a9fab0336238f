package io.pgolab.jvm;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.Variant;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.process.Exec;
import io.pgolab.store.ArtifactStore;
import io.pgolab.toolchain.jvm.JdkInstall;
import io.pgolab.toolchain.jvm.JvmToolchain;
import io.pgolab.util.Events;
import io.pgolab.util.Hashing;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Makes the class archive (cds: dynamic AppCDS, -XX:ArchiveClassesAtExit) or AOT cache (aot: JDK 25
 * one step, -XX:AOTCacheOutput, with JEP 515 method profiles; JDK 24 two steps, record then create)
 * of one variant from a training run of the first [[train]] workload, whose first JVM records.
 * Then checks that the JDK accepts it in strict mode (-Xshare:on / -XX:AOTMode=on, which fail rather
 * than run without it) and stores it read-only beside the variant's classpath copy. The measured
 * launcher gets only the reading flags: a measured run never writes or records a cache.
 */
final class JvmCaches {
    private final Config config;
    private final JvmToolchain toolchain;
    private final ArtifactStore store;
    private final TrainingRun training;
    private final Events events;

    JvmCaches(Config config, JvmToolchain toolchain, ArtifactStore store, TrainingRun training, Events events) {
        this.config = config;
        this.toolchain = toolchain;
        this.store = store;
        this.training = training;
        this.events = events;
    }

    /** readFlags: what the measured launcher adds; check: what proved the JDK accepts the archive. */
    record Made(List<String> readFlags, String check, String sha256) {
    }

    /**
     * The workload JVM archives are made from: the first [[train]] entry. A JVM archive or cache is
     * written by one JVM run and cannot be merged, so several workloads cannot all feed it.
     */
    static WorkloadSpec trainingWorkload(Config config) {
        if (config.train().isEmpty()) {
            throw new UserError("the cds and aot variants are made from a training run, but " + config.file()
                    + " has no [[train]] workload", "add one: [[train]] name = \"typical\" command = \"{binary} ...\"");
        }
        return config.train().get(0);
    }

    Made make(Variant v, Path bin, List<String> flags, List<Path> classpath, String main) {
        WorkloadSpec w = trainingWorkload(config);
        if (config.train().size() > 1) {
            events.note("train " + v + ": the archive is made from one run of the first [[train]] workload, '" + w.name()
                    + "' (a JVM archive is written by one JVM and cannot be merged); the other workloads are not used");
        }
        JdkInstall jdk = toolchain.jdk();
        boolean cds = v.has(Variant.Step.CDS);
        boolean twoStep = !cds && jdk.feature() < JdkInstall.MIN_AOT_ONE_STEP;
        Path raw = store.scratch().resolve("jvm-train-" + v.dirName());
        ArtifactStore.freshDir(raw);
        String file = cds ? "app.jsa" : "app.aot";
        Path recorded = raw.resolve(twoStep ? "app.aotconf" : file);
        List<String> recordFlags = new ArrayList<>(flags);
        if (cds) {
            recordFlags.add("-XX:ArchiveClassesAtExit=" + recorded);
        } else if (twoStep) {
            recordFlags.addAll(List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + recorded));
        } else {
            recordFlags.add("-XX:AOTCacheOutput=" + recorded);
        }
        Path trainer = store.scratch().resolve("jvm-trainer-" + v.dirName()).resolve(bin.getFileName().toString() + "-train");
        JvmLauncher.writeTraining(trainer, "pgolab training launcher for " + v + " (records once)",
                JvmLauncher.command(jdk.java(), recordFlags, classpath, main),
                JvmLauncher.command(jdk.java(), flags, classpath, main), raw.resolve(".recording"));
        String prefix = "train-" + v.dirName() + "-";
        try {
            training.run(w, trainer.toString(), raw, r -> Files.isRegularFile(recorded) ? List.of(recorded) : List.of(),
                    prefix);
        } catch (UserError e) {
            throw refused(v, store.logs().resolve(prefix + w.name() + ".log")).orElse(e);
        }
        Path made = raw.resolve(file);
        if (twoStep) {
            List<String> create = new ArrayList<>(flags);
            create.addAll(List.of("-XX:AOTMode=create", "-XX:AOTConfiguration=" + recorded, "-XX:AOTCache=" + made));
            Exec.Result r = java(create, classpath, "-version");
            if (!r.ok() || !Files.isRegularFile(made)) {
                throw new UserError("JDK " + jdk.feature() + " did not create the AOT cache from the training run's"
                        + " configuration:\n    " + tail(r.output()), hint(v));
            }
        }
        Path stored = bin.resolve(file);
        move(made, stored);
        List<String> read = cds ? List.of("-XX:SharedArchiveFile=" + stored, "-Xshare:on")
                : List.of("-XX:AOTCache=" + stored, "-XX:AOTMode=on");
        List<String> strict = new ArrayList<>(flags);
        strict.addAll(read);
        Exec.Result ok = java(strict, classpath, "-version");
        if (!ok.ok()) {
            throw new UserError("JDK " + jdk.feature() + " made " + (cds ? "a class archive" : "an AOT cache")
                    + " it then refused to use:\n    " + tail(ok.output()), hint(v));
        }
        readOnly(stored);
        events.note("train " + v + ": " + (cds ? "class archive" : "AOT cache") + " " + Hashing.sizeOf(stored) / 1024
                + " KiB from '" + w.name() + "'" + (cds || twoStep ? "" : " (with method profiles, JEP 515)"));
        String check = "java " + String.join(" ", read.stream().map(f -> f.replace(stored.toString(), file)).toList())
                + " -version accepted it";
        return new Made(read, check, Hashing.ofPath(stored));
    }

    /** A training run the JVM itself failed: its own cds/aot error lines, or empty when it was the program. */
    private Optional<UserError> refused(Variant v, Path log) {
        String text;
        try {
            text = Files.isRegularFile(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            return Optional.empty();
        }
        List<String> lines = text.lines().filter(l -> l.matches(".*\\[(error|warning) *\\]\\[(cds|aot)[^\\]]*\\].*")
                || l.contains("Error occurred during initialization of VM") || l.contains("AOTCache creation failed")).toList();
        if (lines.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new UserError("JDK " + toolchain.jdk().feature() + " refused to create the "
                + (v.has(Variant.Step.CDS) ? "class archive" : "AOT cache") + " in training workload '"
                + trainingWorkload(config).name() + "':\n    " + String.join("\n    ", lines.subList(0, Math.min(8, lines.size())))
                + "\n  (log: " + log + ")", hint(v)));
    }

    private String hint(Variant v) {
        return "the JVM's own message above says why; common causes: a JVM flag in toolchain.jvm_flags the "
                + (v.has(Variant.Step.CDS) ? "archive" : "cache") + " does not support, a Java agent, or classes loaded"
                + " from outside the jars. Try the training command by hand with -Xlog:" + (v.has(Variant.Step.CDS) ? "cds" : "aot");
    }

    private Exec.Result java(List<String> flags, List<Path> classpath, String arg) {
        List<String> argv = JvmLauncher.command(toolchain.jdk().java(), flags, classpath, arg);
        return Exec.run(null, Exec.Request.of(argv).in(config.root(), Map.of()).timeout(Duration.ofMinutes(5), ""));
    }

    private static String tail(String out) {
        List<String> l = out.strip().lines().toList();
        return String.join("\n    ", l.subList(Math.max(0, l.size() - 8), l.size()));
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void readOnly(Path p) {
        try {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("r--r--r--"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
