package io.pgolab.toolchain.go;

import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.toolchain.BuildEnv;
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
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.Text;
import io.pgolab.UserError;
import io.pgolab.config.ToolchainSpec;
import io.pgolab.config.Variant;
import io.pgolab.util.CommandLog;
import io.pgolab.process.Exec;
import io.pgolab.util.Hashing;
import io.pgolab.util.Shell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Go (gc) PGO: the profile is a pprof CPU profile of the normal binary, written by the program's own
 * profile flag during [[train]] runs; profiles are summed with 'go tool pprof -proto' and the pgo
 * variant is built with -pgo=FILE. Release builds get -pgo=off so a default.pgo in the main package
 * cannot turn the baseline into a PGO build. There is no instrumented build and no LTO.
 */
public final class GoToolchain implements Toolchain {
    /** Go 1.21 made -pgo stable (and default.pgo automatic). */
    public static final int MIN_MINOR = 21;
    private static final Pattern VERSION = Pattern.compile("go1\\.(\\d+)(?:\\.(\\d+))?");
    private static final Pattern PGO_SETTING = Pattern.compile("(?m)^\\s*build\\s+-pgo=(.+?)\\s*$");

    private final Path go;
    private final String version;
    private final String goEnv;
    private final String profileFlag;
    private final CommandLog log;

    GoToolchain(Path go, String version, String goEnv, String profileFlag, CommandLog log) {
        this.go = go;
        this.version = version;
        this.goEnv = goEnv;
        this.profileFlag = profileFlag;
        this.log = log;
    }

    public static GoToolchain detect(ToolchainSpec spec, CommandLog log) {
        Path go = GoInstall.find(spec.go().go()).orElseThrow(() -> spec.go().go().isPresent()
                ? new UserError("toolchain.go = \"" + spec.go().go().get() + "\" was not found",
                        "give a full path or a name on PATH, or remove the key to use go from PATH")
                : new UserError("no go command found (not on PATH, not in /usr/local/go/bin)",
                        "install Go 1.21 or newer from https://go.dev/dl/ (Debian 12's golang-1.19 is too old for PGO)"));
        // One call: the version and every setting that changes what 'go build' produces.
        GoInstall install = GoInstall.probe(go, log);
        String v = install.env().lines().findFirst().orElse("").strip();
        if (!install.ok() || minor(v).isEmpty()) {
            throw new UserError(go + " does not look like a Go toolchain ('go env GOVERSION' said: "
                    + Text.lastLines(install.env(), 40) + ")", "point toolchain.go at the go command of Go 1.21 or newer");
        }
        if (minor(v).getAsInt() < MIN_MINOR) {
            throw new UserError(go + " is " + v + ", too old for PGO with -pgo=FILE (needs Go 1." + MIN_MINOR + " or newer)",
                    "install a newer Go from https://go.dev/dl/ and set toolchain.go to its bin/go");
        }
        return new GoToolchain(go, v.replaceFirst("^go", ""), install.env().strip(), spec.go().profileFlag(), log);
    }

    /** toolchain.go when configured, else go on PATH, else /usr/local/go/bin/go ({@link GoInstall#find}). */
    public static Optional<Path> find(Optional<String> configured) {
        return GoInstall.find(configured);
    }

    /** 26 for "go1.26.8" (also "go1.21rc2", "devel go1.27-abc"); empty when it is not a Go 1.x version. */
    public static OptionalInt minor(String goVersion) {
        Matcher m = VERSION.matcher(goVersion);
        return m.find() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
    }

    public Path go() {
        return go;
    }

    @Override
    public CompileAudit compileAudit() {
        return CompileAudit.GO;
    }

    @Override
    public String profileFileName() {
        return "default.pgo";
    }

    @Override
    public Optional<String> serverNoProfileHint(String stopSignal) {
        return Optional.of(noProfileHint() + "; the server must return from main on " + stopSignal);
    }

    @Override
    public String kind() {
        return "go";
    }

    @Override
    public String describe() {
        return "go " + version + " (" + go + ")";
    }

