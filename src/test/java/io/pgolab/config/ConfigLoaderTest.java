package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ConfigLoaderTest {
    static final Path DIR = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
    static final Path FILE = DIR.resolve("pgolab.toml");
    static final String GOOD = """
            [project]
            name = "demo"
            variants = ["release", "pgo", "pgo+lto"]

            [toolchain]
            kind = "clang"

            [build]
            command = "make CC={cc} CFLAGS='{cflags}' LDFLAGS='{ldflags}' OUT={builddir} HOME=${HOME}"
            artifact = "{builddir}/app"
            cflags = "-O2 -g"
            timeout = "90s"

            [[train]]
            name = "small"
            command = "{binary} small.txt"
            weight = 2

            [[bench]]
            name = "big"
            command = "{binary} big.txt"
            """;

    @Test
    void readsAValidConfig() {
        Config c = ConfigLoader.parse(FILE, GOOD);
        assertThat(c.name()).isEqualTo("demo");
        assertThat(c.root()).isEqualTo(DIR);
        assertThat(c.variants()).containsExactly(Variant.RELEASE, Variant.PGO, Variant.PGO_LTO);
        assertThat(c.build().cflags()).isEqualTo("-O2 -g");
        assertThat(c.build().timeout().getSeconds()).isEqualTo(90);
        assertThat(c.train()).singleElement().satisfies(w -> {
            assertThat(w.name()).isEqualTo("small");
            assertThat(w.weight()).isEqualTo(2.0);
            assertThat(w.line()).isEqualTo(14);
        });
        assertThat(c.bench()).hasSize(1);
        assertThat(c.toolchain().atomicCounters()).isFalse();
    }

    @Test
    void unknownKeyNamesFileLineKeyAndSuggestsTheFix() {
        String bad = GOOD.replace("cflags = \"-O2 -g\"", "cflag = \"-O2 -g\"");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .isInstanceOf(UserError.class)
                .hasMessageContaining(FILE + ":11: key 'build.cflag': unknown key")
                .hasMessageContaining("did you mean 'cflags'?");
    }

    @Test
    void missingKeyIsNamedWithItsTable() {
        String bad = GOOD.replace("artifact = \"{builddir}/app\"\n", "");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .hasMessageContaining(":8: key 'build.artifact': missing required key")
                .hasMessageContaining("artifact = ");
    }

    @Test
    void missingTableIsNamed() {
        String bad = GOOD.replace("[toolchain]\nkind = \"clang\"\n", "");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .hasMessageContaining("missing required table [toolchain]");
    }

    @Test
    void wrongTypeSaysWhatWasExpected() {
        String bad = GOOD.replace("timeout = \"90s\"", "timeout = 90").replace("weight = 2", "weight = \"heavy\"");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .hasMessageContaining(":12: key 'build.timeout': must be a duration string")
                .hasMessageContaining("found a number (90)")
                .hasMessageContaining(":17: key 'train.small.weight': must be a number, found a string");
    }

    @Test
    void unknownPlaceholderIsRejectedWithSuggestion() {
        String bad = GOOD.replace("CFLAGS='{cflags}'", "CFLAGS='{cflag}'");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .hasMessageContaining(":9: key 'build.command': unknown placeholder {cflag}")
                .hasMessageContaining("did you mean {cflags}?");
    }

    @Test
    void workloadPlaceholdersAreCheckedToo() {
        String bad = GOOD.replace("{binary} small.txt", "{binary} {input}");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .hasMessageContaining("key 'train.small.command': unknown placeholder {input}");
    }

    @Test
    void unknownVariantAndToolchainGetSuggestions() {
        String bad = GOOD.replace("\"pgo+lto\"", "\"pgo+lt\"").replace("kind = \"clang\"", "kind = \"gc\"");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .hasMessageContaining("pgolab.toml:3: key 'project.variants': unknown variant 'pgo+lt'")
                .hasMessageContaining("fix: did you mean 'pgo+lto'? known variants: release, lto, pgo")
                .hasMessageContaining("unknown toolchain 'gc'").hasMessageContaining("did you mean \"gcc\"?");
    }

    @Test
    void everyBadVariantIsReportedWithFileLineAndKeyAndRepeatsAreIgnored() {
        String bad = GOOD.replace("\"pgo+lto\"]", "\"pgo+lto\", \"LTO+PGO\", \"bolt@x\", \"pgo+lt\"]");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .hasMessageContaining("invalid config (2 problems)")
                .hasMessageContaining("pgolab.toml:3: key 'project.variants': unknown variant 'bolt@x'\n"
                        + "    fix: 'bolt' uses no profile, so it takes no @x;")
                .hasMessageContaining("pgolab.toml:3: key 'project.variants': unknown variant 'pgo+lt'\n"
                        + "    fix: did you mean 'pgo+lto'?");
        String twice = GOOD.replace("\"pgo+lto\"]", "\"pgo+lto\", \"LTO+PGO\"]");
        assertThat(ConfigLoader.parse(FILE, twice).variants()).containsExactly(Variant.RELEASE, Variant.PGO, Variant.PGO_LTO);
    }

    @Test
    void pgoWithoutTrainingIsRejected() {
        String bad = GOOD.substring(0, GOOD.indexOf("[[train]]"));
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .hasMessageContaining("need a training workload");
    }

    @Test
    void syntaxErrorsGiveTheLine() {
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, "[project]\nname = \"x\n"))
                .hasMessageContaining("pgolab.toml:2: TOML syntax error");
    }

    @Test
    void workloadMustRunTheBinaryAndHaveUniqueNames() {
        String bad = GOOD.replace("{binary} big.txt", "./app big.txt").replace("name = \"big\"", "name = \"small\"")
                .replace("[[bench]]", "[[train]]");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .hasMessageContaining("duplicate workload name 'small'")
                .hasMessageContaining("{binary} is missing");
    }

    @Test
    void rootMustExist() {
        String bad = GOOD.replace("name = \"demo\"", "name = \"demo\"\nroot = \"no/such/dir\"");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad))
                .hasMessageContaining(":3: key 'project.root': directory " + DIR.resolve("no/such/dir") + " does not exist");
    }

    @Test
    void serviceWorkloadsReadTheirKeys() {
        String svc = GOOD + """

                [[train]]
                name = "server"
                server = "{binary} --port {port}"
                ready = "http:/health"
                clients = ["curl -s http://127.0.0.1:{port}/", "curl -s http://127.0.0.1:{port}/x"]
                stop_signal = "int"
                stop_grace = "5s"
                client_cpus = [1, 0]
                profile = "server"
                """;
        Config c = ConfigLoader.parse(FILE, svc);
        WorkloadSpec w = c.trainWorkload("server").orElseThrow();
        assertThat(w.isService()).isTrue();
        assertThat(w.service().orElseThrow().stopSignal()).isEqualTo("SIGINT");
        assertThat(w.service().orElseThrow().clients()).hasSize(2);
        assertThat(w.service().orElseThrow().ready()).isEqualTo("http:/health");
        assertThat(w.service().orElseThrow().clientCpu(1, java.util.OptionalInt.empty())).hasValue(0);
        assertThat(w.profile()).isEqualTo("server");
    }

    @Test
    void clientCpusAndProfileTagsAreChecked() {
        String svc = GOOD + """

                [[train]]
                name = "server"
                server = "{binary} --port {port}"
                clients = ["a", "b", "c"]
                client_cpus = [1, 0]
                profile = "Server Side"

                [[bench]]
                name = "b"
                command = "{binary}"
                profile = "x"
                """;
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, svc))
                .hasMessageContaining("client_cpus': has 2 entries for 3 client(s)")
                .hasMessageContaining("'server side' is not a usable profile name")
                .hasMessageContaining("bench[1].profile': unknown key");
        String badCpu = svc.replace("client_cpus = [1, 0]", "client_cpus = [\"one\"]");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, badCpu)).hasMessageContaining("a list of CPU numbers");
    }

    @Test
    void serviceMistakesAreNamed() {
        String svc = GOOD + """

                [[train]]
                name = "server"
                server = "{binary} --port {prot}"
                command = "x"
                ready = "socket"
                stop_signal = "SIGKILL"
                """;
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, svc))
                .hasMessageContaining("a service workload needs at least one client")
                .hasMessageContaining("unknown readiness check 'socket'")
                .hasMessageContaining("unsupported signal 'SIGKILL'")
                .hasMessageContaining("did you mean {port}?")
                .hasMessageContaining("instead of 'command'");
        String notService = GOOD.replace("command = \"{binary} small.txt\"", "command = \"{binary} small.txt\"\nclients = [\"x\"]");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, notService))
                .hasMessageContaining("only a service workload (one with 'server = ...' or [[train.process]]) takes this key");
    }

    @Test
    void missingFileGivesInitHint() {
        assertThatThrownBy(() -> ConfigLoader.load(Path.of("/nonexistent/pgolab.toml")))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("no config file at /nonexistent/pgolab.toml")
                .satisfies(e -> assertThat(((UserError) e).hint()).contains("pgolab init"));
    }

    @Test
    void aCompilerCacheIsCcacheForClangAndGccOnly_andNotInTheBuildsText() {
        Config c = ConfigLoader.parse(FILE, GOOD.replace("timeout = \"90s\"", "timeout = \"90s\"\ncompiler_cache = \"ccache\""));
        assertThat(c.build().compilerCache()).contains("ccache");
        // not in the text the keys hash: a cache hit is the object the compiler would have written
        assertThat(c.build().toString()).isEqualTo(ConfigLoader.parse(FILE, GOOD).build().toString());
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, GOOD.replace("timeout = \"90s\"",
                "timeout = \"90s\"\ncompiler_cache = \"sccache\"")))
                .isInstanceOf(UserError.class).hasMessageContaining(":13: key 'build.compiler_cache'")
                .hasMessageContaining("unknown compiler cache 'sccache'");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, GOOD.replace("kind = \"clang\"", "kind = \"go\"")
                .replace("timeout = \"90s\"", "timeout = \"90s\"\ncompiler_cache = \"ccache\"")))
                .isInstanceOf(UserError.class).hasMessageContaining("build.compiler_cache")
                .hasMessageContaining("not \"go\"");
    }
}
