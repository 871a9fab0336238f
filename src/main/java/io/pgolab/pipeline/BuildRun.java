package io.pgolab.pipeline;

import io.pgolab.config.Variant;
import io.pgolab.store.BuildLoad;
import io.pgolab.store.BuildStepCost;
import io.pgolab.store.StaleOutputs;
import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.toolchain.BuildEnv;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.workload.ShellRunner;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One build under way, as BuildStage's steps fill it in: the environment step sets the directories, the
 * toolchain's environment, the command's placeholders and process environment; clean, configure and build add
 * their costs; build sets the binary and the command's outcome; the audit its table line and the key the build
 * is recorded under; verify the profile's diagnostics and the checks' proof.
 */
final class BuildRun {
    final Variant variant;
    final Phase phase;
    final Optional<ProfileData> profile;
    final String name;
    final String key;
    final String recipe;

    Path buildDir;
    Path srcDir;
    Path installDir;
    BuildEnv env;
    Map<String, String> values;
    Map<String, String> procEnv;
    Path auditLog;
    Path cacheStats;
    Path logFile;
    /** The audit line of a cargo or go build whose own wrapper could not be installed ("" when it was). */
    String toolAudit = "";
    StepEnv.Step step;

    Instant t0;
    double loadStart;
    final List<BuildStepCost> steps = new ArrayList<>();
    Optional<ShellRunner.Outcome> configured = Optional.empty();
    String command;
    Path binary;
    Optional<StaleOutputs.Before> before = Optional.empty();
    long commandStart;
    ShellRunner.Outcome outcome;
    double seconds;
    double cpuSeconds;
    BuildLoad load;

    String auditLine = "";
    Set<Path> noProfile = Set.of();
    String builtKey;
    BuildDiagnostics diagnostics = BuildDiagnostics.NONE;
    String check = "";

    BuildRun(Variant variant, Phase phase, Optional<ProfileData> profile, String name, String key, String recipe) {
        this.variant = variant;
        this.phase = phase;
        this.profile = profile;
        this.name = name;
        this.key = key;
        this.recipe = recipe;
        this.builtKey = key;
    }
}
