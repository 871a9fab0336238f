package io.pgolab.toolchain;

import io.pgolab.UserError;
import io.pgolab.process.Exec;
import io.pgolab.process.Scratch;
import io.pgolab.util.CommandLog;
import io.pgolab.util.DiskFull;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How every profile merge runs (llvm-profdata, gcov-tool, go tool pprof): through pgolab-runner via
 * {@link Exec} with the merge timeout (120 s, or {@code PGOLAB_MERGE_TIMEOUT} seconds), its output
 * written to a temporary path unique to this pgolab process ({@code merged.tmp-<pid>-<n>}), which is
 * deleted if pgolab exits before publishing it, and swept by the next merge if pgolab was SIGKILLed.
 * A full disk is reported with the output path and the free space.
 */
public final class MergeRun {
    static final String ENV = "PGOLAB_MERGE_TIMEOUT";
    public static final String PROPERTY = "pgolab.mergeTimeout";
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);
    private static final Pattern TEMP = Pattern.compile("merged\\.tmp(?:-(\\d+)-\\d+)?(?:\\..*)?");
    private static final AtomicLong SEQ = new AtomicLong();

    private MergeRun() {
    }

    /** The merge timeout: -Dpgolab.mergeTimeout or $PGOLAB_MERGE_TIMEOUT (seconds, decimals allowed), else 120 s. */
    static Duration timeout() {
        String v = System.getProperty(PROPERTY, System.getenv(ENV));
        if (v == null || v.isBlank()) {
            return DEFAULT_TIMEOUT;
        }
        try {
            double s = Double.parseDouble(v.strip());
            if (s > 0) {
                return Duration.ofMillis(Math.round(s * 1000));
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new UserError(ENV + "=" + v + " is not a number of seconds", "set it to e.g. 600, or unset it");
    }

    /** Runs a merge command; out is where it writes (named in a disk-full message), inputBytes what it reads. */
    public static Exec.Result run(CommandLog log, List<String> argv, Path out, long inputBytes) {
        Duration limit = timeout();
        String tool = Path.of(argv.get(0)).getFileName().toString();
        String hint = "if the profiles are very large, allow more time: " + ENV + "=" + Math.max(600, 4 * limit.toSeconds())
                + " (seconds); otherwise " + tool + " is hung: run the command by hand (--verbose shows it)";
        Exec.Result r = Exec.run(log, Exec.Request.of(argv).timeout(limit, hint));
        if (!r.ok() && DiskFull.inOutput(r.output())) {
            UserError full = DiskFull.error(out, Math.max(inputBytes, DiskFull.sizeOf(out)), null);
            Scratch.discard(out); // what it wrote is useless, and deleting it frees the space again
            throw full;
        }
        return r;
    }

    /**
     * A fresh temporary output path in outDir, unique to this process and call, deleted at exit unless
     * {@link #published}. Leftovers of earlier pgolab processes that are gone are deleted first.
     */
    public static Path tempPath(Path outDir, String ext) {
        sweep(outDir);
        Path p = outDir.resolve("merged.tmp-" + ProcessHandle.current().pid() + "-" + SEQ.incrementAndGet()
                + (ext.isEmpty() ? "" : "." + ext));
        return Scratch.track(p);
    }

    public static void published(Path tmp) {
        Scratch.discard(tmp);
    }

    /** Deletes merged.tmp* entries of outDir that belong to no live process (old names: always). */
    static void sweep(Path outDir) {
        if (!Files.isDirectory(outDir)) {
            return;
        }
        try (Stream<Path> s = Files.list(outDir)) {
            for (Path p : s.toList()) {
                Matcher m = TEMP.matcher(p.getFileName().toString());
                if (m.matches() && (m.group(1) == null || ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty())) {
                    Scratch.discard(p);
                }
            }
        } catch (IOException e) {
            // best effort: a leftover only costs disk space
        }
    }

    /** Total size of the files to merge, for a disk-full message. */
    public static long sizeOf(List<Path> files) {
        return files.stream().mapToLong(DiskFull::sizeOf).sum();
    }
}
