package io.pgolab.config.starter;

import io.pgolab.util.TextHead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The main packages of a Go module for 'pgolab init' ("." and ./DIR for each directory whose non-test .go
 * files say package main, outside vendor/, testdata/ and hidden or _-prefixed directories), which one init
 * picks, and the -ldflags / -tags of the project's own 'go build' line in its Makefile.
 */
final class GoMains {
    private static final Pattern PACKAGE_MAIN = Pattern.compile("(?m)^package\\s+main\\s*$");
    private static final int MAX_DEPTH = 4;
    /** A package path that is one word in a shell command: other directories are left out. */
    private static final Pattern SAFE = Pattern.compile("\\.|\\./[A-Za-z0-9._/+-]+");
    /** A 'go build' command on one (joined) Makefile line. */
    private static final Pattern GO_BUILD = Pattern.compile("(?:\\bgo|\\$[({]\\w+[)}])\\s+build\\b(.*)");
    /** A make variable's definition: NAME = / := / ::= / ?= VALUE, not indented by a tab (that is a recipe line). */
    private static final String DEFINITION = "(?m)^ *(?:export +)?%s[ \\t]*(?::{1,2}|\\?)?=(.*)$";
    private static final Pattern REFERENCE = Pattern.compile("\\$[({](\\w+)[)}]");
    private static final Pattern LDFLAGS = Pattern.compile("-ldflags[= ](\"[^\"]*\"|'[^']*'|\\S+)");
    private static final Pattern TAGS = Pattern.compile("-tags[= ](\"[^\"]*\"|'[^']*'|\\S+)");

    /** The package written, whether it is a guess, and the other main packages found. */
    record Choice(String pkg, boolean guessed, List<String> others) {
    }

    /** The flags of the Makefile's 'go build' line; each is empty when absent or built from make variables. */
    record MakeFlags(String ldflags, String tags, String skipped) {
        static final MakeFlags NONE = new MakeFlags("", "", "");
    }

    private GoMains() {
    }

    /** "." and "./a/b" for every main package, "." first, then the others in path order. */
    static List<String> find(Path dir) {
        List<String> out = new ArrayList<>();
        try {
            Files.walkFileTree(dir, java.util.Set.of(), MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
                    String n = d.equals(dir) ? "" : d.getFileName().toString();
                    if (n.startsWith(".") || n.startsWith("_") || n.equals("vendor") || n.equals("testdata")
                            || (!d.equals(dir) && Files.isRegularFile(d.resolve("go.mod")))) {   // another module
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    String pkg = d.equals(dir) ? "." : "./" + GithubWorkflow.slashes(dir.relativize(d));
                    if (SAFE.matcher(pkg).matches() && isMain(d)) {   // it goes into a command line unquoted
                        out.add(pkg);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException | UncheckedIOException e) {
            return out.stream().sorted().toList();
        }
        return out.stream().sorted((a, b) -> a.equals(".") ? -1 : b.equals(".") ? 1 : a.compareTo(b)).toList();
    }

    /**
     * The package named like the module's last element (or the directory), else "." when it is main, else
     * the only one, else the first under cmd/ (else the first): a guess, with the others listed.
     */
    static Optional<Choice> choose(List<String> mains, String moduleLast, String dirName) {
        if (mains.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> named = mains.stream().filter(m -> last(m).equals(moduleLast) || last(m).equals(dirName)).findFirst();
        String pick = named.or(() -> mains.contains(".") ? Optional.of(".") : Optional.empty())
                .or(() -> mains.stream().filter(m -> m.startsWith("./cmd/")).findFirst()).orElse(mains.get(0));
        boolean guessed = named.isEmpty() && !pick.equals(".") && mains.size() > 1;
        return Optional.of(new Choice(pick, guessed, mains.stream().filter(m -> !m.equals(pick)).toList()));
    }

    private static String last(String pkg) {
        int slash = pkg.lastIndexOf('/');
        return slash < 0 ? pkg : pkg.substring(slash + 1);
    }

    static boolean isMain(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".go") && !p.toString().endsWith("_test.go")).toList()) {
                if (Files.isRegularFile(f) && PACKAGE_MAIN.matcher(TextHead.of(f, TextHead.PROJECT_FILE)).find()) {
                    return true;
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
        return false;
    }

    /** -ldflags and -tags of the first 'go build' line of the Makefile (continuation lines joined). */
    static MakeFlags makeFlags(Path dir) {
        for (String n : List.of("GNUmakefile", "makefile", "Makefile")) {
            Path mk = dir.resolve(n);
            if (!Files.isRegularFile(mk)) {
                continue;
            }
            try {
                String text = TextHead.of(mk, TextHead.PROJECT_FILE).replace("\\\n", " ");
                for (String line : text.split("\n")) {
                    Matcher m = GO_BUILD.matcher(line);
                    if (m.find() && !line.stripLeading().startsWith("#")) {
                        return flags(expand(m.group(1), text, 2));
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                return MakeFlags.NONE;
            }
            return MakeFlags.NONE;
        }
        return MakeFlags.NONE;
    }

    /** $(NAME) / ${NAME} replaced by the Makefile's own definition of NAME (depth levels deep); others kept. */
    static String expand(String args, String makefile, int depth) {
        if (depth == 0) {
            return args;
        }
        Matcher r = REFERENCE.matcher(args);
        StringBuilder out = new StringBuilder();
        while (r.find()) {
            Matcher d = Pattern.compile(String.format(DEFINITION, Pattern.quote(r.group(1)))).matcher(makefile);
            String value = d.find() ? expand(d.group(1).strip(), makefile, depth - 1) : r.group();
            r.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        r.appendTail(out);
        return out.toString();
    }

    /**
     * A value holding a make or shell variable ($) cannot be kept as text: -X name=$(VERSION) pairs (version
     * stamps) are dropped from -ldflags and the rest kept; what is dropped is named in skipped.
     */
    static MakeFlags flags(String args) {
        String ld = value(LDFLAGS.matcher(args));
        String tags = value(TAGS.matcher(args));
        List<String> skipped = new ArrayList<>();
        List<String> keptLd = new ArrayList<>();
        String[] words = ld.isEmpty() ? new String[0] : ld.split("\\s+");
        for (int i = 0; i < words.length; i++) {
            boolean pair = words[i].equals("-X") && i + 1 < words.length;
            String w = pair ? words[i] + " " + words[i + 1] : words[i];
            if (w.contains("$")) {
                skipped.add(w);
            } else {
                keptLd.add(w);
            }
            i += pair ? 1 : 0;
        }
        ld = String.join(" ", keptLd);
        if (tags.contains("$")) {
            skipped.add("-tags=" + tags);
            tags = "";
        }
        return new MakeFlags(ld, tags, String.join(", ", skipped));
    }

    private static String value(Matcher m) {
        if (!m.find()) {
            return "";
        }
        String v = m.group(1);
        boolean quoted = v.length() >= 2 && (v.charAt(0) == '"' || v.charAt(0) == '\'') && v.charAt(v.length() - 1) == v.charAt(0);
        return quoted ? v.substring(1, v.length() - 1).strip() : v;
    }
}
