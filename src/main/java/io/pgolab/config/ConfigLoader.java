package io.pgolab.config;

import io.pgolab.UserError;
import io.pgolab.util.Strings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.tomlj.Toml;
import org.tomlj.TomlArray;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlPosition;
import org.tomlj.TomlTable;

/** Reads pgolab.toml and validates it, naming file, line and key for every problem. */
public final class ConfigLoader {
    public static final Set<String> BUILD_PLACEHOLDERS = Set.of(
            "cc", "cxx", "ar", "ranlib", "cflags", "cxxflags", "ldflags", "builddir", "srcdir", "root", "jobs",
            "config_dir", "installdir");
    public static final Set<String> ARTIFACT_PLACEHOLDERS = Set.of("builddir", "srcdir", "root");
    /** C and C++: the artifact may be a program inside an install tree ({installdir}), which is then the variant. */
    static final Set<String> C_ARTIFACT_PLACEHOLDERS = Set.of("builddir", "srcdir", "root", "installdir");
    public static final Set<String> WORKLOAD_PLACEHOLDERS = Set.of("binary", "root", "config_dir", "workdir", "checkout");
    public static final Set<String> SERVICE_PLACEHOLDERS = Set.of("binary", "root", "config_dir", "workdir", "port",
            "checkout");
    private static final Set<String> TOP = Set.of("project", "toolchain", "build", "train", "bench", "bolt", "gate");
    private static final Set<String> BOLT = Set.of("profile", "options", "skip_funcs", "smoke");
    private static final Set<String> PROJECT = Set.of("name", "root", "copy_sources", "exclude", "variants", "ladder",
            "profile", "profile_max_stale", "profile_max_commits");
    private static final Set<String> TOOLCHAIN = Set.of("kind", "cc", "cxx", "atomic_counters", "go", "profile_flag",
            "llvm_profdata", PartialTraining.KEY, "jar", "classpath", "main", "jvm_flags", "java_home", "jdk");
    private static final Set<String> BUILD = Set.of(
            "command", "configure", "clean", "artifact", "cflags", "cxxflags", "ldflags", "timeout", "env", "package", "goflags", "allow",
            "compiler_cache", NamedArtifacts.KEY);
    private static final List<String> KINDS = List.of("clang", "gcc", "go", "cargo", "jvm");

    private ConfigLoader() {
    }

    public static Config load(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        return parse(abs, ConfigFile.read(abs));
    }

