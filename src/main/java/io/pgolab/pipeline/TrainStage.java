package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.Durations;
import io.pgolab.config.ProcessSpec;
import io.pgolab.config.ServiceSpec;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.process.LoaderFailure;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.store.Digests;
import io.pgolab.store.FileDigest;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.MergeResult;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.RawInput;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.DiskFull;
import io.pgolab.util.Events;
import io.pgolab.util.Hashing;
import io.pgolab.util.Json;
import io.pgolab.util.OutputFile;
import io.pgolab.workload.ServiceRun;
import io.pgolab.workload.ShellRunner;
import io.pgolab.workload.Signals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BinaryOperator;
import java.util.function.Function;

/**
 * Runs the [[train]] workloads against the instrumented binary, each writing raw profiles into its
 * own directory (kept and reused while the workload and the binary are unchanged), checks that each
 * left a profile, and merges a profile set (all workloads, or those tagged profile = "TAG") into a
 * content-named profile.
 */
public final class TrainStage {
    private final Config config;
    private final Toolchain toolchain;
    private final ArtifactStore store;
    private final ShellRunner runner;
    private final Events events;
    private final Map<Path, ProfileRecord.WorkloadRun> ranNow = new HashMap<>();

    public TrainStage(Config config, Toolchain toolchain, ArtifactStore store, ShellRunner runner, Events events) {
        this.config = config;
        this.toolchain = toolchain;
        this.store = store;
        this.runner = runner;
        this.events = events;
    }

    /** The [[train]] workloads that feed a profile set ("" = all of them). */
    public List<WorkloadSpec> workloads(String profileSet) {
        return config.train().stream().filter(w -> w.feeds(profileSet)).toList();
    }

    public String key(BuiltArtifact instrumented, String profileSet) {
        StringBuilder s = new StringBuilder("pgolab-train-v2\n").append(instrumented.key()).append('\n').append(profileSet);
        for (WorkloadSpec w : workloads(profileSet)) {
            s.append('\n').append(workloadKey(instrumented, w)).append('\t').append(w.weight());
            if (w.hasShare()) {   // only then, so that the keys of sets without shares stay as they were
                s.append("\tshare=").append(w.share());
            }
            if (w.base()) {
                s.append("\tbase");
            }
        }
        return Hashing.of(s.toString());
    }

    private String workloadKey(BuiltArtifact instrumented, WorkloadSpec w) {
        return Hashing.of(String.join("\n", "pgolab-train-run-v1", instrumented.key(), w.name(), toolchain.trainingCommand(w.command()),
                w.env().toString(), w.service().map(Object::toString).orElse(""), w.timeout().toString()));
    }

    /** Where the record of a profile set lives: current.json for all workloads, current@TAG.json for a tag. */
    public Path recordFile(String profileSet) {
        return recordFile(store, profileSet, BuiltArtifact.INSTRUMENTED);
    }

    /**
     * The record of a profile set trained on this instrumented build: as recordFile(profileSet) for the
     * instrumented build, current-NAME.json for context-sensitive PGO's second round (NAME names its set).
     */
    private static Path recordFile(ArtifactStore store, String profileSet, String instrumented) {
        if (!instrumented.equals(BuiltArtifact.INSTRUMENTED)) {
            return store.profileRecords().resolve("current-" + instrumented + ".json");
        }
        return store.profileRecords().resolve(profileSet.isEmpty() ? "current.json" : "current@" + profileSet + ".json");
    }

    /**
     * The profile recorded for this instrumented build and these workloads, if any: this config's
     * record, else an intact one another config file of the project recorded for the same training key
     * (the same instrumented build and workloads), which becomes this config's record too.
     */
    public Optional<ProfileRecord> current(BuiltArtifact instrumented, String profileSet) {
        String key = key(instrumented, profileSet);
        Path file = recordFile(store, profileSet, instrumented.variant());
        Optional<ProfileRecord> own = read(file, key);
        if (own.isPresent()) {
            Optional<String> damage = damage(own.get());
            damage.ifPresent(d -> events.warn(d + ": merging it again from the raw runs"));
            if (damage.isEmpty()) {
                return own;
            }
        }
        for (ArtifactStore other : store.others()) {
            Optional<ProfileRecord> r = read(recordFile(other, profileSet, instrumented.variant()), key)
                    .filter(x -> damage(x).isEmpty());
            if (r.isPresent()) {
                Json.write(file, r.get());
                return r;
            }
        }
        return Optional.empty();
    }

