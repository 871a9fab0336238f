package io.pgolab.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.ConfigureFlags;
import io.pgolab.util.CommandLog;
import io.pgolab.workload.ShellRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which variables a build step gets, and which the shell passes on that the build key does not cover. */
class ShellBuildVarsTest {
    static final Map<String, String> PGOLAB = Map.of("CC", "/w/pgolab-cc", "CFLAGS", "-O2 -flto=thin",
            "CXXFLAGS", "-O2 -flto=thin", "LDFLAGS", "-flto=thin");

    @Test
    void aStepThatPassesTheFlagsDoesNotGetThemExported() {
        StepEnv.Step s = StepEnv.of("make CFLAGS='{cflags}' LDFLAGS='{ldflags}'", PGOLAB, Map.of(), true);
        assertThat(s.env()).doesNotContainKeys("CFLAGS", "LDFLAGS").containsEntry("CXXFLAGS", "-O2 -flto=thin")
                .containsKey("CC");
        assertThat(s.unset()).containsExactly("CFLAGS", "LDFLAGS");   // the shell's too

        StepEnv.Step plain = StepEnv.of("make -j4", PGOLAB, Map.of(), true);
        assertThat(plain.env()).containsKeys("CFLAGS", "CXXFLAGS", "LDFLAGS");
        assertThat(plain.unset()).isEmpty();
    }

    @Test
    void buildEnvKeepsItsFlagsWhateverTheTemplate() {
        java.util.Map<String, String> proc = new java.util.HashMap<>(PGOLAB);
        proc.put("CFLAGS", "-DMINE");   // build.env is applied last
        StepEnv.Step s = StepEnv.of("make CFLAGS='{cflags}'", proc, Map.of("CFLAGS", "-DMINE"), true);
        assertThat(s.env()).containsEntry("CFLAGS", "-DMINE");
        assertThat(s.unset()).doesNotContain("CFLAGS");
    }

    @Test
    void cargoAndGoStepsAreLeftAlone() {
        StepEnv.Step s = StepEnv.of("cargo build {cflags}", Map.of("RUSTFLAGS", "-Cx"), Map.of(), false);
        assertThat(s.env()).containsOnlyKeys("RUSTFLAGS");
        assertThat(s.unset()).isEmpty();
    }

    @Test
    void theWarningNamesWhatTheShellPassesOnUncovered() {
        Map<String, String> shell = Map.of("CFLAGS", "-O0", "CC", "gcc", "CPPFLAGS", "-I/opt", "ac_cv_func_fork", "no",
                "CONFIG_SITE", "/etc/site", "HOME", "/root", "PATH", "/bin", "LIBS", "-lm");
        StepEnv.Step s = StepEnv.of("make CFLAGS='{cflags}'", PGOLAB, Map.of("LIBS", "-lm"), true);
        // CC is pgolab's, CFLAGS unset, LIBS given in build.env (so in proc env too in real builds)
        StepEnv.Step withLibs = new StepEnv.Step(new java.util.HashMap<>(s.env()), s.unset());
        withLibs.env().put("LIBS", "-lm");
        List<String> names = StepEnv.uncovered(shell, withLibs);
        assertThat(names).containsExactly("CONFIG_SITE", "CPPFLAGS", "ac_cv_func_fork");
        assertThat(StepEnv.warning("release", names, Path.of("/p/pgolab.toml")))
                .contains("CONFIG_SITE, CPPFLAGS, ac_cv_func_fork").contains("[build] env in /p/pgolab.toml")
                .contains("key does not cover");
        assertThat(StepEnv.uncovered(Map.of("HOME", "/root"), s)).isEmpty();
    }

    @Test
    void configureFlagsLoseLtoAndProfileFlagsOnly() {
        assertThat(ConfigureFlags.safe("-O2 -g -march=native -DX -flto=thin")).isEqualTo("-O2 -g -march=native -DX");
        assertThat(ConfigureFlags.safe("-O2 -fprofile-use=/p/m.profdata -mllvm -pgo-warn-missing-function -mllvm -inline-threshold=9"))
                .isEqualTo("-O2 -mllvm -inline-threshold=9");
        assertThat(ConfigureFlags.safe("-O3 '-fprofile-generate=/a b/gcda' -ftest-coverage -fprofile-update=atomic -fcs-profile-generate"))
                .isEqualTo("-O3");
        assertThat(ConfigureFlags.safe("-flto=auto -fprofile-use=/d -fprofile-correction -Wmissing-profile -fprofile-instr-use=x"))
                .isEmpty();
        assertThat(ConfigureFlags.safe("-fuse-ld=lld '-Wl,-rpath,/a b'")).isEqualTo("-fuse-ld=lld '-Wl,-rpath,/a b'");
    }

    /** The shell's variables of those names do not reach the step: real bash, pgolab's own environment. */
    @Test
    void unsetVariablesDoNotReachTheCommand(@TempDir Path tmp) throws Exception {
        ShellRunner runner = new ShellRunner(CommandLog.silent());
        Path log = tmp.resolve("log");
        ShellRunner.Outcome o = runner.run("echo \"home=${HOME-none} mine=$MINE\"", tmp, Map.of("MINE", "1"), List.of("HOME"),
                Duration.ofSeconds(30), log, OptionalInt.empty());
        assertThat(o.ok()).isTrue();
        assertThat(Files.readString(log)).contains("home=none mine=1");
    }
}
