package io.pgolab.toolchain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One compiler or linker invocation as the compiler wrapper (process/pgolab-cc.c) recorded it: its
 * arguments, working directory, the dependency file the wrapper asked for, and what a C/C++ driver
 * (gcc or clang) makes of those arguments: compile or link, inputs, output, -O level, profile flags.
 */
public record CompileRecord(long pid, Path cwd, boolean cxx, Optional<Path> depfile, List<String> args) {
    /** Options whose value is the next argument (gcc and clang spellings). */
    private static final Set<String> TAKES_VALUE = Set.of("-o", "-I", "-D", "-U", "-include", "-imacros", "-isystem",
            "-iquote", "-idirafter", "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-isysroot", "-MF", "-MT", "-MQ",
            "-MJ", "-x", "-L", "-l", "-Xlinker", "-Xassembler", "-Xpreprocessor", "-Xclang", "-mllvm", "-arch",
            "-target", "--param", "-z", "-T", "-u", "-e", "-aux-info", "-dumpbase", "-dumpbase-ext", "-dumpdir",
            "--sysroot", "-Xarch_host", "-Xopenmp-target", "-G", "-B", "-specs");
    private static final Set<String> SOURCE_EXT = Set.of("c", "cc", "cp", "cpp", "cxx", "c++", "C", "CPP", "m", "mm",
            "M", "i", "ii", "s", "S", "sx", "cu", "f", "f90", "F90");
    /** Arguments that make an invocation a query or a preprocessor run, not a compile or link. */
    private static final Set<String> NOT_A_BUILD = Set.of("-E", "-M", "-MM", "--version", "-dumpversion", "-dumpmachine",
            "-dumpfullversion", "-###", "--help", "-fsyntax-only");

