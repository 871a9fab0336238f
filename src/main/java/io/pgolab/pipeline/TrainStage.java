package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.MergeResult;
import io.pgolab.toolchain.RawInput;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.Hashing;
import io.pgolab.util.Json;
import io.pgolab.workload.ServiceRun;
import io.pgolab.workload.ShellRunner;
import io.pgolab.workload.Signals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs every [[train]] workload against the instrumented binary, each writing raw profiles into its
 * own directory, checks that each left a profile, and merges them into a content-named profile.
 */
public final class TrainStage {
    private final Config config;
    private final Toolchain toolchain;
    private final ArtifactStore store;
    private final ShellRunner runner;
    private final Events events;

    public TrainStage(Config config, Toolchain toolchain, ArtifactStore store, ShellRunner runner, Events events) {
        this.config = config;
        this.toolchain = toolchain;
        this.store = store;
        this.runner = runner;
        this.events = events;
    }

    public String key(BuiltArtifact instrumented) {
        StringBuilder s = new StringBuilder("pgolab-train-v1\n").append(instrumented.key());
        for (WorkloadSpec w : config.train()) {
            s.append('\n').append(w.name()).append('\t').append(w.command()).append('\t').append(w.weight())
                    .append('\t').append(w.env());
        }
        return Hashing.of(s.toString());
    }

