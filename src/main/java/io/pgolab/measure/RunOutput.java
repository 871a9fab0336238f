package io.pgolab.measure;

import io.pgolab.util.Dirs;
import io.pgolab.util.OutputFile;
import io.pgolab.util.Strings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The stdout and stderr files a campaign's runs leave in its scratch directory (one directory per
 * subject, overwritten by each run, cut to {@link OutputFile}'s cap after it): their tails for
 * messages, and the removal of directories earlier campaigns left.
 */
final class RunOutput {
    private RunOutput() {
    }

    /** The last n lines of stdout then stderr, for a message. */
    static String tail(Path stdout, Path stderr, int n) {
        String out = OutputFile.tailOrNote(stdout, n);
        String err = OutputFile.tailOrNote(stderr, n);
        String both = out.isBlank() ? err : err.isBlank() ? out : out + "\n" + err;
        return Strings.tail(both, n);
    }

    /** The size of an output that parsers see only part of, else 0. */
    static long size(Path file) {
        try {
            long size = Files.size(file);
            return size > OutputFile.WHOLE ? size : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** What a message says about an output of size bytes that parsers saw only part of ("" for 0). */
    static String cutNote(long size) {
        return size == 0 ? "" : " (the output was " + Strings.humanBytes(size) + "; parsers read only its first "
                + Strings.humanBytes(OutputFile.HEAD_BYTES) + " and last " + Strings.humanBytes(OutputFile.TAIL_BYTES)
                + ")";
    }

    /**
     * Removes from scratch the run directories (those holding a stdout or stderr file) of subjects
     * other than keep: a campaign leaves only its own runs' outputs behind.
     */
    static void prune(Path scratch, Set<String> keep) {
        if (!Files.isDirectory(scratch)) {
            return;
        }
        try (Stream<Path> dirs = Files.list(scratch)) {
            dirs.filter(d -> !keep.contains(d.getFileName().toString()))
                    .filter(d -> Files.exists(d.resolve("stdout")) || Files.exists(d.resolve("stderr")))
                    .forEach(Dirs::deleteTree);
        } catch (IOException | java.io.UncheckedIOException e) {
            // best effort: old outputs stay
        }
    }
}