    public static Config parse(Path file, String text) {
        ConfigProblems problems = new ConfigProblems(file);
        TomlParseResult toml = TomlText.parse(text.startsWith("\uFEFF") ? text.substring(1) : text, problems);
        if (toml == null) {
            throw problems.toError();
        }
        TableReader top = new TableReader(toml, "", 1, problems);
        top.rejectUnknown(TOP);

        TableReader project = table(toml, "project", problems, true);
        TableReader toolchain = table(toml, "toolchain", problems, true);
        TableReader build = table(toml, "build", problems, true);
        problems.throwIfAny();

        Path dir = file.getParent();
        project.rejectUnknown(PROJECT);
        String rootText = project.optString("root").orElse(".");
        Path root = dir.resolve(rootText).normalize();
        if (!Files.isDirectory(root)) {
            problems.add(project.line("root"), "project.root", "directory " + root + " does not exist",
                    "point root at the source tree, relative to " + dir + (rootText.contains("upstream")
                            ? " (fetch the sources first?)" : ""));
        }
        ValueChecks.nonEmpty(project, List.of("name", "root"), problems);
        String name = project.optString("name").orElse(root.getFileName() == null ? "project" : root.getFileName().toString());
        boolean copy = project.bool("copy_sources", false);
        List<String> exclude = project.stringList("exclude", List.of());
        ValueChecks.globs(project, "exclude", exclude, problems);
        List<Variant> variants = variants(project, "variants", List.of(Variant.RELEASE, Variant.PGO), problems);
        List<Variant> ladder = project.has("ladder") ? variants(project, "ladder", List.of(), problems) : List.of();
        StoredProfileSpec stored = StoredProfileSpec.read(project, dir, problems);

        ToolchainSpec tc = toolchainSpec(toolchain, problems);
        String kind = tc.kind();
        if (JvmConfig.isJvm(kind) && !project.has("variants")) {
            variants = List.of(Variant.RELEASE, Variant.AOT);
        }
        GoConfig.checkVariants(project, variants, kind, problems);
        JvmConfig.checkVariants(project, variants, kind, problems);
        boolean cargo = CargoConfig.isCargo(kind);
        CargoConfig.checkToolchainKeys(toolchain, kind, problems);

        BuildSpec bs = buildSpec(build, root, name, tc, problems);
        if (cargo) {
            exclude = CargoConfig.withTargetExcluded(exclude);
        }

        Set<String> bins = union(CargoConfig.binPlaceholders(bs), bs.artifactPlaceholders());
        Set<String> trainExtra = GoConfig.isGo(kind) ? union(GoConfig.TRAIN_PLACEHOLDERS, bins) : bins;
        List<WorkloadSpec> train = WorkloadReader.workloads(toml, "train", trainExtra, problems);
        List<WorkloadSpec> bench = WorkloadReader.workloads(toml, "bench", bins, problems);
        checkTraining(variants, ladder, train, stored, project, problems);
        BoltSpec bolt = bolt(toml, problems);
        checkBolt(variants, ladder, train, bs, project, problems);
        GateSpec gate = variants.isEmpty() ? null : GateReader.read(table(toml, "gate", problems, false), variants, bench, problems);
        problems.throwIfAny();
        return new Config(file, name, root, copy, exclude, variants, ladder, tc, bs, train, bench, bolt, stored, gate);
    }

    private static BuildSpec cBuild(TableReader build, ConfigProblems problems) {
        String command = build.string("command", "command = \"make CC={cc} CFLAGS='{cflags}' LDFLAGS='{ldflags}'\"");
        ValueChecks.nonEmpty(build, "command", command, "command = \"make CC={cc} CFLAGS='{cflags}'\"", problems);
        ValueChecks.nonEmpty(build, List.of("clean"), problems);
        checkPlaceholders(build, "command", command, BUILD_PLACEHOLDERS, problems);
        var clean = build.optString("clean");
        clean.ifPresent(c -> checkPlaceholders(build, "clean", c, BUILD_PLACEHOLDERS, problems));
        String artifact = build.string("artifact", "artifact = \"{builddir}/myprogram\"");
        ValueChecks.nonEmpty(build, "artifact", artifact, "artifact = \"{builddir}/myprogram\"", problems);
        checkPlaceholders(build, "artifact", artifact, C_ARTIFACT_PLACEHOLDERS, problems);
        if (artifact.contains("{installdir}") && !artifact.startsWith("{installdir}/")) {
            problems.add(build.line("artifact"), "build.artifact", "'{installdir}' can only start the artifact's path"
                    + " (the program inside the install tree): '" + artifact + "'",
                    "artifact = \"{installdir}/usr/local/bin/myprogram\", with 'make install DESTDIR={installdir}' in"
                            + " build.command");
        }
        BuildSpec bs = new BuildSpec(command, clean, artifact,
                build.optString("cflags").orElse(""), build.optString("cxxflags").orElse(""),
                build.optString("ldflags").orElse(""), build.duration("timeout", Duration.ofMinutes(30)),
                ValueChecks.env(build, "env", problems));
        return bs;
    }

    /** build.configure: clang and gcc only; the same placeholders as command. */
    private static Optional<String> configure(TableReader build, String kind, ConfigProblems problems) {
        if (!build.has("configure")) {
            return Optional.empty();
        }
        if (!kind.equals("clang") && !kind.equals("gcc")) {
            problems.add(build.line("configure"), "build.configure", "a configure step is for toolchain kinds \"clang\" and \"gcc\","
                    + " not \"" + kind + "\"", "remove it: put whatever it does at the start of build.command");
            return Optional.empty();
        }
        ValueChecks.nonEmpty(build, List.of("configure"), problems);
        Optional<String> step = build.optString("configure");
        step.ifPresent(c -> checkPlaceholders(build, "configure", c, BUILD_PLACEHOLDERS, problems));
        return step;
    }

