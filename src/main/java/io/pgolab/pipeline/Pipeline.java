package io.pgolab.pipeline;

import io.pgolab.config.Config;
import io.pgolab.config.Variant;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.workload.ShellRunner;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The order of work: plain variants, then (when any variant uses a profile) the instrumented
 * build, training and a merge per profile set, then the profile-guided variants. A BOLT variant is
 * built like its base (linked with relocations), then profiled and rewritten by BOLT. Each step is skipped when its
 * inputs have not changed.
 */
public final class Pipeline {
    private final Config config;
    private final Toolchain toolchain;
    private final Events events;
    private final BuildStage builds;
    private final TrainStage training;
    private final BoltStage bolt;

    public Pipeline(Config config, Toolchain toolchain, ArtifactStore store, ShellRunner runner, Events events) {
        this.config = config;
        this.toolchain = toolchain;
        this.events = events;
        this.builds = new BuildStage(config, toolchain, store, runner, events);
        this.training = new TrainStage(config, toolchain, store, runner, events);
        this.bolt = new BoltStage(config, toolchain, store, runner, events, training);
    }


    public PipelineOutcome build(List<Variant> variants, boolean forceTraining, FailureMode mode) {
        variants.forEach(toolchain::require);
        List<BuildResult> results = new ArrayList<>();
        for (Variant v : variants) {
            if (!v.pgo()) {
                results.add(finish(v, builds.run(v, Phase.PLAIN, Optional.empty())));
            }
        }
        if (variants.stream().noneMatch(Variant::pgo)) {
            return new PipelineOutcome(results, Optional.empty(), Map.of(), false);
        }
        PipelineOutcome t = profile(profileSets(variants), forceTraining, mode);
        for (Variant v : variants) {
            if (v.pgo()) {
                ProfileRecord p = t.profiles().get(v.profileSet());
                results.add(finish(v, builds.run(v, Phase.OPTIMIZE, Optional.of(p.data()))));
            }
        }
        return new PipelineOutcome(results, t.instrumented(), t.profiles(), t.trained());
    }

    /** The profile sets the profile-guided variants use ("" for plain pgo), in variant order. */
    public static List<String> profileSets(List<Variant> variants) {
        List<String> sets = variants.stream().filter(Variant::pgo).map(Variant::profileSet).distinct().toList();
        return sets.isEmpty() ? List.of("") : sets;
    }

    /** Instrumented build (cached), then training and merge of each profile set (cached unless forced). */
    public PipelineOutcome profile(List<String> sets, boolean forceTraining, FailureMode mode) {
        toolchain.require(Variant.PGO);
        BuildResult instr = report(builds.run(Variant.PGO, Phase.INSTRUMENT, Optional.empty()));
        Map<String, ProfileRecord> profiles = new LinkedHashMap<>();
        boolean trained = false;
        for (String set : sets) {
            Optional<ProfileRecord> profile = forceTraining ? Optional.empty() : training.current(instr.artifact(), set);
            if (profile.isPresent()) {
                events.note("training" + (set.isEmpty() ? "" : " @" + set) + ": up to date (profile "
                        + shortName(profile.get()) + ")");
            } else {
                profile = Optional.of(training.run(instr.artifact(), mode, set, forceTraining));
                trained = true;
            }
            profiles.put(set, profile.get());
        }
        return new PipelineOutcome(List.of(), Optional.of(instr), profiles, trained);
    }

    /** A BOLT variant's build is its input: BOLT it; others are done. */
    private BuildResult finish(Variant v, BuildResult r) {
        return v.bolt() ? report(bolt.run(v, report(r))) : report(r);
    }

    private BuildResult report(BuildResult r) {
        if (r.cached()) {
            events.note("build " + r.artifact().variant() + ": up to date, nothing rebuilt"
                    + (r.sharedFrom().isEmpty() ? "" : " (the identical build made for " + r.sharedFrom() + ")"));
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