    private static Optional<ProfileRecord> read(Path f, String trainKey) {
        if (!Files.isRegularFile(f)) {
            return Optional.empty();
        }
        try {
            ProfileRecord r = Json.read(f, ProfileRecord.class);
            return r.trainKey() == null || r.profile() == null || !r.trainKey().equals(trainKey) ? Optional.empty() : Optional.of(r);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private Optional<String> damage(ProfileRecord r) {
        return Digests.change(Path.of(r.profile()), new FileDigest(r.bytes(), r.sha256()), "merged", store.root().getParent());
    }

    /**
     * Runs the workloads of the set (each at most once per pgolab invocation; a workload whose inputs
     * are unchanged since an earlier run is reused unless forced) and merges their raw profiles.
     */
    public ProfileRecord run(BuiltArtifact instrumented, FailureMode mode, String profileSet, boolean force) {
        return run(instrumented, mode, profileSet, force, Optional.empty());
    }

    /**
     * As run; with first (context-sensitive PGO's second round, trained on the build that read first),
     * the merged profile is combined with first's into the one profile the optimized build reads.
     */
    public ProfileRecord run(BuiltArtifact instrumented, FailureMode mode, String profileSet, boolean force,
                             Optional<ProfileData> first) {
        List<WorkloadSpec> set = workloads(profileSet);
        if (set.isEmpty()) {
            throw new UserError("there is no [[train]] workload" + (profileSet.isEmpty() ? "" : " with profile = \""
                    + profileSet + "\"") + " in " + config.file(),
                    "add one, e.g. [[train]] name = \"typical\" command = \"{binary} --typical-input\"");
        }
        List<RawInput> inputs = new ArrayList<>();
        List<ProfileRecord.WorkloadRun> runs = new ArrayList<>();
        List<Path> runDirs = new ArrayList<>();
        for (WorkloadSpec w : set) {
            Path dir = store.profiles().resolve("runs").resolve(w.name() + "-" + workloadKey(instrumented, w).substring(0, 12));
            runs.add(ensureRun(w, instrumented, dir, force));
            runDirs.add(dir);
            inputs.addAll(RoleProfiles.inputs(w, dir.resolve("raw"), profileSet));
        }
        toolchain.notes().forEach(events::note);
        String label = (first.isPresent() ? "merge (context-sensitive)" : "merge") + (profileSet.isEmpty() ? "" : " @" + profileSet);
        events.started(label, inputs.size() + " workload profile(s)" + (first.isPresent() ? " + the PGO profile" : ""));
        Instant t0 = Instant.now();
        MergeResult merged = toolchain.merge(inputs, store.profiles(), mode);
        if (first.isPresent()) {
            merged = new MergeResult(toolchain.combineCs(merged.profile(), first.get(), store.profiles()), merged.dropped(),
                    merged.parts());
        }
        Duration took = Duration.between(t0, Instant.now());
        for (String d : merged.dropped()) {
            events.warn("dropped from the merge: " + d);
        }
        if (!merged.dropped().isEmpty()) {   // the merge may have deleted unreadable raw files: record what is left
            runs = RawRuns.rerecord(runs, runDirs);
            for (int i = 0; i < runs.size(); i++) {
                ranNow.put(runDirs.get(i), runs.get(i));
            }
        }
        events.finished(label, took, merged.profile().path().getFileName().toString());
        List<ProfileRecord.Contribution> parts = MergeShares.of(set, merged.parts());
        MergeShares.warnings(parts).forEach(events::warn);
        ProfileRecord r = new ProfileRecord(key(instrumented, profileSet), instrumented.key(), instrumented.notes(),
                merged.profile().path().toString(), merged.profile().sha256(), merged.profile().bytes(),
                took.toMillis() / 1000.0, runs, merged.dropped(), Instant.now().toString(), profileSet, null, parts);
        Json.write(recordFile(store, profileSet, instrumented.variant()), r);
        return r;
    }

    private ProfileRecord.WorkloadRun ensureRun(WorkloadSpec w, BuiltArtifact instrumented, Path dir, boolean force) {
        ProfileRecord.WorkloadRun done = ranNow.get(dir);
        if (done != null) {
            return done;
        }
        Path marker = dir.resolve("run.json");
        if (!force && Files.isRegularFile(marker)) {
            try {
                done = Json.read(marker, ProfileRecord.WorkloadRun.class);
                Optional<String> damage = RawRuns.damage(done, dir.resolve("raw"), toolchain, store.root().getParent());
                if (damage.isEmpty() && RoleProfiles.complete(w, dir.resolve("raw"), toolchain::rawProfiles)) {
                    events.note("train " + w.name() + ": up to date (raw profile of an earlier run reused)");
                    done = RawRuns.recordDigests(done, marker);
                    ranNow.put(dir, done);
                    return done;
                }
                damage.ifPresent(d -> events.warn(d + ": running training workload '" + w.name() + "' again"));
            } catch (IOException e) {
                // unreadable marker: run again
            }
        }
        ArtifactStore.freshDir(dir);
        Path raw = dir.resolve("raw");
        ArtifactStore.freshDir(raw);
        done = RawRuns.recordDigests(runOne(w, instrumented.binary(), raw, toolchainCollector(), "train-"), marker);
        ranNow.put(dir, done);
        return done;
    }

    /** Where a training run's profile comes from: the compiler's runtime, or BOLT's. */
    public interface Collector {
        /** Environment that makes the program write its profile into raw. */
        Map<String, String> env(Path raw);

        /** The profile files a run left for raw (empty: none). */
        List<Path> files(Path raw);

        /** The shell command to run (a collector may wrap it, e.g. in perf record). */
        default String wrap(String command, Path raw) {
            return command;
        }

        /** A collector that sets no environment: the files function finds what a run left. */
        static Collector of(Function<Path, List<Path>> files, BinaryOperator<String> wrap) {
            return new Collector() {
                @Override
                public Map<String, String> env(Path raw) {
                    return Map.of();
                }

                @Override
                public List<Path> files(Path raw) {
                    return files.apply(raw);
                }

                @Override
                public String wrap(String command, Path raw) {
                    return wrap.apply(command, raw.toString());
                }
            };
        }
    }

    /** The toolchain's own profile collector: its training environment and raw profile files. */
    public Collector toolchainCollector() {
        return new Collector() {
            @Override
            public Map<String, String> env(Path raw) {
                return toolchain.trainingEnv(raw);
            }

            @Override
            public List<Path> files(Path raw) {
                return toolchain.rawProfiles(raw);
            }
        };
    }

    /**
     * Runs one [[train]] workload against binary and checks that it left a profile for raw. Logs go
     * to .pgolab/logs/PREFIX + the workload's name.
     */
    public ProfileRecord.WorkloadRun runOne(WorkloadSpec w, String binary, Path raw, Collector collector, String logPrefix) {
        if (w.isService()) {
            return runService(w, binary, raw, collector, logPrefix);
        }
        String command = collector.wrap(config.render(toolchain.trainingCommand(w.command()), binary, 0, profileValues(raw)), raw);
        Map<String, String> env = new LinkedHashMap<>(w.env());
        env.putAll(collector.env(raw));
        events.started("train " + w.name(), command);
        Path logFile = store.logs().resolve(logPrefix + w.name() + ".log");
        ShellRunner.Outcome o = runner.run(command, config.configDir(), env, w.timeout(), logFile);
        var m = o.measurement();
        if (!o.ok()) {
            String why = m.timedOut() ? "did not finish within " + Durations.format(w.timeout()) + " (timeout)"
                    : m.signal() != 0 ? "crashed: killed by " + Signals.name(m.signal())
                    : "failed with exit status " + m.exitCode();
            throw new UserError("training workload '" + w.name() + "' " + why + "\n" + ShellRunner.describeFailure(o, 20),
                    m.timedOut() ? "raise timeout for [[train]] '" + w.name() + "' (line " + w.line() + ")"
                            : LoaderFailure.hint(o.output()).or(() -> toolchain.explainTrainingFailure(o.output())).orElse(
                                    "make the workload succeed with the normal build first; pgolab needs a clean exit"
                                    + " so the instrumented program writes its profile"));
        }
        List<Path> files = collector.files(raw);
        long bytes = files.stream().mapToLong(TrainStage::size).sum();
        if ((files.isEmpty() || bytes == 0) && DiskFull.full(raw)) {
            throw DiskFull.whileWriting(raw, "the profile of training workload '" + w.name() + "' (to " + raw
                    + ")", "free space on that filesystem, or move the project (its .pgolab directory holds the builds,"
                    + " profiles and logs) to a larger disk", null);
        }
        if (files.isEmpty() || bytes == 0) {
            throw new UserError("training workload '" + w.name() + "' ran, but the instrumented program wrote no profile"
                    + " (nothing in " + raw + ")",
                    toolchain.noProfileHint() + ". Check that the command runs " + binary);
        }
        events.finished("train " + w.name(), Duration.ofMillis(Math.round(m.wallSeconds() * 1000)),
                files.size() + " raw file(s), cpu " + String.format("%.2fs", m.cpuSeconds()));
        warnAboutProfile(w, "", logFile);
        return new ProfileRecord.WorkloadRun(w.name(), command, m.wallSeconds(), m.cpuSeconds(), files.size(), bytes, null);
    }

    private ProfileRecord.WorkloadRun runService(WorkloadSpec w, String binary, Path raw, Collector collector,
                                                 String logPrefix) {
        var given = w.service().orElseThrow();
        var spec = RoleProfiles.withProfilePlaceholders(given, w, raw, r -> profileValues(r),
                toolchain::trainingCommand);
        Function<String, Map<String, String>> env = role -> {
            Map<String, String> e = new LinkedHashMap<>(w.env());
            if (spec.rolesUnderTest().contains(role)) {
                e.putAll(collector.env(RoleProfiles.dir(w, raw, role)));
            }
            return e;
        };
        events.started("train " + w.name(), (given.named() ? String.join(" + ", spec.roles()) : "server " + spec.server())
                + " + " + spec.clients().size() + " client(s)");
        Instant t0 = Instant.now();
        ServiceRun.Result r = ServiceRun.run(ServiceRun.Request.of(config, logPrefix + w.name(), spec, binary, Map.of(),
                store.logs(), w.timeout()).withEnv(env), runner);
        var m = r.stopped().measurement();
        int count = 0;
        long bytes = 0;
        for (String role : spec.rolesUnderTest()) {
            List<Path> files = collector.files(RoleProfiles.dir(w, raw, role));
            long b = files.stream().mapToLong(TrainStage::size).sum();
            if (files.isEmpty() || b == 0) {
                throw NoProfile.of(toolchain, store, w, spec, r, role, raw);
            }
            count += files.size();
            bytes += b;
        }
        r.processes().forEach((role, st) -> {
            if (spec.rolesUnderTest().contains(role) && st.measurement().exitCode() != 0) {
                events.warn("the " + (given.named() ? "'" + role + "' process" : "server") + " of '" + w.name()
                        + "' exited with status " + st.measurement().exitCode() + " after " + stopSignal(spec, role));
            }
        });
        for (String role : spec.rolesUnderTest()) {
            warnAboutProfile(w, given.named() ? "the '" + role + "' process: " : "the server: ",
                    store.logs().resolve(logPrefix + w.name() + "-" + role + ".log"));
        }
        double seconds = Duration.between(t0, Instant.now()).toMillis() / 1000.0;
        double cpu = spec.rolesUnderTest().stream().mapToDouble(role -> r.byRole(spec.clientRole()).get(role).cpuSeconds())
                .sum();
        events.finished("train " + w.name(), Duration.between(t0, Instant.now()), count + " raw file(s), "
                + (given.named() ? "cpu of " + String.join(", ", spec.rolesUnderTest()) : "server cpu") + " "
                + String.format("%.2fs", cpu) + ", stopped by " + spec.stopSignal() + " in "
                + Durations.format(r.stopped().stopTook()));
        return new ProfileRecord.WorkloadRun(w.name(), spec.server(), seconds, cpu, count, bytes, null);
    }

    /** What the profile runtime said in a successful run's output that leaves its profile incomplete. */
    private void warnAboutProfile(WorkloadSpec w, String who, Path log) {
        if (Files.isRegularFile(log)) {
            toolchain.trainingOutputWarning(OutputFile.readQuietly(log))
                    .ifPresent(said -> events.warn("train " + w.name() + ": " + who + said));
        }
    }

    private static String stopSignal(ServiceSpec spec, String role) {
        return spec.processes().stream().filter(p -> p.role().equals(role)).map(ProcessSpec::stopSignal)
                .findFirst().orElse(spec.stopSignal());
    }

    /** {profile} (one file per workload) and {profile_dir} of a training command. */
    private static Map<String, String> profileValues(Path raw) {
        return Map.of("profile", raw.resolve("cpu.pprof").toString(), "profile_dir", raw.toString());
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }
}
