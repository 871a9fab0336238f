package io.pgolab.report;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.GateResult;
import io.pgolab.bench.GatedOutcome;
import io.pgolab.bench.Ladder;
import io.pgolab.bench.Loss;
import io.pgolab.bench.TrainingCheck;
import io.pgolab.config.Config;
import io.pgolab.pipeline.BuildFailure;
import io.pgolab.pipeline.PipelineOutcome;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.profile.TrainingMatch;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.ProfileSummary;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.CommandLog;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one command produced, for the {@link Exporter}s: where it comes from (project, toolchain, commands run)
 * and its parts, each null when the command has none. Build one with the factory of the command.
 *
 * @param bench the measurements (bench, compare, demo; with ladder, the ladder's bench)
 * @param ladder the ladder and the variants it built, in step order (ladder)
 * @param build what was built and trained (build, train, demo)
 * @param profile the profile report (profile)
 * @param trainingMatch does training match the benchmark, per profile set checked (profile --against-bench, and
 *                      bench or ladder when a pgo variant regressed or was inconclusive); null when not checked
 * @param gate the gate's verdict (gate; bench holds its measurements)
 * @param buildFailure the build that failed, when build holds only what finished before it (build, bench, ladder,
 *                     demo with --json: nothing was measured)
 * @param losses the pgo variants that lost to a variant without a profile (bench, ladder: said first); null when
 *               the command does not look for them
 */
public record Results(Source source, BenchResults bench, LadderPart ladder, PipelineOutcome build,
                      ProfilePart profile, List<TrainingMatch> trainingMatch, GateResult gate, BuildFailure buildFailure,
                      List<Loss> losses) {

    public Results(Source source, BenchResults bench, LadderPart ladder, PipelineOutcome build, ProfilePart profile,
                   List<TrainingMatch> trainingMatch, GateResult gate, BuildFailure buildFailure) {
        this(source, bench, ladder, build, profile, trainingMatch, gate, buildFailure, null);
    }

    public Results(Source source, BenchResults bench, LadderPart ladder, PipelineOutcome build, ProfilePart profile) {
        this(source, bench, ladder, build, profile, null, null, null);
    }

    public Results(Source source, BenchResults bench, LadderPart ladder, PipelineOutcome build, ProfilePart profile,
                   List<TrainingMatch> trainingMatch, GateResult gate) {
        this(source, bench, ladder, build, profile, trainingMatch, gate, null);
    }

    /** A build that failed: the builds that finished before it, and what failed. */
    public static Results buildFailed(Source s, BuildFailure.Failed f) {
        PipelineOutcome none = new PipelineOutcome(List.of(), Optional.empty(), Map.of(), false);
        return new Results(s, null, null, f.finished().orElse(none), null, null, null, f.failure());
    }

    /** These results with the training checks done (none: unchanged). */
    public Results withTrainingMatch(List<TrainingMatch> checks) {
        return checks == null || checks.isEmpty() ? this
                : new Results(source, bench, ladder, build, profile, List.copyOf(checks), gate, buildFailure, losses);
    }

    /** These results with their losses (bench, ladder), said first by every exporter. */
    public Results withLosses(List<Loss> found) {
        return new Results(source, bench, ladder, build, profile, trainingMatch, gate, buildFailure, List.copyOf(found));
    }

    /** bench and ladder: the training checks done and the losses, with what the checks found. */
    public Results withTraining(TrainingCheck check) {
        return withTrainingMatch(check.checks()).withLosses(check.losses(bench));
    }

    /** gate: the gate's verdict and its bench (the measurements of both commits). */
    public static Results gate(Source s, GateResult gate) {
        return new Results(s, gate.bench(), null, null, null, null, gate);
    }

    /** config and toolchain are null for compare, which has no project. */
    public record Source(Config config, Toolchain toolchain, CommandLog log) {
    }

    public record LadderPart(Ladder ladder, List<BuiltArtifact> built) {
    }

    /** staleChanges: what changed in the files the instrumented build read ("" when unknown). */
    public record ProfilePart(ProfileRecord record, ProfileSummary summary, boolean stale,
                              List<BuiltArtifact> optimized, String staleChanges) {
        public ProfilePart(ProfileRecord record, ProfileSummary summary, boolean stale, List<BuiltArtifact> optimized) {
            this(record, summary, stale, optimized, "");
        }
    }

    /** compare: commands outside any project. */
    public static Results compare(CommandLog log, BenchResults bench) {
        return new Results(new Source(null, null, log), bench, null, null, null);
    }

    public static Results bench(Source s, BenchResults bench) {
        return new Results(s, bench, null, null, null);
    }

    public static Results ladder(Source s, BenchResults bench, Ladder ladder, List<BuiltArtifact> built) {
        return new Results(s, bench, new LadderPart(ladder, built), null, null);
    }

    /** demo: the builds and the comparison, in one results file. */
    public static Results demo(Source s, PipelineOutcome built, BenchResults bench) {
        return new Results(s, bench, null, built, null);
    }

    /** build and train. */
    public static Results build(Source s, PipelineOutcome built) {
        return new Results(s, null, null, built, null);
    }

    public static Results profile(Source s, ProfileRecord record, ProfileSummary summary, boolean stale,
                                  List<BuiltArtifact> optimized) {
        return new Results(s, null, null, null, new ProfilePart(record, summary, stale, optimized));
    }

    public static Results profile(Source s, ProfileRecord record, ProfileSummary summary, boolean stale,
                                  List<BuiltArtifact> optimized, String staleChanges) {
        return new Results(s, null, null, null, new ProfilePart(record, summary, stale, optimized, staleChanges));
    }

    /** True when a gated metric regressed (what --fail-on regression exits 1 for); for a gate, when it failed. */
    public boolean regressed() {
        if (gate != null) {
            return !gate.passed();
        }
        return bench != null && bench.outcome(bench.gated()).state() == GatedOutcome.State.REGRESSED;
    }
}
