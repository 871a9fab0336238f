package io.pgolab.toolchain.rust;

import io.pgolab.UserError;
import io.pgolab.config.CargoSpec;
import io.pgolab.config.ToolchainSpec;
import io.pgolab.config.Variant;
import io.pgolab.toolchain.BuildEnv;
import io.pgolab.toolchain.Demangler;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.Relink;
import io.pgolab.toolchain.StepSupport;
import io.pgolab.toolchain.bolt.Bolt;
import io.pgolab.toolchain.llvm.LlvmProfileTool;
import io.pgolab.toolchain.llvm.LlvmProfiled;
import io.pgolab.toolchain.llvm.LlvmRuntimeWarnings;
import io.pgolab.toolchain.llvm.LlvmSteps;
import io.pgolab.toolchain.llvm.UntrainedGuard;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Hashing;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Rust through cargo: -Cprofile-generate / -Cprofile-use added to the user's own rustflags (read
 * the way cargo reads them, then passed as CARGO_ENCODED_RUSTFLAGS, which overrides every other
 * source), --target &lt;host&gt; so build scripts and proc macros stay uninstrumented, LTO through
 * the profile's lto setting, and an llvm-profdata paired with rustc's LLVM (RustProfdata).
 */
public final class CargoToolchain implements LlvmProfiled {
    private final RustcInfo rustc;
    private final RustProfdata.Choice profdata;
    private final Optional<CargoSpec> cargo;
    private final Path scratch;
    private final CommandLog log;
    private final Project project;
    private final Optional<RustupChoice> selected;
    private boolean guard = true;

    /** The project root cargo runs in (rust-toolchain.toml, Cargo.toml's profiles, .cargo/) and build.env. */
    public record Project(Path root, Map<String, String> env) {
    }

    CargoToolchain(RustcInfo rustc, RustProfdata.Choice profdata, Optional<CargoSpec> cargo, Path scratch, CommandLog log) {
        this(rustc, profdata, cargo, scratch, log, new Project(Path.of("."), Map.of()), Optional.empty());
    }

    CargoToolchain(RustcInfo rustc, RustProfdata.Choice profdata, Optional<CargoSpec> cargo, Path scratch, CommandLog log,
                   Project project, Optional<RustupChoice> selected) {
        this.rustc = rustc;
        this.profdata = profdata;
        this.cargo = cargo;
        this.scratch = scratch;
        this.log = log;
        this.project = project;
        this.selected = selected;
    }

    public static CargoToolchain detect(ToolchainSpec spec, Optional<CargoSpec> cargo, Path scratch, CommandLog log) {
        return detect(spec, cargo, new Project(scratch.getParent() == null ? scratch : scratch.getParent(), Map.of()),
                scratch, log);
    }

    /** rustc, cargo and llvm-profdata as rustup selects them in the project root, with build.env's RUSTUP_* keys. */
    public static CargoToolchain detect(ToolchainSpec spec, Optional<CargoSpec> cargo, Project project, Path scratch,
                                        CommandLog log) {
        RustInstall rust = RustInstall.detect(project.root(), project.env(), spec.llvmProfdata());
        return new CargoToolchain(rust.rustc(), rust.profdata(), cargo, scratch, log, project, rust.toolchain())
                .guard(spec.partialTraining());
    }

    public RustcInfo rustc() {
        return rustc;
    }

    public RustProfdata.Choice profdata() {
        return profdata;
    }

    @Override
    public CompileAudit compileAudit() {
        return CompileAudit.RUSTC;
    }

    @Override
    public boolean buildEnvOverridesUserEnv() {
        return true;
    }

    @Override
    public boolean llvmProfiles() {
        return true;
    }

    @Override
    public int compilerLlvmMajor() {
        return rustc.llvmMajor();
    }

    @Override
    public String compilerTool() {
        return "rustc";
    }

    @Override
    public String kind() {
        return "cargo";
    }

    @Override
    public String describe() {
        return "rustc " + rustc.release() + " (LLVM " + rustc.llvmVersion() + ", host " + rustc.host()
                + selected.map(t -> ", toolchain " + t.describe()).orElse("") + "), " + rustc.cargoVersion() + profdata.tool().map(t -> ", llvm-profdata " + t.major() + " (" + t.path()
                + ", " + t.origin() + ")").orElse(", no usable llvm-profdata")
                + (profdata.note().isEmpty() ? "" : "; note: " + profdata.note())
                + UntrainedGuard.describe(guard);
    }

