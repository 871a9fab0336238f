package io.pgolab.config;

import io.pgolab.UserError;
import io.pgolab.util.Strings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tomlj.Toml;
import org.tomlj.TomlArray;
import org.tomlj.TomlParseError;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlPosition;
import org.tomlj.TomlTable;

/** Reads pgolab.toml and validates it, naming file, line and key for every problem. */
public final class ConfigLoader {
    public static final Set<String> BUILD_PLACEHOLDERS = Set.of(
            "cc", "cxx", "ar", "ranlib", "cflags", "cxxflags", "ldflags", "builddir", "srcdir", "root", "jobs",
            "config_dir");
    public static final Set<String> ARTIFACT_PLACEHOLDERS = Set.of("builddir", "srcdir", "root");
    public static final Set<String> WORKLOAD_PLACEHOLDERS = Set.of("binary", "root", "config_dir", "workdir");
    public static final Set<String> SERVICE_PLACEHOLDERS = Set.of("binary", "root", "config_dir", "workdir", "port");
    private static final Set<String> SERVICE = Set.of("server", "ready", "ready_timeout", "setup", "teardown", "clients",
            "concurrent", "stop_signal", "stop_grace", "client_cpus");

    private static final Set<String> TOP = Set.of("project", "toolchain", "build", "train", "bench", "bolt");
    private static final Set<String> BOLT = Set.of("profile", "options", "skip_funcs", "smoke");
    private static final Set<String> PROJECT = Set.of("name", "root", "copy_sources", "exclude", "variants", "ladder");
    private static final Set<String> TOOLCHAIN = Set.of("kind", "cc", "cxx", "atomic_counters", "go", "profile_flag",
            "llvm_profdata");
    private static final Set<String> BUILD = Set.of(
            "command", "clean", "artifact", "cflags", "cxxflags", "ldflags", "timeout", "env", "package", "goflags");
    private static final Set<String> WORKLOAD = union(Set.of("name", "command", "timeout", "weight", "env"), SERVICE);
    private static final Set<String> TRAIN = union(WORKLOAD, Set.of("profile"));
    private static final Set<String> BENCH = union(WORKLOAD, Set.of("parser", "metric", "min_effect", "primary"));
    private static final Set<String> METRIC = Set.of("name", "regex", "json_pointer", "unit", "direction", "scale");
    private static final List<String> KINDS = List.of("clang", "gcc", "go", "cargo");

    private ConfigLoader() {
    }

    public static Config load(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        String text;
        try {
            text = Files.readString(abs);
        } catch (NoSuchFileException e) {
            throw new UserError("no config file at " + abs,
                    "run 'pgolab init' to write a starter pgolab.toml, pass --config FILE, or -C DIR to run in another directory");
        } catch (IOException e) {
            throw new UserError("cannot read config " + abs + ": " + e.getMessage());
        }
        return parse(abs, text);
    }

