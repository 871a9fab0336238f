package io.pgolab.process;

import io.pgolab.UserError;
import io.pgolab.util.DiskFull;
import io.pgolab.util.Text;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A command whose output could not be written, or that failed because a disk filled, said as such: the
 * filesystem (mount point, type, free space), what was being written, and the fix. Without this a version
 * probe whose output went nowhere reads as "not GCC" or "version 0", and a workload that filled the disk as
 * one that failed by itself.
 */
public final class NoSpace {
    /** A path in a tool's error line: 'quoted', "quoted", or a leading absolute path before a colon. */
    private static final Pattern QUOTED = Pattern.compile("['\"`\u2018\u201c]([^'\"`\u2019\u201d]+)['\"`\u2019\u201d]");
    private static final Pattern LEADING = Pattern.compile("(?:^|\\s)(/[^\\s:]+):");

    private NoSpace() {
    }

    /**
     * The disk-full error for a command that ran, or empty.
     *
     * @param command what ran, as the user would name it ('gcc --version', a training command)
     * @param outputs the files its stdout and stderr went to (null entries are skipped)
     * @param output  its output when it failed (searched for ENOSPC/EDQUOT and the path it names); "" to skip
     * @param cwd     its work directory (null: pgolab's)
     */
    public static Optional<UserError> check(String command, List<Path> outputs, String output, Path cwd) {
        String line = DiskFull.inOutput(output) ? Text.visible(errorLine(output)) : "";
        Path dir = cwd == null ? Path.of("").toAbsolutePath() : cwd;
        Optional<Path> named = line.isEmpty() ? Optional.empty() : pathIn(line).map(dir::resolve);
        if (named.isPresent()) { // the file the command itself could not write: the cause, whatever else is full
            return Optional.of(DiskFull.whileWriting(named.get(), named.get() + " (" + command + " says: " + line + ")",
                    hint(named.get()), null));
        }
        for (Path out : outputs.stream().filter(Objects::nonNull).toList()) {
            if (DiskFull.full(out)) {
                return Optional.of(DiskFull.whileWriting(out, "the output of " + command + " (to " + out + ")",
                        hint(out), null));
            }
        }
        if (line.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(DiskFull.whileWriting(dir, "in " + command + ", which says: " + line, hint(dir), null));
    }

    /** The check for a tool run on argv: see {@link #check}. */
    public static Optional<UserError> check(List<String> argv, List<Path> outputs, String output, Path cwd) {
        return check(name(LeftRunning.label(argv)), outputs, output, cwd);
    }

    /** 'gcc --version', cut to a readable length and with control characters made visible. */
    public static String name(String commandLine) {
        String c = Text.visible(commandLine.strip()).replace("\n", " ");
        return "'" + (c.length() > 120 ? c.substring(0, 120) + " ..." : c) + "'";
    }

    static Optional<Path> pathIn(String line) {
        Matcher q = QUOTED.matcher(line);
        while (q.find()) {
            String s = q.group(1);
            // a path: no spaces ('standard output' is not one) unless absolute
            if (!s.contains(DiskFull.ENOSPC) && !s.isBlank() && !s.contains("\\x") && (s.startsWith("/") || !s.contains(" "))) {
                return Optional.of(Path.of(s));
            }
        }
        Matcher l = LEADING.matcher(line);
        return l.find() ? Optional.of(Path.of(l.group(1))) : Optional.empty();
    }

    private static String errorLine(String output) {
        for (String l : output.split("\n")) {
            if (DiskFull.inOutput(l)) {
                String s = l.strip();
                return s.length() > 300 ? s.substring(0, 300) + " ..." : s;
            }
        }
        return "";
    }

    /** Where to make room: TMPDIR's files can move elsewhere; the project's must be freed or moved. */
    static String hint(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path tmp = Scratch.root().toAbsolutePath().normalize().getParent();
        // pgolab's own temporary files ($TMPDIR/pgolab-*), not a project that happens to live under /tmp
        if (tmp != null && abs.startsWith(tmp) && abs.getNameCount() > tmp.getNameCount()
                && abs.getName(tmp.getNameCount()).toString().startsWith("pgolab-")) {
            return "free space there, or set TMPDIR to a directory on a filesystem with room (pgolab's temporary"
                    + " files and tools' output go there)";
        }
        if (abs.toString().contains("/.pgolab/")) {
            return "free space on that filesystem, or move the project (its .pgolab directory holds the builds, profiles"
                    + " and logs) to a larger disk";
        }
        return "free space on that filesystem (the command writes there), or point the command at a disk with room";
    }
}
