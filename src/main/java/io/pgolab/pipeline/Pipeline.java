package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.StoredProfileSpec;
import io.pgolab.config.Variant;
import io.pgolab.jvm.JvmBuilds;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.profile.StoredProfileUse;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.BuildResult;
import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.toolchain.jvm.JvmToolchain;
import io.pgolab.util.Events;
import io.pgolab.workload.ShellRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

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
    private final ArtifactStore store;
    private final BuildStage builds;
    private final TrainStage training;
    private final BoltStage bolt;
    /** The context-sensitive rounds of variants built from a stored profile, in the build under way. */
    private final Map<String, PipelineOutcome.CsRound> storedRounds = new LinkedHashMap<>();
    /** In the build under way, the instrumented build and the profiles once they are made (for a failure's record). */
    private PipelineOutcome profiled;
    /** Toolchain kind "jvm" has its own build order (JvmBuilds): no instrumented build, no merge. */
    private final Optional<JvmBuilds> jvm;

    public Pipeline(Config config, Toolchain toolchain, ArtifactStore store, ShellRunner runner, Events events) {
        this.config = config;
        this.toolchain = toolchain;
        this.events = events;
        this.store = store;
        this.builds = new BuildStage(config, toolchain, store, runner, events);
        this.training = new TrainStage(config, toolchain, store, runner, events);
        this.bolt = new BoltStage(config, toolchain, store, runner, events, training);
        this.jvm = toolchain instanceof JvmToolchain j
                ? Optional.of(new JvmBuilds(config, j, store, runner, events, (w, binary, raw, recorded, logPrefix) ->
                        new TrainStage(config, toolchain, store, runner, events).runOne(w, binary, raw,
                                TrainStage.Collector.of(recorded, (c, r) -> c), logPrefix)))
                : Optional.empty();
    }


    public PipelineOutcome build(List<Variant> variants, boolean forceTraining, FailureMode mode) {
        return build(variants, forceTraining, mode, config.storedProfile());
    }

    /**
     * As build, with the profile-guided variants of the stored profile's set built from the stored
     * profile (stored.file(); none: train) instead of training, unless it is too stale: then they are
     * trained as usual, or, without [[train]] workloads for the set, the build fails. When a build
     * fails, its {@link BuildFailure.Failed} carries the variants that finished before it.
     */
    public PipelineOutcome build(List<Variant> variants, boolean forceTraining, FailureMode mode, StoredProfileSpec stored) {
        if (jvm.isPresent()) {
            JvmBuilds.Built b = jvm.get().build(variants, forceTraining);
            return new PipelineOutcome(b.builds(), Optional.empty(), Map.of(), b.trained());
        }
        variants.forEach(toolchain::require);
        storedRounds.clear();
        List<BuildResult> results = new ArrayList<>();
        profiled = null;
        try {
            return build(variants, forceTraining, mode, stored, results);
        } catch (BuildFailure.Failed f) {
            // what finished: the variants built, and the instrumented build and its profiles when they were made
            throw f.after(profiled == null ? new PipelineOutcome(List.copyOf(results), Optional.empty(), Map.of(), false)
                    : new PipelineOutcome(List.copyOf(results), profiled.instrumented(), profiled.profiles(),
                    profiled.trained()));
        }
    }

    private PipelineOutcome build(List<Variant> variants, boolean forceTraining, FailureMode mode, StoredProfileSpec stored,
                                  List<BuildResult> results) {
        boolean pgo = variants.stream().anyMatch(Variant::pgo);
        // Opened (and checked) first, so an unusable stored profile fails before anything is built.
        Optional<StoredProfileUse> opened = stored.file().isPresent() && pgo && !forceTraining
                ? Optional.of(StoredProfileUse.open(config, toolchain, store, stored)) : Optional.empty();
        for (Variant v : variants) {
            if (!v.pgo()) {
                results.add(finish(v, builds.run(v, Phase.PLAIN, Optional.empty())));
            }
        }
        if (!pgo) {
            return new PipelineOutcome(results, Optional.empty(), Map.of(), false);
        }
        Map<String, ProfileRecord> fromStore = new LinkedHashMap<>();
        Map<String, ProfileRecord.StoredUse> tried = new LinkedHashMap<>();
        if (stored.file().isPresent() && forceTraining) {
            events.note("--retrain: training instead of using the stored profile " + stored.file().get().getFileName());
        }
        opened.ifPresent(use -> fromStored(use, variants, stored, mode, results, fromStore, tried));
        List<String> toTrain = profileSets(variants).stream().filter(set -> !fromStore.containsKey(set)).toList();
        PipelineOutcome t = toTrain.isEmpty() ? new PipelineOutcome(List.of(), Optional.empty(), Map.of(), false)
                : profile(toTrain, forceTraining, mode);
        Map<String, ProfileRecord> profiles = new LinkedHashMap<>(fromStore);
        t.profiles().forEach((set, p) -> profiles.put(set, tried.containsKey(set) ? p.withStored(tried.get(set)) : p));
        Map<String, PipelineOutcome.CsRound> rounds = new LinkedHashMap<>(storedRounds);
        boolean trained = t.trained();
        profiled = new PipelineOutcome(List.of(), t.instrumented(), new LinkedHashMap<>(profiles), trained);
        for (Variant v : variants) {
            if (v.pgo() && !fromStore.containsKey(v.profileSet())) {
                ProfileRecord p = profiles.get(v.profileSet());
                results.add(finish(v, builds.run(v, Phase.OPTIMIZE, Optional.of(csProfile(v, p.data(), forceTraining, mode, rounds)))));
            }
        }
        trained |= rounds.values().stream().anyMatch(PipelineOutcome.CsRound::trained);
        return new PipelineOutcome(results, t.instrumented(), profiles, trained, Map.copyOf(rounds));
    }

    /**
     * The profile variant v is built with: first, or for context-sensitive PGO the profile of its second
     * round: the build instrumented on top of first (one per first profile and LTO setting), trained on
     * the same workloads, its profile combined with first. Each part is reused while its inputs are.
     */
    private ProfileData csProfile(Variant v, ProfileData first, boolean force,
                                                      FailureMode mode, Map<String, PipelineOutcome.CsRound> rounds) {
        if (!v.cs()) {
            return first;
        }
        Variant round = Variant.of(v.lto() ? Set.of(Variant.Step.PGO, Variant.Step.LTO, Variant.Step.CS)
                : Set.of(Variant.Step.PGO, Variant.Step.CS)).withProfileSet(v.profileSet());
        BuildResult instr = report(builds.run(round, Phase.CS_INSTRUMENT, Optional.of(first)));
        String set = v.profileSet();
        Optional<ProfileRecord> done = force ? Optional.empty() : training.current(instr.artifact(), set);
        boolean now = done.isEmpty();
        if (done.isPresent()) {
            events.note("training " + round + " (context-sensitive round): up to date (profile "
                    + shortName(done.get()) + ")");
        } else {
            done = Optional.of(train(instr, () -> training.run(instr.artifact(), mode, set, force, Optional.of(first))));
        }
        rounds.put(v.name(), new PipelineOutcome.CsRound(instr, done.get(), now));
        return done.get().data();
    }

    /**
     * Builds the variants of the stored profile's set from it and decides whether it is fresh enough:
     * then its builds join results and its record fromStore; else why it was not used goes to tried
     * (those variants train), or the build fails when there is nothing to train with.
     */
    private void fromStored(StoredProfileUse use, List<Variant> variants, StoredProfileSpec stored, FailureMode mode,
                            List<BuildResult> results,
                            Map<String, ProfileRecord> fromStore, Map<String, ProfileRecord.StoredUse> tried) {
        if (variants.stream().noneMatch(v -> v.pgo() && v.profileSet().equals(use.profileSet()))) {
            events.warn("the stored profile " + stored.file().orElseThrow().getFileName() + " is the profile of "
                    + (use.profileSet().isEmpty() ? "all [[train]] workloads" : "profile set '" + use.profileSet() + "'")
                    + ", which none of the variants built here uses: not used");
            return;
        }
        events.note("using the " + use.describe());
        List<BuildResult> fromIt = new ArrayList<>();
        Optional<String> why = use.tooOld();
        BuildDiagnostics worst = null;
        double lost = -1;
        if (why.isEmpty()) {
            for (Variant v : variants) {
                if (v.pgo() && v.profileSet().equals(use.profileSet())) {
                    fromIt.add(finish(v, builds.run(v, Phase.OPTIMIZE, Optional.of(csProfile(v, use.profile(), false,
                            mode, storedRounds)))));
                }
            }
            worst = worst(fromIt);
            lost = use.lostCounts(toolchain, Path.of(fromIt.get(0).artifact().binary()));
            events.note("stored profile: " + worst.mismatched() + " mismatched, " + worst.missing() + " missing of "
                    + use.functions() + " profiled functions" + (lost >= 0 ? ", " + StoredProfileUse.percent(lost)
                    + " of its counts in functions no longer found" : "") + (use.functions() > 0 || lost >= 0 ? " ("
                    + StoredProfileUse.percent(Math.max(0, use.stale(worst, lost))) + " stale, limit "
                    + StoredProfileUse.percent(stored.maxStale()) + ")" : ""));
            why = use.tooStale(worst, lost);
        }
        if (why.isEmpty()) {
            results.addAll(fromIt);
            fromStore.put(use.profileSet(), use.record(worst, lost, ""));
            return;
        }
        if (training.workloads(use.profileSet()).isEmpty()) {
            throw use.cannotRetrain(why.get(), config.file());
        }
        events.warn(why.get() + ": retraining");
        tried.put(use.profileSet(), use.use(worst, lost, why.get()));
    }

    /** The most mismatched/missing counts among builds from one profile. */
    private static BuildDiagnostics worst(List<BuildResult> builds) {
        int mismatched = 0;
        int missing = 0;
        for (BuildResult b : builds) {
            BuildDiagnostics d = b.artifact().profileDiagnostics();
            mismatched = Math.max(mismatched, d.mismatched());
            missing = Math.max(missing, d.missing());
        }
        return new BuildDiagnostics(mismatched, missing, List.of());
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
                profile = Optional.of(train(instr, () -> training.run(instr.artifact(), mode, set, forceTraining)));
                trained = true;
            }
            profiles.put(set, profile.get());
        }
        return new PipelineOutcome(List.of(), Optional.of(instr), profiles, trained);
    }

    /** A training run of the instrumented build; its failure is that build's "train" step's. */
    private ProfileRecord train(BuildResult instr, Supplier<ProfileRecord> run) {
        builds.drift.ran("the training runs of '" + instr.artifact().variant() + "'");
        try {
            return run.get();
        } catch (UserError e) {
            throw BuildFailure.wrap(e, instr.artifact().variant(), "train");
        }
    }

    /** A BOLT variant's build is its input: BOLT it; others are done. */
    private BuildResult finish(Variant v, BuildResult r) {
        if (!v.bolt()) {
            return report(r);
        }
        report(r);
        try {
            return report(bolt.run(v, r));
        } catch (UserError e) {
            throw BuildFailure.wrap(e, v.name(), "bolt");
        }
    }

    private BuildResult report(BuildResult r) {
        if (r.cached()) {
            events.note("build " + r.artifact().variant() + ": up to date, nothing rebuilt"
                    + (r.sharedFrom().isEmpty() ? "" : " (the identical build made for " + r.sharedFrom() + ")"));
        }
        return r;
    }

    private static String shortName(ProfileRecord r) {
        return Path.of(r.profile()).getFileName().toString();
    }

    public Config config() {
        return config;
    }
}