    /** build.compiler_cache: clang and gcc only, "ccache" (found on PATH at build time) or a path to it. */
    private static Optional<String> compilerCache(TableReader build, String kind, ConfigProblems problems) {
        if (!build.has("compiler_cache")) {
            return Optional.empty();
        }
        if (!kind.equals("clang") && !kind.equals("gcc")) {
            problems.add(build.line("compiler_cache"), "build.compiler_cache", "a compiler cache is for toolchain kinds"
                    + " \"clang\" and \"gcc\", not \"" + kind + "\"", kind.equals("go") ? "remove it: Go caches its own"
                    + " builds" : "remove it");
            return Optional.empty();
        }
        ValueChecks.nonEmpty(build, List.of("compiler_cache"), problems);
        Optional<String> cache = build.optString("compiler_cache").filter(c -> !c.isBlank());
        cache.filter(c -> !c.equals("ccache") && !c.endsWith("/ccache")).ifPresent(c -> problems.add(
                build.line("compiler_cache"), "build.compiler_cache", "unknown compiler cache '" + c + "'",
                "compiler_cache = \"ccache\" (or the path of a ccache); for cargo, RUSTC_WRAPPER = \"sccache\" in"
                        + " build.env (pgolab runs it after recording)"));
        return cache;
    }

    /** build.allow: compile-audit findings that are deliberate. */
    private static List<String> allow(TableReader build, ConfigProblems problems) {
        List<String> allow = build.stringList("allow", List.of());
        for (String a : allow) {
            if (!BuildSpec.ALLOWABLE.contains(a)) {
                problems.add(build.line("allow"), "build.allow", "unknown audit finding '" + a + "'",
                        Strings.closest(a, BuildSpec.ALLOWABLE).map(k -> "did you mean \"" + k + "\"? ").orElse("")
                                + "known: \"" + String.join("\", \"", BuildSpec.ALLOWABLE) + "\"");
            }
        }
        return allow;
    }

    private static BoltSpec bolt(TomlTable toml, ConfigProblems problems) {
        if (toml.get(List.of("bolt")) == null) {
            return BoltSpec.DEFAULT;
        }
        TableReader b = table(toml, "bolt", problems, false);
        b.rejectUnknown(BOLT);
        String mode = b.optString("profile").orElse("auto");
        if (!BoltSpec.PROFILE_MODES.contains(mode)) {
            problems.add(b.line("profile"), "bolt.profile", "unknown BOLT profile mode '" + mode + "'",
                    "one of \"auto\" (perf with branch records when available, else instrumentation), \"instrument\", \"perf\"");
        }
        ValueChecks.nonEmpty(b, List.of("smoke"), problems);
        Optional<String> smoke = b.optString("smoke");
        smoke.ifPresent(c -> checkPlaceholders(b, "smoke", c, WORKLOAD_PLACEHOLDERS, problems));
        return new BoltSpec(mode, b.stringList("options", List.of()), b.stringList("skip_funcs", List.of()), smoke);
    }

    private static TableReader table(TomlTable toml, String key, ConfigProblems problems, boolean required) {
        Object v = toml.get(List.of(key));
        TomlPosition pos = toml.inputPositionOf(List.of(key));
        int line = pos == null ? 1 : pos.line();
        if (v == null) {
            if (required) {
                problems.add(1, key, "missing required table [" + key + "]", "add a [" + key + "] section; see docs/config.md");
            }
            return new TableReader(Toml.parse(""), key, line, problems);
        }
        if (!(v instanceof TomlTable t)) {
            problems.add(line, key, "must be a table [" + key + "], found " + TableReader.describe(v),
                    "write it as a section header: [" + key + "]");
            return new TableReader(Toml.parse(""), key, line, problems);
        }
        return new TableReader(t, key, line, problems);
    }

