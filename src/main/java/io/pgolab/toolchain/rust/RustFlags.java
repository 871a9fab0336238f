package io.pgolab.toolchain.rust;

import io.pgolab.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tomlj.Toml;
import org.tomlj.TomlArray;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlTable;

/**
 * The rustflags cargo would use for a build, found the way cargo finds them. Cargo takes only the
 * first of these sources (https://doc.rust-lang.org/cargo/reference/config.html#buildrustflags):
 * CARGO_ENCODED_RUSTFLAGS, RUSTFLAGS, target.&lt;triple&gt;.rustflags plus matching
 * target.'cfg(..)'.rustflags (joined), build.rustflags. pgolab sets CARGO_ENCODED_RUSTFLAGS, which
 * wins over all of them, so it must pass the user's flags along or they are silently dropped.
 * Config files: .cargo/config.toml (or .cargo/config) in the build directory and each parent, then
 * $CARGO_HOME/config.toml; arrays from several files are joined, deeper directories last;
 * CARGO_TARGET_&lt;TRIPLE&gt;_RUSTFLAGS and CARGO_BUILD_RUSTFLAGS come after the files.
 */
public final class RustFlags {

    /** The flags and where they came from, e.g. "RUSTFLAGS" or "build.rustflags in /p/.cargo/config.toml". */
    public record Effective(List<String> flags, String source) {
        public static final Effective NONE = new Effective(List.of(), "none");
    }

    private RustFlags() {
    }

    public static Effective effective(Map<String, String> env, Path cwd, Path cargoHome, String host, Set<String> cfgs) {
        String encoded = env.get("CARGO_ENCODED_RUSTFLAGS");
        if (encoded != null) {
            return new Effective(encoded.isEmpty() ? List.of() : List.of(encoded.split("\u001f", -1)),
                    "CARGO_ENCODED_RUSTFLAGS");
        }
        String plain = env.get("RUSTFLAGS");
        if (plain != null) {
            return new Effective(split(plain), "RUSTFLAGS");
        }
        List<Path> files = configFiles(cwd, cargoHome);
        List<String> target = new ArrayList<>();
        List<String> targetFrom = new ArrayList<>();
        List<String> build = new ArrayList<>();
        List<String> buildFrom = new ArrayList<>();
        for (Path f : files) {
            TomlParseResult toml = parse(f);
            TomlTable targets = toml.getTable("target");
            if (targets != null) {
                for (String key : targets.keySet()) {
                    boolean applies = key.equals(host) || (key.startsWith("cfg(") && CfgExpr.matches(key, cfgs));
                    Object t = targets.get(List.of(key));
                    if (applies && t instanceof TomlTable tt && tt.contains("rustflags")) {
                        target.addAll(values(tt.get("rustflags"), f, "target." + key + ".rustflags"));
                        targetFrom.add("target." + key + ".rustflags in " + f);
                    }
                }
            }
            if (toml.contains("build.rustflags")) {
                build.addAll(values(toml.get("build.rustflags"), f, "build.rustflags"));
                buildFrom.add("build.rustflags in " + f);
            }
        }
        String targetEnv = "CARGO_TARGET_" + host.toUpperCase(Locale.ROOT).replace('-', '_').replace('.', '_') + "_RUSTFLAGS";
        if (env.containsKey(targetEnv)) {
            target.addAll(split(env.get(targetEnv)));
            targetFrom.add(targetEnv);
        }
        if (env.containsKey("CARGO_BUILD_RUSTFLAGS")) {
            build.addAll(split(env.get("CARGO_BUILD_RUSTFLAGS")));
            buildFrom.add("CARGO_BUILD_RUSTFLAGS");
        }
        if (!targetFrom.isEmpty()) {
            return new Effective(target, String.join(" + ", targetFrom));
        }
        if (!buildFrom.isEmpty()) {
            return new Effective(build, String.join(" + ", buildFrom));
        }
        return Effective.NONE;
    }

    /**
     * The user's own rustc wrapper (sccache): RUSTC_WRAPPER, else CARGO_BUILD_RUSTC_WRAPPER, else
     * build.rustc-wrapper of cargo's config files (the most specific file wins; a relative path with a
     * slash is relative to the directory holding .cargo/). Empty when there is none; an empty
     * RUSTC_WRAPPER turns a configured one off, as in cargo.
     */
    public static Optional<String> rustcWrapper(Map<String, String> env, Path cwd, Path cargoHome) {
        for (String k : List.of("RUSTC_WRAPPER", "CARGO_BUILD_RUSTC_WRAPPER")) {
            if (env.containsKey(k)) {
                return Optional.of(env.get(k)).filter(w -> !w.isBlank());
            }
        }
        String found = null;
        for (Path f : configFiles(cwd, cargoHome)) {
            String w = parse(f).getString("build.rustc-wrapper");
            if (w != null) {
                Path base = f.getParent().getParent() == null ? f.getParent() : f.getParent().getParent();
                found = w.contains("/") && !w.startsWith("/") ? base.resolve(w).normalize().toString() : w;
            }
        }
        return Optional.ofNullable(found).filter(w -> !w.isBlank());
    }

    /** Cargo's config files for a build run in cwd, lowest precedence first. */
    static List<Path> configFiles(Path cwd, Path cargoHome) {
        List<Path> dirs = new ArrayList<>();
        for (Path d = cwd.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
            dirs.add(0, d.resolve(".cargo"));
        }
        Set<Path> out = new LinkedHashSet<>();
        Path home = cargoHome.toAbsolutePath().normalize();
        configIn(home).ifPresent(out::add);
        for (Path d : dirs) {
            if (!d.equals(home)) {
                configIn(d).ifPresent(out::add);
            }
        }
        return new ArrayList<>(out);
    }

    /** config.toml (or the older name config) in a .cargo directory or CARGO_HOME. */
    static Optional<Path> configIn(Path dir) {
        for (String name : List.of("config.toml", "config")) {
            Path p = dir.resolve(name);
            if (Files.isRegularFile(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    private static TomlParseResult parse(Path f) {
        try {
            TomlParseResult r = Toml.parse(Files.readString(f));
            if (r.hasErrors()) {
                throw new UserError("cannot parse cargo config " + f + ": " + r.errors().get(0),
                        "fix the file: cargo itself would refuse it");
            }
            return r;
        } catch (IOException e) {
            throw new UserError("cannot read cargo config " + f + ": " + e.getMessage());
        }
    }

    private static List<String> values(Object v, Path file, String key) {
        if (v instanceof String s) {
            return split(s);
        }
        if (v instanceof TomlArray a) {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < a.size(); i++) {
                if (!(a.get(i) instanceof String s)) {
                    throw new UserError(key + " in " + file + " must be a string or a list of strings",
                            "rustflags = [\"-C\", \"target-cpu=native\"]");
                }
                out.add(s);
            }
            return out;
        }
        throw new UserError(key + " in " + file + " must be a string or a list of strings",
                "rustflags = [\"-C\", \"target-cpu=native\"]");
    }

    static List<String> split(String s) {
        return Arrays.stream(s.split(" ")).filter(x -> !x.isEmpty()).toList();
    }

    /** CARGO_ENCODED_RUSTFLAGS: flags separated by 0x1f, so flags may contain spaces. */
    public static String encode(List<String> flags) {
        return String.join("\u001f", flags);
    }
}
