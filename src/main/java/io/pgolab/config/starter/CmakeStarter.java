package io.pgolab.config.starter;

import io.pgolab.config.TomlText;
import io.pgolab.util.TextHead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The [build] table 'pgolab init' writes for a CMake tree (out of tree, in {builddir}). CMake compiles with
 * CMAKE_C_FLAGS followed by the build type's flags (CMAKE_C_FLAGS_RELEASE: -O3 -DNDEBUG), so the variant's
 * flags in CMAKE_C_FLAGS add to the project's build instead of replacing it, and flags the CMakeLists adds
 * with set(CMAKE_C_FLAGS "${CMAKE_C_FLAGS} ...") stay. The build type is the project's own default when its
 * CMakeLists sets one, else Release (marked: plain "cmake" builds with no -O at all).
 */
final class CmakeStarter {
    private static final Pattern EXE = Pattern.compile("add_executable\\s*\\(\\s*\"?([A-Za-z0-9_.+${}:-]+)\"?(\\s+ALIAS\\b|\\s+IMPORTED\\b)?");
    private static final Pattern LIB = Pattern.compile("add_library\\s*\\(\\s*\"?([A-Za-z0-9_.+${}-]+)");
    private static final Pattern DEFAULT_TYPE = Pattern.compile("(?i)set\\s*\\(\\s*CMAKE_BUILD_TYPE\\s+\"?(Release|RelWithDebInfo|MinSizeRel|Debug)\\b");
    private static final Pattern FLAGS_REPLACED = Pattern.compile("set\\s*\\(\\s*CMAKE_(C|CXX)_FLAGS\\s+\"(?!\\$\\{CMAKE_\\1_FLAGS\\})");
    private static final Pattern SET = Pattern.compile("set\\s*\\(\\s*([A-Za-z0-9_]+)\\s+\"?([A-Za-z0-9_.+-]+)\"?\\s*\\)");
    private static final Pattern OUTPUT_NAME = Pattern.compile("set_target_properties\\s*\\(\\s*\"?([A-Za-z0-9_.+${}-]+)\"?\\s+PROPERTIES\\s+OUTPUT_NAME\\s+\"?([A-Za-z0-9_.+-]+)");
    private static final Pattern PROJECT = Pattern.compile("(?i)project\\s*\\(\\s*\"?([A-Za-z0-9_.+-]+)");

    private CmakeStarter() {
    }

    /** One add_executable: its directory relative to the tree ("" or "src/") and its name, variables resolved. */
    record Exe(String sub, String name) {
    }

    static void write(Path dir, StringBuilder s) {
        String root = read(dir.resolve("CMakeLists.txt"));
        Matcher t = DEFAULT_TYPE.matcher(root);
        String type = "Release";
        if (t.find() && !t.group(1).equalsIgnoreCase("Debug")) {
            type = t.group(1);
            s.append("# CMAKE_BUILD_TYPE=").append(type).append(": the CMakeLists.txt's own default.\n");
        } else {
            s.append("# guessed: CMAKE_BUILD_TYPE=Release (CMake's -O3 -DNDEBUG); the CMakeLists.txt sets no optimized"
                    + " default, and plain cmake compiles without -O.\n");
        }
        s.append("# CMake puts CMAKE_C_FLAGS (pgolab's flags) before the build type's, so the project's -O level stays.\n");
        s.append("# Add -G Ninja to the cmake line to build with Ninja (docs/config.md, 'Build systems').\n");
        if (FLAGS_REPLACED.matcher(root).find()) {
            s.append("# CHANGE_ME: the CMakeLists.txt sets CMAKE_C_FLAGS or CMAKE_CXX_FLAGS without ${CMAKE_C_FLAGS}: that"
                    + " drops pgolab's flags; check the compile audit's line (all -O.., with profile).\n");
        }
        s.append("command = \"cmake -S {srcdir} -B {builddir} -DCMAKE_BUILD_TYPE=").append(type)
                .append(" -DCMAKE_C_COMPILER={cc} -DCMAKE_CXX_COMPILER={cxx} -DCMAKE_AR={ar} -DCMAKE_RANLIB={ranlib}"
                        + " -DCMAKE_C_FLAGS='{cflags}' -DCMAKE_CXX_FLAGS='{cxxflags}' -DCMAKE_EXE_LINKER_FLAGS='{ldflags}'"
                        + " -DCMAKE_SHARED_LINKER_FLAGS='{ldflags}' && cmake --build {builddir} -j{jobs}\"\n");
        artifact(dir, root, s);
        s.append("cflags = \"\"        # your own flags, kept in every variant\n");
    }

