package io.pgolab.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * [build] artifacts = { bench_hash = "build/bench_hash" }: files the build command writes besides the program (a
 * microbenchmark suite, a helper the workloads run), each published with the variant and named {artifact:NAME} in
 * workloads. The same build (command, flags, profile) makes them; BOLT rewrites only the program.
 */
final class NamedArtifacts {
    static final String KEY = "artifacts";
    /** What {artifact:NAME} accepts after the colon (the placeholder syntax of {@link Template}). */
    private static final String NAME = "[A-Za-z0-9_-]+";
    private static final String EXAMPLE = "artifacts = { bench_hash = \"{builddir}/bench_hash\" }";

    private NamedArtifacts() {
    }

    /** The named artifacts of a clang, gcc or go build (empty when the key is absent); problems named by line. */
    static Map<String, String> read(TableReader build, String kind, BuildSpec bs, ConfigProblems problems) {
        if (!build.has(KEY)) {
            return Map.of();
        }
        String key = build.qualified(KEY);
        int line = build.line(KEY);
        if (JvmConfig.isJvm(kind)) {
            problems.add(line, key, "named artifacts are for programs built by a command (kinds \"clang\", \"gcc\","
                    + " \"go\"), not \"" + kind + "\"", "remove it: a JVM workload runs its classes from the jar");
            return Map.of();
        }
        if (bs.installTree()) {
            problems.add(line, key, "named artifacts are not published with an install tree (build.artifact starts"
                    + " with {installdir})", "install the suite into {installdir} too and run it from there, or make"
                    + " build.artifact the program itself ({builddir}/...)");
            return Map.of();
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : build.stringMap(KEY).entrySet()) {
            String name = e.getKey();
            String path = e.getValue();
            if (!name.matches(NAME)) {
                problems.add(line, key, "'" + name + "' is not a usable artifact name",
                        "use letters, digits, '_' and '-' only (workloads name it {artifact:NAME}): " + EXAMPLE);
            } else if (path.isBlank()) {
                problems.add(line, key + "." + name, "the path of artifact '" + name + "' is empty", EXAMPLE);
            } else {
                for (String bad : Template.unknown(path, ConfigLoader.ARTIFACT_PLACEHOLDERS)) {
                    problems.add(line, key + "." + name, "unknown placeholder {" + bad + "} in the path of artifact '"
                            + name + "'", "placeholders here: {builddir} {root} {srcdir}, as in build.artifact");
                }
                out.put(name, path);
            }
        }
        return out;
    }

    /** The hint for an unknown {artifact:NAME} in a workload: the names known, or how to declare one. */
    static String hint(String placeholder, Set<String> allowed) {
        List<String> known = allowed.stream().filter(a -> a.startsWith("artifact:")).sorted().toList();
        String name = placeholder.substring("artifact:".length());
        return known.isEmpty() ? "declare it in [build]: artifacts = { " + name + " = \"{builddir}/" + name + "\" }"
                : "artifacts named in [build]: " + String.join(" ", known.stream().map(k -> "{" + k + "}").toList())
                        + "; or add " + name + " = \"PATH\" to build.artifacts";
    }
}