    private static List<Variant> variants(TableReader project, String key, List<Variant> dflt, ConfigProblems problems) {
        List<String> names = project.stringList(key, dflt.stream().map(Variant::name).toList());
        List<Variant> out = new ArrayList<>();
        for (String n : names) {
            try {
                Variant v = Variant.parse(n);
                if (!out.contains(v)) {
                    out.add(v);   // docs/config.md: duplicates are ignored (the command line refuses them)
                }
            } catch (UserError e) {
                problems.add(project.line(key), "project." + key, e.getMessage(), e.hint());
            }
        }
        if (out.isEmpty() && problems.isEmpty()) {
            problems.add(project.line(key), "project." + key, "no variants to build",
                    key + " = [\"" + Variant.RELEASE + "\", \"" + Variant.PGO + "\"]");
        }
        return out;
    }

    private static void checkProfileSets(List<Variant> variants, List<WorkloadSpec> train, TableReader project,
                                         ConfigProblems problems) {
        Set<String> tags = new TreeSet<>();
        train.forEach(w -> tags.addAll(w.profileTags()));
        for (Variant v : variants) {
            if (!v.profileSet().isEmpty() && !tags.contains(v.profileSet())) {
                problems.add(project.line("variants"), "project.variants",
                        "variant '" + v.name() + "' uses profile '" + v.profileSet() + "', but no [[train]] entry has profile = \""
                                + v.profileSet() + "\"",
                        Strings.closest(v.profileSet(), List.copyOf(tags)).map(k -> "did you mean \"" + v.baseName() + "@" + k + "\"? ")
                                .orElse("") + (tags.isEmpty() ? "tag the training workloads for it: profile = \"" + v.profileSet() + "\""
                                : "profiles defined: " + String.join(", ", tags)));
            }
        }
    }

    static void checkPlaceholders(TableReader r, String key, String text, Set<String> allowed,
                                          ConfigProblems problems) {
        for (String bad : Template.unknown(text, allowed)) {
            String guess = Strings.closest(bad, allowed).map(k -> "did you mean {" + k + "}? ").orElse("")
                    + (bad.startsWith("artifact:") ? NamedArtifacts.hint(bad, allowed) + "; " : "");
            problems.add(r.line(key), r.qualified(key), "unknown placeholder {" + bad + "}",
                    guess + "placeholders here: " + String.join(" ", allowed.stream().sorted().map(s -> "{" + s + "}").toList())
                            + "; write {{ and }} for literal braces");
        }
    }

    static boolean allTables(TomlArray arr) {
        for (int i = 0; i < arr.size(); i++) {
            if (!(arr.get(i) instanceof TomlTable)) {
                return false;
            }
        }
        return true;
    }

