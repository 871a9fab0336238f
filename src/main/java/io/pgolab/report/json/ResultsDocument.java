package io.pgolab.report.json;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.pgolab.bench.Loss;
import io.pgolab.bench.Potential;
import io.pgolab.measure.RoundNoise;
import io.pgolab.measure.perf.Flamegraph;
import io.pgolab.pipeline.BoltReport;
import io.pgolab.pipeline.BuildFailure;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.profile.TrainingMatch;
import io.pgolab.report.PotentialWorth;
import io.pgolab.store.BuildLoad;
import io.pgolab.store.BuildStepCost;
import io.pgolab.toolchain.ProfileSummary;
import io.pgolab.util.OneOf;
import io.pgolab.util.Required;
import java.util.List;
import java.util.Map;

/**
 * A results file, {@code pgolab-results/1} (docs/results-schema.md), as records: Jackson writes the components
 * in order with snake_case names ({@code util.Json.MAPPER}) and reads them back ({@link ResultsReader}).
 * {@code @Required} and {@code @OneOf} say what a file read back must hold (util.JsonCheck): only keys the reports
 * dereference and that pgolab has always written (the 0.1.0 files of src/test/resources/results have them); a key
 * added later stays optional, so older files still read. The
 * envelope comes first, then the parts a command produced (absent parts are null and left out), then
 * {@code commands}.
 *
 * <p>Which parts each command writes: build/train: variants, training, profile_sets, pgo_extra_build_seconds;
 * build/bench/ladder/demo whose build failed (with --json): variants that finished and build_failure;
 * demo: those and the bench body at the top level; bench/compare: the bench body at the top level; ladder:
 * variants (name, build_seconds, binary_bytes, binary), ladder, bench (nested); profile: profile,
 * optimized_builds; training_match: profile --against-bench, and bench/ladder when they checked training;
 * losses (bench, ladder; right after the envelope, as every report says them first): the pgo variants that lost to
 * a variant without a profile, absent in files written before pgolab recorded them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ResultsDocument(
        @JsonUnwrapped Envelope envelope,
        List<Loss> losses,
        List<VariantEntry> variants,
        Training training,
        List<Training> profileSets,
        Double pgoExtraBuildSeconds,
        Double pgoExtraBuildCpuSeconds,
        BuildFailure buildFailure,
        LadderBody ladder,
        BenchBody bench,
        ProfileEntry profile,
        Map<String, OptimizedBuild> optimizedBuilds,
        @JsonUnwrapped BenchBody measurements,
        List<TrainingMatch> trainingMatch,
        GateBody gate,
        List<String> commands) {

    public static final String SCHEMA = "pgolab-results/1";

    /** The same document with these losses (a file written before they were recorded, read again). */
    public ResultsDocument withLosses(List<Loss> found) {
        return new ResultsDocument(envelope, found, variants, training, profileSets, pgoExtraBuildSeconds,
                pgoExtraBuildCpuSeconds, buildFailure, ladder, bench, profile, optimizedBuilds, measurements, trainingMatch,
                gate, commands);
    }

    /** Reading a file without measurements gives an empty unwrapped body: that is no body. */
    public ResultsDocument {
        if (measurements != null && measurements.method() == null && measurements.workloads() == null) {
            measurements = null;
        }
    }

    /** The keys every results file starts with; project, config, toolchain, tool_versions are absent for compare. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Envelope(String schema, String pgolabVersion, String createdAt, String host, String project, String config,
                           String toolchain, Map<String, String> toolVersions, Map<String, Object> environment) {
    }

    /**
     * A built variant. build/train/demo write every key (bolt only for the bolt phase); ladder writes name,
     * build_seconds, binary_bytes and binary only, the others are null there and left out.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record VariantEntry(String name, String phase, double buildSeconds, long binaryBytes, String binarySha256,
                               String binary,
                               Boolean cached, String profileSha256, Integer profileMismatched, Integer profileMissing,
                               String profileCheck, String buildCommand, BoltReport bolt, Double buildCpuSeconds,
                               BuildLoad loadAvg, List<BuildStepCost> buildSteps) {
    }

    /**
     * One training workload's run (the manifest's digests of its raw files stay in .pgolab). When more than
     * one workload made the profile, also what it put into the merge: base (only when true), counts (its
     * profile's total alone), merge_weight, asked_share (only with share = F), count_share (its part of the
     * merged counts).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record TrainingRun(String name, String command, double wallSeconds, double cpuSeconds, int rawFiles,
                              long rawBytes, Boolean base, Long counts, Long mergeWeight, Double askedShare,
                              Double countShare) {
        static TrainingRun of(ProfileRecord.WorkloadRun w) {
            return of(w, List.of());
        }

        static TrainingRun of(ProfileRecord.WorkloadRun w, List<ProfileRecord.Contribution> parts) {
            ProfileRecord.Contribution c = parts.stream().filter(p -> p.name().equals(w.name())).findFirst().orElse(null);
            return new TrainingRun(w.name(), w.command(), Seconds.wall(w.wallSeconds()), Seconds.cpu(w.cpuSeconds()),
                    w.rawFiles(), w.rawBytes(), c != null && c.base() ? Boolean.TRUE : null, c == null ? null : c.counts(),
                    c == null ? null : c.weight(), c == null || c.askedShare() <= 0 ? null : share(c.askedShare()),
                    c == null ? null : share(c.share()));
        }

        /** To 4 decimals (0.2513), as shares print. */
        private static double share(double x) {
            return Math.round(x * 10000) / 10000.0;
        }

        static List<TrainingRun> of(ProfileRecord r) {
            return r.workloads().stream().map(w -> of(w, r.contributions())).toList();
        }
    }

    /** One profile set's training: its workloads, the merge, the merged profile. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Training(String profileSet, List<TrainingRun> workloads, double mergeSeconds,
                           String profile, String profileSha256, long profileBytes, List<String> dropped,
                           boolean trainedNow,
                           @JsonInclude(JsonInclude.Include.NON_NULL) StoredProfileEntry storedProfile) {
        public Training(String profileSet, List<TrainingRun> workloads, double mergeSeconds, String profile,
                        String profileSha256, long profileBytes, List<String> dropped, boolean trainedNow) {
            this(profileSet, workloads, mergeSeconds, profile, profileSha256, profileBytes, dropped, trainedNow, null);
        }
    }

    /**
     * The stored profile a build used or tried (build --profile, [project] profile). commits_since and
     * stale_share are absent when unknown; retrained: why pgolab trained instead (absent when it was used).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record StoredProfileEntry(String file, String sha256, String gitCommit, Boolean gitDirty, String createdAt,
                                     Integer commitsSince, Integer mismatched, Integer missing, Integer functions,
                                     Double staleShare, boolean used, String retrained, Double lostCountShare) {
    }

    /** The measurements of bench, compare and demo (top level) and of a ladder (under "bench"). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record BenchBody(Method method, @Required List<Workload> workloads, List<ComparisonEntry> comparisons, String summary,
                            int regressions,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String microbench) {
        /** Without suites: no "Microbench:" section. */
        public BenchBody(Method method, List<Workload> workloads, List<ComparisonEntry> comparisons, String summary,
                         int regressions) {
            this(method, workloads, comparisons, summary, regressions, null);
        }
    }

    /** max_time_seconds: written budget_seconds before the cap had one name, and read under either key. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Method(int warmupRounds, int minRounds, @JsonAlias("budget_seconds") double maxTimeSeconds,
                         double targetCiHalfWidthPercent,
                         List<String> primaryMetrics, List<String> gatedMetrics, long seed, int pinnedCpu,
                         boolean deterministic, double ciLevel, int bootstrapResamples, String significanceTest,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String estimator,
                         @JsonInclude(JsonInclude.Include.NON_NULL) JvmThreads jvmThreads,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Integer maxRounds) {
    }

    /**
     * Whether pgolab's own threads (JIT compilers, GC) were kept off the pinned CPU during the campaigns: cpus they
     * were moved to, or why not (absent in files written before this was recorded).
     */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record JvmThreads(boolean pinned, String cpus, String reason) {
    }

    /**
     * pgo_potential is absent for workloads that are not services; flamegraphs (variant → folded stacks, added
     * after 0.1.0) only with --flamegraph. warning_kinds: each warning's kind ({@code measure.Warning.Kind#json}),
     * in the order of warnings; null (absent) in files written before kinds were recorded.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Workload(@Required String name, String command, List<String> subjects, int rounds, String stopReason,
                           double elapsedSeconds, @Required List<String> warnings,
                           @JsonInclude(JsonInclude.Include.NON_NULL) List<String> warningKinds,
                           Map<String, String> lastOutputLine, Map<String, MetricEntry> metrics, Map<String, Map<String, Double>> medians,
                           @Required List<ComparisonEntry> comparisons,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Potential> pgoPotential,
                           List<RunEntry> runs,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<RoundNoiseEntry> roundNoise,
                           @JsonInclude(JsonInclude.Include.NON_NULL) LayoutEntry layoutCheck,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Flamegraph> flamegraphs,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, PotentialWorth> pgoPotentialWorth,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> pgoPotentialExplanations,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<LookEntry> looks) {
        /** Not sequential (files written before the sequential rule, and their fixtures). */
        public Workload(String name, String command, List<String> subjects, int rounds, String stopReason,
                        double elapsedSeconds, List<String> warnings, Map<String, String> lastOutputLine,
                        Map<String, MetricEntry> metrics, Map<String, Map<String, Double>> medians,
                        List<ComparisonEntry> comparisons, Map<String, Potential> pgoPotential, List<RunEntry> runs,
                        List<RoundNoiseEntry> roundNoise, LayoutEntry layoutCheck, Map<String, Flamegraph> flamegraphs,
                        Map<String, PotentialWorth> pgoPotentialWorth, List<String> pgoPotentialExplanations) {
            this(name, command, subjects, rounds, stopReason, elapsedSeconds, warnings, null, lastOutputLine, metrics,
                    medians, comparisons, pgoPotential, runs, roundNoise, layoutCheck, flamegraphs, pgoPotentialWorth,
                    pgoPotentialExplanations, List.of());
        }

        /** The planned looks, never null (files written before the sequential rule have none). */
        public List<LookEntry> looksOrEmpty() {
            return looks == null ? List.of() : looks;
        }

        /** With flamegraphs, without the potential's worth and explanations (computed by the exporter). */
        public Workload(String name, String command, List<String> subjects, int rounds, String stopReason,
                        double elapsedSeconds, List<String> warnings, Map<String, String> lastOutputLine,
                        Map<String, MetricEntry> metrics, Map<String, Map<String, Double>> medians,
                        List<ComparisonEntry> comparisons, Map<String, Potential> pgoPotential, List<RunEntry> runs,
                        List<RoundNoiseEntry> roundNoise, LayoutEntry layoutCheck, Map<String, Flamegraph> flamegraphs) {
            this(name, command, subjects, rounds, stopReason, elapsedSeconds, warnings, lastOutputLine, metrics, medians,
                    comparisons, pgoPotential, runs, roundNoise, layoutCheck, flamegraphs, Map.of(), List.of());
        }

        /** Without flamegraphs (--flamegraph not given). */
        public Workload(String name, String command, List<String> subjects, int rounds, String stopReason,
                        double elapsedSeconds, List<String> warnings, Map<String, String> lastOutputLine,
                        Map<String, MetricEntry> metrics, Map<String, Map<String, Double>> medians,
                        List<ComparisonEntry> comparisons, Map<String, Potential> pgoPotential, List<RunEntry> runs,
                        List<RoundNoiseEntry> roundNoise, LayoutEntry layoutCheck) {
            this(name, command, subjects, rounds, stopReason, elapsedSeconds, warnings, lastOutputLine, metrics, medians,
                    comparisons, pgoPotential, runs, roundNoise, layoutCheck, Map.of());
        }

        /** The flamegraphs, never null (files written before the key have none). */
        public Map<String, Flamegraph> flamegraphsOrEmpty() {
            return flamegraphs == null ? Map.of() : flamegraphs;
        }
    }

    /**
     * bench --layout-check: the relinked release builds compared with the first of them (not gated); bound_percent
     * per metric is the farthest CI end, the most layout alone moved it with 95% confidence.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record LayoutEntry(List<String> variants, int functions, int functionsMoved, Map<String, Double> boundPercent,
                              List<ComparisonEntry> comparisons) {
    }

    /** A planned look of the sequential rule: after this many rounds, an interval at level 1 - alpha. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record LookEntry(int round, double alpha) {
    }

    /** The machine during one measured round; steal and iowait in percent (null when /proc/stat was unreadable). */
    public record RoundNoiseEntry(int round, Double stealPercent, Double iowaitPercent, double loadAverage,
                                  boolean phaseChange) {
        static RoundNoiseEntry of(RoundNoise n) {
            return new RoundNoiseEntry(n.round(), Double.isNaN(n.stealPercent()) ? null : n.stealPercent(),
                    Double.isNaN(n.iowaitPercent()) ? null : n.iowaitPercent(), n.loadAverage(), n.phaseChange());
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record MetricEntry(String unit, @OneOf({"lower_is_better", "higher_is_better"}) String direction) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RunEntry(String subject, int round, int position, Map<String, Double> metrics) {
    }

    /**
     * p_value is never 0: below {@link PValues#FLOOR} (1e-300; a Mann-Whitney p of many clearly separated rounds
     * underflows to 0, and constant, different deterministic counts have p 0 by construction) it is written as the
     * floor with p_value_upper_bound: true ("p < 1e-300"); the key is absent otherwise.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ComparisonEntry(String workload, @Required String baseline, @Required String candidate,
                                  @Required String metric, @Required String unit,
                                  @Required @OneOf({"lower_is_better", "higher_is_better"}) String direction,
                                  double baselineMedian, double candidateMedian, double ratio,
                                  double ciLow, double ciHigh, double ciLevel, double pValue,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) Boolean pValueUpperBound, double minEffect,
                                  @Required @OneOf({"improved", "regressed", "no_change", "inconclusive"}) String verdict,
                                  boolean gated, int rounds, long bootstrapSeed, double baselineCv,
                                  double candidateCv, double[] baselineSamples, double[] candidateSamples,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) Double lookSeconds) {
        /** Without the look's time (files written before the sequential rule). */
        public ComparisonEntry(String workload, String baseline, String candidate, String metric, String unit,
                               String direction, double baselineMedian, double candidateMedian, double ratio,
                               double ciLow, double ciHigh, double ciLevel, double pValue, Boolean pValueUpperBound,
                               double minEffect, String verdict, boolean gated, int rounds, long bootstrapSeed,
                               double baselineCv, double candidateCv, double[] baselineSamples, double[] candidateSamples) {
            this(workload, baseline, candidate, metric, unit, direction, baselineMedian, candidateMedian, ratio, ciLow,
                    ciHigh, ciLevel, pValue, pValueUpperBound, minEffect, verdict, gated, rounds, bootstrapSeed, baselineCv,
                    candidateCv, baselineSamples, candidateSamples, null);
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record LadderBody(List<Step> steps, List<Slowdown> trainingSlowdown) {
    }

    /** vs_release and vs_previous are null (written as null) for the first step. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Step(String workload, String metric, String variant, String previous, double buildSeconds,
                       double pipelineSeconds, @JsonInclude(JsonInclude.Include.NON_NULL) Double trainingSeconds,
                       long binaryBytes, Gain vsRelease, Gain vsPrevious,
                       String recommendation, @JsonInclude(JsonInclude.Include.NON_NULL) Double buildCpuSeconds,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Double pipelineCpuSeconds) {
    }

    /** p_value and p_value_upper_bound as in {@link ComparisonEntry}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Gain(double gainPercent, double ciLowPercent, double ciHighPercent, double pValue,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Boolean pValueUpperBound, @OneOf({"improved", "regressed", "no_change", "inconclusive"}) String verdict,
                       int rounds) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Slowdown(String workload, double instrumentedCpuSeconds, double releaseCpuSeconds, double factor) {
    }

    /** profiled_seconds only for sampled profiles (go). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ProfileEntry(String path, String sha256, long bytes, int functionsInstrumented,
                               int functionsWithCounts, double coveragePercent, long totalCount,
                               @JsonInclude(JsonInclude.Include.NON_NULL) Double profiledSeconds,
                               List<ProfileSummary.HotFunction> hottest, boolean stale,
                               List<TrainingRun> workloads, List<String> dropped) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record OptimizedBuild(int mismatched, int missing, String profileCheck) {
    }

    /** pgolab gate: commits, host, verdict, every measure; program/microbench: a gate with suites' section lines. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record GateBody(@Required CommitEntry base, @Required CommitEntry candidate, @Required String host,
                           String configPath, @Required List<String> variants,
                           @OneOf({"fail", "pass"}) String inconclusive, boolean passed, @Required String summary,
                           int measuresWithinBounds, int measuresOutOfBounds, int measuresInconclusive,
                           @Required List<MeasureEntry> measures, @Required List<String> notes,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String microbench,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Boolean baseConfigBorrowed,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String samePrograms,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String program) {
        /** A gate that measured (no same_programs). */
        public GateBody(CommitEntry base, CommitEntry candidate, String host, String configPath, List<String> variants,
                        String inconclusive, boolean passed, String summary, int measuresWithinBounds,
                        int measuresOutOfBounds, int measuresInconclusive, List<MeasureEntry> measures, List<String> notes,
                        String microbench, Boolean baseConfigBorrowed) {
            this(base, candidate, host, configPath, variants, inconclusive, passed, summary, measuresWithinBounds,
                    measuresOutOfBounds, measuresInconclusive, measures, notes, microbench, baseConfigBorrowed, null, null);
        }

        /** Without suites and with the base's own config: no "Microbench:" section, nothing borrowed. */
        public GateBody(CommitEntry base, CommitEntry candidate, String host, String configPath, List<String> variants,
                        String inconclusive, boolean passed, String summary, int measuresWithinBounds,
                        int measuresOutOfBounds, int measuresInconclusive, List<MeasureEntry> measures, List<String> notes) {
            this(base, candidate, host, configPath, variants, inconclusive, passed, summary, measuresWithinBounds,
                    measuresOutOfBounds, measuresInconclusive, measures, notes, null, null);
        }

        /** True when the base had no config of its own (absent from files of gates whose base had one). */
        public boolean borrowed() {
            return Boolean.TRUE.equals(baseConfigBorrowed);
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record CommitEntry(@Required String ref, @Required String commit) {
    }

    /** One gate measure; percents are of the base's value, positive worse_percent is worse in the metric's direction. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record MeasureEntry(@Required String workload, @Required String variant, @Required String metric,
                               @Required String unit,
                               @Required @OneOf({"lower_is_better", "higher_is_better"}) String direction,
                               double baseMedian, double candidateMedian, double changePercent, double ciLowPercent,
                               double ciHighPercent, double worstPercent, double boundPercent,
                               @Required @OneOf({"within_bounds", "out_of_bounds", "inconclusive"}) String verdict,
                               int rounds) {
    }

    /** The verdict file ({@code pgolab gate --verdict FILE}): what a bot acts on, without the samples. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record VerdictDocument(String schema, String pgolabVersion, String createdAt, String project, String config,
                                  @JsonUnwrapped GateBody gate) {
        public static final String SCHEMA = "pgolab-verdict/1";
    }
}
