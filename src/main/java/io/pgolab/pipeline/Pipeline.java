package io.pgolab.pipeline;

import io.pgolab.config.Config;
import io.pgolab.config.Variant;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.workload.ShellRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The order of work: plain variants, then (when any variant uses a profile) the instrumented
 * build, training and merge, then the profile-guided variants. Each step is skipped when its
 * inputs have not changed.
 */
public final class Pipeline {
    private final Config config;
    private final Toolchain toolchain;
    private final Events events;
    private final BuildStage builds;
    private final TrainStage training;

    public Pipeline(Config config, Toolchain toolchain, ArtifactStore store, ShellRunner runner, Events events) {
        this.config = config;
        this.toolchain = toolchain;
        this.events = events;
        this.builds = new BuildStage(config, toolchain, store, runner, events);
        this.training = new TrainStage(config, toolchain, store, runner, events);
    }

    public record Outcome(List<BuildStage.Result> builds, Optional<BuildStage.Result> instrumented,
                          Optional<ProfileRecord> profile, boolean trained) {
        public Optional<BuildStage.Result> build(String variant) {
            return builds.stream().filter(b -> b.artifact().variant().equals(variant)).findFirst();
        }
    }

    public Outcome build(List<Variant> variants, boolean forceTraining, FailureMode mode) {
        variants.forEach(toolchain::require);
        List<BuildStage.Result> results = new ArrayList<>();
        for (Variant v : variants) {
            if (!v.pgo()) {
                results.add(report(builds.run(v, Phase.PLAIN, Optional.empty())));
            }
        }
        Optional<BuildStage.Result> instr = Optional.empty();
        Optional<ProfileRecord> profile = Optional.empty();
        boolean trained = false;
        if (variants.stream().anyMatch(Variant::pgo)) {
            Outcome t = profile(forceTraining, mode);
            instr = t.instrumented();
            profile = t.profile();
            trained = t.trained();
            for (Variant v : variants) {
                if (v.pgo()) {
                    results.add(report(builds.run(v, Phase.OPTIMIZE, Optional.of(profile.get().data()))));
                }
            }
        }
        return new Outcome(results, instr, profile, trained);
    }

    /** Instrumented build (cached), then training and merge (cached unless forced). */
    public Outcome profile(boolean forceTraining, FailureMode mode) {
        toolchain.require(Variant.PGO);
        BuildStage.Result instr = report(builds.run(Variant.PGO, Phase.INSTRUMENT, Optional.empty()));
        Optional<ProfileRecord> profile = forceTraining ? Optional.empty() : training.current(instr.artifact());
        boolean trained = false;
        if (profile.isPresent()) {
            events.note("training: up to date (profile " + shortName(profile.get()) + ")");
        } else {
            profile = Optional.of(training.run(instr.artifact(), mode));
            trained = true;
        }
        return new Outcome(List.of(), Optional.of(instr), profile, trained);
    }

    private BuildStage.Result report(BuildStage.Result r) {
        if (r.cached()) {
            events.note("build " + r.artifact().variant() + ": up to date, nothing rebuilt");
        }
        return r;
    }

    private static String shortName(ProfileRecord r) {
        return java.nio.file.Path.of(r.profile()).getFileName().toString();
    }

    public Config config() {
        return config;
    }
}