    /** The profile recorded for this instrumented build and these workloads, if any. */
    public Optional<ProfileRecord> current(BuiltArtifact instrumented) {
        Path f = store.profiles().resolve("current.json");
        if (!Files.isRegularFile(f)) {
            return Optional.empty();
        }
        try {
            ProfileRecord r = Json.read(f, ProfileRecord.class);
            return r.trainKey() != null && r.profile() != null && r.trainKey().equals(key(instrumented)) && Files.exists(Path.of(r.profile()))
                    ? Optional.of(r) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    public ProfileRecord run(BuiltArtifact instrumented, FailureMode mode) {
        if (config.train().isEmpty()) {
            throw new UserError("there is no [[train]] workload in " + config.file(),
                    "add one, e.g. [[train]] name = \"typical\" command = \"{binary} --typical-input\"");
        }
        String trainKey = key(instrumented);
        Path base = store.profiles().resolve("train-" + trainKey.substring(0, 12));
        List<RawInput> inputs = new ArrayList<>();
        List<ProfileRecord.WorkloadRun> runs = new ArrayList<>();
        for (WorkloadSpec w : config.train()) {
            Path raw = base.resolve(w.name()).resolve("raw");
            ArtifactStore.freshDir(raw);
            runs.add(runOne(w, instrumented, raw));
            inputs.add(new RawInput(w.name(), raw, w.weight()));
        }
        toolchain.notes().forEach(events::note);
        events.started("merge", inputs.size() + " workload profile(s)");
        Instant t0 = Instant.now();
        MergeResult merged = toolchain.merge(inputs, store.profiles(), mode);
        Duration took = Duration.between(t0, Instant.now());
        for (String d : merged.dropped()) {
            events.warn("dropped from the merge: " + d);
        }
        events.finished("merge", took, merged.profile().path().getFileName().toString());
        ProfileRecord r = new ProfileRecord(trainKey, instrumented.key(), instrumented.notes(),
                merged.profile().path().toString(), merged.profile().sha256(), merged.profile().bytes(),
                took.toMillis() / 1000.0, runs, merged.dropped(), Instant.now().toString());
        Json.write(store.profiles().resolve("current.json"), r);
        return r;
    }

    private ProfileRecord.WorkloadRun runOne(WorkloadSpec w, BuiltArtifact instrumented, Path raw) {
        if (w.isService()) {
            return runService(w, instrumented, raw);
        }
        String command = config.workloadCommand(w, instrumented.binary());
        Map<String, String> env = new LinkedHashMap<>(w.env());
        env.putAll(toolchain.trainingEnv(raw));
        events.started("train " + w.name(), command);
        Path logFile = store.logs().resolve("train-" + w.name() + ".log");
        ShellRunner.Outcome o = runner.run(command, config.configDir(), env, w.timeout(), logFile);
        var m = o.measurement();
        if (!o.ok()) {
            String why = m.timedOut() ? "did not finish within " + io.pgolab.config.Durations.format(w.timeout()) + " (timeout)"
                    : m.signal() != 0 ? "crashed: killed by " + Signals.name(m.signal())
                    : "failed with exit status " + m.exitCode();
            throw new UserError("training workload '" + w.name() + "' " + why + "\n"
                    + ShellRunner.describeFailure(o, 20),
                    m.timedOut() ? "raise timeout for [[train]] '" + w.name() + "' (line " + w.line() + ")"
                            : "make the workload succeed with the normal build first; pgolab needs a clean exit"
                                    + " so the instrumented program writes its profile");
        }
        List<Path> files = toolchain.rawProfiles(raw);
        long bytes = files.stream().mapToLong(TrainStage::size).sum();
        if (files.isEmpty() || bytes == 0) {
            throw new UserError("training workload '" + w.name() + "' ran, but the instrumented program wrote no profile"
                    + " (nothing in " + raw + ")",
                    "profiles are written when the program exits normally (return from main or exit()). A program"
                            + " stopped by a signal (SIGTERM, SIGKILL), one that leaves through _exit() or abort(),"
                            + " or a command that never runs {binary} writes nothing. Check that the command runs "
                            + instrumented.binary());
        }
        events.finished("train " + w.name(), Duration.ofMillis(Math.round(m.wallSeconds() * 1000)),
                files.size() + " raw file(s), cpu " + String.format("%.2fs", m.cpuSeconds()));
        return new ProfileRecord.WorkloadRun(w.name(), command, m.wallSeconds(), m.cpuSeconds(), files.size(), bytes);
    }

    private ProfileRecord.WorkloadRun runService(WorkloadSpec w, BuiltArtifact instrumented, Path raw) {
        var spec = w.service().orElseThrow();
        Map<String, String> env = new LinkedHashMap<>(w.env());
        env.putAll(toolchain.trainingEnv(raw));
        events.started("train " + w.name(), "server " + spec.server() + " + " + spec.clients().size() + " client(s)");
        Instant t0 = Instant.now();
        ServiceRun.Result r = ServiceRun.run(config, "train-" + w.name(), spec, instrumented.binary(), env, store.logs(),
                runner, w.timeout());
        var m = r.stopped().measurement();
        List<Path> files = toolchain.rawProfiles(raw);
        long bytes = files.stream().mapToLong(TrainStage::size).sum();
        if (files.isEmpty() || bytes == 0) {
            throw new UserError("training workload '" + w.name() + "': the server wrote no profile ("
                    + howItEnded(r, spec) + ")\n  last lines of the server's output:\n    "
                    + r.serverTail().replace("\n", "\n    "), noProfileHint(r, spec));
        }
        if (m.exitCode() != 0) {
            events.warn("the server of '" + w.name() + "' exited with status " + m.exitCode() + " after " + spec.stopSignal());
        }
        double seconds = Duration.between(t0, Instant.now()).toMillis() / 1000.0;
        events.finished("train " + w.name(), Duration.between(t0, Instant.now()), files.size() + " raw file(s), server cpu "
                + String.format("%.2fs", m.cpuSeconds()) + ", stopped by " + spec.stopSignal() + " in "
                + io.pgolab.config.Durations.format(r.stopped().stopTook()));
        return new ProfileRecord.WorkloadRun(w.name(), spec.server(), seconds, m.cpuSeconds(), files.size(), bytes);
    }

    static String howItEnded(ServiceRun.Result r, io.pgolab.config.ServiceSpec spec) {
        var m = r.stopped().measurement();
        if (r.stopped().killedAfterGrace()) {
            return "it did not exit within " + io.pgolab.config.Durations.format(spec.stopGrace()) + " of " + spec.stopSignal()
                    + " and was killed with SIGKILL, which writes no profile";
        }
        if (m.signal() != 0) {
            return "it was ended by " + Signals.name(m.signal()) + " without exiting normally, so its exit handlers"
                    + " (which write the profile) never ran";
        }
        return "it exited with status " + m.exitCode() + " after " + spec.stopSignal()
                + ", but through a path that skips exit handlers (_exit, abort, exec?)";
    }

    static String noProfileHint(ServiceRun.Result r, io.pgolab.config.ServiceSpec spec) {
        return "make the server exit normally (return from main or exit()) on " + spec.stopSignal()
                + ": handle the signal and shut down cleanly, or set stop_signal to one it already handles"
                + (r.stopped().killedAfterGrace() ? ", and raise stop_grace if shutdown is slow" : "")
                + ". Alternatives: clang's continuous mode (cflags += -mllvm -runtime-counter-relocation, and %c in"
                + " LLVM_PROFILE_FILE) keeps the profile on disk as the server runs; or call __llvm_profile_write_file()"
                + " (clang) / __gcov_dump() (gcc) from the shutdown path or periodically";
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }
}
