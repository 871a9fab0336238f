package io.pgolab.measure;

import io.pgolab.UserError;
import io.pgolab.parse.OutputParser;
import io.pgolab.util.Dirs;
import io.pgolab.util.OutputFile;
import io.pgolab.util.Strings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The stdout and stderr files a campaign's runs leave in its scratch directory (one directory per
 * subject, overwritten by each run, cut to {@link OutputFile}'s cap after it): what parsers read of them (the whole,
 * before the cap), their tails for messages, and the removal of directories earlier campaigns left.
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

    /**
     * What a parser reads of an output: the whole of it up to this size, so that no JSON document or benchmark line in
     * the middle of a suite's output is ever cut away. Above it (a workload that floods stdout) a parser sees the
     * first {@link OutputFile#HEAD_BYTES} and last {@link OutputFile#TAIL_BYTES}, as the kept file does.
     */
    static final long PARSE_LIMIT = 64L << 20;

    /**
     * The text a parser reads of file, the stdout of label's run. An output above {@link #PARSE_LIMIT} is refused
     * for a parser that needs every line ({@link OutputParser#readsWholeOutput}, a suite's): read cut, it would
     * lose benchmarks without a word.
     */
    static String forParser(Path file, String label, OutputParser parser) throws IOException {
        long size = Files.size(file);
        if (size <= PARSE_LIMIT) {
            int half = (int) (PARSE_LIMIT / 2);
            return OutputFile.read(file, half, half);
        }
        if (parser.readsWholeOutput()) {
            throw new UserError("the output of '" + label + "' is " + Strings.humanBytes(size) + ", more than the "
                    + Strings.humanBytes(PARSE_LIMIT) + " the " + parser.name() + " parser reads: every line of a"
                    + " suite's output counts, and none is read cut", "make the suite print less: filter its benchmarks"
                    + " (--benchmark_filter, -test.bench, a JMH regexp, a criterion filter), or fewer repetitions per"
                    + " run (pgolab repeats the runs itself)");
        }
        return OutputFile.read(file);
    }

    /** The size of an output that parsers see only part of (above {@link #PARSE_LIMIT}), else 0. */
    static long size(Path file) {
        try {
            long size = Files.size(file);
            return size > PARSE_LIMIT ? size : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** What a message says about an output of size bytes that parsers saw only part of ("" for 0). */
    static String cutNote(long size) {
        return size == 0 ? "" : " (the output was " + Strings.humanBytes(size) + ", more than the "
                + Strings.humanBytes(PARSE_LIMIT) + " parsers read whole: they read only its first "
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
        } catch (IOException | UncheckedIOException e) {
            // best effort: old outputs stay
        }
    }
}
