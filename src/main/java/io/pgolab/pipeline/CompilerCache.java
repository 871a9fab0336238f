package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.toolchain.ToolLocator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * build.compiler_cache (ccache) for clang and gcc builds: pgolab's compiler wrapper records each compile, then runs it
 * as "ccache COMPILER ARGS..." (instrumented compiles and links go straight to the compiler: see pgolab-cc.c). What
 * makes a hit safe across variants: ccache hashes the arguments (every -O, -flto, -fprofile-use=FILE) and the content
 * of the -fprofile-use file, so a profile change never reuses an object built without it or with another profile.
 * What makes hits possible across variants: each variant builds in its own directory, so the project's directory is
 * ccache's base_dir (absolute paths under it hashed as relative ones) and the working directory is left out of the
 * hash (hash_dir off; the objects' debug info may then name another variant's build directory). Each build writes
 * ccache's stats_log, counted into the build's audit line ("compiler cache: 274 of 621 compiles hit").
 */
public final class CompilerCache {
    static final String VAR = "PGOLAB_COMPILER_CACHE";
    private final Path executable;

    private CompilerCache(Path executable) {
        this.executable = executable;
    }

    /** The configured cache, found: on PATH for "ccache", else the path given. */
    public static Optional<CompilerCache> of(Optional<String> configured, Path configFile) {
        if (configured.isEmpty()) {
            return Optional.empty();
        }
        String c = configured.get();
        Optional<Path> found = c.contains("/") ? Optional.of(Path.of(c)).filter(Files::isExecutable) : ToolLocator.onPath(c);
        return Optional.of(new CompilerCache(found.orElseThrow(() -> new UserError("build.compiler_cache = \"" + c
                + "\" in " + configFile + ", but " + (c.contains("/") ? c + " is not an executable" : "'" + c
                + "' is not on PATH"), "apt-get install -y ccache, or remove compiler_cache from [build]"))));
    }

    /** The wrapper's and ccache's variables for one build; statsLog is emptied first. */
    public void apply(Map<String, String> procEnv, Path baseDir, Path statsLog) {
        try {
            Files.createDirectories(statsLog.getParent());
            Files.deleteIfExists(statsLog);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        procEnv.put(VAR, executable.toString());
        procEnv.put("CCACHE_BASEDIR", baseDir.toString());
        procEnv.put("CCACHE_NOHASHDIR", "true");
        procEnv.put("CCACHE_STATSLOG", statsLog.toString());
    }

    /**
     * "compiler cache: 274 of 621 compiles hit", from ccache's stats_log of one build ("" when it has no compile);
     * instrumented: the build's instrumented compiles went straight to the compiler, and the line says so.
     */
    public static String line(Path statsLog, boolean instrumented) {
        List<String> lines;
        try {
            lines = Files.isRegularFile(statsLog) ? Files.readAllLines(statsLog, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            return "";
        }
        int hits = 0;
        int misses = 0;
        for (String l : lines) {
            switch (l.strip()) {
                case "direct_cache_hit", "preprocessed_cache_hit" -> hits++;
                case "cache_miss" -> misses++;
                default -> {
                }
            }
        }
        int n = hits + misses;
        String bypass = instrumented ? " (instrumented compiles bypass it)" : "";
        return n == 0 ? (instrumented ? "compiler cache: not used" + bypass : "")
                : "compiler cache: " + hits + " of " + n + " compiles hit" + bypass;
    }
}