    static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new HashSet<>(a);
        u.addAll(b);
        return Set.copyOf(u);
    }

    /** [toolchain]: its kind (checked against the known ones) and options. */
    private static ToolchainSpec toolchainSpec(TableReader toolchain, ConfigProblems problems) {
        toolchain.rejectUnknown(TOOLCHAIN);
        String kind = toolchain.string("kind", "kind = \"clang\"   # or \"gcc\", \"go\", \"cargo\"");
        if (toolchain.has("kind") && kind.isEmpty()) {
            problems.add(toolchain.line("kind"), "toolchain.kind", "must not be empty",
                    "kind = \"clang\"   # or \"gcc\", \"go\", \"cargo\"");
        } else if (!kind.isEmpty() && !KINDS.contains(kind)) {
            problems.add(toolchain.line("kind"), "toolchain.kind", "unknown toolchain '" + kind + "'",
                    Strings.closest(kind, KINDS).map(k -> "did you mean \"" + k + "\"? ").orElse("")
                            + "supported: \"clang\", \"gcc\", \"go\", \"cargo\" or \"jvm\"");
        }
        ValueChecks.nonEmpty(toolchain, List.of("cc", "cxx", "go", "llvm_profdata"), problems);
        return new ToolchainSpec(kind, toolchain.optString("cc"), toolchain.optString("cxx"),
                toolchain.bool("atomic_counters", kind.equals("gcc")), GoConfig.options(toolchain, kind, problems),
                toolchain.optString("llvm_profdata"), PartialTraining.read(toolchain, kind, problems),
                JvmConfig.options(toolchain, kind, problems));
    }

    /** [build] for the toolchain's kind (cargo, go and jvm read their own keys), with allow, configure and compiler_cache. */
    private static BuildSpec buildSpec(TableReader build, Path root, String name, ToolchainSpec tc, ConfigProblems problems) {
        String kind = tc.kind();
        boolean cargo = CargoConfig.isCargo(kind);
        BuildSpec bs;
        if (cargo) {
            bs = CargoConfig.read(build, root, problems);
        } else {
            build.rejectUnknown(BUILD);
            GoConfig.rejectGoBuildKeys(build, kind, problems);
            bs = GoConfig.isGo(kind) ? GoConfig.build(build, name, problems)
                    : JvmConfig.isJvm(kind) ? JvmConfig.build(build, tc.jvm(), problems) : cBuild(build, problems);
        }
        bs = bs.withAllow(allow(build, problems));   // the compile audit covers every kind
        if (!cargo) {   // cargo names it among the keys it does not use
            bs = bs.withConfigure(configure(build, kind, problems)).withCompilerCache(compilerCache(build, kind, problems));
            bs = bs.withArtifacts(NamedArtifacts.read(build, kind, bs, problems));
        }

        return bs;
    }

    /** Variants made from a training run need one (or a stored profile), and profile sets must name training workloads. */
    private static void checkTraining(List<Variant> variants, List<Variant> ladder, List<WorkloadSpec> train,
                                      StoredProfileSpec stored, TableReader project, ConfigProblems problems) {
        if (variants.stream().anyMatch(Variant::jvm) && train.isEmpty() && problems.isEmpty()) {
            problems.add(project.line("variants"), "project.variants",
                    "the cds and aot variants are made from a training run, but there is no [[train]] entry",
                    "add one, e.g.\n      [[train]]\n      name = \"typical\"\n      command = \"{binary} --typical-input\"");
        }
        if (variants.stream().anyMatch(Variant::pgo) && train.isEmpty() && stored.file().isEmpty() && problems.isEmpty()) {
            problems.add(project.line("variants"), "project.variants",
                    "variant(s) with pgo need a training workload (or a stored profile, project.profile), but there is no [[train]] entry",
                    "add one, e.g.\n      [[train]]\n      name = \"typical\"\n      command = \"{binary} --typical-input\"");
        }
        checkProfileSets(variants, train, project, problems);
        checkProfileSets(ladder, train, project, problems);
    }

    /** BOLT variants rewrite one program and are profiled with the [[train]] workloads. */
    private static void checkBolt(List<Variant> variants, List<Variant> ladder, List<WorkloadSpec> train, BuildSpec bs,
                                  TableReader project, ConfigProblems problems) {
        if (bs.installTree() && (variants.stream().anyMatch(Variant::bolt) || ladder.stream().anyMatch(Variant::bolt))) {
            problems.add(project.line(variants.stream().anyMatch(Variant::bolt) ? "variants" : "ladder"),
                    variants.stream().anyMatch(Variant::bolt) ? "project.variants" : "project.ladder",
                    "a BOLT variant rewrites one program, and this build's variant is an install tree ({installdir} in"
                            + " build.artifact): BOLT of install trees is not supported",
                    "leave the +bolt variants out, or make build.artifact the program itself ({builddir}/...)");
        }
        if ((variants.stream().anyMatch(Variant::bolt) || ladder.stream().anyMatch(Variant::bolt)) && train.isEmpty()
                && problems.isEmpty()) {
            problems.add(project.line("variants"), "project.variants",
                    "BOLT variants are profiled with the [[train]] workloads, but there is none",
                    "add a [[train]] entry that runs {binary} on a typical input");
        }
    }
}
