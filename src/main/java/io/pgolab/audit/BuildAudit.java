package io.pgolab.audit;

import io.pgolab.config.Variant;
import io.pgolab.toolchain.CompileRecord;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.Relink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The compile audit of one build: every compiler and linker invocation went through pgolab's
 * wrapper (process/CompilerWrapper), and this checks what they did: the optimization level of
 * every compile, instrumentation in the instrumented build, the profile reaching every object of a
 * profile-guided build (for GCC: the .gcda each object looks for exists), -flto at compile and link
 * time in LTO variants, -ffunction-sections and lld's --shuffle-sections in the layout check's relink-N
 * variants. It also collects the project files the compiles read (sources, and headers
 * from the dependency files), which key the next build (see SourceFingerprint.ofReads).
 */
public final class BuildAudit {
    public static final String UNOPTIMIZED = "unoptimized";
    public static final String UNINSTRUMENTED = "uninstrumented";
    public static final String PROFILE_LOSS = "profile-loss";
    public static final String NO_LTO = "no-lto";
    public static final String NO_SHUFFLE = "no-shuffle";
    private static final int SHOWN = 5;

    private BuildAudit() {
    }

    /** A finding: fatal unless build.allow names it (then a warning); warnOnly findings are never fatal. */
    public record Problem(String allowName, String what, String hint, boolean warnOnly) {
    }

    /**
     * The table line ("audit: 3 compiles, 1 link, all -O2, 3/3 with profile"), findings, project files read;
     * noProfile: the sources of GCC objects that can have no .gcda (ProfilableObjects), whose missing-profile
     * warnings mean nothing.
     */
    public record Outcome(String line, List<Problem> problems, Set<String> reads, List<String> levels, Set<Path> noProfile) {
        Outcome(String line, List<Problem> problems, Set<String> reads, List<String> levels) {
            this(line, problems, reads, levels, Set.of());
        }
    }

    /**
     * Checks one build's invocations. name: the artifact's name; profilePerObject: GCC's .gcda files (gets the
     * .gcda check); srcDir: where the build ran (for shorter names and for mapping a copy back to root).
     */
    public static Outcome check(String name, Variant v, Phase phase, Optional<ProfileData> profile, boolean profilePerObject,
                         List<CompileRecord> records, Path srcDir, Path root, Path auditLog, long startedMillis) {
        return check(name, v, phase, profile, profilePerObject, records, srcDir, root, auditLog, startedMillis, Optional.empty());
    }

