package io.pgolab.config.starter;

import io.pgolab.util.TextHead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What 'pgolab init' reads of one Makefile, as text (it runs nothing): the assignments of a variable, whether the
 * Makefile uses a variable, and the rules whose recipe links a program. Continuation lines are joined first;
 * conditionals (ifeq/ifdef) are not evaluated, so every branch counts, and target-specific assignments
 * ("lz4-release: DEBUGFLAGS=") are not variable assignments.
 */
record Makefile(Path file, List<String> lines) {
    private static final Pattern ASSIGN = Pattern.compile("^\\s*(override\\s+|export\\s+)?([A-Za-z_][A-Za-z0-9_]*)\\s*(:::=|::=|:=|\\?=|\\+=|!=|=)\\s*(.*)$");
    private static final Pattern RULE = Pattern.compile("^([^\\s:#=][^:#=]*?)\\s*::?(?![=])\\s*(.*)$");
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_.+-]+");
    private static final Pattern OUTPUT = Pattern.compile("(?:^|\\s)-o\\s*(\\S+)");
    private static final Pattern COMPILER = Pattern.compile("\\$[({](CC|CXX|LD|LINK\\.[a-z]+|LINK)[)}]|(?:^|\\s)(?:cc|gcc|clang|c\\+\\+|g\\+\\+)\\s");

    /** One assignment: its line (1-based), whether it is "override", its operator and value. */
    record Assign(int line, boolean override, String op, String value) {
        /** "=" ":=" "::=" ":::=" "!=": a value the environment cannot change and the command line replaces. */
        boolean plain() {
            return !op.equals("?=") && !op.equals("+=");
        }
    }

    /** A rule whose recipe links: its target, the file the link writes (-o, with simple variables resolved), line. */
    record Link(String target, String output, int line) {
    }

    /** The Makefile at file, or empty when it is not a regular file or cannot be read. */
    static Optional<Makefile> read(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            return Optional.of(new Makefile(file, joined(TextHead.of(file, TextHead.PROJECT_FILE))));
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /** The first of GNUmakefile, makefile, Makefile in dir (make's own order). */
    static Optional<Makefile> in(Path dir) {
        for (String n : List.of("GNUmakefile", "makefile", "Makefile")) {
            Optional<Makefile> m = read(dir.resolve(n));
            if (m.isPresent()) {
                return m;
            }
        }
        return Optional.empty();
    }

    /** Lines with backslash continuations joined (an empty line keeps each joined line's number) and comments cut. */
    static List<String> joined(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int pending = 0;
        for (String raw : text.split("\n", -1)) {
            String l = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
            if (l.endsWith("\\")) {
                cur.append(l, 0, l.length() - 1).append(' ');
                pending++;
                continue;
            }
            cur.append(l);
            out.add(uncommented(cur.toString()));
            for (int i = 0; i < pending; i++) {
                out.add("");
            }
            cur.setLength(0);
            pending = 0;
        }
        return out;
    }

    private static String uncommented(String l) {
        int hash = l.indexOf('#');
        while (hash > 0 && l.charAt(hash - 1) == '\\') {
            hash = l.indexOf('#', hash + 1);
        }
        return hash < 0 ? l : l.substring(0, hash);
    }

    /** Every assignment of name outside recipes, in order. */
    List<Assign> assigns(String name) {
        List<Assign> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.startsWith("\t")) {
                continue;
            }
            Matcher m = ASSIGN.matcher(l);
            if (m.matches() && m.group(2).equals(name)) {
                out.add(new Assign(i + 1, m.group(1) != null && m.group(1).startsWith("override"), m.group(3),
                        m.group(4).strip()));
            }
        }
        return out;
    }

    /** Whether $(name) or ${name} appears anywhere. */
    boolean uses(String name) {
        for (String l : lines) {
            if (l.contains("$(" + name + ")") || l.contains("${" + name + "}")) {
                return true;
            }
        }
        return false;
    }

    /** Rules with a recipe line that runs the compiler with -o and without -c: the programs (and libraries) it links. */
    List<Link> links() {
        List<Link> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            Matcher r = RULE.matcher(l);
            if (l.startsWith("\t") || ASSIGN.matcher(l).matches() || !r.matches() || r.group(1).contains("%")
                    || r.group(2).contains("=")) {
                continue;
            }
            for (int j = i + 1; j < lines.size() && (lines.get(j).startsWith("\t") || lines.get(j).isBlank()); j++) {
                String cmd = lines.get(j).strip();
                Matcher o = OUTPUT.matcher(cmd);
                if (COMPILER.matcher(cmd).find() && !cmd.matches(".*(^|\\s)-c(\\s|$).*") && o.find()) {
                    String target = resolve(r.group(1).strip().split("\\s+")[0]);
                    String output = resolve(o.group(1).replace("$@", target).replace("$(EXT)", ""));
                    if (SAFE.matcher(target).matches()) {   // a name that goes into a shell command and a path as it is
                        out.add(new Link(target, SAFE.matcher(output).matches() ? output : target, i + 1));
                    }
                    break;
                }
            }
        }
        return out;
    }

    /** A value with $(NAME) / ${NAME} of simple one-word assignments replaced ("$(TREE_DEST)" becomes "tree"). */
    String resolve(String value) {
        Matcher m = Pattern.compile("\\$[({]([A-Za-z_][A-Za-z0-9_]*)[)}]").matcher(value);
        StringBuilder s = new StringBuilder();
        while (m.find()) {
            List<Assign> a = assigns(m.group(1));
            String v = a.size() == 1 && a.get(0).value().matches("[A-Za-z0-9_.+-]+") ? a.get(0).value() : m.group();
            m.appendReplacement(s, Matcher.quoteReplacement(v));
        }
        m.appendTail(s);
        return s.toString();
    }

    /** A "clean:" rule. */
    boolean hasClean() {
        return lines.stream().anyMatch(l -> l.matches("^clean\\s*::?(?!=).*"));
    }
}