    public static Config parse(Path file, String text) {
        ConfigProblems problems = new ConfigProblems(file);
        TomlParseResult toml = Toml.parse(text);
        if (toml.hasErrors()) {
            for (TomlParseError e : toml.errors()) {
                problems.add(e.position().line(), "", "TOML syntax error: " + e.getMessage(),
                        "check quotes, brackets and '=' on that line");
            }
            problems.throwIfAny();
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
        if (!java.nio.file.Files.isDirectory(root)) {
            problems.add(project.line("root"), "project.root", "directory " + root + " does not exist",
                    "point root at the source tree, relative to " + dir + (rootText.contains("upstream")
                            ? " (fetch the sources first?)" : ""));
        }
        String name = project.optString("name").orElse(root.getFileName() == null ? "project" : root.getFileName().toString());
        boolean copy = project.bool("copy_sources", false);
        List<String> exclude = project.stringList("exclude", List.of());
        List<Variant> variants = variants(project, "variants", List.of(Variant.RELEASE, Variant.PGO), problems);
        List<Variant> ladder = project.has("ladder") ? variants(project, "ladder", List.of(), problems) : List.of();

        toolchain.rejectUnknown(TOOLCHAIN);
        String kind = toolchain.string("kind", "kind = \"clang\"   # or \"gcc\", \"go\", \"cargo\"");
        if (!kind.isEmpty() && !KINDS.contains(kind)) {
            problems.add(toolchain.line("kind"), "toolchain.kind", "unknown toolchain '" + kind + "'",
                    Strings.closest(kind, KINDS).map(k -> "did you mean \"" + k + "\"? ").orElse("")
                            + "supported: \"clang\", \"gcc\", \"go\" or \"cargo\" (the JVM comes later)");
        }
        ToolchainSpec tc = new ToolchainSpec(kind, toolchain.optString("cc"), toolchain.optString("cxx"),
                toolchain.bool("atomic_counters", kind.equals("gcc")), GoConfig.options(toolchain, kind, problems),
                toolchain.optString("llvm_profdata"));
        GoConfig.checkVariants(project, variants, kind, problems);
        boolean cargo = CargoConfig.isCargo(kind);
        CargoConfig.checkToolchainKeys(toolchain, kind, problems);

        BuildSpec bs;
        if (cargo) {
            bs = CargoConfig.read(build, root, problems);
            exclude = CargoConfig.withTargetExcluded(exclude);
        } else {
            build.rejectUnknown(BUILD);
            GoConfig.rejectGoBuildKeys(build, kind, problems);
            bs = GoConfig.isGo(kind) ? GoConfig.build(build, name, problems) : cBuild(build, problems);
        }

        Set<String> bins = CargoConfig.binPlaceholders(bs);
        Set<String> trainExtra = GoConfig.isGo(kind) ? GoConfig.TRAIN_PLACEHOLDERS : bins;
        List<WorkloadSpec> train = workloads(toml, "train", trainExtra, problems);
        List<WorkloadSpec> bench = workloads(toml, "bench", bins, problems);
        if (variants.stream().anyMatch(Variant::pgo) && train.isEmpty() && problems.isEmpty()) {
            problems.add(project.line("variants"), "project.variants",
                    "variant(s) with pgo need a training workload, but there is no [[train]] entry",
                    "add one, e.g.\n      [[train]]\n      name = \"typical\"\n      command = \"{binary} --typical-input\"");
        }
        checkProfileSets(variants, train, project, problems);
        checkProfileSets(ladder, train, project, problems);
        BoltSpec bolt = bolt(toml, problems);
        if ((variants.stream().anyMatch(Variant::bolt) || ladder.stream().anyMatch(Variant::bolt)) && train.isEmpty()
                && problems.isEmpty()) {
            problems.add(project.line("variants"), "project.variants",
                    "BOLT variants are profiled with the [[train]] workloads, but there is none",
                    "add a [[train]] entry that runs {binary} on a typical input");
        }
        problems.throwIfAny();
        return new Config(file, name, root, copy, exclude, variants, ladder, tc, bs, train, bench, bolt);
    }

    private static BuildSpec cBuild(TableReader build, ConfigProblems problems) {
        String command = build.string("command", "command = \"make CC={cc} CFLAGS='{cflags}' LDFLAGS='{ldflags}'\"");
        checkPlaceholders(build, "command", command, BUILD_PLACEHOLDERS, problems);
        var clean = build.optString("clean");
        clean.ifPresent(c -> checkPlaceholders(build, "clean", c, BUILD_PLACEHOLDERS, problems));
        String artifact = build.string("artifact", "artifact = \"{builddir}/myprogram\"");
        checkPlaceholders(build, "artifact", artifact, ARTIFACT_PLACEHOLDERS, problems);
        BuildSpec bs = new BuildSpec(command, clean, artifact,
                build.optString("cflags").orElse(""), build.optString("cxxflags").orElse(""),
                build.optString("ldflags").orElse(""), build.duration("timeout", Duration.ofMinutes(30)),
                build.stringMap("env"));
        return bs;
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

    private static List<WorkloadSpec> workloads(TomlTable toml, String key, Set<String> extraPlaceholders,
                                                ConfigProblems problems) {
        List<WorkloadSpec> out = new ArrayList<>();
        Object v = toml.get(List.of(key));
        if (v == null) {
            return out;
        }
        TomlPosition keyPos = toml.inputPositionOf(List.of(key));
        int keyLine = keyPos == null ? 1 : keyPos.line();
        if (!(v instanceof TomlArray arr) || !allTables(arr)) {
            problems.add(keyLine, key, "must be a list of tables written as [[" + key + "]] sections",
                    "[[" + key + "]]\n      name = \"typical\"\n      command = \"{binary} input\"");
            return out;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < arr.size(); i++) {
            TomlTable t = arr.getTable(i);
            TomlPosition p = arr.inputPositionOf(i);
            int line = p == null ? keyLine : p.line();
            TableReader r = new TableReader(t, key + "[" + i + "]", line, problems);
            r.rejectUnknown(key.equals("bench") ? BENCH : TRAIN);
            String name = r.optString("name").orElse(key + (i + 1));
            if (!name.matches("[A-Za-z0-9._-]+")) {
                problems.add(r.line("name"), key + ".name", "'" + name + "' is not a usable name",
                        "use letters, digits, '.', '_' and '-' only (it names files under .pgolab/)");
            } else if (!seen.add(name)) {
                problems.add(r.line("name"), key + ".name", "duplicate workload name '" + name + "'",
                        "give every [[" + key + "]] entry its own name");
            }
            TableReader named = new TableReader(t, key + "." + name, line, problems);
            Optional<ServiceSpec> service = named.has("server") ? Optional.of(service(named, key + "." + name, extraPlaceholders, problems))
                    : Optional.empty();
            String command = service.isPresent() ? service.get().server()
                    : named.string("command", "command = \"{binary} --some-input\"   (or server = \"{binary} --port {port}\")");
            if (service.isEmpty()) {
                checkPlaceholders(named, "command", command, union(WORKLOAD_PLACEHOLDERS, extraPlaceholders), problems);
                SERVICE.stream().filter(named::has).forEach(k -> problems.add(named.line(k), key + "." + name + "." + k,
                        "only a service workload (one with 'server = ...') takes this key",
                        "add server = \"{binary} --port {port}\", or remove " + k));
            } else if (named.has("command")) {
                problems.add(named.line("command"), key + "." + name + ".command",
                        "a service workload has 'server' and 'clients' instead of 'command'",
                        "move the load generator into clients = [\"...\"]");
            }
            if (!command.isEmpty() && Template.placeholders(command).stream()
                    .noneMatch(n -> n.equals("binary") || (n.startsWith("bin:") && extraPlaceholders.contains(n)))) {
                String k = service.isPresent() ? "server" : "command";
                problems.add(named.line(k), key + "." + name + "." + k,
                        "the " + k + " never runs the built program: {binary} is missing",
                        "start it with {binary}, e.g. " + k + " = \"{binary} input.txt\"");
            }
            double weight = named.number("weight", 1.0);
            if (weight <= 0) {
                problems.add(named.line("weight"), key + "." + name + ".weight", "must be positive", "weight = 1");
            }
            Optional<String> parser = named.optString("parser");
            List<MetricSpec> metrics = key.equals("bench") ? metrics(t, key + "." + name, line, problems) : List.of();
            Map<String, Double> minEffects = new java.util.LinkedHashMap<>();
            named.numberMap("min_effect").forEach((k, pct) -> minEffects.put(k, pct / 100));
            out.add(new WorkloadSpec(name, command, named.duration("timeout", Duration.ofMinutes(10)), weight,
                    named.stringMap("env"), line, parser, metrics, minEffects, named.stringList("primary", List.of()),
                    service, profileTag(named, key + "." + name, problems)));
        }
        return out;
    }

    private static String profileTag(TableReader r, String prefix, ConfigProblems problems) {
        String tag = r.optString("profile").orElse("").trim().toLowerCase();
        if (!tag.isEmpty() && !Variant.isProfileName(tag)) {
            problems.add(r.line("profile"), prefix + ".profile", "'" + tag + "' is not a usable profile name",
                    "use letters, digits, '.', '_' and '-' (variants name it as pgo@" + "NAME)");
        }
        return tag;
    }

    /** Every "pgo@tag" variant needs at least one [[train]] workload tagged profile = "tag". */
    private static void checkProfileSets(List<Variant> variants, List<WorkloadSpec> train, TableReader project,
                                         ConfigProblems problems) {
        Set<String> tags = new java.util.TreeSet<>();
        train.forEach(w -> {
            if (!w.profile().isEmpty()) {
                tags.add(w.profile());
            }
        });
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

    private static ServiceSpec service(TableReader r, String prefix, Set<String> extraPlaceholders, ConfigProblems problems) {
        // Cargo's {bin:NAME} may start clients and helpers too; other extras are for the server only.
        Set<String> withBins = union(SERVICE_PLACEHOLDERS,
                Set.copyOf(extraPlaceholders.stream().filter(n -> n.startsWith("bin:")).toList()));
        String server = r.string("server", "server = \"{binary} --port {port}\"");
        List<String> clients = r.stringList("clients", List.of());
        if (clients.isEmpty()) {
            problems.add(r.line("server"), prefix + ".clients", "a service workload needs at least one client",
                    "clients = [\"redis-benchmark -p {port} -n 100000 -q\"]");
        }
        String ready = r.optString("ready").orElse("tcp");
        if (!ready.equals("tcp") && !ready.startsWith("http:") && !ready.startsWith("log:") && !ready.startsWith("probe:")) {
            problems.add(r.line("ready"), prefix + ".ready", "unknown readiness check '" + ready + "'",
                    "one of \"tcp\" (the port accepts connections), \"http:/health\" (GET returns 2xx),"
                            + " \"log:REGEX\" (a line of the server's output matches), \"probe:COMMAND\" (exits 0)");
        }
        String signal = r.optString("stop_signal").orElse("SIGTERM").toUpperCase();
        if (!signal.startsWith("SIG")) {
            signal = "SIG" + signal;
        }
        if (!ServiceSpec.SIGNALS.contains(signal)) {
            problems.add(r.line("stop_signal"), prefix + ".stop_signal", "unsupported signal '" + signal + "'",
                    "one of " + String.join(", ", ServiceSpec.SIGNALS) + " (SIGKILL would lose the profile)");
        }
        for (String k : List.of("server", "setup", "teardown", "ready")) {
            r.optString(k).ifPresent(v -> checkPlaceholders(r, k, v,
                    k.equals("server") ? union(SERVICE_PLACEHOLDERS, extraPlaceholders) : withBins, problems));
        }
        for (String c : clients) {
            checkPlaceholders(r, "clients", c, withBins, problems);
        }
        List<Integer> cpus = r.intList("client_cpus", "client_cpus = [1]   # or one CPU per client: [1, 0]");
        if (cpus.size() > 1 && cpus.size() != clients.size()) {
            problems.add(r.line("client_cpus"), prefix + ".client_cpus", "has " + cpus.size() + " entries for "
                            + clients.size() + " client(s)",
                    "give one CPU for all clients (client_cpus = [1]) or one per client, in the order of clients");
        }
        return new ServiceSpec(server, ready, r.duration("ready_timeout", Duration.ofSeconds(30)), r.optString("setup"),
                r.optString("teardown"), clients, r.bool("concurrent", false), signal,
                r.duration("stop_grace", Duration.ofSeconds(10)), cpus);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new HashSet<>(a);
        u.addAll(b);
        return Set.copyOf(u);
    }

    private static List<MetricSpec> metrics(TomlTable bench, String prefix, int benchLine, ConfigProblems problems) {
        List<MetricSpec> out = new ArrayList<>();
        Object v = bench.get(List.of("metric"));
        if (v == null) {
            return out;
        }
        if (!(v instanceof TomlArray arr) || !allTables(arr)) {
            problems.add(benchLine, prefix + ".metric", "must be a list of [[bench.metric]] tables",
                    "[[bench.metric]]\n      name = \"rps\"\n      regex = \"Requests/sec: ([0-9.]+)\"\n      direction = \"higher\"");
            return out;
        }
        for (int i = 0; i < arr.size(); i++) {
            TomlPosition p = arr.inputPositionOf(i);
            TableReader r = new TableReader(arr.getTable(i), prefix + ".metric[" + i + "]", p == null ? benchLine : p.line(), problems);
            r.rejectUnknown(METRIC);
            String name = r.string("name", "name = \"rps\"");
            Optional<String> regex = r.optString("regex");
            Optional<String> pointer = r.optString("json_pointer");
            if (regex.isPresent() == pointer.isPresent()) {
                problems.add(r.headerLine(), prefix + ".metric." + name, "needs exactly one of 'regex' or 'json_pointer'",
                        "regex = \"Requests/sec: ([0-9.]+)\"   or   json_pointer = \"/end/sum_received/bits_per_second\"");
            }
            regex.ifPresent(re -> {
                try {
                    java.util.regex.Pattern.compile(re);
                } catch (java.util.regex.PatternSyntaxException e) {
                    problems.add(r.line("regex"), prefix + ".metric." + name + ".regex", "invalid regex: " + e.getDescription(),
                            "TOML basic strings need \\\\ for one backslash; literal strings ('...') do not");
                }
            });
            String direction = r.optString("direction").orElse("lower");
            if (!direction.equals("lower") && !direction.equals("higher")) {
                problems.add(r.line("direction"), prefix + ".metric." + name + ".direction", "must be \"lower\" or \"higher\"",
                        "direction = \"higher\"   # for throughput; \"lower\" for times and latencies");
            }
            out.add(new MetricSpec(name, regex, pointer, r.optString("unit").orElse(""), direction.equals("higher"),
                    r.number("scale", 1.0), r.headerLine()));
        }
        return out;
    }

    static void checkPlaceholders(TableReader r, String key, String text, Set<String> allowed,
                                          ConfigProblems problems) {
        for (String bad : Template.unknown(text, allowed)) {
            String guess = Strings.closest(bad, allowed).map(k -> "did you mean {" + k + "}? ").orElse("");
            problems.add(r.line(key), r.qualified(key), "unknown placeholder {" + bad + "}",
                    guess + "placeholders here: " + String.join(" ", allowed.stream().sorted().map(s -> "{" + s + "}").toList())
                            + "; write {{ and }} for literal braces");
        }
    }

    private static boolean allTables(TomlArray arr) {
        for (int i = 0; i < arr.size(); i++) {
            if (!(arr.get(i) instanceof TomlTable)) {
                return false;
            }
        }
        return true;
    }
}
