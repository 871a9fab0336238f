package io.pgolab.store;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.pgolab.config.Variant;
import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.toolchain.Phase;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A finished build as recorded in .pgolab/variants/NAME.json. It is written only after the binary
 * is safely in place. files: size and SHA-256 of every file published beside the binary (the binary,
 * sibling programs, notes, bolt.json), by path relative to the binary's directory; ArtifactStore
 * checks them on every reuse. Manifests written before profileCheck existed read it as ""; before
 * files existed, files is null (unknown: ArtifactStore checks the size and records the digests once).
 * buildCpuSeconds: user + system CPU of the clean, configure and build commands' whole process trees (what their
 * processes waited for, as the runner's wait4 reports it), loadAvg the load when the build started and ended;
 * both null when not recorded (manifests before them, jvm builds, BOLT's rewrite). buildSteps: each step's wall and
 * CPU time when there were several (clean, configure, build), else null.
 * <p>
 * variant and phase stay strings, as written in the manifest: variant is the artifact's name (a
 * Variant's name, "instrumented", or "NAME.base" for a BOLT variant's input), phase a Phase's id or
 * BOLT_PHASE. Use variantIs(Variant) and buildPhase() to compare them with the types.
 * <p>
 * tree: for a variant that is an install tree, the size and SHA-256 of its manifest (.pgolab/bin/KEY12.tree, every
 * path, type, mode, size, link target and content hash of the tree; TreeManifest), and files is null; null for
 * everything else, and for a tree published before manifests existed (files then holds its regular files only).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BuiltArtifact(
        String variant,
        String phase,
        String key,
        String binary,
        String notes,
        long binaryBytes,
        double buildSeconds,
        String profileSha256,
        int profileMismatched,
        int profileMissing,
        String buildLog,
        String command,
        String builtAt,
        String profileCheck,
        Map<String, FileDigest> files,
        // left out when unknown: a manifest written before them is rewritten with the same keys
        @JsonInclude(JsonInclude.Include.NON_NULL)
        Double buildCpuSeconds,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        BuildLoad loadAvg,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        List<BuildStepCost> buildSteps,
        @JsonInclude(JsonInclude.Include.NON_NULL)
        FileDigest tree) {

    /** Without the CPU time and load of the build (unknown: an older manifest, a jvm or BOLT artifact). */
    public BuiltArtifact(String variant, String phase, String key, String binary, String notes, long binaryBytes,
                         double buildSeconds, String profileSha256, int profileMismatched, int profileMissing,
                         String buildLog, String command, String builtAt, String profileCheck, Map<String, FileDigest> files) {
        this(variant, phase, key, binary, notes, binaryBytes, buildSeconds, profileSha256, profileMismatched,
                profileMissing, buildLog, command, builtAt, profileCheck, files, null, null, null, null);
    }

    /** With the CPU time and load of a build of one step. */
    public BuiltArtifact(String variant, String phase, String key, String binary, String notes, long binaryBytes,
                         double buildSeconds, String profileSha256, int profileMismatched, int profileMissing,
                         String buildLog, String command, String builtAt, String profileCheck, Map<String, FileDigest> files,
                         Double buildCpuSeconds, BuildLoad loadAvg) {
        this(variant, phase, key, binary, notes, binaryBytes, buildSeconds, profileSha256, profileMismatched,
                profileMissing, buildLog, command, builtAt, profileCheck, files, buildCpuSeconds, loadAvg, null, null);
    }

    /** User + system CPU time of the build's processes (clean and build commands), when recorded. */
    public Optional<Double> cpuSeconds() {
        return Optional.ofNullable(buildCpuSeconds);
    }

    /** What proves an optimized build used its profile (go: 'go version -m'); "" when nothing does. */
    @Override
    public String profileCheck() {
        return profileCheck == null ? "" : profileCheck;
    }

    /** The name the instrumented build is recorded under (.pgolab/variants/instrumented.json). */
    public static final String INSTRUMENTED = "instrumented";

    /**
     * Name under which an artifact is recorded: the variant, "instrumented", or for a BOLT variant
     * "NAME.base" (its build linked with relocations, before BOLT).
     */
    public static String name(Variant v, Phase phase) {
        if (phase == Phase.CS_INSTRUMENT) {
            return INSTRUMENTED + "-" + v.name();   // instrumented-pgo+lto+cs@server: one per first profile
        }
        return phase == Phase.INSTRUMENT ? INSTRUMENTED : v.bolt() ? v.name() + ".base" : v.name();
    }

    /** The phase a BOLT variant's manifest records: BOLT rewrote a build, it is no toolchain Phase. */
    public static final String BOLT_PHASE = "bolt";

    /** True when this is the artifact of v (for a BOLT variant: BOLT's output, not its ".base" input). */
    public boolean variantIs(Variant v) {
        return v.name().equals(variant);
    }

    /** The toolchain phase that built this artifact; empty for a BOLT variant (phase BOLT_PHASE). */
    public Optional<Phase> buildPhase() {
        return Phase.ofId(phase);
    }

    /** The recorded counts of the compiler's profile warnings. */
    public BuildDiagnostics profileDiagnostics() {
        return new BuildDiagnostics(profileMismatched, profileMissing, List.of());
    }

    /** The same binary recorded under another name and phase (go: the release build is what gets profiled). */
    public BuiltArtifact as(String name, Phase newPhase) {
        return new BuiltArtifact(name, newPhase.id(), key, binary, notes, binaryBytes, buildSeconds, profileSha256,
                profileMismatched, profileMissing, buildLog, command, builtAt, profileCheck(), files, buildCpuSeconds, loadAvg, buildSteps, tree);
    }

    /** The same record with the digests of its published files. */
    public BuiltArtifact withFiles(Map<String, FileDigest> digests) {
        return new BuiltArtifact(variant, phase, key, binary, notes, binaryBytes, buildSeconds, profileSha256,
                profileMismatched, profileMissing, buildLog, command, builtAt, profileCheck(), digests, buildCpuSeconds, loadAvg, buildSteps, tree);
    }

    /** The same record as a published install tree: no files of its own, its tree's manifest's size and SHA-256. */
    public BuiltArtifact withTree(FileDigest manifest) {
        return new BuiltArtifact(variant, phase, key, binary, notes, binaryBytes, buildSeconds, profileSha256,
                profileMismatched, profileMissing, buildLog, command, builtAt, profileCheck(), null, buildCpuSeconds, loadAvg, buildSteps, manifest);
    }

    /** The same record with its build log at another path (a copy, in another config's records). */
    public BuiltArtifact withBuildLog(String log) {
        return new BuiltArtifact(variant, phase, key, binary, notes, binaryBytes, buildSeconds, profileSha256,
                profileMismatched, profileMissing, log, command, builtAt, profileCheck(), files, buildCpuSeconds, loadAvg, buildSteps, tree);
    }

    /** The recorded SHA-256 of the binary; empty for a manifest written before digests were recorded. */
    public Optional<String> binarySha256() {
        return Optional.ofNullable(files).map(f -> f.get(Path.of(binary).getFileName().toString()))
                .map(FileDigest::sha256);
    }
}
