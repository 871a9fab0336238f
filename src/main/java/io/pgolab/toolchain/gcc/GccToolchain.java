package io.pgolab.toolchain.gcc;

import io.pgolab.UserError;
import io.pgolab.config.ToolchainSpec;
import io.pgolab.config.Variant;
import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.toolchain.BuildEnv;
import io.pgolab.toolchain.BuildHints;
import io.pgolab.toolchain.Demangler;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.FunctionCounts;
import io.pgolab.toolchain.MergeResult;
import io.pgolab.toolchain.MergeRun;
import io.pgolab.toolchain.MergeWeights;
import io.pgolab.toolchain.MergedProfiles;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.ProfileSummary;
import io.pgolab.toolchain.RawInput;
import io.pgolab.toolchain.Relink;
import io.pgolab.toolchain.StepSupport;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Hashing;
import io.pgolab.util.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * GCC with -fprofile-generate / -fprofile-use. The .gcda files are named after the absolute object
 * path, so pgolab compiles them to one fixed directory, relocates each training workload's files
 * with GCOV_PREFIX / GCOV_PREFIX_STRIP, and builds the instrumented and optimized binaries at the
 * same paths (see pipeline.BuildStage). With [toolchain] partial_training the profile-use builds also
 * get -fprofile-partial-training (GCC 10+): functions the training never ran are optimized as without
 * a profile instead of for size.
 */
public final class GccToolchain implements Toolchain {
    private final GccInstall install;
    private final Path cc;
    private final Path cxx;
    private final String version;
    private final int major;
    private final Optional<Path> gcovTool;
    private final Optional<Path> gcovDump;
    private final Path ar;
    private final Path ranlib;
    private final boolean atomic;
    private final boolean partialTraining;
    private final Path gcdaBase;
    private final Path scratch;
    private final CommandLog log;

    /**
     * With partial_training, what pgolab's compiler wrapper appends to every compile at -O2 (GCC 12+):
     * -fprofile-use turns on -O3's vectorizer cost model (dynamic) for every function, so a function the
     * training never ran was vectorized as at -O3, not as the project's -O2 release (checked with GCC 12.2:
     * bench/partial's path_b is release's code with the pin, 2-6 % slower without). -O3 and other levels are
     * left as they are. GCC 10 and 11 (no vectorizer at -O2) are not pinned: not checked here.
     */
    static final String O2_PIN_VAR = "PGOLAB_O2_PIN";
    public static final String O2_PIN = "-fvect-cost-model=very-cheap";
    static final int O2_PIN_SINCE = 12;

    /**
     * partial_training's flags on every profile-use compile and link: GCC's own flag.
     */
    static final List<String> GUARD = List.of("-fprofile-partial-training");

    /**
     * With partial_training, what pgolab's compiler wrapper appends to every profile-use compile and link that
     * does not decide the flag itself: -fprofile-use turns on -funroll-loops for every function, and a function
     * the training never ran is then unrolled on guessed counts where the project's release does not unroll
     * (checked with GCC 12.2: lz4's never-trained HC compressor at -O3 is 24-29 % slower than release with the
     * unrolling, release's speed without it; -O3 -funroll-loops alone gives the same loss). A project that
     * builds with -funroll-loops (or -funroll-all-loops, or says -fno-unroll-loops) keeps its own choice.
     * Link-only invocations are left alone: with LTO each function keeps its compile-time flags (checked: a
     * link-time -fno-unroll-loops does not undo a compile-time -funroll-loops). (-fno-tracer: no effect on lz4.)
     */
    static final String OFF_UNLESS_SET_VAR = "PGOLAB_OFF_UNLESS_SET";
    public static final String NO_UNROLL = "-fno-unroll-loops";

    /** The GCC flag of [toolchain] partial_training, and the first GCC that has it. */
    public static final String PARTIAL_TRAINING = "-fprofile-partial-training";
    public static final int PARTIAL_TRAINING_MIN_MAJOR = 10;

    private GccToolchain(GccInstall install, Path cxx, boolean atomic, boolean partialTraining, Path scratch,
                         CommandLog log) {
        this.install = install;
        this.cc = install.cc();
        this.cxx = cxx;
        this.version = install.version();
        this.major = install.major();
        this.atomic = atomic;
        this.partialTraining = partialTraining;
        this.gcdaBase = scratch.resolve("gcda");
        this.scratch = scratch;
        this.log = log;
        this.gcovTool = install.gcovTool();
        this.gcovDump = install.gcovDump();
        this.ar = install.gccAr().orElse(Path.of("ar"));
        this.ranlib = install.gccRanlib().orElse(Path.of("ranlib"));
    }

