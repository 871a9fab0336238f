package io.pgolab.config.starter;

import io.pgolab.config.CargoConfig;
import io.pgolab.util.TextHead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.tomlj.Toml;
import org.tomlj.TomlArray;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlTable;

/**
 * The binaries of a cargo project for 'pgolab init': the root package's and, in a workspace, each member's
 * ([[bin]] names, else the package's name when src/main.rs exists, plus src/bin/*.rs), and which one init
 * picks: the package or binary named like the directory, else the only one, else the first (a guess).
 */
final class CargoTargets {
    /**
     * One package with binaries; dir is relative to the workspace root ("" for the root package); gated: the
     * binaries with required-features, which 'cargo build --bin' refuses without them (never written to bins).
     */
    record Pkg(String name, String dir, List<String> bins, List<String> gated) {
    }

    /** What init writes: the package to pass (empty for the root package), its bins (the chosen one first). */
    record Choice(Optional<String> pkg, List<String> bins, boolean guessed, List<String> others) {
    }

    private CargoTargets() {
    }

    /** Every package under dir with at least one binary: the root package first, then members in order. */
    static List<Pkg> packages(Path dir) {
        List<Pkg> out = new ArrayList<>();
        TomlParseResult root = manifest(dir).orElse(null);
        if (root == null) {
            return out;
        }
        packageOf(dir, "", root).ifPresent(out::add);
        for (String member : members(dir, root)) {
            manifest(dir.resolve(member)).flatMap(m -> packageOf(dir.resolve(member), member, m)).ifPresent(out::add);
        }
        return out;
    }

    /** The choice for a directory named dirName; empty when no package has a binary. */
    static Optional<Choice> choose(List<Pkg> pkgs, String dirName) {
        List<String[]> all = new ArrayList<>();   // {package, bin}
        for (Pkg p : pkgs) {
            for (String b : p.bins()) {
                all.add(new String[] {p.name(), b});
            }
        }
        if (all.isEmpty()) {
            return Optional.empty();
        }
        String[] pick = all.stream().filter(a -> a[1].equals(dirName)).findFirst()
                .or(() -> all.stream().filter(a -> a[0].equals(dirName)).findFirst())
                .orElse(null);
        boolean guessed = pick == null && all.size() > 1;
        if (pick == null) {
            pick = all.get(0);
        }
        String pkgName = pick[0];
        String bin = pick[1];
        Pkg chosen = pkgs.stream().filter(p -> p.name().equals(pkgName)).findFirst().orElseThrow();
        List<String> bins = new ArrayList<>(List.of(bin));
        chosen.bins().stream().filter(b -> !b.equals(bin)).forEach(bins::add);
        List<String> others = new ArrayList<>();
        for (Pkg p : pkgs) {
            p.gated().forEach(g -> others.add(g + (p.name().equals(pkgName) ? "" : " (package " + p.name() + ")")
                    + " (needs its required-features)"));
        }
        for (String[] a : all) {
            if (!a[0].equals(pkgName)) {
                others.add(a[1] + " (package " + a[0] + ")");
            } else if (!a[1].equals(bin)) {
                others.add(a[1]);
            }
        }
        boolean rootPkg = chosen.dir().isEmpty();
        return Optional.of(new Choice(rootPkg ? Optional.empty() : Optional.of(pkgName), bins, guessed, others));
    }