    /** Reads the records of one build's audit log (an absent log: none). */
    public static List<CompileRecord> read(Path log) {
        if (!Files.isRegularFile(log)) {
            return List.of();
        }
        try {
            List<CompileRecord> out = new ArrayList<>();
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                parse(line).ifPresent(out::add);
            }
            return out;
        } catch (IOException e) {
            return List.of();
        }
    }

    public static Optional<CompileRecord> parse(String line) {
        String[] f = line.split("\t", -1);
        if (f.length < 5 || !f[0].equals("v1")) {
            return Optional.empty();
        }
        List<String> args = new ArrayList<>();
        for (int i = 5; i < f.length; i++) {
            args.add(unescape(f[i]));
        }
        long pid;
        try {
            pid = Long.parseLong(f[1]);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        String dep = unescape(f[4]);
        return Optional.of(new CompileRecord(pid, Path.of(unescape(f[2])), f[3].equals("CXX"),
                dep.isEmpty() ? Optional.empty() : Optional.of(Path.of(dep)), List.copyOf(args)));
    }

    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                b.append(n == 't' ? '\t' : n == 'n' ? '\n' : n);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** Positional arguments: sources, objects, archives (resolved against cwd). */
    public List<Path> inputs() {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (TAKES_VALUE.contains(a)) {
                i++;
            } else if (!a.startsWith("-") && !a.startsWith("@") && !a.isEmpty()) {
                out.add(cwd.resolve(a).normalize());
            }
        }
        return out;
    }

    /** Inputs the driver compiles (by extension). */
    public List<Path> sources() {
        return inputs().stream().filter(CompileRecord::isSource).toList();
    }

    public static boolean isSource(Path p) {
        String n = p.getFileName() == null ? "" : p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 && SOURCE_EXT.contains(n.substring(dot + 1));
    }

    public boolean has(String arg) {
        return args.contains(arg);
    }

    public boolean hasPrefix(String prefix) {
        return args.stream().anyMatch(a -> a.startsWith(prefix));
    }

    /** A query (--version), a preprocessor run (-E, -M) or a configure/CMake probe: not audited. */
    public boolean ignored() {
        if (args.stream().anyMatch(a -> NOT_A_BUILD.contains(a) || a.startsWith("-print-") || a.equals("-"))) {
            return true;
        }
        String dir = cwd.toString();
        if (dir.contains("CMakeScratch") || dir.contains("CMakeTmp") || dir.contains("CompilerIdC") || dir.contains("meson-private")) {
            return true;
        }
        return inputs().isEmpty() || sources().stream().anyMatch(s -> s.getFileName().toString().startsWith("conftest."));
    }

    /**
     * A feature probe of the build system: its source file was removed before the build ended (Redis's
     * Makefile writes foo.c, compiles it without the build's flags to test for C11 atomics, then
     * deletes it). Such a compile never reaches the artifact, so the audit leaves it out.
     */
    public boolean probeGone() {
        return !sources().isEmpty() && sources().stream().noneMatch(s -> Files.exists(cwd.resolve(s)));
    }

    /** Compiles source files (with -c or -S, or compiles and links in one go). */
    public boolean compiles() {
        return !ignored() && !sources().isEmpty();
    }

    /** Links (no -c, -S or -E). */
    public boolean links() {
        return !ignored() && !has("-c") && !has("-S");
    }

    /** The last -O option ("-O" counts as -O1), or "" when there is none (the compiler's default, -O0). */
    public String optLevel() {
        String level = "";
        for (String a : args) {
            if (a.startsWith("-O")) {
                level = a.equals("-O") ? "-O1" : a;
            }
        }
        return level;
    }

    /** True when the compile optimizes: an -O level other than -O0. */
    public boolean optimized() {
        String l = optLevel();
        return !l.isEmpty() && !l.equals("-O0");
    }

    public Optional<String> value(String option) {
        Optional<String> v = Optional.empty();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals(option) && i + 1 < args.size()) {
                v = Optional.of(args.get(i + 1));
            }
        }
        return v;
    }

    /** The last value of "-fprofile-use=X" and the like ("" when the option has no value, empty when absent). */
    public Optional<String> valueOf(String prefixWithEquals) {
        String bare = prefixWithEquals.substring(0, prefixWithEquals.length() - 1);
        Optional<String> v = Optional.empty();
        for (String a : args) {
            if (a.startsWith(prefixWithEquals)) {
                v = Optional.of(a.substring(prefixWithEquals.length()));
            } else if (a.equals(bare)) {
                v = Optional.of("");
            }
        }
        return v;
    }

    /** Instrumented for PGO: gcc/clang -fprofile-generate, clang -fprofile-instr-generate, -fcs-profile-generate. */
    public boolean instrumented() {
        return hasPrefix("-fprofile-generate") || hasPrefix("-fprofile-instr-generate") || hasPrefix("-fcs-profile-generate");
    }

    /** Reads a profile: -fprofile-use, clang -fprofile-instr-use. */
    public boolean usesProfile() {
        return hasPrefix("-fprofile-use") || hasPrefix("-fprofile-instr-use");
    }

    public boolean lto() {
        return args.stream().anyMatch(a -> a.equals("-flto") || a.startsWith("-flto=")) && !has("-fno-lto");
    }

    /**
     * The objects of a compile with -c: the -o path for one source, else each source's name with .o
     * in the working directory (what gcc and clang write).
     */
    public List<Path> objects() {
        if (!has("-c")) {
            return List.of();
        }
        List<Path> src = sources();
        Optional<String> o = value("-o");
        if (o.isPresent() && src.size() == 1) {
            return List.of(cwd.resolve(o.get()).normalize());
        }
        return src.stream().map(s -> cwd.resolve(stripExt(s.getFileName().toString()) + ".o")).toList();
    }

    /** The dependency files of this invocation: the wrapper's, or the build's own (-MD/-MMD with -MF, or OBJECT.d). */
    public List<Path> depfiles() {
        if (depfile.isPresent()) {
            return List.of(depfile.get());
        }
        if (!has("-MD") && !has("-MMD")) {
            return List.of();
        }
        Optional<String> mf = value("-MF");
        if (mf.isPresent()) {
            return List.of(cwd.resolve(mf.get()));
        }
        return objects().stream().map(o -> o.resolveSibling(stripExt(o.getFileName().toString()) + ".d")).toList();
    }

    public static String stripExt(String name) {
        int dot = name.lastIndexOf('.');
        int slash = name.lastIndexOf('/');
        return dot > slash + 1 ? name.substring(0, dot) : name;
    }

    /**
     * Where GCC (10 and later) looks for the profile of each object of this compile under
     * -fprofile-use=DIR: for an object given by absolute path, DIR followed by that path without its
     * extension, plus ".gcda"; for a relative one, DIR/ and the working directory joined with the
     * object's path, every '/' written as '#' and every ".." as '^' (GCC's "mangled" name).
     */
    public List<Path> gccProfilePaths(Path profileDir) {
        if (!has("-c")) {
            return List.of();
        }
        List<Path> src = sources();
        Optional<String> o = value("-o");
        List<String> raw = o.isPresent() && src.size() == 1 ? List.of(o.get())
                : src.stream().map(s -> stripExt(s.getFileName().toString()) + ".o").toList();
        List<Path> out = new ArrayList<>();
        for (String r : raw) {
            String base = stripExt(r);
            if (base.startsWith("/")) {
                out.add(Path.of(profileDir.toString() + base + ".gcda"));
            } else {
                out.add(profileDir.resolve(mangle(cwd.toString() + "/" + base) + ".gcda"));
            }
        }
        return out;
    }

    static String mangle(String path) {
        StringBuilder b = new StringBuilder();
        for (String part : path.split("/", -1)) {
            if (b.length() > 0 || path.startsWith("/")) {
                b.append('#');
            }
            b.append(part.equals("..") ? "^" : part);
        }
        String m = b.toString();
        return m.startsWith("##") ? m.substring(1) : m;
    }

    /** Files named in make-style dependency files ("target: dep dep \\\n dep"); unreadable ones give none. */
    public static List<Path> readDepfile(Path depfile, Path cwd) {
        String text;
        try {
            text = Files.readString(depfile, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        List<Path> out = new ArrayList<>();
        text = text.replace("\\\r\n", " ").replace("\\\n", " ");
        for (String line : text.split("\n")) {
            int colon = targetEnd(line);
            if (colon < 0) {
                continue;
            }
            StringBuilder word = new StringBuilder();
            String deps = line.substring(colon + 1);
            for (int i = 0; i <= deps.length(); i++) {
                char c = i < deps.length() ? deps.charAt(i) : ' ';
                if (c == '\\' && i + 1 < deps.length() && deps.charAt(i + 1) == ' ') {
                    word.append(' ');
                    i++;
                } else if (c == ' ' || c == '\t') {
                    if (word.length() > 0) {
                        out.add(cwd.resolve(word.toString()).normalize());
                        word.setLength(0);
                    }
                } else {
                    word.append(c);
                }
            }
        }
        return out;
    }

    /** The ':' that ends the target list (not one in "C:\\" or escaped). */
    private static int targetEnd(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == ':' && (i + 1 == line.length() || line.charAt(i + 1) == ' ' || line.charAt(i + 1) == '\t')) {
                return i;
            }
        }
        return -1;
    }
}
