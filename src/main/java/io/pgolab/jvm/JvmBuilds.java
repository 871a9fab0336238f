package io.pgolab.jvm;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.Template;
import io.pgolab.config.Variant;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.BuildResult;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.store.Digests;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.jvm.JdkInstall;
import io.pgolab.toolchain.jvm.JvmToolchain;
import io.pgolab.util.Events;
import io.pgolab.util.Hashing;
import io.pgolab.workload.ShellRunner;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The build order for toolchain kind "jvm": the user's build command (every time: Maven and Gradle
 * skip up-to-date work themselves), then per variant a directory .pgolab/bin/KEY/ with its own copy
 * of the classpath, the launcher {binary} names and, for cds and aot, the archive made by a training
 * run ({@link JvmCaches}). KEY covers the SHA-256 of every classpath entry in order, the exact
 * 'java -version' output, the JVM flags and the training workload, so any change makes a new archive;
 * an archive whose file changed (truncated, say) fails the store's digest check and is made again.
 */
public final class JvmBuilds {
    static final String VERSION = "pgolab-jvm-v2";
    /**
     * Before the user's jvm_flags in every variant and training run: the JVM's own warnings and errors
     * go to stderr, not stdout (the default), so a program's output stays its own. JDK 25 prints
     * "[error][cds] Mismatched values for property jdk.module.addexports" on stdout for a dynamic
     * archive run with --add-exports, and still runs.
     */
    static final List<String> LOG_FLAGS = List.of("-Xlog:disable", "-Xlog:all=warning:stderr");
    private final Config config;
    private final JvmToolchain toolchain;
    private final ArtifactStore store;
    private final ShellRunner runner;
    private final Events events;
    private final TrainingRun training;

    /** training: runs the workload an archive is made from (the pipeline's training stage). */
    public JvmBuilds(Config config, JvmToolchain toolchain, ArtifactStore store, ShellRunner runner, Events events,
                     TrainingRun training) {
        this.training = training;
        this.config = config;
        this.toolchain = toolchain;
        this.store = store;
        this.runner = runner;
        this.events = events;
    }

    /** The variants' builds, and whether any archive was made from a training run now. */
    public record Built(List<BuildResult> builds, boolean trained) {
    }

    public Built build(List<Variant> variants, boolean forceTraining) {
        variants.forEach(toolchain::require);
        double buildSeconds = runBuild();
        JvmClasspath cp = JvmClasspath.found(config);
        boolean trained = false;
        List<BuildResult> results = new ArrayList<>();
        for (Variant v : variants) {
            if (v.jvm() && cp.directory().isPresent()) {
                throw new UserError("variant '" + v + "' needs the classes in jars: " + cp.directory().get()
                        + " is a directory, which class archives and AOT caches do not take classes from",
                        "package the classes as a jar (e.g. mvn package) and name it in toolchain.jar");
            }
            String key = key(v, cp);
            ArtifactStore.Found found = store.find(v.name(), Optional.of(key));
            if (found.artifact().isPresent() && !(forceTraining && v.jvm())) {
                events.note("build " + v + ": up to date (" + (v.jvm() ? "archive and " : "") + "classpath unchanged)");
                results.add(new BuildResult(found.artifact().get(), true));
                continue;
            }
            found.damage().ifPresent(d -> events.warn(d + ": " + (v.jvm() ? "making the archive again" : "rebuilding")));
            if (found.damage().isEmpty() && store.lookup(v.name(), Optional.empty()).isPresent()) {
                events.note("build " + v + ": " + (v.jvm() ? "making a new archive" : "rebuilding")
                        + ", the classpath, JDK, JVM flags or training workload changed");
            }
            store.invalidate(v.name());
            results.add(new BuildResult(make(v, key, cp, buildSeconds), false));
            trained |= v.jvm();
        }
        return new Built(results, trained);
    }

