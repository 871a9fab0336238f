package io.pgolab.config.starter;

import io.pgolab.UserError;
import io.pgolab.config.ConfigLoader;
import io.pgolab.config.TomlText;
import io.pgolab.config.Variant;
import io.pgolab.util.TextHead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Writes a commented starter pgolab.toml after looking at the project directory. */
public final class StarterConfig {
    private static final Pattern CMAKE_EXE = Pattern.compile("add_executable\\s*\\(\\s*([A-Za-z0-9_.+-]+)");
    private static final Pattern MAKE_TARGET = Pattern.compile("(?m)^([A-Za-z0-9_.-]+)\\s*:(?!=)");

    private StarterConfig() {
    }

    public enum BuildSystem { CARGO, AUTOCONF, MESON, CMAKE, MAKE, OTHER }

    /**
     * The toolchain a directory's own files name: "go" for a Go module, "cargo" beside Cargo.toml, "jvm" beside
     * pom.xml or build.gradle(.kts), else empty.
     */
    public static Optional<String> kindOf(Path dir) {
        if (GoStarter.isGoModule(dir)) {
            return Optional.of("go");
        }
        if (Files.isRegularFile(dir.resolve("Cargo.toml"))) {
            return Optional.of("cargo");
        }
        return JvmStarter.isMaven(dir) || JvmStarter.isGradle(dir) ? Optional.of("jvm") : Optional.empty();
    }

    public static BuildSystem detect(Path dir) {
        if (Files.isRegularFile(dir.resolve("Cargo.toml"))) {
            return BuildSystem.CARGO;
        }
        if (Files.isRegularFile(dir.resolve("configure"))) {   // a release tarball's script: what its README says to run
            return BuildSystem.AUTOCONF;
        }
        if (Files.isRegularFile(dir.resolve("meson.build"))) {
            return BuildSystem.MESON;
        }
        if (Files.isRegularFile(dir.resolve("CMakeLists.txt"))) {
            return BuildSystem.CMAKE;
        }
        if (ConfigureStarter.isAutoconf(dir)) {
            return BuildSystem.AUTOCONF;
        }
        if (Files.isRegularFile(dir.resolve("Makefile")) || Files.isRegularFile(dir.resolve("makefile"))
                || Files.isRegularFile(dir.resolve("GNUmakefile"))) {
            return BuildSystem.MAKE;
        }
        return BuildSystem.OTHER;
    }

    /**
     * The starter for dir, read back with pgolab's own config loader before anything is written: a starter that
     * does not load is a bug of init (exit 3, with the loader's message and nothing written), never a file the
     * user meets at the next command.
     */
    public static String checked(Path file, Path dir, String toolchainKind) {
        String text = render(dir, toolchainKind);
        try {
            ConfigLoader.parse(file.toAbsolutePath().normalize(), text);
        } catch (UserError e) {
            throw new IllegalStateException("pgolab init made a " + file.getFileName() + " that pgolab cannot read back,"
                    + " so it wrote nothing; please report this bug with the directory's name and build files. The loader"
                    + " said: " + e.getMessage() + (e.hint().isEmpty() ? "" : " (" + e.hint() + ")"), e);
        }
        return text;
    }

