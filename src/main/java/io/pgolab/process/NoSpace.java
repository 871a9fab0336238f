package io.pgolab.process;

import io.pgolab.UserError;
import io.pgolab.util.DiskFull;
import io.pgolab.util.Text;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
        List<Path> outs = outputs.stream().filter(Objects::nonNull).toList();
        if (line.isEmpty()) {
            for (Path out : outs) {
                if (DiskFull.full(out)) {
                    return Optional.of(error(out, " while writing the output of " + command + " (to " + out + ")"));
                }
            }
            return Optional.empty();
        }
        // The command said ENOSPC: its word is enough, what is left is to name the filesystem. First a path its line
        // names on a (nearly) full disk ('/usr/bin/ld: final link failed' names the linker, not the full disk), then
        // its output files, its work directory, TMPDIR.
        for (Path p : pathsIn(line).stream().map(dir::resolve).toList()) {
            if (low(p)) {
                return Optional.of(error(p, " while writing " + p + " (" + command + " says: " + line + ")"));
            }
        }
        List<Path> places = new ArrayList<>(outs);
        places.add(dir);
        places.add(Scratch.root());
        Path where = places.stream().filter(NoSpace::low).findFirst().orElse(dir);
        return Optional.of(error(where, " for " + command + ", which says: " + line
                + (outs.contains(where) ? " (its output goes to " + where + ")" : "")));
    }

    private static UserError error(Path p, String rest) {
        return new UserError("no space left on " + DiskFull.where(p) + rest, hint(p));
    }

    /** Whether p's filesystem has under 1 MiB available (statvfs only: the command already said it is full). */
    private static boolean low(Path p) {
        Path q = p.toAbsolutePath();
        while (q != null && !Files.exists(q)) {
            q = q.getParent();
        }
        return q != null && q.toFile().getUsableSpace() < (1 << 20);
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

    /** The first path the line names (see {@link #pathsIn}). */
    static Optional<Path> pathIn(String line) {
        return pathsIn(line).stream().findFirst();
    }

    /** The paths an error line names: 'quoted', "quoted", or an absolute path before a colon. */
    static List<Path> pathsIn(String line) {
        List<Path> out = new ArrayList<>();
        Matcher q = QUOTED.matcher(line);
        while (q.find()) {
            String s = q.group(1);
            // a path: no spaces ('standard output' is not one) unless absolute
            if (!s.contains(DiskFull.ENOSPC) && !s.isBlank() && !s.contains("\\x") && (s.startsWith("/") || !s.contains(" "))) {
                out.add(Path.of(s));
            }
        }
        Matcher l = LEADING.matcher(line);
        while (l.find()) {
            out.add(Path.of(l.group(1)));
        }
        return out;
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
