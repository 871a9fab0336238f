package io.pgolab.toolchain.gcc;

import io.pgolab.toolchain.FunctionCounts;
import io.pgolab.toolchain.MergeRun;
import io.pgolab.toolchain.MergeWeights;
import io.pgolab.toolchain.MergedProfiles;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.ProfileSummary;
import io.pgolab.toolchain.RawInput;
import io.pgolab.util.Text;
import io.pgolab.UserError;
import io.pgolab.util.CommandLog;
import io.pgolab.process.Exec;
import io.pgolab.process.Scratch;
import io.pgolab.util.DiskFull;
import io.pgolab.util.Hashing;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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

/** Validation, merging and summaries of GCC .gcda profiles through gcov-dump and gcov-tool. */
final class GcdaCheck {
    private static final Pattern FUNCTION = Pattern.compile(
            "FUNCTION ident=(\\d+), lineno_checksum=(0x[0-9a-f]+), cfg_checksum=(0x[0-9a-f]+)(?:, `([^']+)')?");
    private static final Pattern COUNTS = Pattern.compile("^\\s+\\d+: ([\\d ]+)$");

    private GcdaCheck() {
    }

    /** Why a .gcda cannot be used, or empty when it looks sound. */
    static Optional<String> problem(Path f, String expectedVersion, Optional<Path> gcovDump, CommandLog log) {
        byte[] head = new byte[8];
        try (InputStream in = Files.newInputStream(f)) {
            if (in.readNBytes(head, 0, 8) < 8) {
                return Optional.of("profile " + f + " is corrupt or truncated (" + Files.size(f) + " bytes)");
            }
        } catch (IOException e) {
            return Optional.of("profile " + f + " cannot be read: " + e.getMessage());
        }
        String magic = new StringBuilder(new String(head, 0, 4, StandardCharsets.ISO_8859_1)).reverse().toString();
        String version = new StringBuilder(new String(head, 4, 4, StandardCharsets.ISO_8859_1)).reverse().toString();
        if (!magic.equals("gcda")) {
            return Optional.of("profile " + f + " is corrupt: not a .gcda file");
        }
        if (!version.equals(expectedVersion)) {
            return Optional.of("profile " + f + " has version '" + version + "', but this GCC expects '"
                    + expectedVersion + "' (GCC would silently ignore it)");
        }
        if (gcovDump.isPresent()) {
            Exec.Result r = Exec.capture(log, List.of(gcovDump.get().toString(), "-l", f.toString()));
            String out = r.output();
            if (!r.ok() || out.contains("mismatch") || out.contains("unexpected") || out.contains("corrupt")) {
                String why = out.lines().filter(l -> l.contains("mismatch") || l.contains("unexpected") || l.contains("corrupt"))
                        .findFirst().orElse("gcov-dump failed").strip();
                return Optional.of("profile " + f + " is corrupt or truncated: " + why);
            }
        }
        return Optional.empty();
    }