    /** Runs [build] command in the project root with the chosen JDK first on PATH; returns its seconds. */
    private double runBuild() {
        JdkInstall jdk = toolchain.jdk();
        Map<String, String> values = new LinkedHashMap<>();
        Path buildDir = store.buildDir("jvm");
        values.put("builddir", buildDir.toString());
        values.put("srcdir", config.root().toString());
        values.put("root", config.root().toString());
        values.put("config_dir", config.configDir().toString());
        values.put("jobs", Integer.toString(Runtime.getRuntime().availableProcessors()));
        Map<String, String> env = new LinkedHashMap<>();
        env.put("JAVA_HOME", jdk.home().toString());
        env.put("PATH", jdk.home().resolve("bin") + File.pathSeparator + System.getenv().getOrDefault("PATH", ""));
        env.putAll(config.build().env());
        events.started("build", "jvm: " + toolchain.describe());
        ArtifactStore.freshDir(buildDir);
        Instant t0 = Instant.now();
        String command = Template.renderShell(config.build().command(), values);
        ShellRunner.Outcome o = runner.run(command, config.root(), env, config.build().timeout(), store.logs().resolve("build-jvm.log"));
        Duration took = Duration.between(t0, Instant.now());
        if (!o.ok()) {
            throw new UserError("the build command failed: " + ShellRunner.describeFailure(o, 30),
                    toolchain.buildFailureHint(o.output(), Phase.PLAIN, Variant.RELEASE, config.file()));
        }
        events.finished("build", took, "");
        return took.toMillis() / 1000.0;
    }

    private String key(Variant v, JvmClasspath cp) {
        StringBuilder s = new StringBuilder(VERSION).append('\n').append(v.name()).append('\n')
                .append(toolchain.jdk().java()).append('\n').append(toolchain.jdk().versionOutput()).append('\n')
                .append(String.join("\u0000", config.toolchain().jvm().jvmFlags())).append('\n').append(cp.identity());
        if (v.jvm()) {
            WorkloadSpec w = JvmCaches.trainingWorkload(config);
            s.append("\ntrain\n").append(w.name()).append('\n').append(w.command()).append('\n').append(w.env())
                    .append('\n').append(w.service().map(Object::toString).orElse("")).append('\n').append(w.timeout());
        }
        return Hashing.of(s.toString());
    }

    private BuiltArtifact make(Variant v, String key, JvmClasspath cp, double buildSeconds) {
        Path bin = store.binDir(key);
        ArtifactStore.freshDir(bin);
        events.started("build " + v, v.jvm() ? "copy classpath, train, check the archive" : "copy classpath, launcher");
        Instant t0 = Instant.now();
        List<Path> copies = cp.copyTo(bin);
        List<String> flags = new ArrayList<>(LOG_FLAGS);
        flags.addAll(config.toolchain().jvm().jvmFlags());
        String check = "";
        String archiveSha = "";
        if (v.jvm()) {
            JvmCaches.Made made = new JvmCaches(config, toolchain, store, training, events).make(v, bin, flags, copies, cp.main());
            flags.addAll(made.readFlags());
            check = made.check();
            archiveSha = made.sha256();
        }
        Path launcher = bin.resolve(launcherName());
        JvmLauncher.write(launcher, "pgolab " + v + " launcher, " + toolchain.describe(),
                JvmLauncher.command(toolchain.jdk().java(), flags, copies, cp.main()));
        double seconds = Duration.between(t0, Instant.now()).toMillis() / 1000.0 + buildSeconds;
        BuiltArtifact a = new BuiltArtifact(v.name(), (v.jvm() ? Phase.OPTIMIZE : Phase.PLAIN).id(), key, launcher.toString(),
                "", Hashing.sizeOf(bin), seconds, archiveSha, 0, 0, store.logs().resolve("build-jvm.log").toString(),
                config.build().command(), Instant.now().toString(), check, Digests.of(bin));
        store.record(v.name(), a);
        events.finished("build " + v, Duration.between(t0, Instant.now()), "");
        return a;
    }

    /** The launcher is named after the project, as a native binary would be. */
    private String launcherName() {
        String n = config.name().replaceAll("[^A-Za-z0-9._-]", "_");
        return n.isEmpty() || n.startsWith(".") || n.equals("cp") || n.startsWith("app.") ? "program" : n;
    }
}