    @Override
    public Map<String, String> versions() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("go", version + " " + go);
        return m;
    }

    @Override
    public String fingerprint() {
        return "go " + go + "\n" + goEnv;
    }

    @Override
    public void require(Variant variant) {
        StepSupport.require(kind(), variant);
        if (variant.relinked()) {
            throw Relink.unsupported(variant, "Go");
        }
    }

    @Override
    public boolean separateInstrumentedBuild() {
        return false;
    }

    @Override
    public BuildEnv buildEnv(Variant variant, Phase phase, Optional<ProfileData> profile, BuildFlags user) {
        List<String> flags = new ArrayList<>();
        if (!user.goflags().isBlank()) {
            flags.add(user.goflags().strip());
        }
        if (!user.ldflags().isBlank()) {
            flags.add(Shell.quote("-ldflags=" + user.ldflags().strip()));
        }
        if (phase == Phase.OPTIMIZE) {
            Path p = profile.orElseThrow(() -> new IllegalStateException("optimized build without a profile")).path();
            flags.add(Shell.quote("-pgo=" + p));
        } else {
            flags.add("-pgo=off");
        }
        Map<String, String> placeholders = new LinkedHashMap<>();
        placeholders.put("go", go.toString());
        placeholders.put("goflags", String.join(" ", flags));
        // No GOFLAGS here: the user's own GOFLAGS (environment or 'go env -w') stay in force;
        // flags on the command line take precedence over them.
        return BuildEnv.of(placeholders, Map.of());
    }

    /**
     * Where the user's own -toolexec comes from (goflags, GOFLAGS in build.env, or GOFLAGS as 'go env'
     * saw it: environment or 'go env -w'), empty when there is none. pgolab's audit then stays out:
     * a second -toolexec on the command line would replace the user's.
     */
    public Optional<String> userToolexec(String goflags, Map<String, String> buildEnv) {
        if (goflags.contains("-toolexec")) {
            return Optional.of("build.goflags");
        }
        if (buildEnv.getOrDefault("GOFLAGS", "").contains("-toolexec")) {
            return Optional.of("GOFLAGS in build.env");
        }
        String envFlags = goEnv.lines().skip(1).findFirst().orElse("");
        return envFlags.contains("-toolexec") ? Optional.of("GOFLAGS (" + envFlags.strip() + ")") : Optional.empty();
    }

    @Override
    public String trainingCommand(String template) {
        if (template.contains("{profile}") || template.contains("{profile_dir}")) {
            return template;
        }
        int at = template.indexOf("{binary}");
        if (at < 0) {
            return template;
        }
        int end = at + "{binary}".length();
        return template.substring(0, end) + " " + profileFlag + template.substring(end);
    }

    @Override
    public Optional<String> explainTrainingFailure(String output) {
        if (output.contains("flag provided but not defined") || output.contains("unknown flag")
                || output.contains("unknown option") || output.contains("unrecognized option")) {
            return Optional.of("the program does not accept the profile flag '" + profileFlag + "' that pgolab adds after"
                    + " {binary}. Set toolchain.profile_flag to the program's own CPU-profile flag (e.g. \"--cpuprofile={profile}\"),"
                    + " or put {profile} where it belongs in the [[train]] command (e.g. \"{binary} build -cpuprofile {profile}\");"
                    + " a program without one needs a few lines of runtime/pprof (StartCPUProfile / StopCPUProfile)");
        }
        if (output.contains("panic:") || output.contains("fatal error:")) {
            return Optional.of("the program crashed (Go panic or fatal error, see its output above): a crashed run leaves"
                    + " no usable profile. Make the workload succeed with the release build first");
        }
        return Optional.empty();
    }

    @Override
    public String noProfileHint() {
        return "Go programs write the CPU profile when they stop profiling (pprof.StopCPUProfile), usually in a deferred"
                + " call in main: os.Exit, log.Fatal or a kill skip it and leave the file empty or absent. Check that the"
                + " program really takes '" + profileFlag + "' (toolchain.profile_flag), that the command runs {binary}"
                + " with it, and that the program returns from main";
    }

    @Override
    public Map<String, String> trainingEnv(Path rawDir) {
        return Map.of();
    }

    @Override
    public List<Path> rawProfiles(Path rawDir) {
        if (!Files.isDirectory(rawDir)) {
            return List.of();
        }
        return Hashing.filesUnder(rawDir).stream().sorted().toList();
    }

    @Override
    public MergeResult merge(List<RawInput> inputs, Path outDir, FailureMode mode) {
        List<String> dropped = new ArrayList<>();
        List<String> argv = new ArrayList<>(List.of(go.toString(), "tool", "pprof", "-proto", "-symbolize=none"));
        Path tmp = MergeRun.tempPath(outDir, "pprof");
        argv.add("-output=" + tmp);
        Map<RawInput, List<Path>> usable = new LinkedHashMap<>();
        for (RawInput in : inputs) {
            List<Path> good = new ArrayList<>();
            for (Path f : rawProfiles(in.dir())) {
                Optional<String> problem = PprofFile.problem(f);
                if (problem.isEmpty()) {
                    good.add(f);
                } else if (mode == FailureMode.WARN) {
                    dropped.add(in.workload() + ": " + problem.get());
                } else {
                    throw new UserError("training workload '" + in.workload() + "': " + problem.get(),
                            noProfileHint() + "; or pass --failure-mode warn to merge the other workloads");
                }
            }
            if (good.isEmpty()) {
                dropped.add(in.workload() + " (no usable CPU profile)");
                continue;
            }
            usable.put(in, good);
        }
        if (usable.isEmpty()) {
            throw new UserError("no usable profile: " + String.join("; ", dropped), noProfileHint());
        }
        // pprof sums samples: listing a workload's files W times gives it weight W, as clang's
        // --weighted-input does with counts (shares become such repeat counts, at most 100).
        MergeWeights weights = MergeWeights.of(List.copyOf(usable.keySet()), in -> totalSamples(usable.get(in)),
                MergeWeights.GO_CAP);
        usable.forEach((in, good) -> {
            for (long i = 0; i < weights.weight(in); i++) {
                good.forEach(f -> argv.add(f.toString()));
            }
        });
        Exec.Result r = MergeRun.run(log, argv, tmp, MergeRun.sizeOf(inputs.stream().map(RawInput::dir).toList()));
        if (!r.ok() || !Files.isRegularFile(tmp)) {
            MergeRun.published(tmp);
            throw new UserError("go tool pprof could not merge the CPU profiles:\n" + Text.lastLines(r.output(), 40),
                    "run the command above by hand (--verbose shows it); a profile from another program or a"
                            + " damaged file is the usual cause; re-run 'pgolab train'");
        }
        return new MergeResult(MergedProfiles.publish(tmp, outDir, "pprof"), dropped, weights.parts());
    }

    /** The CPU samples of one workload's profiles, summed (pprof -top's "Total samples"). */
    private long totalSamples(List<Path> files) {
        List<String> argv = new ArrayList<>(List.of(go.toString(), "tool", "pprof", "-top", "-sample_index=samples",
                "-symbolize=none", "-nodecount=1"));
        files.forEach(f -> argv.add(f.toString()));
        Exec.Result r = Exec.capture(log, argv);
        if (!r.ok()) {
            throw new UserError("go tool pprof cannot read " + files.get(0).getParent() + ":\n" + Text.lastLines(r.output(), 40),
                    "the profile is damaged; re-run 'pgolab train'");
        }
        return PprofTop.summarize(r.output(), 0).totalCount();
    }

    @Override
    public ProfileSummary summarize(ProfileData profile, Path notes, int top) {
        Exec.Result r = Exec.capture(log, List.of(go.toString(), "tool", "pprof", "-top", "-sample_index=samples",
                "-symbolize=none", "-nodecount=" + Math.max(1, top), profile.path().toString()));
        if (!r.ok()) {
            throw new UserError("go tool pprof cannot read " + profile.path() + ":\n" + Text.lastLines(r.output(), 40),
                    "the profile is damaged; re-run 'pgolab train'");
        }
        return PprofTop.summarize(r.output(), profile.bytes());
    }

    /** Every function with samples and its own (flat) sample count: pprof -top with no node limit. */
    @Override
    public FunctionCounts functionCounts(ProfileData profile, Path notes) {
        Exec.Result r = Exec.capture(log, List.of(go.toString(), "tool", "pprof", "-top", "-sample_index=samples",
                "-symbolize=none", "-nodecount=1000000", "-nodefraction=0", "-edgefraction=0", profile.path().toString()));
        if (!r.ok()) {
            throw new UserError("go tool pprof cannot read " + profile.path() + ":\n" + Text.lastLines(r.output(), 40),
                    "the profile is damaged; re-run 'pgolab train'");
        }
        return PprofTop.functionCounts(r.output());
    }

    @Override
    public BuildDiagnostics diagnostics(String buildLog) {
        // Go prints nothing about stale or unmatched profile entries (samples match by name and line offset).
        return BuildDiagnostics.NONE;
    }

    @Override
    public Optional<String> verifyOptimized(Path binary, ProfileData profile) {
        Exec.Result r = Exec.capture(log, List.of(go.toString(), "version", "-m", binary.toString()));
        if (!r.ok()) {
            throw new UserError("'go version -m " + binary + "' failed:\n" + Text.lastLines(r.output(), 40),
                    "build.artifact must name the Go binary that build.command produced");
        }
        Optional<String> used = pgoSetting(r.output());
        if (used.isEmpty() || used.get().equals("off")) {
            throw new UserError("the pgo build did not use the profile: 'go version -m " + binary + "' shows "
                    + used.map(u -> "-pgo=" + u).orElse("no -pgo setting"),
                    "build.command must pass {goflags} to 'go build' (it carries -pgo=" + profile.path() + ")");
        }
        // With -trimpath Go records only the file name; merged profiles are named by their content hash.
        Path recorded = Path.of(used.get());
        if (!recorded.equals(profile.path()) && !(recorded.getNameCount() == 1
                && recorded.getFileName().equals(profile.path().getFileName()))) {
            throw new UserError("the pgo build used another profile: 'go version -m' shows -pgo=" + used.get()
                    + ", not " + profile.path(), "build.command must pass {goflags} to 'go build' and no -pgo of its own");
        }
        return Optional.of("go version -m: -pgo=" + used.get());
    }

    /** The value of the "build -pgo=..." line of 'go version -m' output. */
    static Optional<String> pgoSetting(String versionM) {
        Matcher m = PGO_SETTING.matcher(versionM);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    @Override
    public String buildFailureHint(String output, Phase phase, Variant variant, Path configFile) {
        return GoHints.go(output, configFile);
    }
}