    private static Optional<TomlParseResult> manifest(Path dir) {
        Path f = dir.resolve("Cargo.toml");
        try {
            if (!Files.isRegularFile(f)) {
                return Optional.empty();
            }
            TomlParseResult t = Toml.parse(TextHead.of(f, TextHead.PROJECT_FILE));
            return t.hasErrors() ? Optional.empty() : Optional.of(t);
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /** The package of one manifest, with its binary names (names cargo would refuse are left out). */
    private static Optional<Pkg> packageOf(Path dir, String rel, TomlParseResult toml) {
        TomlTable pkg = toml.getTable("package");
        if (pkg == null || !(pkg.get("name") instanceof String name) || !name.matches(CargoConfig.NAME)) {
            return Optional.empty();
        }
        Set<String> bins = new LinkedHashSet<>();
        Set<String> gated = new LinkedHashSet<>();
        Set<String> declared = new LinkedHashSet<>();   // paths of [[bin]] targets: not discovered again
        TomlArray arr = toml.getArray("bin");
        for (int i = 0; arr != null && i < arr.size(); i++) {
            if (arr.get(i) instanceof TomlTable t && t.get("name") instanceof String n) {
                if (t.get("required-features") instanceof TomlArray req && !req.isEmpty()) {
                    gated.add(n);   // cargo refuses --bin n without its features: left to the user
                } else {
                    bins.add(n);
                }
                declared.add(normal(t.get("path") instanceof String p ? p : n.equals(name) ? "src/main.rs" : "src/bin/" + n + ".rs"));
            }
        }
        boolean autobins = !Boolean.FALSE.equals(pkg.get("autobins"));
        if (autobins && Files.isRegularFile(dir.resolve("src/main.rs")) && !declared.contains("src/main.rs")) {
            bins.add(name);
        }
        Path binDir = dir.resolve("src/bin");
        if (autobins && Files.isDirectory(binDir)) {
            try (Stream<Path> files = Files.list(binDir)) {
                files.filter(f -> !declared.contains("src/bin/" + f.getFileName()) && !declared.contains("src/bin/" + f.getFileName() + "/main.rs"))
                        .map(CargoTargets::binName).flatMap(Optional::stream).sorted().forEach(bins::add);
            } catch (IOException | UncheckedIOException e) {
                // no src/bin binaries then
            }
        }
        bins.removeAll(gated);
        List<String> kept = bins.stream().filter(n -> n.matches(CargoConfig.NAME)).toList();
        return kept.isEmpty() && gated.isEmpty() ? Optional.empty() : Optional.of(new Pkg(name, rel, kept, List.copyOf(gated)));
    }

    /** src/bin/NAME.rs or src/bin/NAME/main.rs. */
    private static Optional<String> binName(Path f) {
        String n = f.getFileName().toString();
        if (n.endsWith(".rs") && Files.isRegularFile(f)) {
            return Optional.of(n.substring(0, n.length() - 3));
        }
        return Files.isRegularFile(f.resolve("main.rs")) ? Optional.of(n) : Optional.empty();
    }

    /**
     * [workspace] members, relative to dir: plain paths and globs whose last part is "*" or "prefix*"
     * (the forms workspaces use), minus [workspace] exclude; only directories holding a Cargo.toml.
     */
    static List<String> members(Path dir, TomlParseResult root) {
        TomlArray arr = root.getArray("workspace.members");
        TomlArray ex = root.getArray("workspace.exclude");
        Set<String> exclude = new LinkedHashSet<>();
        for (int i = 0; ex != null && i < ex.size(); i++) {
            if (ex.get(i) instanceof String s) {
                exclude.add(normal(s));
            }
        }
        Set<String> out = new LinkedHashSet<>();
        for (int i = 0; arr != null && i < arr.size(); i++) {
            if (arr.get(i) instanceof String s) {
                expand(dir, normal(s)).stream().filter(m -> !exclude.contains(m)).forEach(out::add);
            }
        }
        return new ArrayList<>(out);
    }

    private static String normal(String s) {
        String t = s.startsWith("./") ? s.substring(2) : s;
        return t.endsWith("/") ? t.substring(0, t.length() - 1) : t;
    }

    private static List<String> expand(Path dir, String member) {
        if (member.contains("..") || member.startsWith("/")) {
            return List.of();   // outside the tree pgolab copies: not a binary it can build from root
        }
        int star = member.indexOf('*');
        if (star < 0) {
            return Files.isRegularFile(dir.resolve(member).resolve("Cargo.toml")) ? List.of(member) : List.of();
        }
        int slash = member.lastIndexOf('/', star);
        String parent = slash < 0 ? "" : member.substring(0, slash);
        String last = member.substring(slash + 1);
        if (parent.contains("*") || last.indexOf('*') != last.length() - 1) {
            return List.of();   // a rarer glob: the user lists the binary
        }
        String prefix = last.substring(0, last.length() - 1);
        Path base = parent.isEmpty() ? dir : dir.resolve(parent);
        try (Stream<Path> s = Files.list(base)) {
            return s.filter(p -> p.getFileName().toString().startsWith(prefix) && Files.isRegularFile(p.resolve("Cargo.toml")))
                    .map(p -> (parent.isEmpty() ? "" : parent + "/") + p.getFileName()).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            return List.of();
        }
    }
}
