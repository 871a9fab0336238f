package io.pgolab.toolchain.llvm;

import io.pgolab.UserError;
import io.pgolab.config.ToolchainSpec;
import io.pgolab.config.Variant;
import io.pgolab.process.Exec;
import io.pgolab.process.ProbeCache;
import io.pgolab.toolchain.BuildEnv;
import io.pgolab.toolchain.BuildHints;
import io.pgolab.toolchain.Demangler;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.Relink;
import io.pgolab.toolchain.StepSupport;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Clang with IR-level instrumentation (-fprofile-generate / -fprofile-use). IR instrumentation is
 * the mode clang recommends for PGO: lower overhead and smaller profiles than front-end
 * instrumentation, which exists for coverage. Profile tools are always of clang's own major version.
 */
public final class ClangToolchain implements LlvmProfiled {
    private final ClangInstall install;
    private final Path cc;
    private final Path cxx;
    private final int major;
    private final String version;
    private final Optional<Path> profdata;
    private final Optional<Path> ar;
    private final Optional<Path> ranlib;
    private final Optional<Path> lld;
    private final boolean atomic;
    private final CommandLog log;
    private final Path scratch;
    private boolean guard = true;
    /** The first clang whose instrumented builds record temporal traces that llvm-profdata order reads. */
    static final int ORDER_SINCE = 18;

    ClangToolchain(ClangInstall install, Path cxx, boolean atomic, Path scratch, CommandLog log) {
        this.install = install;
        this.scratch = scratch;
        this.cc = install.cc();
        this.cxx = cxx;
        this.major = install.major();
        this.version = install.version();
        this.atomic = atomic;
        this.log = log;
        this.profdata = install.profdata();
        this.ar = install.tool("llvm-ar");
        this.ranlib = install.tool("llvm-ranlib");
        this.lld = install.tool("ld.lld");
    }

    /** The clang the config selects ({@link ClangInstall#select}): toolchain.cc, else the newest clang-N with its llvm-profdata, else any clang. */
    public static ClangToolchain detect(ToolchainSpec spec, Path scratch, CommandLog log) {
        ClangInstall install = ClangInstall.select(spec);
        ClangToolchain tc = new ClangToolchain(install, cxxFor(spec, install.cc()), spec.atomicCounters(), scratch, log);
        tc.guard = spec.partialTraining();
        return tc;
    }

    private static Path cxxFor(ToolchainSpec spec, Path cc) {
        if (spec.cxx().isPresent()) {
            return ToolLocator.onPath(spec.cxx().get()).orElseThrow(() -> new UserError(
                    "toolchain.cxx = \"" + spec.cxx().get() + "\" was not found",
                    "give a full path or a name on PATH, or remove the key to use the clang++ beside clang"));
        }
        return guessCxx(cc);
    }

    private static Path guessCxx(Path cc) {
        String name = cc.getFileName().toString().replaceFirst("^clang", "clang++");
        Path p = cc.resolveSibling(name);
        return Files.isExecutable(p) ? p : cc;
    }

    /** What was discovered about this clang. */
    public ClangInstall install() {
        return install;
    }

    public int major() {
        return major;
    }

    public Optional<Path> profdata() {
        return profdata;
    }

    @Override
    public CompileAudit compileAudit() {
        return CompileAudit.CC;
    }

    @Override
    public boolean llvmProfiles() {
        return true;
    }

    @Override
    public OptionalInt boltLlvmMajor() {
        return ToolLocator.majorIn(describe());
    }

    @Override
    public int compilerLlvmMajor() {
        return major;
    }

    @Override
    public String kind() {
        return "clang";
    }

    @Override
    public String describe() {
        return "clang " + version + " (" + cc + ")"
                + profdata.map(p -> ", llvm-profdata " + major + " (" + p + ")").orElse("")
                + UntrainedGuard.describe(guard);
    }

    @Override
    public boolean guardsUntrained() {
        return guard;
    }

    @Override
    public Path guardDir() {
        return UntrainedGuard.dir(scratch);
    }