    @Override
    public Map<String, String> versions() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("rustc", rustc.release() + " LLVM " + rustc.llvmVersion() + " " + rustc.rustc());
        m.put("cargo", rustc.cargoVersion());
        profdata.tool().ifPresent(t -> m.put("llvm-profdata", t.major() + " " + t.path()));
        return m;
    }

    @Override
    public String fingerprint() {
        // The user's rustflags from outside the source tree (environment, $CARGO_HOME/config.toml)
        // reach the build too: a change must rebuild. The project's own .cargo/ is in the source hash.
        Map<String, String> env = System.getenv();
        StringBuilder s = new StringBuilder("cargo ").append(rustc.verbose()).append(' ').append(rustc.cargoVersion());
        String triple = "CARGO_TARGET_" + rustc.host().toUpperCase(Locale.ROOT).replace('-', '_') + "_RUSTFLAGS";
        for (String k : List.of("RUSTFLAGS", "CARGO_ENCODED_RUSTFLAGS", "CARGO_BUILD_RUSTFLAGS", triple)) {
            s.append('|').append(k).append('=').append(env.getOrDefault(k, "<unset>"));
        }
        RustFlags.configIn(cargoHome(env)).ifPresent(f -> s.append('|').append(f).append('=')
                .append(Hashing.ofPath(f)));
        return s.toString();
    }

    private static Path cargoHome(Map<String, String> env) {
        return Path.of(env.getOrDefault("CARGO_HOME", System.getProperty("user.home") + "/.cargo"));
    }

    @Override
    public List<String> notes() {
        return profdata.note().isEmpty() ? List.of() : List.of(profdata.note());
    }

    @Override
    public void require(Variant variant) {
        StepSupport.require(kind(), variant);
        if (variant.relinked()) {
            throw Relink.unsupported(variant, "cargo");
        }
        if (variant.pgo() && !profdata.usable()) {
            throw new UserError("variant '" + variant + "' needs an llvm-profdata that reads rustc's profiles: "
                    + profdata.problem(), profdata.fix());
        }
        if (variant.bolt()) {
            Bolt.locate(OptionalInt.empty());   // BOLT works on the linked ELF: any installed BOLT will do
            Map<String, String> seen = seenEnv(project.env());
            RustFlags.Effective mine = RustFlags.effective(seen, project.root(), cargoHome(seen), rustc.host(), rustc.cfgs());
            CargoStrip.inRustflags(mine.flags(), true).ifPresent(f -> {
                throw new UserError("variant '" + variant + "' cannot be built: your rustflags (" + mine.source()
                        + ") contain " + f + ", which strips the symbol table at link time; BOLT variants link with"
                        + " -Wl,--emit-relocs, and the linker refuses both together (and BOLT needs the symbols)",
                        "remove " + f + " from " + mine.source() + " and use the profile's strip setting instead"
                                + " (strip = true in [profile." + profileName() + "]): pgolab keeps the symbols for BOLT and"
                                + " strips the BOLTed binary afterwards");
            });
        }
    }

    private static Map<String, String> seenEnv(Map<String, String> buildEnv) {
        Map<String, String> seen = new HashMap<>(System.getenv());
        seen.putAll(buildEnv);
        return seen;
    }

    private String profileName() {
        return cargo.map(CargoSpec::profile).orElse("release");
    }

    /** The effective strip setting of the build's profile (environment, cargo config, Cargo.toml). */
    CargoStrip strip(Path workDir, Map<String, String> buildEnv) {
        Map<String, String> seen = seenEnv(buildEnv);
        return CargoStrip.of(profileName(), workDir, seen, cargoHome(seen));
    }

    /** Whether the user's build strips the symbol table: the profile's strip, or -Cstrip=symbols in the rustflags. */
    private boolean userStripsSymbols(Path workDir, Map<String, String> buildEnv) {
        Map<String, String> seen = seenEnv(buildEnv);
        List<String> flags = RustFlags.effective(seen, workDir, cargoHome(seen), rustc.host(), rustc.cfgs()).flags();
        return strip(workDir, buildEnv).symbols() || CargoStrip.inRustflags(flags, false).isPresent();
    }

    @Override
    public Optional<String> buildNote(Variant variant, Phase phase, Path workDir, Map<String, String> buildEnv) {
        if (!variant.bolt() || phase == Phase.INSTRUMENT || !userStripsSymbols(workDir, buildEnv)) {
            return Optional.empty();
        }
        CargoStrip s = strip(workDir, buildEnv);
        return Optional.of((s.symbols() ? s.source() : "-Cstrip=symbols in your rustflags") + " is overridden for this build"
                + " with " + (s.symbols() ? profileEnv("STRIP") + "=debuginfo" : "-Cstrip=debuginfo after your rustflags")
                + ": BOLT needs the symbol table and -Wl,--emit-relocs cannot be combined with --strip-all;"
                + " the BOLTed binary is stripped afterwards (llvm-strip --strip-all)");
    }

    @Override
    public boolean stripAfterBolt(Path workDir, Map<String, String> buildEnv) {
        return userStripsSymbols(workDir, buildEnv);
    }

    private String profileEnv(String key) {
        return cargo.map(c -> c.profileEnv(key)).orElse("CARGO_PROFILE_RELEASE_" + key);
    }

    @Override
    public BuildEnv buildEnv(Variant variant, Phase phase, Optional<ProfileData> profile, BuildFlags user) {
        Map<String, String> seen = new HashMap<>(System.getenv());
        seen.putAll(user.env());
        Path home = cargoHome(seen);
        RustFlags.Effective mine = RustFlags.effective(seen, user.workDir(), home, rustc.host(), rustc.cfgs());
        for (String f : mine.flags()) {
            if (f.contains("profile-generate") || f.contains("profile-use")) {
                throw new UserError("your rustflags (" + mine.source() + ") already contain " + f,
                        "remove it: pgolab adds the profile flags for each variant itself");
            }
        }
        List<String> flags = new ArrayList<>(mine.flags());
        flags.addAll(ours(variant, phase, profile));
        Map<String, String> env = new LinkedHashMap<>();
        if (keepsRelocations(variant) && phase != Phase.INSTRUMENT) {
            // --emit-relocs and --strip-all cannot be linked together, and BOLT needs the symbols:
            // keep them (strip only debug info, as asked or more), strip the BOLTed binary afterwards.
            if (CargoStrip.inRustflags(mine.flags(), false).isPresent()) {
                flags.add("-Cstrip=debuginfo");
            }
            if (strip(user.workDir(), user.env()).symbols()) {
                env.put(profileEnv("STRIP"), "debuginfo");
            }
        }
        env.put("CARGO_ENCODED_RUSTFLAGS", RustFlags.encode(flags));
        if (variant.lto() && phase != Phase.INSTRUMENT) {
            cargo.ifPresent(c -> env.put(c.profileEnv("LTO"), "fat"));
        }
        // A build script or test run by the build must not litter the tree with profiles.
        env.put("LLVM_PROFILE_FILE", scratch.resolve("build-%p-%m.profraw").toString());
        return BuildEnv.of(Map.of("target", rustc.host()), env);
    }

    /** The user's own RUSTC_WRAPPER (environment, build.env or cargo config), which the audit's wrapper runs in turn. */
    public Optional<String> userRustcWrapper(Map<String, String> buildEnv, Path workDir) {
        Map<String, String> seen = new HashMap<>(System.getenv());
        seen.putAll(buildEnv);
        return RustFlags.rustcWrapper(seen, workDir, cargoHome(seen));
    }

    /** Machine function splitting through rustc: LLVM's code generator option (stable, unlike -Z flags). */
    static final String MFS_FLAG = "-Cllvm-args=-enable-split-machine-functions";

    @Override
    public List<String> verifySteps(Variant variant, Path binary, Optional<ProfileData> profile) {
        return LlvmSteps.verify(variant, binary, Optional.empty());
    }

    @Override
    public boolean guardsUntrained() {
        return guard;
    }

    /** [toolchain] partial_training as the config says (on unless false). */
    CargoToolchain guard(boolean on) {
        guard = on;
        return this;
    }

    @Override
    public Path guardDir() {
        return UntrainedGuard.dir(scratch);
    }

    /** pgolab's rustflags for one build, appended after the user's. */
    List<String> ours(Variant variant, Phase phase, Optional<ProfileData> profile) {
        List<String> f = new ArrayList<>();
        if (phase == Phase.INSTRUMENT) {
            f.add("-Cprofile-generate=" + scratch.toAbsolutePath());
        } else if (phase == Phase.OPTIMIZE) {
            Path p = profileToUse(profile.orElseThrow(() -> new IllegalStateException("optimized build without a profile")));
            f.add("-Cprofile-use=" + p.toAbsolutePath());
            f.add("-Cllvm-args=-pgo-warn-missing-function");
            if (variant.mfs()) {
                f.add(MFS_FLAG);   // stable rustc: the code generator's own option
            }
        }
        if (keepsRelocations(variant) && phase != Phase.INSTRUMENT) {
            f.add("-Clink-arg=-Wl,--emit-relocs");
        }
        return f;
    }

    /** BOLT rewrites the linked binary and needs the link's relocations (-Wl,--emit-relocs). */
    static boolean keepsRelocations(Variant variant) {
        return variant.bolt();
    }

    @Override
    public LlvmProfileTool profileTool() {
        if (!profdata.usable()) {
            throw profdata.refusal();
        }
        RustProfdata.Candidate c = profdata.tool().get();
        return new LlvmProfileTool(c.path(), c.major(), "rustc " + rustc.release() + " (LLVM " + rustc.llvmMajor() + ")",
                log, true);
    }

    @Override
    public String buildFailureHint(String output, Phase phase, Variant variant, Path configFile) {
        return CargoHints.cargo(output, variant, configFile, profileName(), selected);
    }

    @Override
    public Demangler demangler() {
        return profdata.tool().map(t -> Demangler.llvm(t.major(), Optional.of(t.path()))).orElse(Demangler.llvm(rustc.llvmMajor()));
    }

    @Override
    public Optional<String> trainingOutputWarning(String output) {
        return LlvmRuntimeWarnings.of(output, "add \"-Cllvm-args=-vp-counters-per-site=4\" (or more) to the project's rustflags (RUSTFLAGS or .cargo/config.toml: pgolab adds its own to them)");
    }
}
