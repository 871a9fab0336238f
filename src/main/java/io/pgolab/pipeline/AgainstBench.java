package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.profile.TrainingMatch;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.FunctionCounts;
import io.pgolab.toolchain.MergeResult;
import io.pgolab.toolchain.RawInput;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.Events;
import io.pgolab.util.Hashing;
import io.pgolab.workload.ShellRunner;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs each [[bench]] workload once on the instrumented binary (the release binary for go) into a
 * profile of its own under profiles/against-bench/SET/ of the config's records (ArtifactStore), and
 * compares it with the merged training profile ({@link TrainingMatch}). Those profiles are never merged into a training profile
 * and never used for a build: each run starts from an empty directory, and nothing else reads it.
 */
public final class AgainstBench {
    /** Cold functions listed per bench workload unless the caller asks for another number. */
    public static final int TOP = 5;

    private final Config config;
    private final Toolchain toolchain;
    private final ArtifactStore store;
    private final ShellRunner runner;
    private final Events events;

    public AgainstBench(Config config, Toolchain toolchain, ArtifactStore store, ShellRunner runner, Events events) {
        this.config = config;
        this.toolchain = toolchain;
        this.store = store;
        this.runner = runner;
        this.events = events;
    }

    /** The directory of a profile set's bench runs ("all" for every [[train]] workload). */
    public Path dir(String profileSet) {
        return store.profileRecords().resolve("against-bench").resolve(profileSet.isEmpty() ? "all" : profileSet);
    }

    /**
     * Builds the instrumented binary and trains the profile set when they are missing or stale (as
     * 'pgolab train' would), runs the bench workloads named in only (empty: all of them) on it, and
     * compares. A bench workload that fails on the instrumented binary is skipped with its reason.
     */
    public TrainingMatch run(String profileSet, int top, List<String> only) {
        if (config.bench().isEmpty()) {
            throw new UserError("there is no [[bench]] workload in " + config.file() + " to compare training with",
                    "add one, e.g. [[bench]] name = \"typical\" command = \"{binary} --typical-input\"");
        }
        PipelineOutcome o = new Pipeline(config, toolchain, store, runner, events).profile(List.of(profileSet), false,
                FailureMode.FAIL);
        ProfileRecord rec = o.profiles().get(profileSet);
        BuiltArtifact instrumented = o.instrumented().orElseThrow().artifact();
        Path notes = rec.notes() == null ? null : Path.of(rec.notes());
        FunctionCounts training = toolchain.functionCounts(rec.data(), notes);
        TrainStage stage = new TrainStage(config, toolchain, store, runner, benchRuns(events));
        Path base = dir(profileSet);
        ArtifactStore.freshDir(base);
        List<TrainingMatch.Bench> out = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (WorkloadSpec w : config.bench()) {
            if (!only.isEmpty() && !only.contains(w.name())) {
                continue;
            }
            Path dir = base.resolve(w.name() + "-" + Hashing.of(instrumented.key() + "\n" + w.command()).substring(0, 12));
            Path raw = dir.resolve("raw");
            try {
                ArtifactStore.freshDir(raw);
                stage.runOne(w, instrumented.binary(), raw, stage.toolchainCollector(), "against-bench-");
                MergeResult m = toolchain.merge(List.of(new RawInput(w.name(), raw, 1)), dir, FailureMode.FAIL);
                FunctionCounts run = toolchain.functionCounts(m.profile(), notes);
                TrainingMatch.Bench b = TrainingMatch.compare(w.name(), m.profile().path().toString(), training, run, top);
                out.add(b.withDemangled(ReadableNames.of(toolchain,
                        b.cold().stream().map(TrainingMatch.ColdFunction::name).toList(), events), training.measure()));
            } catch (UserError e) {
                events.warn("training check: bench workload '" + w.name() + "' skipped: " + e.getMessage());
                skipped.add(w.name() + ": " + e.getMessage().lines().findFirst().orElse(""));
            }
        }
        if (out.isEmpty() && !skipped.isEmpty()) {
            throw new UserError("no [[bench]] workload ran on the instrumented binary: " + String.join("; ", skipped),
                    "make the bench workloads run with the instrumented build (see the logs in " + store.logs() + ")");
        }
        return new TrainingMatch(profileSet, training.measure(), rec.profile(),
                rec.workloads().stream().map(ProfileRecord.WorkloadRun::name).toList(), TrainingMatch.NEARLY_COLD,
                base.toString(), out, skipped);
    }

    /** The train stage's events with its "train NAME" stages named as what they are here. */
    private static Events benchRuns(Events events) {
        return new Events() {
            @Override
            public void started(String stage, String detail) {
                events.started(rename(stage), detail);
            }

            @Override
            public void finished(String stage, Duration took, String detail) {
                events.finished(rename(stage), took, detail);
            }

            @Override
            public void note(String message) {
                events.note(message);
            }

            @Override
            public void warn(String message) {
                events.warn(message);
            }

            private String rename(String stage) {
                return stage.replaceFirst("^train ", "bench run (instrumented) ");
            }
        };
    }
}
