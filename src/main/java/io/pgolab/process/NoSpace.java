package io.pgolab.process;

import io.pgolab.UserError;
import io.pgolab.util.DiskFull;
import io.pgolab.util.Shell;
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
        for (Path out : outputs.stream().filter(Objects::nonNull).toList()) {
            if (DiskFull.full(out)) {
                return Optional.of(DiskFull.whileWriting(out, "the output of " + command + " (to " + out + ")",
                        hint(out), null));
            }
        }
        if (!DiskFull.inOutput(output)) {
            return Optional.empty();
        }
        String line = Text.visible(errorLine(output));
        Path dir = cwd == null ? Path.of("").toAbsolutePath() : cwd;
        Optional<Path> named = pathIn(line).map(dir::resolve);
        Path where = named.orElse(dir);
        return Optional.of(DiskFull.whileWriting(where, named.map(p -> p + " (" + command + " says: " + line + ")")
                .orElse("in " + command + ", which says: " + line), hint(where), null));
    }

    /** The check for a tool run on argv: see {@link #check}. */
    public static Optional<UserError> check(List<String> argv, List<Path> outputs, String output, Path cwd) {
        return check(name(Shell.join(argv)), outputs, output, cwd);
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
            if (!s.contains(DiskFull.ENOSPC) && !s.isBlank() && !s.contains("\\x")) {
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
        return "free space on that filesystem, or move the project (its .pgolab directory holds the builds, profiles"
                + " and logs) to a larger disk";
    }
}