    /** toolchain.cc, else gcc on PATH, with its version-paired tools ({@link GccInstall#probe}). */
    public static GccToolchain detect(ToolchainSpec spec, Path scratch, CommandLog log) {
        String name = spec.cc().orElse("gcc");
        Path cc = ToolLocator.onPath(name).orElseThrow(() -> new UserError(
                "GCC ('" + name + "') was not found",
                spec.cc().isPresent() ? "fix toolchain.cc, or remove it to use gcc from PATH" : "apt-get install -y gcc g++"));
        GccInstall install = GccInstall.probe(cc);
        String cxxName = spec.cxx().orElse(cc.getFileName().toString().replaceFirst("gcc", "g++"));
        Path cxx = ToolLocator.onPath(cxxName).orElseGet(() -> {
            if (spec.cxx().isPresent()) {
                throw new UserError("toolchain.cxx = \"" + cxxName + "\" was not found",
                        "give a full path or a name on PATH, or remove the key");
            }
            return cc;
        });
        return new GccToolchain(install, cxx, spec.atomicCounters(), spec.partialTraining(), scratch, log);
    }

    /** What was discovered about this GCC. */
    public GccInstall install() {
        return install;
    }

    @Override
    public CompileAudit compileAudit() {
        return CompileAudit.CC;
    }

    @Override
    public boolean profilePerObject() {
        return true;
    }

    @Override
    public String kind() {
        return "gcc";
    }

    @Override
    public String describe() {
        return "gcc " + version + " (" + cc + ")" + gcovTool.map(p -> ", gcov-tool (" + p + ")").orElse("")
                + (partialTraining ? ", " + String.join(" ", GUARD) + " on profile-use builds ("
                        + NO_UNROLL + " unless the project sets loop unrolling itself"
                        + (major >= O2_PIN_SINCE ? ", " + O2_PIN + " in their -O2 compiles" : "") + ")"
                        : ", partial_training = false (functions training never ran optimized for size)");
    }