    static void delete(Path f) {
        try {
            Files.deleteIfExists(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Merges the workloads' .gcda trees, weighted, into out (gcov-tool merges two directories at a time). */
    static void gcovMerge(Path tool, CommandLog log, List<RawInput> inputs, Path out, MergeWeights weights) {
        try {
            MergedProfiles.deleteTree(out);
            if (inputs.size() == 1) {
                copyTree(inputs.get(0).dir(), out);
                return;
            }
            Path acc = inputs.get(0).dir();
            long accWeight = weights.weight(inputs.get(0));
            for (int i = 1; i < inputs.size(); i++) {
                Path next = Scratch.track(out.resolveSibling(out.getFileName() + "." + i));
                MergedProfiles.deleteTree(next);
                Exec.Result r = MergeRun.run(log, List.of(tool.toString(), "merge", "-w",
                        accWeight + "," + weights.weight(inputs.get(i)), "-o", next.toString(), acc.toString(),
                        inputs.get(i).dir().toString()), next, MergeRun.sizeOf(List.of(acc, inputs.get(i).dir())));
                if (!r.ok()) {
                    Scratch.discard(next);
                    throw new UserError("gcov-tool could not merge the profiles:\n" + Text.lastLines(r.output(), 40),
                            "re-run 'pgolab train'; run the command shown with --verbose to see more");
                }
                if (i > 1) {
                    Scratch.discard(acc);
                }
                acc = next;
                accWeight = 1;
            }
            Files.move(acc, out);
            Scratch.untrack(acc);
        } catch (IOException e) {
            throw DiskFull.wrap(out, MergeRun.sizeOf(inputs.stream().map(RawInput::dir).toList()), e);
        }
    }

    /** The sum of the arc counters of every .gcda under dir (one workload's raw profile). */
    static long totalArcCounts(Path dump, CommandLog log, Path dir) {
        return functionCounts(dump, log, new ProfileData(dir, "", 0), null).total();
    }

    static void copyTree(Path from, Path to) throws IOException {
        for (Path f : Hashing.filesUnder(from)) {
            Path t = to.resolve(from.relativize(f).toString());
            Files.createDirectories(t.getParent());
            Files.copy(f, t, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    static ProfileSummary summarize(Path dump, CommandLog log, ProfileData profile, Path notes, int top) {
        return ProfileSummary.of(functions(dump, log, profile, notes), top, profile.bytes());
    }

    /** Every function of a .gcda tree with the sum of its arc counters, named from the .gcno notes. */
    static FunctionCounts functionCounts(Path dump, CommandLog log, ProfileData profile, Path notes) {
        return FunctionCounts.of(functions(dump, log, profile, notes), FunctionCounts.ARC_COUNTS);
    }

    private static List<ProfileSummary.HotFunction> functions(Path dump, CommandLog log, ProfileData profile, Path notes) {
        Map<String, String> names = new HashMap<>();
        if (notes != null && Files.isDirectory(notes)) {
            for (Path g : Hashing.filesUnder(notes)) {
                if (g.toString().endsWith(".gcno")) {
                    names(Exec.capture(log, List.of(dump.toString(), g.toString())).output(), names);
                }
            }
        }
        List<ProfileSummary.HotFunction> all = new ArrayList<>();
        for (Path f : Hashing.filesUnder(profile.path())) {
            if (f.toString().endsWith(".gcda")) {
                collect(Exec.capture(log, List.of(dump.toString(), "-l", f.toString())).output(), names, all);
            }
        }
        return all;
    }

    /** Adds the function names of one "gcov-dump FILE.gcno" output, by ident and checksums. */
    static void names(String gcnoDump, Map<String, String> names) {
        Matcher m = FUNCTION.matcher(gcnoDump);
        while (m.find()) {
            if (m.group(4) != null) {
                names.put(m.group(1) + m.group(2) + m.group(3), m.group(4));
            }
        }
    }

    /** Adds the functions of one "gcov-dump -l" output, each with the sum of its arc counters. */
    static void collect(String dumpOutput, Map<String, String> names, List<ProfileSummary.HotFunction> out) {
        String fn = null;
        long sum = 0;
        boolean inArcs = false;
        for (String raw : dumpOutput.split("\n")) {
            String line = raw.contains(":") && raw.startsWith("/") ? raw.substring(raw.indexOf(".gcda:") + 6) : raw;
            Matcher m = FUNCTION.matcher(line);
            if (m.find()) {
                if (fn != null) {
                    out.add(new ProfileSummary.HotFunction(fn, sum, 0));
                }
                String key = m.group(1) + m.group(2) + m.group(3);
                fn = names.getOrDefault(key, "ident=" + m.group(1));
                sum = 0;
                inArcs = false;
            } else if (line.contains("COUNTERS")) {
                inArcs = line.contains("COUNTERS arcs");
            } else if (inArcs) {
                Matcher c = COUNTS.matcher(line);
                if (c.find()) {
                    for (String n : c.group(1).trim().split("\\s+")) {
                        sum += Long.parseLong(n);
                    }
                }
            }
        }
        if (fn != null) {
            out.add(new ProfileSummary.HotFunction(fn, sum, 0));
        }
    }
}