    public static String render(Path dir, String toolchainKind) {
        if (toolchainKind.equals("go")) {
            return GoStarter.render(dir);
        }
        if (toolchainKind.equals("jvm")) {
            return JvmStarter.render(dir);
        }
        BuildSystem bs = detect(dir);
        if (toolchainKind.equals("cargo")) {
            return CargoStarter.render(dir);
        }
        String name = dir.getFileName() == null ? "project" : dir.getFileName().toString();
        String program = guessProgram(dir, bs).orElse("CHANGE_ME");
        StringBuilder s = new StringBuilder();
        s.append("# pgolab.toml: written by 'pgolab init' (").append(describe(bs, dir)).append(").\n");
        s.append("# Every key is documented in docs/config.md. Check the lines marked CHANGE_ME.\n\n");
        s.append("[project]\nname = ").append(TomlText.quote(name)).append("\n");
        s.append("root = \".\"                      # the source tree, relative to this file\n");
        if (bs != BuildSystem.CMAKE && bs != BuildSystem.MESON) {
            s.append("copy_sources = true              # build each variant in its own copy (in-tree builds)\n");
        }
        s.append("variants = [\"release\", \"pgo\"]\n# any of: ").append(Variant.NATIVE_NAMES).append("\n\n");
        s.append("[toolchain]\nkind = \"").append(toolchainKind)
                .append("\"                  # \"clang\" or \"gcc\"; cc = \"...\" overrides auto-detection\n")
                .append("# partial_training = false       # default true: code training never ran keeps release's code\n\n");
        s.append("[build]\n");
        s.append("# Placeholders: {cc} {cxx} {ar} {ranlib} {cflags} {cxxflags} {ldflags} {builddir} {srcdir} {root} {jobs} {config_dir}\n");
        s.append("# {cflags}/{ldflags} hold your flags below plus pgolab's per-variant flags; pass them to the compiler.\n");
        switch (bs) {
            case AUTOCONF -> ConfigureStarter.autoconf(dir, s);
            case MESON -> ConfigureStarter.meson(dir, s);
            case CMAKE -> {
                s.append("command = \"cmake -S {srcdir} -B {builddir} -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER={cc}"
                        + " -DCMAKE_CXX_COMPILER={cxx} -DCMAKE_AR={ar} -DCMAKE_RANLIB={ranlib}"
                        + " -DCMAKE_C_FLAGS='{cflags}' -DCMAKE_CXX_FLAGS='{cxxflags}'"
                        + " -DCMAKE_EXE_LINKER_FLAGS='{ldflags}' && cmake --build {builddir} -j{jobs}\"\n");
                s.append("artifact = ").append(TomlText.quote("{builddir}/" + program)).append("\n");
            }
            case MAKE -> {
                s.append("command = \"make -C {srcdir} -j{jobs} CC='{cc}' CXX='{cxx}' AR='{ar}' CFLAGS='-O2 {cflags}'"
                        + " CXXFLAGS='-O2 {cxxflags}' LDFLAGS='{ldflags}'\"\n");
                s.append("artifact = ").append(TomlText.quote("{srcdir}/" + program)).append("\n");
                if (hasCleanTarget(dir)) {   // the copy brings root's earlier objects along: make would find them up to date
                    s.append("clean = \"make -C {srcdir} clean\"   # run before every build (docs/config.md)\n");
                }
            }
            default -> {
                s.append("command = \"{cc} -O2 {cflags} -c {srcdir}/main.c -o {builddir}/main.o && {cc} {ldflags}"
                        + " {builddir}/main.o -o {builddir}/app\"   # CHANGE_ME\n");
                s.append("artifact = \"{builddir}/app\"\n");
            }
        }
        if (bs != BuildSystem.AUTOCONF && bs != BuildSystem.MESON) {
            s.append("cflags = \"\"        # your own flags, kept in every variant\n");
        }
        s.append("ldflags = \"\"\n");
        s.append("timeout = \"30m\"\n\n");
        s.append(WorkloadProposals.train(dir, bs, BaseTrainingStarter.active(dir) ? BaseTrainingStarter.OWN_SHARE : ""));
        s.append(BaseTrainingStarter.entry(dir, bs));
        s.append(WorkloadProposals.bench(dir, bs));
        return s.toString();
    }

    private static String describe(BuildSystem bs, Path dir) {
        return switch (bs) {
            case AUTOCONF -> "found an autoconf " + (ConfigureStarter.needsAutoreconf(dir) ? "configure.ac" : "configure script")
                    + (ConfigureStarter.isCPython(dir) ? ", a CPython tree" : "");
            case MESON -> "found meson.build";
            case CMAKE -> "found CMakeLists.txt";
            case MAKE -> "found a Makefile";
            case CARGO -> "found Cargo.toml";
            default -> "no configure, meson.build, CMakeLists.txt or Makefile found";
        };
    }

    /** A Makefile with a "clean:" target. */
    static boolean hasCleanTarget(Path dir) {
        for (String n : List.of("GNUmakefile", "makefile", "Makefile")) {
            Path mk = dir.resolve(n);
            try {
                if (Files.isRegularFile(mk) && Pattern.compile("(?m)^clean\\s*:(?!=)").matcher(TextHead.of(mk, TextHead.PROJECT_FILE)).find()) {
                    return true;
                }
            } catch (IOException | UncheckedIOException e) {
                return false;
            }
        }
        return false;
    }

    static Optional<String> guessProgram(Path dir, BuildSystem bs) {
        try {
            if (bs == BuildSystem.CMAKE) {
                Matcher m = CMAKE_EXE.matcher(TextHead.of(dir.resolve("CMakeLists.txt"), TextHead.PROJECT_FILE));
                return m.find() ? Optional.of(m.group(1)) : Optional.empty();
            }
            if (bs == BuildSystem.MAKE) {
                Path mk = Files.isRegularFile(dir.resolve("Makefile")) ? dir.resolve("Makefile") : dir.resolve("makefile");
                if (!Files.isRegularFile(mk)) {
                    return Optional.empty();
                }
                Matcher m = MAKE_TARGET.matcher(TextHead.of(mk, TextHead.PROJECT_FILE));
                while (m.find()) {
                    String t = m.group(1);
                    if (!t.startsWith(".") && !t.equals("all") && !t.equals("clean") && !t.equals("install")
                            && !t.endsWith(".o")) {
                        return Optional.of(t);
                    }
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}
