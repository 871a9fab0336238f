package io.pgolab.pipeline;

import io.pgolab.config.Variant;
import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.toolchain.BuildEnv;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.MergeResult;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.ProfileSummary;
import io.pgolab.toolchain.RawInput;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.Hashing;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A toolchain without a compiler: its "flags" are words that the fake project's build.sh writes into
 * the shell script it produces ("-fake-instrument" makes that script append a line to
 * $FAKE_PROFILE_DIR/default.profraw when it runs), and merging concatenates the raw files.
 */
final class FakeToolchain implements Toolchain {
    String version = "1.0";

    @Override
    public String kind() {
        return "clang";   // a C toolchain as far as the config is concerned: {cc}, {cflags}, ...
    }

    /** Audited through {cc} like clang's, so the pipeline's audit and read-keyed builds are tested. */
    @Override
    public CompileAudit compileAudit() {
        return CompileAudit.CC;
    }

    @Override
    public boolean llvmProfiles() {
        return true;
    }

    @Override
    public String describe() {
        return "fake " + version;
    }

    @Override
    public Map<String, String> versions() {
        return Map.of("fake", version);
    }

    @Override
    public String fingerprint() {
        return "fake " + version;
    }

    @Override
    public void require(Variant variant) {
    }

    @Override
    public BuildEnv buildEnv(Variant variant, Phase phase, Optional<ProfileData> profile, BuildFlags user) {
        String ours = (variant.lto() && phase != Phase.INSTRUMENT ? "-fake-lto " : "")
                + switch (phase) {
                    case PLAIN -> "";
                    case INSTRUMENT -> "-fake-instrument";
                    case OPTIMIZE -> "-fake-use=" + profile.orElseThrow().path();
                    case CS_INSTRUMENT -> "-fake-use=" + profile.orElseThrow().path() + " -fake-cs-instrument";
                };
        return new BuildEnv("fakecc", "fakecxx", "ar", "ranlib", (user.cflags() + " " + ours).trim(), user.cxxflags(),
                user.ldflags(), Map.of());
    }

    @Override
    public Map<String, String> trainingEnv(Path rawDir) {
        return Map.of("FAKE_PROFILE_DIR", rawDir.toString());
    }

    @Override
    public List<Path> rawProfiles(Path rawDir) {
        if (!Files.isDirectory(rawDir)) {
            return List.of();
        }
        try (var s = Files.list(rawDir)) {
            return s.filter(p -> p.toString().endsWith(".profraw")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public MergeResult merge(List<RawInput> inputs, Path outDir, FailureMode mode) {
        try {
            StringBuilder all = new StringBuilder();
            for (RawInput in : inputs) {
                for (Path raw : rawProfiles(in.dir())) {
                    all.append(in.workload()).append(' ').append(in.weight()).append(' ').append(Files.readString(raw));
                }
            }
            String sha = Hashing.of(all.toString());
            Files.createDirectories(outDir);
            Path out = outDir.resolve("fake-" + sha.substring(0, 12) + ".profdata");
            Files.writeString(out, all);
            return new MergeResult(new ProfileData(out, sha, Files.size(out)), List.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public ProfileSummary summarize(ProfileData profile, Path notes, int top) {
        throw new UnsupportedOperationException("not needed by the pipeline");
    }

    @Override
    public BuildDiagnostics diagnostics(String buildLog) {
        return BuildDiagnostics.NONE;
    }

    @Override
    public String buildFailureHint(String output, Phase phase, Variant variant, java.nio.file.Path configFile) {
        return "fix the fake build in " + configFile;
    }
}
