package io.pgolab.toolchain.go;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Template;
import io.pgolab.toolchain.ProfileSummary;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The pure parts of the go toolchain: versions, flag insertion, 'go version -m' and 'pprof -top' parsing. */
class GoToolchainTest {
    private static GoToolchain go(String flag) {
        return new GoToolchain(java.nio.file.Path.of("/x/go"), "1.26.8", "go1.26.8", flag, null);
    }

    @Test
    void readsTheMinorVersion() {
        assertThat(GoToolchain.minor("go1.26.8").getAsInt()).isEqualTo(26);
        assertThat(GoToolchain.minor("go1.21rc2").getAsInt()).isEqualTo(21);
        assertThat(GoToolchain.minor("devel go1.27-abcdef").getAsInt()).isEqualTo(27);
        assertThat(GoToolchain.minor("not go")).isEmpty();
    }

    @Test
    void profileFlagGoesRightAfterTheBinaryUnlessTheCommandPlacesIt() {
        GoToolchain g = go("-cpuprofile={profile}");
        assertThat(g.trainingCommand("cd x && {binary} -l in/ > /dev/null"))
                .isEqualTo("cd x && {binary} -cpuprofile={profile} -l in/ > /dev/null");
        assertThat(g.trainingCommand("{binary} build --prof {profile}")).isEqualTo("{binary} build --prof {profile}");
        assertThat(g.trainingCommand("for i in 1 2; do {binary} -o {profile_dir}/$i.pprof; done"))
                .doesNotContain("-cpuprofile");
        String filled = Template.fill(g.trainingCommand("{binary} a"), Map.of("profile", "/r/cpu.pprof"));
        assertThat(filled).isEqualTo("{binary} -cpuprofile=/r/cpu.pprof a");
    }

    @Test
    void findsThePgoSettingInGoVersionM() {
        String out = """
                /tmp/app: go1.26.8
                \tpath\texample.com/app
                \tbuild\t-compiler=gc
                \tbuild\t-pgo=/w/.pgolab/profiles/merged-abc.pprof
                \tbuild\tCGO_ENABLED=1
                """;
        assertThat(GoToolchain.pgoSetting(out)).contains("/w/.pgolab/profiles/merged-abc.pprof");
        assertThat(GoToolchain.pgoSetting("/tmp/app: go1.26.8\n\tbuild\t-compiler=gc\n")).isEmpty();
    }

    @Test
    void explainsAMissingFlagAndAPanicDifferently() {
        GoToolchain g = go("-cpuprofile={profile}");
        assertThat(g.explainTrainingFailure("flag provided but not defined: -cpuprofile\nUsage of x:"))
                .hasValueSatisfying(s -> assertThat(s).contains("does not accept the profile flag"));
        assertThat(g.explainTrainingFailure("panic: boom\n\ngoroutine 1 [running]:"))
                .hasValueSatisfying(s -> assertThat(s).contains("crashed"));
        assertThat(g.explainTrainingFailure("no such file")).isEqualTo(Optional.empty());
    }

    @Test
    void readsPprofTop() {
        String top = """
                File: t
                Type: samples
                Duration: 1.64s, Total samples = 188
                Showing nodes accounting for 37, 19.68% of 188 total
                Showing top 3 nodes out of 298
                      flat  flat%   sum%        cum   cum%
                        17  9.04%  9.04%         17  9.04%  runtime.asyncPreempt
                        10  5.32% 14.36%         21 11.17%  example.com/p.(*printer).writeString
                        10  5.32% 19.68%         10  5.32%  go/token.searchInts (inline)
                """;
        ProfileSummary s = PprofTop.summarize(top, 1234);
        assertThat(s.totalCount()).isEqualTo(188);
        assertThat(s.functionsWithCounts()).isEqualTo(298);
        assertThat(s.profiledSeconds().getAsDouble()).isEqualTo(1.64);
        assertThat(s.hottest()).hasSize(3);
        assertThat(s.hottest().get(1).name()).isEqualTo("example.com/p.(*printer).writeString");
        assertThat(s.hottest().get(2).name()).isEqualTo("go/token.searchInts");
        assertThat(s.hottest().get(0).share()).isEqualTo(17.0 / 188);
        assertThat(PprofTop.seconds("Duration: 161.22ms, Total").getAsDouble()).isEqualTo(0.16122);
    }
}
