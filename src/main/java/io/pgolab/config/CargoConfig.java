package io.pgolab.config;

import io.pgolab.util.Shell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.tomlj.Toml;
import org.tomlj.TomlArray;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlTable;

/**
 * [build] for toolchain.kind = "cargo". pgolab composes the cargo command itself (it must add
 * --target and --target-dir, and own RUSTFLAGS), so the C keys are refused; what the user picks is
 * which binaries, package, profile, features and extra cargo arguments.
 */
public final class CargoConfig {
    static final Set<String> KEYS = Set.of("bins", "package", "profile", "features", "args", "timeout", "env", "allow");
    private static final Set<String> C_KEYS = Set.of("command", "configure", "clean", "artifact", "cflags", "cxxflags", "ldflags");
    public static final String NAME = "[A-Za-z0-9_-]+";

    private CargoConfig() {
    }

    static boolean isCargo(String kind) {
        return kind.equals("cargo");
    }

    /** cc/cxx/atomic_counters are C keys; llvm_profdata is a cargo key. */
    static void checkToolchainKeys(TableReader toolchain, String kind, ConfigProblems problems) {
        boolean cargo = isCargo(kind);
        for (String k : cargo ? List.of("cc", "cxx", "atomic_counters") : List.of("llvm_profdata")) {
            if (toolchain.has(k)) {
                problems.add(toolchain.line(k), "toolchain." + k, "not used with toolchain.kind = \"" + kind + "\"",
                        cargo ? "remove it: cargo builds with the rustc on PATH (rustup picks it)"
                                : "remove it; llvm_profdata is a cargo key (clang uses the llvm-profdata of its own version)");
            }
        }
    }

    /** A cargo project's own target/ directory is build output, not source. */
    static List<String> withTargetExcluded(List<String> exclude) {
        if (exclude.contains("target")) {
            return exclude;
        }
        List<String> out = new ArrayList<>(exclude);
        out.add("target");
        return out;
    }

    static BuildSpec read(TableReader build, Path root, ConfigProblems problems) {
        for (String k : C_KEYS) {
            if (build.has(k)) {
                problems.add(build.line(k), "build." + k, "not used with toolchain.kind = \"cargo\"",
                        "remove it: pgolab runs 'cargo build --profile P --target <host> --bin NAME' itself; choose"
                                + " with bins, package, profile, features and args (docs/config.md, 'cargo')");
            }
        }
        build.rejectUnknown(union(KEYS, C_KEYS));
        Optional<String> pkg = build.optString("package");
        String profile = build.optString("profile").orElse("release");
        if (!profile.matches(NAME)) {
            problems.add(build.line("profile"), "build.profile", "'" + profile + "' is not a cargo profile name",
                    "profile = \"release\"   (or a [profile.NAME] of your Cargo.toml)");
        }
        List<String> bins = build.stringList("bins", List.of());
        for (String b : bins) {
            if (!b.matches(NAME)) {
                problems.add(build.line("bins"), "build.bins", "'" + b + "' is not a binary target name",
                        "bins = [\"myprogram\"]   (the [[bin]] names in Cargo.toml)");
            }
        }
        if (!build.has("bins")) {
            bins = guessBins(root, pkg, build, problems);
        } else if (bins.isEmpty()) {
            problems.add(build.line("bins"), "build.bins", "empty list", "bins = [\"myprogram\"]");
        }
        List<String> features = build.stringList("features", List.of());
        List<String> args = build.stringList("args", List.of());
        for (String a : args) {
            if (a.startsWith("--target") || a.equals("--release") || a.startsWith("--profile") || a.startsWith("--bin")) {
                problems.add(build.line("args"), "build.args", "'" + a + "' is set by pgolab",
                        "remove it; use the profile and bins keys (pgolab always passes --target <host> and its own --target-dir)");
            }
        }
        CargoSpec spec = new CargoSpec(List.copyOf(bins), pkg, profile, features, args);
        return new BuildSpec(command(spec), Optional.empty(), artifact(spec), "", "", "",
                build.duration("timeout", Duration.ofMinutes(30)), ValueChecks.env(build, "env", problems), "", Optional.of(spec));
    }

