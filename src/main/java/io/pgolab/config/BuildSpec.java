package io.pgolab.config;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The [build] table: how to build the user's project, as a command template. goflags are the
 * user's own 'go build' flags (kind = "go" only; empty otherwise). For cargo the command and
 * artifact are composed by pgolab from the cargo keys (see CargoConfig).
 */
public record BuildSpec(
        String command,
        Optional<String> clean,
        String artifact,
        String cflags,
        String cxxflags,
        String ldflags,
        Duration timeout,
        Map<String, String> env,
        String goflags,
        Optional<CargoSpec> cargo,
        List<String> allow,
        Optional<String> configure,
        Optional<String> compilerCache,
        Map<String, String> artifacts) {

    /** What build.allow accepts: compile-audit findings that are deliberate in this project. */
    public static final List<String> ALLOWABLE = List.of("unoptimized", "uninstrumented", "profile-loss", "no-lto", "no-shuffle",
            "configure-edits", "source-edits");

    public BuildSpec(String command, Optional<String> clean, String artifact, String cflags, String cxxflags,
                     String ldflags, Duration timeout, Map<String, String> env, String goflags, Optional<CargoSpec> cargo) {
        this(command, clean, artifact, cflags, cxxflags, ldflags, timeout, env, goflags, cargo, List.of(), Optional.empty(),
                Optional.empty(), Map.of());
    }

    /** The same build with these audit findings allowed. */
    public BuildSpec withAllow(List<String> allowed) {
        return new BuildSpec(command, clean, artifact, cflags, cxxflags, ldflags, timeout, env, goflags, cargo,
                List.copyOf(allowed), configure, compilerCache, artifacts);
    }

    /** The same build with a configure step (clang and gcc only): run before command with configure-safe flags. */
    public BuildSpec withConfigure(Optional<String> step) {
        return new BuildSpec(command, clean, artifact, cflags, cxxflags, ldflags, timeout, env, goflags, cargo, allow, step,
                compilerCache, artifacts);
    }

    /**
     * The same build with a compiler cache (clang and gcc only: "ccache" or its path), which pgolab's compiler wrapper
     * runs each compile through. Not in the build's key nor in {@link #toString}: a cache hit is the object the
     * compiler would have written (ccache hashes the arguments and the -fprofile-use file's content).
     */
    public BuildSpec withCompilerCache(Optional<String> cache) {
        return new BuildSpec(command, clean, artifact, cflags, cxxflags, ldflags, timeout, env, goflags, cargo, allow,
                configure, cache, artifacts);
    }

    /** The directory beside the published program that holds its named artifacts, each under its name. */
    public static final String ARTIFACT_DIR = "artifacts";

    /**
     * The same build with named artifacts ([build] artifacts = { NAME = "PATH" }): files the same build command
     * writes besides the program (a microbenchmark suite, a helper), published with the variant under
     * {@link #ARTIFACT_DIR}/NAME and named {artifact:NAME} in workloads.
     */
    public BuildSpec withArtifacts(Map<String, String> named) {
        return new BuildSpec(command, clean, artifact, cflags, cxxflags, ldflags, timeout, env, goflags, cargo, allow,
                configure, compilerCache, Collections.unmodifiableMap(new LinkedHashMap<>(named)));
    }

    /** The placeholders the named artifacts add to workloads: {artifact:NAME} for each. */
    public Set<String> artifactPlaceholders() {
        return Set.copyOf(artifacts.keySet().stream().map(n -> "artifact:" + n).toList());
    }

    public BuildSpec(String command, Optional<String> clean, String artifact, String cflags, String cxxflags,
                     String ldflags, Duration timeout, Map<String, String> env) {
        this(command, clean, artifact, cflags, cxxflags, ldflags, timeout, env, "", Optional.empty());
    }

    public BuildSpec(String command, Optional<String> clean, String artifact, String cflags, String cxxflags,
                     String ldflags, Duration timeout, Map<String, String> env, String goflags) {
        this(command, clean, artifact, cflags, cxxflags, ldflags, timeout, env, goflags, Optional.empty());
    }

    /**
     * Whether the variant is an install tree: the artifact is a program inside {installdir}, and every file the build
     * installed there is published with it (its modules, libraries and data, found relative to the program).
     */
    public boolean installTree() {
        return artifact.startsWith("{installdir}/");
    }

    /**
     * The record's own text, with configure and named artifacts only when set: ProfileKey hashes this text, so the stored
     * profiles of builds without a configure step keep the keys of earlier versions.
     */
    @Override
    public String toString() {
        return "BuildSpec[command=" + command + ", clean=" + clean + ", artifact=" + artifact + ", cflags=" + cflags
                + ", cxxflags=" + cxxflags + ", ldflags=" + ldflags + ", timeout=" + timeout + ", env=" + env
                + ", goflags=" + goflags + ", cargo=" + cargo + ", allow=" + allow
                + configure.map(c -> ", configure=" + c).orElse("")
                + (artifacts.isEmpty() ? "" : ", artifacts=" + new TreeMap<>(artifacts)) + "]";
    }

    /** Programs built beside the artifact and kept with it (cargo bins after the first); names only. */
    public List<String> siblingArtifacts() {
        return cargo.map(c -> c.bins().subList(1, c.bins().size())).orElse(List.of());
    }
}
