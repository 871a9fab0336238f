package io.pgolab.config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The keys and rules that only toolchain kind "go" has: [toolchain] go / profile_flag, [build]
 * package / goflags with a default 'go build' command, and the variants Go can build. Kept apart
 * from ConfigLoader so the C path stays as it was.
 */
final class GoConfig {
    static final String KIND = "go";
    /** Placeholders of a Go build command: {goflags} holds the user's goflags, -ldflags and pgolab's -pgo=. */
    static final Set<String> BUILD_PLACEHOLDERS = Set.of("go", "goflags", "builddir", "srcdir", "root", "jobs",
            "config_dir");
    /** Extra placeholders of Go [[train]] commands: the CPU profile file and its directory. */
    static final Set<String> TRAIN_PLACEHOLDERS = Set.of("profile", "profile_dir");
    private static final List<String> TOOLCHAIN_KEYS = List.of("go", "profile_flag");
    private static final List<String> BUILD_KEYS = List.of("package", "goflags");
    private static final List<String> C_BUILD_KEYS = List.of("cflags", "cxxflags");
    private static final List<String> C_TOOLCHAIN_KEYS = List.of("cc", "cxx", "atomic_counters");

    private GoConfig() {
    }

    static boolean isGo(String kind) {
        return KIND.equals(kind);
    }

    /** [toolchain] go and profile_flag; for other kinds these keys are errors. */
    static ToolchainSpec.GoOptions options(TableReader t, String kind, ConfigProblems problems) {
        if (!isGo(kind)) {
            rejectKeys(t, TOOLCHAIN_KEYS, "only toolchain kind \"go\" takes this key", problems);
            return ToolchainSpec.GoOptions.DEFAULT;
        }
        rejectKeys(t, C_TOOLCHAIN_KEYS, "a C compiler setting; toolchain kind \"go\" does not use it"
                + " (set go = \"/path/to/go\" to pick a go command)", problems);
        String flag = t.optString("profile_flag").orElse(ToolchainSpec.GoOptions.DEFAULT_PROFILE_FLAG);
        if (!flag.contains("{profile}")) {
            problems.add(t.line("profile_flag"), t.qualified("profile_flag"),
                    "must contain {profile}, the file the program writes its CPU profile to",
                    "profile_flag = \"-cpuprofile={profile}\"   (or \"--cpuprofile={profile}\" for esbuild-style flags)");
        }
        for (String bad : Template.unknown(flag, Set.of("profile"))) {
            problems.add(t.line("profile_flag"), t.qualified("profile_flag"), "unknown placeholder {" + bad + "}",
                    "only {profile} is replaced here");
        }
        return new ToolchainSpec.GoOptions(t.optString("go"), flag);
    }

    /** [build] for Go: package (default "."), goflags, ldflags, and optional command/artifact. */
    static BuildSpec build(TableReader b, String projectName, ConfigProblems problems) {
        rejectKeys(b, C_BUILD_KEYS, "C flags do not reach 'go build'", "use goflags = \"...\" for go build"
                + " flags; cgo code reads CGO_CFLAGS, which you can set in build.env", problems);
        String pkg = b.optString("package").orElse(".");
        if (pkg.isBlank() || pkg.contains("'") || pkg.contains("{")) {
            problems.add(b.line("package"), b.qualified("package"), "'" + pkg + "' is not a package path",
                    "package = \"./cmd/mytool\"   (the main package, relative to root)");
        }
        ValueChecks.nonEmpty(b, List.of("command", "artifact", "clean"), problems);
        String name = binaryName(pkg, projectName);
        String artifact = b.optString("artifact").orElse("{builddir}/" + name);
        String command = b.optString("command").orElse("{go} build {goflags} -o " + artifact + " " + pkg);
        ConfigLoader.checkPlaceholders(b, "command", command, BUILD_PLACEHOLDERS, problems);
        ConfigLoader.checkPlaceholders(b, "artifact", artifact, ConfigLoader.ARTIFACT_PLACEHOLDERS, problems);
        Optional<String> clean = b.optString("clean");
        clean.ifPresent(c -> ConfigLoader.checkPlaceholders(b, "clean", c, BUILD_PLACEHOLDERS, problems));
        return new BuildSpec(command, clean, artifact, "", "", b.optString("ldflags").orElse(""),
                b.duration("timeout", Duration.ofMinutes(30)), ValueChecks.env(b, "env", problems), b.optString("goflags").orElse(""));
    }

    /** For C kinds: the Go-only [build] keys are errors. */
    static void rejectGoBuildKeys(TableReader b, String kind, ConfigProblems problems) {
        if (!isGo(kind)) {
            rejectKeys(b, BUILD_KEYS, "only toolchain kind \"go\" takes this key", problems);
        }
    }

    /** Go builds release and pgo: the gc toolchain has no LTO, and pgolab offers no BOLT for Go. */
    static void checkVariants(TableReader project, List<Variant> variants, String kind, ConfigProblems problems) {
        if (!isGo(kind)) {
            return;
        }
        for (Variant v : variants) {
            if (v.lto()) {
                problems.add(project.line("variants"), "project.variants",
                        "variant '" + v + "' is not available for toolchain kind \"go\": the Go compiler has no"
                                + " link-time optimization (and pgolab offers no BOLT for Go)",
                        "variants = [\"release\", \"pgo\"]   (Go builds these two)");
            }
        }
    }

    /** "mytool" for ./cmd/mytool; the project name for "." (go build would use the module's last element). */
    static String binaryName(String pkg, String projectName) {
        String p = pkg.replaceAll("/+$", "").replaceAll("/\\.\\.\\.$", "");
        int slash = p.lastIndexOf('/');
        String last = slash < 0 ? p : p.substring(slash + 1);
        String n = last.isEmpty() || last.equals(".") || last.equals("..") ? projectName : last;
        n = n.replaceAll("[^A-Za-z0-9._-]", "_");
        return n.isEmpty() ? "app" : n;
    }

    private static void rejectKeys(TableReader t, List<String> keys, String why, ConfigProblems problems) {
        rejectKeys(t, keys, why, "remove it", problems);
    }

    private static void rejectKeys(TableReader t, List<String> keys, String why, String fix, ConfigProblems problems) {
        for (String k : keys) {
            if (t.has(k)) {
                problems.add(t.line(k), t.qualified(k), why, fix);
            }
        }
    }
}