    /** The cargo command; {target} and {builddir} are filled in per build. */
    static String command(CargoSpec s) {
        List<String> argv = new ArrayList<>(List.of("cargo", "build", "--profile", s.profile(), "--target", "{target}",
                "--target-dir", "{builddir}/target"));
        s.pkg().ifPresent(p -> argv.addAll(List.of("--package", p)));
        for (String b : s.bins()) {
            argv.addAll(List.of("--bin", b));
        }
        if (!s.features().isEmpty()) {
            argv.addAll(List.of("--features", String.join(",", s.features())));
        }
        StringBuilder sb = new StringBuilder(String.join(" ", argv));
        for (String a : s.args()) {
            sb.append(' ').append(Shell.quote(a).replace("{", "{{").replace("}", "}}"));
        }
        return sb.toString();
    }

    static String artifact(CargoSpec s) {
        return "{builddir}/target/{target}/" + s.profileDir() + "/" + (s.bins().isEmpty() ? "" : s.bins().get(0));
    }

    /** Without bins: the package's only binary, from Cargo.toml ([[bin]], src/main.rs, src/bin/*.rs). */
    private static List<String> guessBins(Path root, Optional<String> pkg, TableReader build, ConfigProblems problems) {
        Path manifest = root.resolve("Cargo.toml");
        if (!Files.isDirectory(root)) {
            return List.of();   // project.root is reported missing already
        }
        String fix = "name the binaries to build: bins = [\"NAME\", ...] under [build]";
        TomlParseResult toml;
        try {
            toml = Toml.parse(Files.readString(manifest));
        } catch (IOException e) {
            problems.add(build.headerLine(), "build.bins", "cannot read " + manifest + " to find the binary", fix);
            return List.of();
        }
        TomlTable p = toml.getTable("package");
        if (p == null || pkg.isPresent()) {
            problems.add(build.headerLine(), "build.bins", (pkg.isPresent() ? "build.package is set"
                    : manifest + " is a workspace without a [package]") + ", so pgolab cannot tell which binary to build", fix);
            return List.of();
        }
        List<String> found = new ArrayList<>();
        TomlArray arr = toml.getArray("bin");
        for (int i = 0; arr != null && i < arr.size(); i++) {
            Object n = arr.getTable(i).get("name");
            if (n instanceof String s) {
                found.add(s);
            }
        }
        if (arr == null || arr.isEmpty()) {
            if (Files.isRegularFile(root.resolve("src/main.rs")) && p.get("name") instanceof String s) {
                found.add(s);
            }
            Path binDir = root.resolve("src/bin");
            if (Files.isDirectory(binDir)) {
                try (Stream<Path> files = Files.list(binDir)) {
                    files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".rs"))
                            .map(f -> f.substring(0, f.length() - 3)).sorted().forEach(found::add);
                } catch (IOException e) {
                    // counted as no binary below
                }
            }
        }
        if (found.size() != 1) {
            problems.add(build.headerLine(), "build.bins", found.isEmpty() ? manifest + " defines no binary"
                    : manifest + " defines several binaries (" + String.join(", ", found) + ")",
                    found.isEmpty() ? fix : "choose one or more: bins = [\"" + String.join("\", \"", found) + "\"]");
            return List.of();
        }
        return found;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        HashSet<String> u = new HashSet<>(a);
        u.addAll(b);
        return u;
    }

    /** Placeholders workloads may use besides the usual ones: {bin:NAME} for each built binary. */
    static Set<String> binPlaceholders(BuildSpec b) {
        return b.cargo().map(c -> Set.copyOf(c.bins().stream().map(n -> "bin:" + n).toList())).orElse(Set.of());
    }

}