    private static void artifact(Path dir, String root, StringBuilder s) {
        List<Exe> exes = executables(dir, root);
        String project = first(PROJECT, root).orElse(MakeStarter.projectName(String.valueOf(dir.getFileName())));
        Optional<Exe> named = exes.stream().filter(e -> e.name().equalsIgnoreCase(project)).findFirst();
        List<Exe> programs = exes.stream().filter(e -> !testish(e.name())).toList();
        Optional<Exe> pick = named.or(() -> programs.stream().findFirst()).or(() -> exes.stream().findFirst());
        if (pick.isEmpty()) {
            Optional<String> lib = first(LIB, root);
            s.append("artifact = \"{builddir}/CHANGE_ME\"   # CHANGE_ME: ").append(lib.map(l -> "this tree builds a library"
                    + " only (add_library(" + l + ")) and no program: pgolab measures a program, so name one that links it")
                    .orElse("no add_executable found: the program cmake builds")).append("\n");
            return;
        }
        Exe e = pick.get();
        String why = named.isPresent() ? "named like the project"
                : testish(e.name()) ? "the only add_executable is a test program: this tree mainly builds a library; CHANGE_ME"
                : "the first add_executable; CHANGE_ME if the program is another";
        s.append("artifact = ").append(TomlText.quote("{builddir}/" + e.sub() + e.name())).append("   # guessed: add_executable(")
                .append(e.name()).append(") in ").append(e.sub()).append("CMakeLists.txt, ").append(why).append("\n");
        List<String> others = exes.stream().filter(x -> x != e).map(x -> x.sub() + x.name()).distinct().limit(6).toList();
        if (!others.isEmpty()) {
            s.append("# other programs it builds: ").append(String.join(", ", others)).append("\n");
        }
    }

    private static boolean testish(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.contains("test") || n.contains("fuzz") || n.contains("bench") || n.contains("example");
    }

    /** add_executable names of the tree's CMakeLists.txt and of the ones a directory down, ALIAS and IMPORTED left out. */
    static List<Exe> executables(Path dir, String root) {
        List<Exe> out = new ArrayList<>();
        add(out, "", root);
        try (Stream<Path> subs = Files.list(dir)) {
            for (Path sub : subs.filter(p -> Files.isDirectory(p) && p.getFileName().toString().matches("[A-Za-z0-9_+-][A-Za-z0-9_.+-]*")
                    && !MakeStarter.NOT_PROGRAMS.contains(
                    p.getFileName().toString().toLowerCase(Locale.ROOT))).sorted().limit(64).toList()) {
                Path f = sub.resolve("CMakeLists.txt");
                if (Files.isRegularFile(f)) {
                    add(out, sub.getFileName() + "/", read(f));
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return out;
        }
        return out;
    }

    private static void add(List<Exe> out, String sub, String text) {
        Matcher m = EXE.matcher(text);
        while (m.find()) {
            if (m.group(2) == null) {
                String name = resolve(m.group(1), text);
                if (!name.contains("$") && !name.contains("{") && !name.contains(":")) {
                    out.add(new Exe(sub, outputName(name, text)));
                }
            }
        }
    }

    /** The file a target writes: its OUTPUT_NAME property (cmark's cmark_exe writes cmark), else its name. */
    private static String outputName(String target, String text) {
        Matcher o = OUTPUT_NAME.matcher(text);
        while (o.find()) {
            if (resolve(o.group(1), text).equals(target)) {
                return o.group(2);
            }
        }
        return target;
    }

    /** ${NAME} replaced by a one-word set(NAME value) of the same file. */
    private static String resolve(String name, String text) {
        Matcher v = Pattern.compile("\\$\\{([A-Za-z0-9_]+)\\}").matcher(name);
        StringBuilder s = new StringBuilder();
        while (v.find()) {
            Matcher set = SET.matcher(text);
            String value = v.group();
            while (set.find()) {
                if (set.group(1).equals(v.group(1))) {
                    value = set.group(2);
                    break;
                }
            }
            v.appendReplacement(s, Matcher.quoteReplacement(value));
        }
        v.appendTail(s);
        return s.toString();
    }

    private static Optional<String> first(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    static String read(Path f) {
        try {
            return Files.isRegularFile(f) ? TextHead.of(f, TextHead.PROJECT_FILE) : "";
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }
}