    @Override
    public Map<String, String> versions() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("clang", version + " " + cc);
        profdata.ifPresent(p -> m.put("llvm-profdata", major + " " + p));
        lld.ifPresent(p -> m.put("ld.lld", major + " " + p));
        return m;
    }

    @Override
    public String fingerprint() {
        return "clang " + version + " " + cc + " " + cxx + " atomic=" + atomic;
    }

    @Override
    public List<Variant> ladder() {
        return Variant.CLANG_LADDER;
    }

    @Override
    public void require(Variant variant) {
        StepSupport.require(kind(), variant);
        if (variant.pgo() && profdata.isEmpty()) {
            String other = ToolLocator.onPath("llvm-profdata")
                    .map(p -> " (" + p + " is LLVM " + ToolLocator.llvmMajorOf(p).orElse(0)
                            + ", which cannot read clang " + major + " profiles)")
                    .orElse("");
            throw new UserError("variant '" + variant + "' needs llvm-profdata " + major
                    + " to match clang " + version + ", and none is installed" + other,
                    "apt-get install -y llvm-" + major + " libclang-rt-" + major + "-dev");
        }
        if (variant.pgo() && install.profileRuntime().isEmpty()) {
            throw new UserError("variant '" + variant + "' needs clang's profile runtime (libclang_rt.profile), which"
                    + " instrumented binaries link against, and clang " + version + " has none",
                    "apt-get install -y libclang-rt-" + major + "-dev");
        }
        if (variant.relinked() && lld.isEmpty()) {
            throw Relink.noLld(variant);
        }
        if (variant.order() && (major < ORDER_SINCE || lld.isEmpty())) {
            throw new UserError("variant '" + variant + "' needs clang " + ORDER_SINCE + " or newer (temporal profiles,"
                    + " llvm-profdata order) and ld.lld of LLVM " + major + (major < ORDER_SINCE ? "; this is clang " + version : ""),
                    major < ORDER_SINCE ? "install clang-19 llvm-19 lld-19 and set toolchain.cc = \"clang-19\""
                            : "apt-get install -y lld-" + major);
        }
        if (variant.lto() && (lld.isEmpty() || ar.isEmpty())) {
            throw new UserError("variant '" + variant + "' needs ld.lld and llvm-ar of LLVM " + major,
                    "apt-get install -y lld-" + major + " llvm-" + major);
        }
    }

    @Override
    public BuildEnv buildEnv(Variant variant, Phase phase, Optional<ProfileData> profile, BuildFlags user) {
        List<String> c = new ArrayList<>();
        List<String> l = new ArrayList<>();
        if (variant.lto()) {
            c.add("-flto=thin");
            l.add("-flto=thin");
            l.add("-fuse-ld=lld");
        }
        if (variant.relinked()) {
            c.add(Relink.COMPILE_FLAG);
            l.addAll(Relink.linkFlags(variant));
        }
        if (phase == Phase.INSTRUMENT) {
            c.add("-fprofile-generate");
            l.add("-fprofile-generate");
            if (major >= ORDER_SINCE) {   // one training serves pgo and pgo+order alike
                c.addAll(LlvmSteps.TEMPORAL);
            }
            if (atomic) {
                c.add("-fprofile-update=atomic");
            }
        } else if (phase.readsProfile()) {
            Path p = profileToUse(profile.orElseThrow(() -> new IllegalStateException(phase.id() + " build without a profile")));
            c.add("-fprofile-use=" + p);
            c.add("-mllvm");
            c.add("-pgo-warn-missing-function");
            l.add("-fprofile-use=" + p);
            if (phase == Phase.CS_INSTRUMENT) {
                c.add("-fcs-profile-generate");
                l.add("-fcs-profile-generate");
                if (atomic) {
                    c.add("-fprofile-update=atomic");
                }
            }
            LlvmSteps.flags(variant, phase, variant.order() && phase == Phase.OPTIMIZE
                    ? Optional.of(profileTool().order(profile.get())) : Optional.empty(), c, l);
        }
        String ours = Shell.join(c); // flag words with a path are quoted where needed (a project dir with spaces)
        String link = Shell.join(l);
        Map<String, String> env = new LinkedHashMap<>();
        // An instrumented program run by the build itself (generators, tests) must not litter the tree.
        env.put("LLVM_PROFILE_FILE", scratch.resolve("build-%p-%m.profraw").toString());
        return new BuildEnv(cc.toString(), cxx.toString(),
                ar.map(Path::toString).orElse("ar"), ranlib.map(Path::toString).orElse("ranlib"),
                BuildEnv.join(user.cflags(), ours), BuildEnv.join(user.cxxflags(), ours),
                BuildEnv.join(user.ldflags(), link), env);
    }

    @Override
    public List<String> verifySteps(Variant variant, Path binary, Optional<ProfileData> profile) {
        List<String> out = new ArrayList<>();
        if (variant.cs() && profile.isPresent()) {
            int n = profileTool().contextSensitiveFunctions(profile.get());
            if (n == 0) {
                throw new UserError("the " + variant + " build's profile has no context-sensitive counts, so it is a plain"
                        + " pgo build", "re-run with --retrain; the second training round must run the program");
            }
            out.add("cs: " + n + " functions with context-sensitive counts");
        }
        out.addAll(LlvmSteps.verify(variant, binary, variant.order() ? profile.map(p -> profileTool().order(p)) : Optional.empty()));
        return out;
    }

    @Override
    public ProfileData combineCs(ProfileData second, ProfileData first, Path outDir) {
        return profileTool().combine(second, first, outDir);
    }

    @Override
    public LlvmProfileTool profileTool() {
        Path tool = profdata.orElseThrow(() -> new UserError("llvm-profdata " + major + " is not installed",
                "apt-get install -y llvm-" + major));
        return new LlvmProfileTool(tool, major, "clang " + major, log);
    }

    /** libclang_rt.profile, which -fprofile-generate links: without it instrumented links fail. */
    public static Optional<Path> profileRuntime(Path cc) {
        String arch = switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> System.getProperty("os.arch");
        };
        String named = ProbeCache.output(List.of(cc.toString(), "-print-file-name=libclang_rt.profile-" + arch + ".a"),
                t -> t.strip().startsWith("/") && Files.isRegularFile(Path.of(t.strip()))).strip();
        if (named.startsWith("/") && Files.isRegularFile(Path.of(named))) {
            return Optional.of(Path.of(named));
        }
        // Per-target runtime layout (LLVM_ENABLE_PER_TARGET_RUNTIME_DIR): <runtime dir>/libclang_rt.profile.a
        String dir = ProbeCache.output(List.of(cc.toString(), "-print-runtime-dir"),
                t -> t.strip().startsWith("/") && Files.isDirectory(Path.of(t.strip()))).strip();
        if (dir.startsWith("/")) {
            Path p = Path.of(dir, "libclang_rt.profile.a");
            if (Files.isRegularFile(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }


    @Override
    public String buildFailureHint(String output, Phase phase, Variant variant, Path configFile) {
        return BuildHints.c(output, variant, configFile, "clang " + major, major);
    }

    @Override
    public Demangler demangler() {
        return Demangler.llvm(major);
    }

    @Override
    public Optional<String> trainingOutputWarning(String output) {
        return LlvmRuntimeWarnings.of(output, "add \"-mllvm -vp-counters-per-site=4\" (or more) to [build] cflags (only the instrumented build reads it, but it enters every build's key)");
    }
}