    @Override
    public Map<String, String> versions() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("gcc", version + " " + cc);
        gcovTool.ifPresent(p -> m.put("gcov-tool", version + " " + p));
        return m;
    }

    @Override
    public String fingerprint() {
        // partial_training is not here: it enters only the keys of builds that read a profile (untrainedGuard).
        return "gcc " + version + " " + cc + " " + cxx + " atomic=" + atomic + " gcda=" + gcdaBase;
    }

    @Override
    public String untrainedGuard() {
        return partialTraining ? String.join(" ", GUARD) + " " + NO_UNROLL + " unless set"
                + (major >= O2_PIN_SINCE ? " " + O2_PIN + " at -O2" : "") : "";
    }

    @Override
    public void require(Variant variant) {
        StepSupport.require(kind(), variant);
        if (variant.relinked() && Relink.anyLld().isEmpty()) {
            throw Relink.noLld(variant);
        }
        if (variant.pgo() && (gcovTool.isEmpty() || gcovDump.isEmpty())) {
            throw new UserError("variant '" + variant + "' needs gcov-tool and gcov-dump of GCC " + major,
                    "they ship with GCC itself: apt-get install -y gcc-" + major);
        }
        if (variant.pgo() && partialTraining && major < PARTIAL_TRAINING_MIN_MAJOR) {
            throw new UserError("toolchain.partial_training needs GCC " + PARTIAL_TRAINING_MIN_MAJOR + " or newer ("
                    + PARTIAL_TRAINING + "), but this is gcc " + version,
                    "install a newer GCC and point toolchain.cc at it, or set [toolchain] partial_training = false"
                            + " (code training never ran is then optimized for size)");
        }
    }

    @Override
    public BuildEnv buildEnv(Variant variant, Phase phase, Optional<ProfileData> profile, BuildFlags user) {
        List<String> c = new ArrayList<>();
        List<String> l = new ArrayList<>();
        if (variant.lto()) {
            c.add("-flto=auto");
            l.add("-flto=auto");
        }
        if (variant.relinked()) {
            c.add(Relink.COMPILE_FLAG);
            l.add("-B" + Relink.lldDirForGcc(scratch).orElseThrow(() -> Relink.noLld(variant)));
            l.addAll(Relink.linkFlags(variant));
        }
        if (phase == Phase.INSTRUMENT) {
            // -ftest-coverage only adds .gcno notes (function names for the profile report).
            c.addAll(List.of("-fprofile-generate=" + gcdaBase, "-ftest-coverage"));
            l.add("-fprofile-generate=" + gcdaBase);
            if (atomic) {
                c.add("-fprofile-update=atomic");
                l.add("-fprofile-update=atomic");
            }
        } else if (phase == Phase.OPTIMIZE) {
            Path p = profile.orElseThrow(() -> new IllegalStateException("optimized build without a profile")).path();
            c.addAll(List.of("-fprofile-use=" + p, "-fprofile-correction", "-Wmissing-profile"));
            l.addAll(List.of("-fprofile-use=" + p, "-fprofile-correction"));
            if (partialTraining) {   // on the link too: with LTO the code is optimized there
                c.addAll(GUARD);
                l.addAll(GUARD);
            }
        }
        String ours = Shell.join(c); // flag words with a path are quoted where needed (a project dir with spaces)
        Map<String, String> env = new LinkedHashMap<>();
        if (phase == Phase.OPTIMIZE && partialTraining) {
            env.put(OFF_UNLESS_SET_VAR, NO_UNROLL);
            if (major >= O2_PIN_SINCE) {
                env.put(O2_PIN_VAR, O2_PIN);
            }
        }
        return new BuildEnv(cc.toString(), cxx.toString(), ar.toString(), ranlib.toString(),
                BuildEnv.join(user.cflags(), ours), BuildEnv.join(user.cxxflags(), ours),
                BuildEnv.join(user.ldflags(), Shell.join(l)), env);
    }

    @Override
    public List<String> instrumentedBuildNotes() {
        return List.of("glob:**.gcno");
    }

    @Override
    public Map<String, String> trainingEnv(Path rawDir) {
        // The compiled-in path is gcdaBase/<object path>; strip gcdaBase and put rawDir in its place.
        return Map.of("GCOV_PREFIX", rawDir.toString(),
                "GCOV_PREFIX_STRIP", Integer.toString(gcdaBase.getNameCount()));
    }

    @Override
    public List<Path> rawProfiles(Path rawDir) {
        if (!Files.isDirectory(rawDir)) {
            return List.of();
        }
        return Hashing.filesUnder(rawDir).stream().filter(p -> p.toString().endsWith(".gcda")).toList();
    }

    @Override
    public MergeResult merge(List<RawInput> inputs, Path outDir, FailureMode mode) {
        Path tool = gcovTool.orElseThrow(() -> new UserError("gcov-tool of GCC " + major + " is not installed",
                "apt-get install -y gcc-" + major));
        List<String> dropped = new ArrayList<>();
        List<RawInput> usable = new ArrayList<>();
        for (RawInput in : inputs) {
            for (Path f : rawProfiles(in.dir())) {
                Optional<String> problem = GcdaCheck.problem(f, expectedVersion(), gcovDump, log);
                if (problem.isPresent()) {
                    if (mode == FailureMode.FAIL) {
                        throw new UserError(problem.get(), problem.get().contains("version")
                                ? "the profile was written by a binary from another GCC; build and train with one GCC"
                                : "it was probably cut short by a crash or kill; re-run 'pgolab train', or pass"
                                        + " --failure-mode warn to merge the other files");
                    }
                    dropped.add(problem.get());
                    GcdaCheck.delete(f);
                }
            }
            if (rawProfiles(in.dir()).isEmpty()) {
                dropped.add(in.workload() + " (no readable .gcda left)");
            } else {
                usable.add(in);
            }
        }
        if (usable.isEmpty()) {
            throw new UserError("no usable profile: " + String.join("; ", dropped), "re-run 'pgolab train'");
        }
        MergeWeights weights = MergeWeights.of(usable, gcovDump.<ToLongFunction<RawInput>>map(
                dump -> in -> GcdaCheck.totalArcCounts(dump, log, in.dir())).orElse(null), MergeWeights.LLVM_CAP);
        Path acc = MergeRun.tempPath(outDir, "");
        try {
            GcdaCheck.gcovMerge(tool, log, usable, acc, weights);
        } catch (RuntimeException e) {
            MergeRun.published(acc);
            throw e;
        }
        return new MergeResult(MergedProfiles.publish(acc, outDir, ""), dropped, weights.parts());
    }

    /** "B22*" for GCC 12.2: the version stamp GCC writes into .gcda files (gcc/gcov-io.h). */
    String expectedVersion() {
        String[] parts = version.split("\\.");
        int minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
        return "" + (char) ('A' + major / 10) + (major % 10) + minor + "*";
    }

    @Override
    public ProfileSummary summarize(ProfileData profile, Path notes, int top) {
        Path dump = gcovDump.orElseThrow(() -> new UserError("gcov-dump of GCC " + major + " is not installed",
                "apt-get install -y gcc-" + major));
        return GcdaCheck.summarize(dump, log, profile, notes, top);
    }

    @Override
    public FunctionCounts functionCounts(ProfileData profile, Path notes) {
        Path dump = gcovDump.orElseThrow(() -> new UserError("gcov-dump of GCC " + major + " is not installed",
                "apt-get install -y gcc-" + major));
        return GcdaCheck.functionCounts(dump, log, profile, notes);
    }

    @Override
    public BuildDiagnostics diagnostics(String buildLog) {
        return GccDiagnostics.scan(buildLog);
    }

    @Override
    public String buildFailureHint(String output, Phase phase, Variant variant, Path configFile) {
        return BuildHints.c(output, variant, configFile, "gcc " + major, major);
    }

    @Override
    public Demangler demangler() {
        List<Integer> majors = ToolLocator.llvmMajors();
        return majors.isEmpty() ? Demangler.at(Optional.empty(), "no llvm-cxxfilt is installed: C++ function"
                + " names are shown mangled (apt-get install -y llvm-19)") : Demangler.llvm(majors.get(0));
    }
}
