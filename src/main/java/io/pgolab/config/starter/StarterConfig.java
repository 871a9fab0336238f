package io.pgolab.config.starter;

import io.pgolab.UserError;
import io.pgolab.config.ConfigLoader;
import io.pgolab.config.TomlText;
import io.pgolab.config.Variant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Writes a commented starter pgolab.toml after looking at the project directory. */
public final class StarterConfig {
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
        if (ConfigureStarter.hasAutoconfScript(dir)) {   // a release tarball's script: what its README says to run
            return BuildSystem.AUTOCONF;
        }
        if (Files.isRegularFile(dir.resolve("meson.build"))) {
            return BuildSystem.MESON;
        }
        if (Files.isRegularFile(dir.resolve("CMakeLists.txt"))) {
            return BuildSystem.CMAKE;
        }
        if (ConfigureStarter.isAutoconf(dir) && !Files.isRegularFile(dir.resolve("configure"))) {
            return BuildSystem.AUTOCONF;
        }
        if (Files.isRegularFile(dir.resolve("configure")) && Makefile.in(dir).isEmpty()) {
            return BuildSystem.AUTOCONF;   // a configure script of its own (zlib's): guessed, said in the file
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
            case CMAKE -> CmakeStarter.write(dir, s);
            case MAKE -> MakeStarter.write(dir, name, s);
            default -> {
                s.append("command = \"{cc} -O2 {cflags} -c {srcdir}/main.c -o {builddir}/main.o && {cc} {ldflags}"
                        + " {builddir}/main.o -o {builddir}/app\"   # CHANGE_ME\n");
                s.append("artifact = \"{builddir}/app\"\n");
            }
        }
        if (bs == BuildSystem.OTHER) {
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
            case AUTOCONF -> "found " + (ConfigureStarter.needsAutoreconf(dir) ? "an autoconf configure.ac"
                    : ConfigureStarter.hasAutoconfScript(dir) ? "an autoconf configure script"
                    : "a configure script, not autoconf's: guessed as one, check it")
                    + (ConfigureStarter.isCPython(dir) ? ", a CPython tree" : "");
            case MESON -> "found meson.build";
            case CMAKE -> "found CMakeLists.txt";
            case MAKE -> "found a Makefile";
            case CARGO -> "found Cargo.toml";
            default -> "no configure, meson.build, CMakeLists.txt or Makefile found";
        };
    }
}