    /** artifact: the built program, whose link says which objects can have a GCC profile (empty: unknown). */
    public static Outcome check(String name, Variant v, Phase phase, Optional<ProfileData> profile, boolean profilePerObject,
                         List<CompileRecord> records, Path srcDir, Path root, Path auditLog, long startedMillis,
                         Optional<Path> artifact) {
        List<CompileRecord> compiles = records.stream().filter(c -> c.compiles() && !c.probeGone()).toList();
        List<CompileRecord> links = records.stream().filter(CompileRecord::links).toList();
        Set<String> reads = reads(compiles, srcDir, root, startedMillis);
        if (compiles.isEmpty()) {
            List<Problem> none = v.lto() && phase != Phase.INSTRUMENT
                    ? List.of(new Problem(NO_LTO, "the " + name + " build cannot show link-time optimization: no compile"
                    + (links.isEmpty() ? " or link" : "") + " went through {cc}/{cxx} (CC/CXX)", "compile and link with"
                    + " {cc}/{cxx} or $CC/$CXX in build.command, with {cflags} and {ldflags}; the commands are recorded in "
                    + auditLog + ". If this is deliberate, add \"" + NO_LTO + "\" to build.allow", false))
                    : List.of();
            return new Outcome("audit: no compile went through {cc}/{cxx} (CC/CXX): nothing checked", none, reads,
                    List.of());
        }
        List<Problem> problems = new ArrayList<>();
        Set<Path> noProfile = Set.of();
        Map<String, Integer> levels = new LinkedHashMap<>();
        List<String> unoptimized = new ArrayList<>();
        for (CompileRecord c : compiles) {
            String l = c.optLevel().isEmpty() ? "no -O" : c.optLevel();
            levels.merge(l, 1, Integer::sum);
            if (!c.optimized()) {
                unoptimized.add(names(c, srcDir) + ": " + l);
            }
        }
        int n = compiles.size();
        StringBuilder line = new StringBuilder("audit: " + n + (n == 1 ? " compile" : " compiles"));
        if (!links.isEmpty()) {
            line.append(", ").append(links.size()).append(links.size() == 1 ? " link" : " links");
        }
        line.append(", ").append(levels.size() == 1 ? "all " + levels.keySet().iterator().next() : levelList(levels));
        line.append(", ").append(OptLevels.of(compiles).marchText());   // the CPU the code may assume, beside the level
        if (!unoptimized.isEmpty()) {
            problems.add(new Problem(UNOPTIMIZED, "the " + name + " build compiled " + unoptimized.size() + " of " + n
                    + " file(s) without optimization (" + shown(unoptimized) + "): without an -O option the compiler"
                    + " does not optimize (-O0), and every variant compared with it is compared at -O0",
                    "pgolab sets CFLAGS/CXXFLAGS in the build's environment (build.cflags plus the variant's flags),"
                            + " which replaces a Makefile default such as 'CFLAGS ?= -O2': put the level in build.cflags"
                            + " (cflags = \"-O2\") or in build.command (make CFLAGS='-O2 {cflags}'); every compile is"
                            + " recorded in " + auditLog + ". If this is deliberate, add \"" + UNOPTIMIZED
                            + "\" to build.allow", false));
        }
        if (phase == Phase.INSTRUMENT || phase == Phase.CS_INSTRUMENT) {
            List<String> plain = compiles.stream().filter(c -> !c.instrumented()).map(c -> names(c, srcDir)).toList();
            line.append(", ").append(n - plain.size()).append('/').append(n).append(" instrumented");
            if (!plain.isEmpty()) {
                problems.add(new Problem(UNINSTRUMENTED, "the instrumented build compiled " + plain.size() + " of " + n
                        + " file(s) without profile instrumentation (" + shown(plain) + "): they will have no profile",
                        "pass {cflags} (or $CFLAGS/$CXXFLAGS) to every compile in build.command; the compile commands"
                                + " are in " + auditLog + ". If this is deliberate, add \"" + UNINSTRUMENTED
                                + "\" to build.allow", false));
            }
        }
        if (phase.readsProfile()) {
            List<String> without = compiles.stream().filter(c -> !c.usesProfile()).map(c -> names(c, srcDir)).toList();
            line.append(", ").append(n - without.size()).append('/').append(n).append(" with profile");
            if (!without.isEmpty()) {
                problems.add(new Problem(PROFILE_LOSS, "the " + name + " build compiled " + without.size() + " of " + n
                        + " file(s) without the profile (no -fprofile-use: " + shown(without) + ")",
                        "pass {cflags} (or $CFLAGS/$CXXFLAGS) to every compile in build.command; the compile commands"
                                + " are in " + auditLog + ". If this is deliberate, add \"" + PROFILE_LOSS
                                + "\" to build.allow", false));
            }
            if (profilePerObject && profile.isPresent() && phase == Phase.OPTIMIZE) {
                ProfilableObjects profilable = new ProfilableObjects(artifact.orElse(Path.of("/nonexistent")),
                        artifact.isPresent() ? links : List.of());
                noProfile = gcda(name, compiles, profile.get().path(), srcDir, auditLog, line, problems, profilable);
            }
        }
        if (v.lto() && phase != Phase.INSTRUMENT) {
            lto(name, compiles, links, srcDir, auditLog, line, problems);
        }
        if (v.relinked()) {
            relinked(name, compiles, links, srcDir, auditLog, line, problems);
        }
        return new Outcome(line.toString(), problems, reads, List.copyOf(levels.keySet()), noProfile);
    }

    /** lto variants: every compile with -flto and an LTO link; else the build did not do (all of) its link-time optimization. */
    private static void lto(String name, List<CompileRecord> compiles, List<CompileRecord> links, Path srcDir, Path auditLog,
                            StringBuilder line, List<Problem> problems) {
        int n = compiles.size();
        List<String> plain = compiles.stream().filter(c -> !c.lto()).map(c -> names(c, srcDir)).toList();
        long ltoLinks = links.stream().filter(CompileRecord::lto).count();
        line.append(", ").append(n - plain.size()).append('/').append(n).append(" -flto, ")
                .append(links.isEmpty() ? "no link recorded" : ltoLinks > 0 ? "LTO link" : "link without -flto");
        if (!plain.isEmpty() || ltoLinks == 0) {   // no link at all: nothing was optimized at link time either
            String link = links.isEmpty() ? "no link went through {cc}/{cxx}" : "the link had no -flto";
            // some files with -flto and an LTO link: those were link-time optimized, the rest were not
            boolean partly = ltoLinks > 0 && plain.size() < n;
            problems.add(new Problem(NO_LTO, "the " + name + " build " + (partly
                    ? "did link-time optimization of " + (n - plain.size()) + " of " + n + " file(s) only: "
                    : "did not do link-time optimization: ")
                    + (plain.isEmpty() ? "" : plain.size() + " of " + n + " file(s) compiled without -flto ("
                    + shown(plain) + ")" + (ltoLinks == 0 ? "; " : ""))
                    + (ltoLinks == 0 ? link : ""),
                    "pass {cflags} to every compile and {ldflags} (or $LDFLAGS) to the link in build.command; the"
                            + " commands are in " + auditLog + ". If this is deliberate, add \"" + NO_LTO
                            + "\" to build.allow", false));
        }
    }

