package io.pgolab.config.starter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Keeps pgolab's store (.pgolab/ beside the config) out of git: 'pgolab init' adds the line ".pgolab/" to the
 * .gitignore of the config's directory unless git would already ignore it there. Without it every build leaves
 * untracked files, and results record git_dirty: true for a clean checkout.
 *
 * <p>The file is only ever appended to, as bytes: its other lines, their encoding, their line ends and its final
 * newline stay as they were.
 */
public final class StoreIgnore {
    /** The line added. */
    public static final String LINE = ".pgolab/";

    /** Patterns that ignore .pgolab in their own directory and below; git drops trailing spaces. */
    private static final Set<String> ANYWHERE = Set.of(".pgolab", ".pgolab/", "**/.pgolab", "**/.pgolab/");
    /** Patterns anchored to their .gitignore's directory: they count in the config directory's own file only. */
    private static final Set<String> HERE = Set.of("/.pgolab", "/.pgolab/");

    /** What ensure did. */
    public enum Outcome {
        /** No .gitignore was there: written with the line alone. */
        CREATED,
        /** The line was appended. */
        ADDED,
        /** A .gitignore here or above (up to the repository's root) already ignores .pgolab/: nothing written. */
        PRESENT,
        /** A line "!.pgolab/" un-ignores it on purpose: left as it is. */
        UNIGNORED,
        /** The .gitignore is a symbolic link (git does not read one), a directory or unwritable: nothing written. */
        NOT_WRITTEN
    }

    /** The outcome, the .gitignore it is about, and for NOT_WRITTEN and UNIGNORED the reason. */
    public record Result(Outcome outcome, Path file, String reason) {
        private static final String WHY =
                "pgolab's build store stays out of git, and results do not say git_dirty for a clean checkout";

        /** Whether a .gitignore was written or changed. */
        public boolean changed() {
            return outcome == Outcome.CREATED || outcome == Outcome.ADDED;
        }

        /** Whether message() is a warning (a .gitignore that keeps or could not take the line). */
        public boolean warning() {
            return outcome == Outcome.UNIGNORED || outcome == Outcome.NOT_WRITTEN;
        }

        /** What init says about it; empty when the store was ignored already. */
        public Optional<String> message() {
            return Optional.ofNullable(switch (outcome) {
                case CREATED -> "wrote " + file + " with the line " + LINE + ": " + WHY;
                case ADDED -> "added the line " + LINE + " to " + file + ": " + WHY;
                case PRESENT -> null;
                case UNIGNORED -> "warning: " + file + " or a .gitignore above it keeps .pgolab/ in git (" + reason
                        + "): left as it is; builds will show as uncommitted changes";
                case NOT_WRITTEN -> "warning: could not add " + LINE + " to " + file + " (" + reason
                        + "); add that line to a .gitignore yourself, or builds show as uncommitted changes";
            });
        }
    }

    private StoreIgnore() {
    }

    /** Makes git ignore dir/.pgolab/, looking at the .gitignore files from the repository's root (if any) down to dir. */
    public static Result ensure(Path directory) {
        Path dir = directory.toAbsolutePath().normalize();
        Path own = dir.resolve(".gitignore");
        State state = State.NONE;
        for (Path d : chain(dir)) {
            Path f = d.resolve(".gitignore");
            if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    state = scan(Files.readAllBytes(f), d.equals(dir), state);
                } catch (IOException e) {
                    // unreadable: git cannot read it either, so it ignores nothing
                }
            }
        }
        if (state == State.IGNORED) {
            return new Result(Outcome.PRESENT, own, "");
        }
        if (state == State.UNIGNORED) {
            return new Result(Outcome.UNIGNORED, own, "a line '!.pgolab/' keeps it in git");
        }
        try {
            if (Files.isSymbolicLink(own)) {
                return new Result(Outcome.NOT_WRITTEN, own, "it is a symbolic link, which git does not read");
            }
            if (!Files.exists(own, LinkOption.NOFOLLOW_LINKS)) {
                Files.write(own, (LINE + "\n").getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE);
                return new Result(Outcome.CREATED, own, "");
            }
            if (!Files.isRegularFile(own, LinkOption.NOFOLLOW_LINKS)) {
                return new Result(Outcome.NOT_WRITTEN, own, "it is not a regular file");
            }
            byte[] old = Files.readAllBytes(own);
            Files.write(own, appendix(old), StandardOpenOption.APPEND);
            return new Result(Outcome.ADDED, own, "");
        } catch (IOException | SecurityException e) {
            return new Result(Outcome.NOT_WRITTEN, own, String.valueOf(e.getMessage()));
        }
    }

    /** What goes after old: the line, on a line of its own, ended the way old ends its lines. */
    static byte[] appendix(byte[] old) {
        String text = new String(old, StandardCharsets.ISO_8859_1);
        int nl = text.indexOf('\n');
        String end = nl > 0 && text.charAt(nl - 1) == '\r' ? "\r\n" : "\n";
        String before = old.length == 0 || old[old.length - 1] == '\n' ? "" : end;
        return (before + LINE + end).getBytes(StandardCharsets.ISO_8859_1);
    }

    enum State { NONE, IGNORED, UNIGNORED }

    /** state after the lines of one .gitignore: the last line about .pgolab decides, as in git. */
    static State scan(byte[] content, boolean own, State state) {
        String text = new String(content, StandardCharsets.ISO_8859_1);
        if (text.startsWith("\u00ef\u00bb\u00bf")) {
            text = text.substring(3);   // git skips a UTF-8 byte order mark
        }
        State s = state;
        for (String raw : text.split("\n", -1)) {
            String line = stripEnd(raw);
            boolean negated = line.startsWith("!");
            String pattern = negated ? line.substring(1) : line;
            if (ANYWHERE.contains(pattern) || (own && HERE.contains(pattern))) {
                s = negated ? State.UNIGNORED : State.IGNORED;
            }
        }
        return s;
    }

    /** Without the carriage return and the trailing spaces git does not count (an escaped "\ " stays). */
    private static String stripEnd(String line) {
        int n = line.length();
        if (n > 0 && line.charAt(n - 1) == '\r') {
            n--;
        }
        while (n > 0 && line.charAt(n - 1) == ' ' && !(n > 1 && line.charAt(n - 2) == '\\')) {
            n--;
        }
        return line.substring(0, n);
    }

    /** The directories from the repository's root down to dir; dir alone outside a repository. */
    private static List<Path> chain(Path abs) {
        Optional<Path> root = GithubWorkflow.repositoryRoot(abs);
        List<Path> out = new ArrayList<>();
        for (Path d = abs; d != null; d = d.getParent()) {
            out.add(0, d);
            if (root.isEmpty() || d.equals(root.get())) {
                break;
            }
        }
        return out;
    }
}
