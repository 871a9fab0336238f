package io.pgolab.toolchain.llvm;

import io.pgolab.UserError;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.FunctionCounts;
import io.pgolab.toolchain.MergeResult;
import io.pgolab.toolchain.MergeRun;
import io.pgolab.toolchain.MergeWeights;
import io.pgolab.toolchain.MergedProfiles;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.ProfileSummary;
import io.pgolab.toolchain.RawInput;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Text;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One llvm-profdata and what the toolchains do with it: list raw profiles, check their headers,
 * merge per workload then weighted across workloads, summarize. Shared by clang and cargo, which
 * differ only in how they pick the tool. compiler names the compiler in messages ("clang 19").
 */
public final class LlvmProfileTool {
    private final Path tool;
    private final int major;
    private final String compiler;
    private final CommandLog log;
    private final boolean exactRaw;

    public LlvmProfileTool(Path tool, int major, String compiler, CommandLog log) {
        this(tool, major, compiler, log, false);
    }

    /** exactRaw: refuse any raw version but the tool's own (the tool may be of another LLVM than the compiler). */
    public LlvmProfileTool(Path tool, int major, String compiler, CommandLog log, boolean exactRaw) {
        this.tool = tool;
        this.major = major;
        this.compiler = compiler;
        this.log = log;
        this.exactRaw = exactRaw;
    }

    /** %p: one file per process, %m: per binary image; nothing can collide or be merged online. */
    static Map<String, String> trainingEnv(Path rawDir) {
        return Map.of("LLVM_PROFILE_FILE", rawDir.resolve("%p-%m.profraw").toString());
    }

