package io.pgolab.config.starter;

import io.pgolab.config.TomlText;
import io.pgolab.util.TextHead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The [build] tables 'pgolab init' writes for autoconf and Meson trees. Autoconf builds in a copy of
 * the tree (copy_sources): [build] configure runs ./configure with configure-safe flags, command runs
 * make with the variant's full flags. Meson builds out of tree: it fixes its arguments at setup, so
 * setup and compile are one command with the full flags, and Meson adds no LTO or PGO of its own.
 */
final class ConfigureStarter {
    private static final Pattern BIN_PROGRAMS = Pattern.compile("(?m)^\\s*(?:s?bin)_PROGRAMS\\s*\\+?=\\s*([A-Za-z0-9_.+-]+)");
    private static final Pattern AC_INIT = Pattern.compile("AC_INIT\\(\\s*\\[?([A-Za-z0-9_.+ -]+?)\\]?\\s*[,)]");
    private static final Pattern PACKAGE_VERSION = Pattern.compile("(?m)^PACKAGE_VERSION='([0-9]+\\.[0-9]+)'");
    private static final Pattern MESON_EXE = Pattern.compile("executable\\s*\\(\\s*'([A-Za-z0-9_.+-]+)'");

    private ConfigureStarter() {
    }

    /** A configure script, or only configure.ac / configure.in (then autoreconf makes it). */
    static boolean isAutoconf(Path dir) {
        return Files.isRegularFile(dir.resolve("configure")) || Files.isRegularFile(dir.resolve("configure.ac"))
                || Files.isRegularFile(dir.resolve("configure.in"));
    }

    static boolean needsAutoreconf(Path dir) {
        return !Files.isRegularFile(dir.resolve("configure"));
    }

    /** CPython's tree: a configure script beside Modules/ and Python/. */
    static boolean isCPython(Path dir) {
        return Files.isDirectory(dir.resolve("Modules")) && Files.isDirectory(dir.resolve("Python"));
    }

    /** The build table's command lines for an autoconf tree. */
    static void autoconf(Path dir, StringBuilder s) {
        boolean python = isCPython(dir);
        String configure = "./configure CC='{cc}' CXX='{cxx}' AR='{ar}' RANLIB='{ranlib}' CFLAGS='{cflags}'"
                + " CXXFLAGS='{cxxflags}' LDFLAGS='{ldflags}'";
        s.append("# configure runs first, with the variant's flags minus LTO and profile flags (configure checks that\n");
        s.append("# read object files fail on LTO bitcode); make gets the variant's full flags, once (docs/config.md,\n");
        s.append("# 'Build systems'). If configure adds flags of its own to CFLAGS, see the CFLAGS line of the\n");
        s.append("# generated Makefile: make CFLAGS=... replaces them, so add what is needed to cflags below.\n");
        if (needsAutoreconf(dir)) {
            s.append("# No configure script: autoreconf -fi (autoconf, automake, libtool) makes it in each build.\n");
            configure = "autoreconf -fi && " + configure;
        }
        s.append("configure = ").append(TomlText.quote(configure)).append("\n");
        String make = "make -j{jobs} CFLAGS='{cflags}' CXXFLAGS='{cxxflags}' LDFLAGS='{ldflags}'";
        if (python) {
            // The interpreter needs its standard library and lib-dynload/ modules beside it: the variant
            // is the install tree, run in place (docs/config.md, 'A variant that is a runtime tree').
            s.append("# The variant is CPython's install tree: the interpreter with Lib/ and its extension modules\n");
            s.append("# (lib-dynload/*.so), all built with the variant's flags, trained and measured together; it\n");
            s.append("# finds its prefix from its own path, so it runs in place.\n");
            s.append("command = \"").append(make).append(" && make install DESTDIR={installdir} CFLAGS='{cflags}'"
                    + " LDFLAGS='{ldflags}' COMPILEALL_OPTS=-j0\"\n");
            s.append("artifact = ").append(TomlText.quote("{installdir}/usr/local/bin/python" + cpythonVersion(dir))).append("\n");
        } else {
            s.append("command = \"").append(make).append("\"\n");
            Optional<String> program = autoconfProgram(dir);
            s.append("artifact = ").append(TomlText.quote("{srcdir}/" + program.orElse("CHANGE_ME")))
                    .append(program.isPresent() ? "" : "   # CHANGE_ME: the program make builds").append("\n");
        }
        if (python) {
            s.append("cflags = \"\"        # CPython's configure sets -O3 itself (OPT); your own flags, in every variant\n");
        } else {
            s.append("cflags = \"-O2\"     # your own flags, in every variant (configure's default -O2 -g is not used)\n");
        }
    }

    /** "3.11" from PACKAGE_VERSION in CPython's configure script ("3" when it cannot be read: python3 is installed too). */
    static String cpythonVersion(Path dir) {
        return first(PACKAGE_VERSION, dir.resolve("configure")).orElse("3");
    }

    /** The build table's command lines for a Meson tree. */
    static void meson(Path dir, StringBuilder s) {
        s.append("# Meson fixes compiler arguments at setup: setup and compile are one command, with the variant's\n");
        s.append("# flags; b_lto and b_pgo off, so Meson adds none of its own (docs/config.md, 'Build systems').\n");
        s.append("command = \"meson setup {builddir} {srcdir} --buildtype=release -Db_lto=false -Db_pgo=off"
                + " -Dc_args='{cflags}' -Dcpp_args='{cxxflags}' -Dc_link_args='{ldflags}' -Dcpp_link_args='{ldflags}'"
                + " && meson compile -C {builddir}\"\n");
        Optional<String> program = first(MESON_EXE, dir.resolve("meson.build"));
        s.append("artifact = ").append(TomlText.quote("{builddir}/" + program.orElse("CHANGE_ME")))
                .append(program.isPresent() ? "" : "   # CHANGE_ME: the program meson builds").append("\n");
        s.append("cflags = \"\"        # your own flags, in every variant (--buildtype=release gives -O3)\n");
    }

    /** bin_PROGRAMS of Makefile.am (or src/Makefile.am: then src/NAME), else AC_INIT's package name. */
    static Optional<String> autoconfProgram(Path dir) {
        for (String am : List.of("Makefile.am", "src/Makefile.am")) {
            Optional<String> p = first(BIN_PROGRAMS, dir.resolve(am));
            if (p.isPresent()) {
                return Optional.of(am.startsWith("src/") ? "src/" + p.get() : p.get());
            }
        }
        for (String ac : List.of("configure.ac", "configure.in")) {
            Optional<String> p = first(AC_INIT, dir.resolve(ac));
            if (p.isPresent() && p.get().matches("[a-z0-9_-]+")) {
                return p;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> first(Pattern p, Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            Matcher m = p.matcher(TextHead.of(file, TextHead.PROJECT_FILE));
            return m.find() ? Optional.of(m.group(1).strip()) : Optional.empty();
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }
}
