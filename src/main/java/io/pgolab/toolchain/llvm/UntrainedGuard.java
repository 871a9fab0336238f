package io.pgolab.toolchain.llvm;

import io.pgolab.UserError;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.FunctionCounts;
import io.pgolab.toolchain.MergeRun;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Hashing;
import io.pgolab.util.Text;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * [toolchain] partial_training for LLVM (clang, rustc): the profile the optimized build reads leaves out
 * every function whose counters are all zero, i.e. that training never entered (llvm-profdata merge
 * --sparse). LLVM then compiles such a function as it does any function without profile data, which is
 * release's code, instead of marking it cold and optimizing it for size (profile-guided size optimization,
 * the cold attribute and the lower inline thresholds of cold call sites). Trained functions keep all of
 * the profile. What this does not cover: the never-run blocks of a function training did enter follow the
 * profile, as with GCC's -fprofile-partial-training.
 *
 * The guarded profile is written under dir as SHA.profdata (SHA: the full profile's SHA-256, so its path
 * stays the same while the profile does, which cargo's fingerprint of RUSTFLAGS needs), with the names it
 * left out as SHA.untrained beside it, one per line: the compiler's "no profile data available for
 * function X" about those is the guard at work, not a stale profile.
 */
public final class UntrainedGuard {
    /** What the key and the toolchain line call the guard. */
    public static final String KEY = "untrained-as-release";
    /** How the optimized build's check line about the guard starts. */
    public static final String CHECK = "partial training: ";

    private UntrainedGuard() {
    }

    /** Where the guarded profiles of a store are kept: its scratch directory's untrained-guard/. */
    public static Path dir(Path scratch) {
        return scratch.resolve("untrained-guard");
    }

    /** How the toolchain line of clang and cargo ends: the guard's state. */
    public static String describe(boolean on) {
        return on ? ", partial_training (functions training never ran compiled as release)"
                : ", partial_training = false (functions training never ran optimized for size)";
    }

    /** The guarded profile of full (made once per profile), and how many functions it left out. */
    public record Guarded(Path profile, int untrained, int functions) {
    }

    static Guarded of(LlvmProfileTool tool, ProfileData full, Path dir) {
        Path out = dir.resolve(full.sha256() + ".profdata");
        Path names = dir.resolve(full.sha256() + ".untrained");
        if (Files.isRegularFile(out) && Files.isRegularFile(names)) {
            List<String> lines = read(names);
            // reused only if it is the file this guard wrote (its SHA-256 is in the names file)
            if (lines.size() >= 2 && lines.get(0).startsWith(HEADER) && lines.get(1).equals(SHA + Hashing.ofPath(out))) {
                return new Guarded(out, lines.size() - 2, Integer.parseInt(lines.get(0).substring(HEADER.length()).strip()));
            }
        }
        FunctionCounts counts = tool.functionCounts(full);
        List<String> untrained = untrainedNames(counts);
        List<String> lines = new ArrayList<>();
        try {
            Files.createDirectories(dir);
            Files.deleteIfExists(names);
            tool.sparse(full, out);
            lines.add(HEADER + counts.counts().size());
            lines.add(SHA + Hashing.ofPath(out));
            lines.addAll(untrained);
            Path tmpNames = dir.resolve(names.getFileName() + ".tmp-" + ProcessHandle.current().pid());
            Files.write(tmpNames, lines, StandardCharsets.UTF_8);
            Files.move(tmpNames, names, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Guarded(out, untrained.size(), counts.counts().size());
    }

    private static final String HEADER = "# functions in the profile: ";
    private static final String SHA = "# sha256 of the guarded profile: ";

    private static List<String> read(Path names) {
        try {
            return Files.readAllLines(names, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The names a guarded profile of full left out, as the compiler names them (bare, no "file;" prefix); empty when none was made. */
    static Set<String> untrained(ProfileData full, Path dir) {
        Path names = dir.resolve(full.sha256() + ".untrained");
        if (!Files.isRegularFile(names)) {
            return Set.of();
        }
        Set<String> out = new LinkedHashSet<>(read(names));
        out.removeIf(l -> l.startsWith("# "));
        return out;
    }

    /** The bare names of the functions with no counts ("file.c;f" is "f" in the compiler's warnings). */
    static List<String> untrainedNames(FunctionCounts counts) {
        Set<String> out = new LinkedHashSet<>();
        for (Map.Entry<String, Long> e : counts.counts().entrySet()) {
            if (e.getValue() == 0) {
                out.add(bare(e.getKey()));
            }
        }
        return new ArrayList<>(out);
    }

    static String bare(String profileName) {
        int semi = profileName.lastIndexOf(';');
        return semi >= 0 ? profileName.substring(semi + 1) : profileName;
    }

    /** Runs llvm-profdata merge --sparse full -o out, through a merge temporary (removed on failure and on Ctrl-C). */
    static void sparse(Path tool, CommandLog log, ProfileData full, Path out) {
        Path tmp = MergeRun.tempPath(out.getParent(), "profdata");
        try {
            Exec.Result r = MergeRun.run(log, List.of(tool.toString(), "merge", "--sparse", "-o", tmp.toString(),
                    full.path().toString()), tmp, full.bytes());
            if (!r.ok()) {
                throw new UserError("llvm-profdata could not write the profile without the functions training never ran"
                        + " ([toolchain] partial_training) from " + full.path() + ":\n" + Text.lastLines(r.output(), 20),
                        "the profile is damaged: re-run with --retrain; or set [toolchain] partial_training = false");
            }
            Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            MergeRun.published(tmp);
        }
    }
}
