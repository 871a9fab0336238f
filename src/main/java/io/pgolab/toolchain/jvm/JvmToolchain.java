package io.pgolab.toolchain.jvm;

import io.pgolab.UserError;
import io.pgolab.config.ToolchainSpec;
import io.pgolab.config.Variant;
import io.pgolab.config.Variant.Step;
import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.toolchain.BuildEnv;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.MergeResult;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.ProfileSummary;
import io.pgolab.toolchain.RawInput;
import io.pgolab.toolchain.StepSupport;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Hashing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * toolchain kind "jvm": one JDK (see {@link JdkInstall#choose}) and the JVM steps it can make. There
 * is no compiler here: the user's build produces a jar, and the cds and aot variants are that same
 * jar run with a class archive (AppCDS) or an AOT cache made by a training run (pipeline's JvmBuilds).
 * The profile-merging parts of the Toolchain interface do not apply and refuse.
 */
public final class JvmToolchain implements Toolchain {
    private final JdkInstall jdk;
    private final List<JdkInstall> found;

    public JvmToolchain(JdkInstall jdk, List<JdkInstall> found) {
        this.jdk = jdk;
        this.found = List.copyOf(found);
    }

    public static JvmToolchain detect(ToolchainSpec spec, CommandLog log) {
        List<JdkInstall> all = JdkInstall.discover();
        return new JvmToolchain(JdkInstall.choose(spec.jvm(), all), all);
    }

    public JdkInstall jdk() {
        return jdk;
    }

    @Override
    public String kind() {
        return "jvm";
    }

    @Override
    public String describe() {
        return "JDK " + jdk.feature() + " (" + (jdk.runtime().isEmpty() ? jdk.firstLine() : jdk.runtime()) + ", " + jdk.home() + ")";
    }

    @Override
    public Map<String, String> versions() {
        return Map.of("java", jdk.firstLine(), "java.runtime", jdk.runtime(), "java.home", jdk.home().toString());
    }

    /** The exact 'java -version' output: a cache made by one JDK build is never used with another. */
    @Override
    public String fingerprint() {
        return Hashing.of("jvm\n" + jdk.versionOutput());
    }

    @Override
    public void require(Variant variant) {
        StepSupport.require(kind(), variant);
        for (Step s : variant.steps()) {
            Optional<String> why = jdk.missing(s);
            if (why.isPresent()) {
                List<JdkInstall> able = found.stream().filter(j -> j.missing(s).isEmpty()).toList();
                throw new UserError("variant '" + variant + "' cannot be built with JDK " + jdk.feature() + " ("
                        + jdk.home() + "): " + why.get(), able.isEmpty()
                        ? hintWithout(s) : "set [toolchain] jdk = \"" + able.get(able.size() - 1).feature()
                        + "\" (or java_home = \"" + able.get(able.size() - 1).home() + "\"); pgolab doctor lists the JDKs found");
            }
        }
    }

    private static String hintWithout(Step s) {
        return switch (s) {
            case NATIVE_PGO -> "install Oracle GraalVM (https://www.graalvm.org/downloads/) and point java_home at it,"
                    + " or drop native-pgo from project.variants; pgolab doctor lists the JDKs found";
            case AOT -> "install JDK " + JdkInstall.MIN_AOT_ONE_STEP + " (e.g. Temurin " + JdkInstall.MIN_AOT_ONE_STEP
                    + " from https://adoptium.net) and set jdk = \"" + JdkInstall.MIN_AOT_ONE_STEP + "\", or use the cds variant";
            default -> "install JDK " + JdkInstall.MIN_CDS + " or newer (apt-get install -y openjdk-17-jdk)";
        };
    }

    @Override
    public BuildEnv buildEnv(Variant variant, Phase phase, Optional<ProfileData> profile, BuildFlags user) {
        return BuildEnv.of(Map.of(), Map.of("JAVA_HOME", jdk.home().toString()));
    }

    @Override
    public String buildFailureHint(String output, Phase phase, Variant variant, Path configFile) {
        return "make [build] command in " + configFile + " work on its own (it runs in the project root with JAVA_HOME="
                + jdk.home() + "); it must produce the jar named by toolchain.jar / toolchain.classpath";
    }

    @Override
    public boolean separateInstrumentedBuild() {
        return false;
    }

    @Override
    public Optional<String> explainTrainingFailure(String output) {
        if (output.contains("Could not find or load main class")) {
            return Optional.of("the main class is not on the classpath: check toolchain.main and toolchain.jar/classpath");
        }
        if (output.contains("Unrecognized VM option") || output.contains("Could not create the Java Virtual Machine")) {
            return Optional.of("the JVM refused an option: check toolchain.jvm_flags (JDK " + jdk.feature() + ")");
        }
        if (output.contains("no main manifest attribute")) {
            return Optional.of("the jar has no Main-Class: set toolchain.main = \"com.example.Main\"");
        }
        return Optional.of("make the workload succeed with the release variant first (pgolab build release, then run it);"
                + " the training run is the same program with the archive flag added");
    }

    @Override
    public String noProfileHint() {
        return "the JVM writes its class archive or AOT cache when it exits normally (end of main, System.exit, or"
                + " SIGTERM, which runs the shutdown hooks); a JVM killed by SIGKILL, one that calls Runtime.halt, or a"
                + " command that never runs {binary} writes nothing";
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
        try (Stream<Path> s = Files.list(rawDir)) {
            return s.filter(p -> p.toString().endsWith(".jsa") || p.toString().endsWith(".aot")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    @Override
    public MergeResult merge(List<RawInput> inputs, Path outDir, FailureMode mode) {
        throw notForJvm("merge profiles");
    }

    @Override
    public ProfileSummary summarize(ProfileData profile, Path notes, int top) {
        throw notForJvm("summarize a profile");
    }

    @Override
    public BuildDiagnostics diagnostics(String buildLog) {
        return BuildDiagnostics.NONE;
    }

    private static UserError notForJvm(String what) {
        return new UserError("the jvm toolchain cannot " + what + ": its variants use class archives and AOT caches,"
                + " not compiler profiles", "use pgolab build / bench with the cds and aot variants");
    }
}