    static List<Path> rawProfiles(Path rawDir) {
        if (!Files.isDirectory(rawDir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(rawDir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".profraw")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    MergeResult merge(List<RawInput> inputs, Path outDir, FailureMode mode) {
        List<String> dropped = new ArrayList<>();
        List<RawInput> used = new ArrayList<>();
        Map<RawInput, Path> merged = new HashMap<>();
        for (RawInput in : inputs) {
            List<Path> files = checkHeaders(rawProfiles(in.dir()), mode, dropped);
            if (files.isEmpty()) {
                dropped.add(in.workload() + " (no readable raw profile left)");
                continue;
            }
            Path per = in.dir().resolveSibling(in.workload() + ".profdata");
            new LlvmMerge(tool, log).mergeDroppingBad(files, per, mode, dropped);
            used.add(in);
            merged.put(in, per);
        }
        if (used.isEmpty()) {
            throw new UserError("no usable profile: every raw profile was dropped: " + String.join("; ", dropped),
                    "re-run 'pgolab train'; if it happens again the instrumented program may be crashing");
        }
        MergeWeights weights = MergeWeights.of(used, in -> functionCounts(new ProfileData(merged.get(in), "", 0)).total(),
                MergeWeights.LLVM_CAP);
        Path tmp = MergeRun.tempPath(outDir, "profdata");
        List<String> argv = new ArrayList<>(List.of(tool.toString(), "merge", "-o", tmp.toString()));
        used.forEach(in -> argv.add("--weighted-input=" + weights.weight(in) + "," + merged.get(in)));
        Exec.Result r = MergeRun.run(log, argv, tmp, MergeRun.sizeOf(inputs.stream().map(RawInput::dir).toList()));
        if (!r.ok()) {
            MergeRun.published(tmp);
            throw new UserError("llvm-profdata could not merge the workload profiles:\n" + Text.lastLines(r.output(), 40),
                    "this is unexpected after each workload merged alone; report it with --verbose output");
        }
        return new MergeResult(MergedProfiles.publish(tmp, outDir, "profdata"), dropped, weights.parts());
    }

    /** second and first merged into one profile (context-sensitive PGO's final profile), content-named in outDir. */
    ProfileData combine(ProfileData second, ProfileData first, Path outDir) {
        Path tmp = MergeRun.tempPath(outDir, "profdata");
        List<String> argv = List.of(tool.toString(), "merge", "-o", tmp.toString(), second.path().toString(),
                first.path().toString());
        Exec.Result r = MergeRun.run(log, argv, tmp, second.bytes() + first.bytes());
        if (!r.ok()) {
            MergeRun.published(tmp);
            throw new UserError("llvm-profdata could not merge the context-sensitive profile with the PGO profile:\n"
                    + Text.lastLines(r.output(), 40), "re-run with --retrain; if it happens again, report it with --verbose output");
        }
        return MergedProfiles.publish(tmp, outDir, "profdata");
    }

    /**
     * The function order of a profile's temporal traces (llvm-profdata order), written beside the profile
     * as NAME.order (derived from its content, so reused while the profile is): one symbol per line, '#'
     * comments, the form ld.lld --symbol-ordering-file reads.
     */
    Path order(ProfileData profile) {
        Path out = profile.path().resolveSibling(profile.path().getFileName() + ".order");
        if (Files.isRegularFile(out)) {
            return out;
        }
        Path tmp = out.resolveSibling(out.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        Exec.Result r = MergeRun.run(log, List.of(tool.toString(), "order", profile.path().toString(), "-o", tmp.toString()),
                tmp, profile.bytes());
        try {
            if (!r.ok()) {
                throw new UserError("llvm-profdata " + major + " could not compute a function order from " + profile.path()
                        + ":\n" + Text.lastLines(r.output(), 20), major < 18 ? "function ordering needs LLVM 18 or newer"
                        : "the profile must come from an instrumented build of this pgolab (temporal instrumentation);"
                        + " re-run with --retrain");
            }
            long symbols;
            try (Stream<String> lines = Files.lines(tmp)) {
                symbols = lines.filter(l -> !l.isBlank() && !l.startsWith("#")).count();
            }
            if (symbols == 0) {
                throw new UserError("the profile " + profile.path().getFileName() + " has no temporal traces, so it gives"
                        + " no function order", "profiles from training with pgolab's instrumented clang builds carry"
                        + " them; a stored profile exported by an older pgolab does not: retrain (--retrain)");
            }
            Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException e) {
                // best effort
            }
        }
    }

    private List<Path> checkHeaders(List<Path> files, FailureMode mode, List<String> dropped) {
        int readable = LlvmRawHeader.newestReadableBy(major);
        List<Path> ok = new ArrayList<>();
        for (Path f : files) {
            Optional<Integer> v = LlvmRawHeader.version(f);
            String problem = null;
            String hint = "delete it and re-run 'pgolab train'";
            if (v.isEmpty()) {
                problem = "raw profile " + f + " is corrupt or truncated (no LLVM profile header)";
                hint = "it was probably cut short by a crash or a kill; re-run 'pgolab train', or pass"
                        + " --failure-mode warn to merge the other files";
            } else if (v.get() > readable || (exactRaw && v.get() != readable)) {
                problem = "raw profile " + f + " has format version " + v.get() + (v.get() > readable ? ", newer than"
                        + " llvm-profdata " + major + " reads (version " + readable + ")"
                        : ", but llvm-profdata " + major + " reads only version " + readable);
                hint = exactRaw ? "use an llvm-profdata of " + compiler + "'s LLVM: rustup component add llvm-tools"
                        : "the instrumented binary was built by a newer LLVM than " + compiler
                        + "; build and merge with one LLVM version";
            }
            if (problem == null) {
                ok.add(f);
            } else if (mode == FailureMode.WARN) {
                dropped.add(problem);
            } else {
                throw new UserError(problem, hint);
            }
        }
        return ok;
    }

    ProfileSummary summarize(ProfileData profile, int top) {
        return LlvmProfileText.summarize(show(profile), top, profile.bytes());
    }

    FunctionCounts functionCounts(ProfileData profile) {
        return LlvmProfileText.functionCounts(show(profile));
    }

    /** full without the functions training never ran, written to out ({@link UntrainedGuard}). */
    void sparse(ProfileData full, Path out) {
        UntrainedGuard.sparse(tool, log, full, out);
    }

    /** How many functions of the profile have context-sensitive counts (llvm-profdata show --showcs). */
    int contextSensitiveFunctions(ProfileData profile) {
        Exec.Result r = Exec.capture(log, List.of(tool.toString(), "show", "--showcs", profile.path().toString()));
        Matcher m = Pattern.compile("(?m)^Total functions: (\\d+)").matcher(r.output());
        if (!r.ok() || !m.find()) {
            throw new UserError("llvm-profdata cannot read " + profile.path() + ":\n" + Text.lastLines(r.output(), 20),
                    "the profile is damaged; re-run with --retrain");
        }
        return Integer.parseInt(m.group(1));
    }

    private String show(ProfileData profile) {
        Exec.Result r = Exec.capture(log, List.of(tool.toString(), "show", "--all-functions", "--counts",
                profile.path().toString()));
        if (!r.ok()) {
            throw new UserError("llvm-profdata cannot read " + profile.path() + ":\n" + Text.lastLines(r.output(), 40),
                    "the profile is damaged; re-run 'pgolab train'");
        }
        return r.output();
    }
}