    /** relink-N: every compile with a section per function, and a link that shuffled them; else layout did not move. */
    private static void relinked(String name, List<CompileRecord> compiles, List<CompileRecord> links, Path srcDir,
                                 Path auditLog, StringBuilder line, List<Problem> problems) {
        int n = compiles.size();
        List<String> whole = compiles.stream().filter(c -> !c.args().contains(Relink.COMPILE_FLAG))
                .map(c -> names(c, srcDir)).toList();
        long shuffled = links.stream().filter(c -> c.args().stream().anyMatch(a -> a.contains(Relink.SHUFFLE_OPTION)))
                .count();
        line.append(", ").append(n - whole.size()).append('/').append(n).append(' ').append(Relink.COMPILE_FLAG)
                .append(", ").append(links.isEmpty() ? "no link recorded" : shuffled > 0 ? "shuffled link"
                        : "link without " + Relink.SHUFFLE_OPTION);
        if (!whole.isEmpty() || (!links.isEmpty() && shuffled == 0)) {
            problems.add(new Problem(NO_SHUFFLE, "the " + name + " build did not move its functions, so the layout check"
                    + " would compare a build with itself: " + (whole.isEmpty() ? "" : whole.size() + " of " + n
                    + " file(s) compiled without " + Relink.COMPILE_FLAG + " (" + shown(whole) + ")"
                    + (shuffled == 0 && !links.isEmpty() ? "; " : ""))
                    + (shuffled == 0 && !links.isEmpty() ? "the link had no " + Relink.SHUFFLE_OPTION : ""),
                    "pass {cflags} to every compile and {ldflags} (or $LDFLAGS) to the link in build.command; the"
                            + " commands are in " + auditLog + ". If this is deliberate, add \"" + NO_SHUFFLE
                            + "\" to build.allow", false));
        }
    }

    /**
     * GCC: does the .gcda each object looks for exist? An object-path change between builds is named. Returns the
     * sources of the objects left out (they can have no .gcda).
     */
    /** The .gcda files this build's objects read: those that are there. */
    private static Set<Path> found(List<CompileRecord> compiles, Path mergedDir) {
        Set<Path> found = new HashSet<>();
        for (CompileRecord c : compiles) {
            c.valueOf("-fprofile-use=").filter(d -> !d.isEmpty()).map(d -> c.cwd().resolve(d)).or(() -> Optional.of(mergedDir))
                    .filter(Files::isDirectory).ifPresent(d -> c.gccProfilePaths(d).stream().filter(Files::isRegularFile)
                            .forEach(found::add));
        }
        return found;
    }

    private static final String ANOTHER_TARGET = "another target's copy of a profiled source";

