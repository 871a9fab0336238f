package io.pgolab.toolchain.rust;

import io.pgolab.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.tomlj.Toml;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlPosition;

/**
 * A cargo profile's effective strip setting, read the way cargo reads it: CARGO_PROFILE_&lt;P&gt;_STRIP,
 * then [profile.P] strip in cargo's config files (the most specific wins), then [profile.P] strip in
 * the workspace root's Cargo.toml, following inherits to release or dev. BOLT variants link with
 * -Wl,--emit-relocs, which the linker refuses with --strip-all (strip = true / "symbols"); "debuginfo"
 * (--strip-debug) links fine.
 *
 * @param value  "symbols", "debuginfo" or "none"
 * @param source where it was set, e.g. "[profile.release] strip = true (/p/Cargo.toml:14)"; "" for cargo's default
 */
public record CargoStrip(String value, String source) {
    static final CargoStrip DEFAULT = new CargoStrip("none", "");

    public boolean symbols() {
        return value.equals("symbols");
    }

    public static CargoStrip of(String profile, Path root, Map<String, String> env, Path cargoHome) {
        String key = "CARGO_PROFILE_" + profile.toUpperCase(Locale.ROOT).replace('-', '_') + "_STRIP";
        if (env.containsKey(key)) {
            return new CargoStrip(normal(env.get(key), key), key + "=" + env.get(key));
        }
        List<Path> configs = RustFlags.configFiles(root, cargoHome);
        for (int i = configs.size() - 1; i >= 0; i--) {
            Optional<CargoStrip> s = inFile(configs.get(i), profile, 0);
            if (s.isPresent()) {
                return s.get();
            }
        }
        return manifest(root).flatMap(m -> inFile(m, profile, 0)).orElse(DEFAULT);
    }

    /** The Cargo.toml whose profiles apply: the nearest one with [workspace] above a member, else root's own. */
    static Optional<Path> manifest(Path root) {
        Path own = root.toAbsolutePath().normalize().resolve("Cargo.toml");
        for (Path d = own.getParent(); d != null; d = d.getParent()) {
            Path m = d.resolve("Cargo.toml");
            if (Files.isRegularFile(m) && parse(m).contains("workspace")) {
                return Optional.of(m);
            }
        }
        return Files.isRegularFile(own) ? Optional.of(own) : Optional.empty();
    }

    private static Optional<CargoStrip> inFile(Path file, String profile, int depth) {
        TomlParseResult t = parse(file);
        List<String> path = List.of("profile", profile, "strip");
        if (t.contains(path)) {
            Object v = t.get(path);
            TomlPosition pos = t.inputPositionOf(path);
            String shown = v instanceof String s ? "\"" + s + "\"" : String.valueOf(v);
            String where = "[profile." + profile + "] strip = " + shown + " (" + file + (pos == null ? "" : ":" + pos.line()) + ")";
            return Optional.of(new CargoStrip(normal(v, where), where));
        }
        String parent = t.getString(List.of("profile", profile, "inherits"));
        if (parent != null && depth < 8 && !parent.equals(profile)) {
            return inFile(file, parent, depth + 1);
        }
        if (profile.equals("bench") && depth < 8) {
            return inFile(file, "release", depth + 1);
        }
        return Optional.empty();
    }

    static String normal(Object v, String where) {
        String s = String.valueOf(v).toLowerCase(Locale.ROOT);
        return switch (s) {
            case "true", "symbols" -> "symbols";
            case "debuginfo" -> "debuginfo";
            case "false", "none" -> "none";
            default -> throw new UserError("cargo's strip setting " + where + " is not true, false, \"symbols\","
                    + " \"debuginfo\" or \"none\"", "fix it: cargo itself would refuse it");
        };
    }

    private static TomlParseResult parse(Path f) {
        try {
            TomlParseResult r = Toml.parse(Files.readString(f));
            if (r.hasErrors()) {
                throw new UserError("cannot parse " + f + ": " + r.errors().get(0), "fix the file: cargo itself would refuse it");
            }
            return r;
        } catch (IOException e) {
            throw new UserError("cannot read " + f + ": " + e.getMessage());
        }
    }

    /**
     * A strip of the symbol table in the user's rustflags: "-Cstrip=symbols" (pgolab can override it with
     * a later -Cstrip=debuginfo) or a linker -s / --strip-all (it cannot). Empty when there is none.
     */
    static Optional<String> inRustflags(List<String> flags, boolean linkerOnly) {
        for (int i = 0; i < flags.size(); i++) {
            String f = flags.get(i).replace(" ", "");
            String next = i + 1 < flags.size() ? flags.get(i + 1) : "";
            boolean codegen = f.equals("-Cstrip=symbols") || (f.equals("-C") && next.equals("strip=symbols"));
            String c = f.equals("-C") ? "-C" + next.replace(" ", "") : f;
            boolean linker = c.startsWith("-Clink-arg")
                    && c.matches(".*[=,](-s|--strip-all|-Wl,-s|-Wl,--strip-all)(,.*|$)");
            if (linker || (codegen && !linkerOnly)) {
                return Optional.of(f.equals("-C") ? f + " " + next : flags.get(i));
            }
        }
        return Optional.empty();
    }
}
