package io.pgolab.config;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
        Optional<String> compilerCache) {

    /** What build.allow accepts: compile-audit findings that are deliberate in this project. */
    public static final List<String> ALLOWABLE = List.of("unoptimized", "uninstrumented", "profile-loss", "no-lto", "no-shuffle",
            "configure-edits", "source-edits");

    public BuildSpec(String command, Optional<String> clean, String artifact, String cflags, String cxxflags,
                     String ldflags, Duration timeout, Map<String, String> env, String goflags, Optional<CargoSpec> cargo) {
        this(command, clean, artifact, cflags, cxxflags, ldflags, timeout, env, goflags, cargo, List.of(), Optional.empty(),
                Optional.empty());
    }

    /** The same build with these audit findings allowed. */
    public BuildSpec withAllow(List<String> allowed) {
        return new BuildSpec(command, clean, artifact, cflags, cxxflags, ldflags, timeout, env, goflags, cargo,
                List.copyOf(allowed), configure, compilerCache);
    }

    /** The same build with a configure step (clang and gcc only): run before command with configure-safe flags. */
    public BuildSpec withConfigure(Optional<String> step) {
        return new BuildSpec(command, clean, artifact, cflags, cxxflags, ldflags, timeout, env, goflags, cargo, allow, step,
                compilerCache);
    }

    /**
     * The same build with a compiler cache (clang and gcc only: "ccache" or its path), which pgolab's compiler wrapper
     * runs each compile through. Not in the build's key nor in {@link #toString}: a cache hit is the object the
     * compiler would have written (ccache hashes the arguments and the -fprofile-use file's content).
     */
    public BuildSpec withCompilerCache(Optional<String> cache) {
        return new BuildSpec(command, clean, artifact, cflags, cxxflags, ldflags, timeout, env, goflags, cargo, allow,
                configure, cache);
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
     * The record's own text, with configure only when set: ProfileKey hashes this text, so the stored
     * profiles of builds without a configure step keep the keys of earlier versions.
     */
    @Override
    public String toString() {
        return "BuildSpec[command=" + command + ", clean=" + clean + ", artifact=" + artifact + ", cflags=" + cflags
                + ", cxxflags=" + cxxflags + ", ldflags=" + ldflags + ", timeout=" + timeout + ", env=" + env
                + ", goflags=" + goflags + ", cargo=" + cargo + ", allow=" + allow
                + configure.map(c -> ", configure=" + c).orElse("") + "]";
    }

    /** Programs built beside the artifact and kept with it (cargo bins after the first); names only. */
    public List<String> siblingArtifacts() {
        return cargo.map(c -> c.bins().subList(1, c.bins().size())).orElse(List.of());
    }
}