    private static Set<Path> gcda(String name, List<CompileRecord> compiles, Path mergedDir, Path srcDir, Path auditLog,
                             StringBuilder line, List<Problem> problems, ProfilableObjects profilable) {
        Set<Path> never = new LinkedHashSet<>();
        if (!Files.isDirectory(mergedDir)) {
            return never;
        }
        List<Path> present;
        try (Stream<Path> s = Files.walk(mergedDir)) {
            present = s.filter(p -> p.getFileName().toString().endsWith(".gcda")).sorted().toList();
        } catch (IOException e) {
            return never;
        }
        Set<Path> found = found(compiles, mergedDir);   // to tell another target's copy of a profiled source
        int checked = 0;
        Map<String, Integer> leftOut = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        boolean moved = false;
        for (CompileRecord c : compiles) {
            if (!c.usesProfile()) {
                continue;
            }
            Path dir = c.valueOf("-fprofile-use=").filter(d -> !d.isEmpty()).map(d -> c.cwd().resolve(d)).orElse(mergedDir);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            List<Path> objects = c.objects();
            List<Path> wanted = c.gccProfilePaths(dir);
            for (int i = 0; i < wanted.size(); i++) {
                Path want = wanted.get(i);
                if (Files.isRegularFile(want)) {
                    checked++;
                    continue;
                }
                Optional<String> why = profilable.cannotHaveProfile(c, objects.get(i));
                if (why.isPresent()) {   // GCC writes no .gcda for it in any training: not a loss
                    leftOut.merge(why.get(), 1, Integer::sum);
                    never.add(c.sources().size() == objects.size() ? c.sources().get(i) : c.sources().get(0));
                    continue;
                }
                String name1 = want.getFileName().toString();
                String base = name1.substring(name1.lastIndexOf('#') + 1);
                List<String> like = present.stream().map(p -> dir.relativize(p).toString())
                        .filter(f -> f.endsWith("#" + base) || f.endsWith("/" + base)).toList();
                if (like.stream().anyMatch(f -> found.contains(dir.resolve(f)))) {
                    // the same source compiled again in this build for another target (CMake's cmark and
                    // cmark_static), whose copy has its .gcda: this one was not in the trained program
                    leftOut.merge(ANOTHER_TARGET, 1, Integer::sum);
                    never.add(c.sources().size() == objects.size() ? c.sources().get(i) : c.sources().get(0));
                    continue;
                }
                checked++;
                moved |= !like.isEmpty();
                missing.add(shortName(objects.get(i), srcDir) + ": GCC looked for " + dir.relativize(want)
                        + (like.isEmpty() ? "" : "; the profile has " + like.get(0) + (like.size() > 1 ? " (+" + (like.size() - 1) + ")" : "")));
            }
        }
        if (checked == 0 && leftOut.isEmpty()) {
            return never;
        }
        line.append(", ").append(checked - missing.size()).append('/').append(checked).append(" .gcda found");
        if (!leftOut.isEmpty()) {
            List<String> why = new ArrayList<>();
            leftOut.forEach((reason, k) -> why.add(k + " " + reason));
            line.append(" (left out, no profile possible: ").append(String.join(", ", why)).append(')');
        }
        if (missing.isEmpty()) {
            return never;
        }
        String what = "the " + name + " build found no profile data for " + missing.size() + " of " + checked
                + " object(s) (profile directory " + mergedDir + "):\n  " + String.join("\n  ",
                missing.subList(0, Math.min(SHOWN, missing.size())))
                + (missing.size() > SHOWN ? "\n  ... and " + (missing.size() - SHOWN) + " more (all in " + auditLog + ")" : "");
        String hint = moved
                ? "the objects were compiled at other paths than in the instrumented build, and GCC names each .gcda after"
                + " the object's absolute path. A Makefile that names its object directory after the flags (like zstd's"
                + " obj/conf_<md5 of the flags>) does this, because the instrumented and optimized builds have different"
                + " flags: give the objects a fixed directory in build.command (the Makefile's variable for it, e.g."
                + " make BUILD_DIR={builddir}/obj), so that every build compiles at the same paths."
                + " If this is deliberate, add \"" + PROFILE_LOSS + "\" to build.allow"
                : ProfileLoss.HINT + ". If this is deliberate, add \"" + PROFILE_LOSS + "\" to build.allow";
        boolean fatal = moved || 2 * missing.size() >= checked;
        problems.add(new Problem(PROFILE_LOSS, what, hint, !fatal));
        return never;
    }

    /** Project files (relative to root) the compiles read, that existed before the build started (not generated). */
    public static Set<String> reads(List<CompileRecord> compiles, Path srcDir, Path root, long startedMillis) {
        Set<Path> files = new LinkedHashSet<>();
        for (CompileRecord c : compiles) {
            files.addAll(c.sources());
            for (Path d : c.depfiles()) {
                files.addAll(CompileRecord.readDepfile(d, c.cwd()));
            }
        }
        Set<String> out = new TreeSet<>();
        for (Path f : files) {
            Path p = f.startsWith(srcDir) ? root.resolve(srcDir.relativize(f).toString()) : f;
            if (!p.startsWith(root)) {
                continue;
            }
            Path rel = root.relativize(p);
            if (rel.startsWith(".pgolab") || rel.startsWith(".git")) {
                continue;
            }
            try {
                if (Files.isRegularFile(f) && Files.getLastModifiedTime(f).toMillis() < startedMillis) {
                    out.add(rel.toString());
                }
            } catch (IOException e) {
                // a file that vanished is no input
            }
        }
        return out;
    }

    private static String levelList(Map<String, Integer> levels) {
        List<String> parts = new ArrayList<>();
        levels.forEach((l, k) -> parts.add(l + " x" + k));
        return String.join(", ", parts);
    }

    private static String names(CompileRecord c, Path srcDir) {
        List<Path> src = c.sources();
        return src.size() == 1 ? shortName(src.get(0), srcDir)
                : String.join(" ", src.stream().map(s -> shortName(s, srcDir)).toList());
    }

    private static String shortName(Path p, Path srcDir) {
        return p.startsWith(srcDir) ? srcDir.relativize(p).toString() : p.toString();
    }

    private static String shown(List<String> unsorted) {
        List<String> items = unsorted.stream().sorted().toList(); // parallel builds record in any order
        return items.size() <= SHOWN ? String.join(", ", items)
                : String.join(", ", items.subList(0, SHOWN)) + " and " + (items.size() - SHOWN) + " more";
    }
}
