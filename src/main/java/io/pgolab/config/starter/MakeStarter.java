package io.pgolab.config.starter;

import io.pgolab.config.TomlText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The [build] table 'pgolab init' writes for a plain-make tree. The variant's flags are added to the project's
 * own, never put in their place, so release compiles at the -O level the project's maintainers chose:
 * through a variable the Makefile offers for additions (MOREFLAGS, EXTRA_CFLAGS), else through the
 * environment when the Makefile keeps it (CFLAGS ?= -O3, CFLAGS += -O3, or no CFLAGS at all), else on make's
 * command line with the Makefile's own value first (a command-line CFLAGS replaces every assignment in
 * the Makefile). The program is the linked target named like the project, in the tree's Makefile or in
 * one a directory down (lz4's programs/), else the first program a Makefile links.
 */
final class MakeStarter {
    /** Variables Makefiles append to their own CFLAGS for the user's additions. */
    private static final List<String> EXTRA = List.of("MOREFLAGS", "EXTRA_CFLAGS", "CFLAGS_EXTRA", "USER_CFLAGS",
            "XCFLAGS", "ADDITIONAL_CFLAGS");
    /** Directories whose programs are not the project's (tests, examples, fuzzers, docs). */
    static final Set<String> NOT_PROGRAMS = Set.of("test", "tests", "testing", "example", "examples", "doc", "docs",
            "contrib", "fuzz", "fuzzing", "fuzzer", "fuzzers", "scripts", "bench", "benchmarks", "ci", "build", "cmake", "debian", "packaging");
    private static final Pattern OPT = Pattern.compile("(?:^|\\s)(-O[0-9sgz]?|-Ofast)(?=\\s|$)");
    private static final Pattern VERSION = Pattern.compile("[-_]v?[0-9][0-9.]*.*$");

    private MakeStarter() {
    }

    /** The program a Makefile links, the Makefile, and its directory relative to the tree ("" or "programs/"). */
    record Choice(Makefile makefile, String sub, Optional<Makefile.Link> link, boolean named, List<String> others) {
    }

    /** Appends command, artifact, clean and cflags for dir's Makefile(s). */
    static void write(Path dir, String project, StringBuilder s) {
        Optional<Choice> found = choose(dir, project);
        if (found.isEmpty()) {
            s.append("command = \"make -C {srcdir} -j{jobs} CC='{cc}' CFLAGS='-O2 {cflags}' LDFLAGS='{ldflags}'\"   # CHANGE_ME\n");
            s.append("artifact = \"{srcdir}/CHANGE_ME\"\ncflags = \"\"\n");
            return;
        }
        Choice c = found.get();
        Makefile mk = c.makefile();
        String where = c.sub() + mk.file().getFileName();
        List<String> notes = new ArrayList<>();
        List<String> env = new ArrayList<>();
        List<String> args = new ArrayList<>();
        args.add("CC='{cc}'");
        for (String tool : List.of("CXX", "AR", "RANLIB")) {
            if (mk.uses(tool) || !mk.assigns(tool).isEmpty()) {
                args.add(tool + "='{" + tool.toLowerCase(Locale.ROOT) + "}'");
            }
        }
        boolean guessedOpt = cflags(mk, where, env, args, notes);
        if (mk.uses("CXXFLAGS") || !mk.assigns("CXXFLAGS").isEmpty()) {
            flags(mk, "CXXFLAGS", "{cxxflags}", where, env, args, notes);
        }
        flags(mk, "LDFLAGS", "{ldflags}", where, env, args, notes);
        c.link().ifPresent(l -> args.add(l.target()));
        for (String n : notes) {
            s.append("# ").append(n).append("\n");
        }
        String srcdir = "{srcdir}" + (c.sub().isEmpty() ? "" : "/" + c.sub().substring(0, c.sub().length() - 1));
        String make = (env.isEmpty() ? "" : String.join(" ", env) + " ") + "make -C " + srcdir + " -j{jobs} "
                + String.join(" ", args);
        s.append("command = ").append(TomlText.quote(make)).append("\n");
        artifact(c, where, s);
        if (mk.hasClean()) {   // the copy brings root's earlier objects along: make would find them up to date
            s.append("clean = ").append(TomlText.quote("make -C " + srcdir + " clean"))
                    .append("   # run before every build (docs/config.md)\n");
        }
        s.append(guessedOpt ? "cflags = \"-O2\"     # guessed: " + where + " sets no -O level (make alone builds at -O0)\n"
                : "cflags = \"\"        # your own flags, kept in every variant (the Makefile's own are kept too)\n");
    }

    private static void artifact(Choice c, String where, StringBuilder s) {
        String base = "{srcdir}/" + c.sub();
        if (c.link().isEmpty()) {
            s.append("artifact = ").append(TomlText.quote(base + "CHANGE_ME"))
                    .append("   # CHANGE_ME: no rule of ").append(where).append(" links a program that init could see\n");
            return;
        }
        Makefile.Link l = c.link().get();
        String out = l.output().contains("$") || l.output().contains("/") ? l.target() : l.output();
        s.append("artifact = ").append(TomlText.quote(base + out)).append("   # guessed: the rule '").append(l.target())
                .append("' of ").append(where).append(" (line ").append(l.line()).append(") links it")
                .append(c.named() ? ", named like the project" : "; CHANGE_ME if the program is another").append("\n");
        if (!c.others().isEmpty()) {
            s.append("# other programs the Makefiles link: ").append(String.join(", ", c.others())).append("\n");
        }
    }

    /** CFLAGS's route; true when the Makefile names no -O level, so that cflags gets a guessed -O2. */
    private static boolean cflags(Makefile mk, String where, List<String> env, List<String> args, List<String> notes) {
        boolean noOpt = opt(mk, "CFLAGS").isEmpty() && opt(mk, "CPPFLAGS").isEmpty();
        for (String extra : EXTRA) {
            if (mk.uses(extra)) {
                args.add(extra + "='{cflags}'");
                notes.add("pgolab's flags go in " + extra + ", which " + where + " adds to its own CFLAGS"
                        + opt(mk, "CFLAGS").map(o -> " (" + o + " kept)").orElse(""));
                return noOpt;
            }
        }
        flags(mk, "CFLAGS", "{cflags}", where, env, args, notes);
        return noOpt;
    }

    /**
     * One flags variable: through the environment when the Makefile keeps it (only ?= and += assignments, or
     * none), with the ?= default first; else on the command line, with the Makefile's own value first.
     */
    private static void flags(Makefile mk, String var, String placeholder, String where, List<String> env, List<String> args,
                              List<String> notes) {
        List<Makefile.Assign> all = mk.assigns(var).stream().filter(a -> !a.override()).toList();
        List<Makefile.Assign> plain = all.stream().filter(Makefile.Assign::plain).toList();
        if (plain.isEmpty()) {
            String dflt = all.stream().filter(a -> a.op().equals("?=")).map(Makefile.Assign::value).findFirst().orElse("");
            if (!copyable(dflt)) {
                notes.add("CHANGE_ME: " + where + " has a default " + var + " ?= in a form init does not copy: add it before "
                        + placeholder);
                Matcher o = OPT.matcher(dflt);
                dflt = o.find() ? o.group(1) : "";   // its -O level at least
            }
            env.add(var + "=" + quoted(dflt, placeholder));
            if (!all.isEmpty() && var.equals("CFLAGS")) {
                notes.add("CFLAGS from the environment: " + where + " keeps it (" + all.stream()
                        .map(a -> var + " " + a.op() + " " + a.value()).findFirst().orElse("") + ", line " + all.get(0).line() + ")");
            }
            return;
        }
        Makefile.Assign first = plain.get(0);
        StringBuilder value = new StringBuilder(first.value());
        all.stream().filter(a -> a.op().equals("+=") && a.line() > first.line()).forEach(a -> value.append(' ').append(a.value()));
        String v = value.toString().strip();
        if (!copyable(v)) {
            args.add(var + "='" + placeholder + "'");
            notes.add("CHANGE_ME: " + where + " sets " + var + " itself (line " + first.line() + "), in a form init does"
                    + " not copy: a command-line " + var + " replaces it, so add its value before " + placeholder);
            return;
        }
        args.add(var + "=" + quoted(v, placeholder));
        if (!v.isEmpty()) {
            notes.add(var + ": " + where + "'s own (line " + first.line() + (plain.size() > 1 ? ", the first of "
                    + plain.size() + " assignments: guessed" : "") + "), then pgolab's: a command-line " + var
                    + " replaces the Makefile's");
        }
    }

    /** A value that can stand inside '...' in the command: no quote, and no {word} (a placeholder; ${VAR} is make's). */
    private static boolean copyable(String v) {
        return !v.contains("'") && !v.replaceAll("\\$\\{[A-Za-z0-9_]+\\}", "").contains("{");
    }

    private static String quoted(String value, String placeholder) {
        return "'" + (value.isEmpty() ? "" : value + " ") + placeholder + "'";
    }

    /** The last -O level of var's assignments in the Makefile. */
    static Optional<String> opt(Makefile mk, String var) {
        String level = null;
        for (Makefile.Assign a : mk.assigns(var)) {
            Matcher m = OPT.matcher(a.value());
            while (m.find()) {
                level = m.group(1);
            }
        }
        return Optional.ofNullable(level);
    }

    /** "lz4" for a tree named lz4-1.9.4, lowercase. */
    static String projectName(String dirName) {
        String n = VERSION.matcher(dirName).replaceFirst("");
        return (n.isEmpty() ? dirName : n).toLowerCase(Locale.ROOT);
    }

    /** The Makefile and rule that link the program, when one does. */
    static Optional<Choice> choose(Path dir, String project) {
        Optional<Makefile> root = Makefile.in(dir);
        List<Choice> all = new ArrayList<>();
        root.ifPresent(m -> m.links().forEach(l -> all.add(new Choice(m, "", Optional.of(l), false, List.of()))));
        for (Path sub : subdirs(dir)) {
            Makefile.in(sub).ifPresent(m -> m.links().forEach(l -> all.add(new Choice(m, sub.getFileName() + "/",
                    Optional.of(l), false, List.of()))));
        }
        List<Choice> programs = all.stream().filter(c -> isProgram(c.link().get())).toList();
        String name = projectName(project);
        Optional<Choice> pick = programs.stream().filter(c -> name.equals(programName(c).toLowerCase(Locale.ROOT))).findFirst()
                .map(c -> new Choice(c.makefile(), c.sub(), c.link(), true, List.of()));
        if (pick.isEmpty()) {
            pick = programs.stream().findFirst();
        }
        if (pick.isEmpty()) {
            return root.map(m -> new Choice(m, "", Optional.empty(), false, List.of()));
        }
        Choice p = pick.get();
        String picked = p.sub() + programName(p);
        List<String> others = programs.stream().map(c -> c.sub() + programName(c)).filter(n -> !n.equals(picked))
                .distinct().limit(6).toList();
        return Optional.of(new Choice(p.makefile(), p.sub(), p.link(), p.named(), others));
    }

    private static String programName(Choice c) {
        Makefile.Link l = c.link().get();
        return l.output().contains("$") || l.output().contains("/") ? l.target() : l.output();
    }

    private static boolean isProgram(Makefile.Link l) {
        String t = l.target().toLowerCase(Locale.ROOT);
        return !t.startsWith(".") && !t.contains("$") && !t.startsWith("lib") && !t.contains(".so") && !t.endsWith(".a")
                && !t.endsWith(".dll") && !t.endsWith(".dylib") && !t.startsWith("test") && !t.contains("fuzz");
    }

    /**
     * Directories one level down that may hold the program's Makefile (not tests, docs, examples, nor hidden), sorted;
     * only plain names, which go into make's command line unquoted.
     */
    private static List<Path> subdirs(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> Files.isDirectory(p) && p.getFileName().toString().matches("[A-Za-z0-9_+-][A-Za-z0-9_.+-]*")
                            && !NOT_PROGRAMS.contains(p.getFileName().toString().toLowerCase(Locale.ROOT)))
                    .sorted().limit(64).toList();
        } catch (IOException | UncheckedIOException e) {
            return List.of();
        }
    }
}
