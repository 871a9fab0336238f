package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** [[X.process]] tables, named ports, client_role and role metrics: what is read, and every mistake named with its line. */
class RolesConfigTest {
    static final Path FILE = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().resolve("pgolab.toml");
    static final String HEAD = """
            [project]
            variants = ["release", "pgo@server", "pgo@client"]
            [toolchain]
            kind = "clang"
            [build]
            command = "make CC={cc}"
            artifact = "{builddir}/app"
            """;
    static final String TUNNEL = HEAD + """
            [[train]]
            name = "tunnel"
            clients = ["iperf3 -c 127.0.0.1 -p {port:tunnel} -t 2"]
            client_role = "iperf3-client"
            [[train.process]]
            role = "iperf3"
            command = "exec iperf3 -s -p {port:data}"
            [[train.process]]
            role = "server"
            command = "exec {binary} server --control {port:control} --tunnel {port:tunnel} --to {port:data}"
            ready = "tcp:tunnel"
            profile = "server"
            [[train.process]]
            role = "client"
            command = "exec {binary} client --control {port:control}"
            ready = "log:connected"
            stop_signal = "INT"
            profile = "client"
            [[bench]]
            name = "drill"
            clients = ["{binary} --benchmark plan.yml --port {port:web}"]
            client_role = "drill"
            primary = ["drill.cpu_time", "web.ctx_switches"]
            [[bench.process]]
            role = "web"
            command = "exec nginx -p /tmp -g 'listen {port:web};'"
            ready = "http:web/health"
            """;

    @Test
    void processesPortsRolesAndTheirProfilesAreRead() {
        Config c = ConfigLoader.parse(FILE, TUNNEL);
        ServiceSpec t = c.train().get(0).service().orElseThrow();
        assertThat(t.named()).isTrue();
        assertThat(t.processes()).extracting(ProcessSpec::role).containsExactly("iperf3", "server", "client");
        assertThat(t.rolesUnderTest()).containsExactly("server", "client");
        assertThat(t.processes().get(2).stopSignal()).isEqualTo("SIGINT");
        assertThat(c.train().get(0).profileTags()).containsExactly("client", "server");
        assertThat(c.train().get(0).feeds("server")).isTrue();
        assertThat(c.train().get(0).profileOf("iperf3")).isEmpty();
        ServiceSpec d = c.bench().get(0).service().orElseThrow();
        assertThat(d.rolesUnderTest()).containsExactly("drill");
        assertThat(d.clientsUnderTest()).isTrue();
        assertThat(d.main().role()).isEqualTo("web");
        assertThat(c.bench().get(0).primary()).containsExactly("drill.cpu_time", "web.ctx_switches");
    }

    @Test
    void theSingleServerFormIsOneProcessNamedServerWithNoRoleFigures() {
        Config c = ConfigLoader.parse(FILE, HEAD.replace("\"pgo@server\", \"pgo@client\"", "\"pgo\"") + """
                [[train]]
                name = "t"
                server = "exec {binary} --port {port}"
                clients = ["load -p {port}"]
                stop_signal = "SIGINT"
                """);
        ServiceSpec s = c.train().get(0).service().orElseThrow();
        assertThat(s.named()).isFalse();
        assertThat(s.processes()).singleElement().satisfies(p -> {
            assertThat(p.role()).isEqualTo("server");
            assertThat(p.stopSignal()).isEqualTo("SIGINT");
        });
        assertThat(s.rolesUnderTest()).containsExactly("server");
    }

    @Test
    void mistakesAreNamedWithFileLineKeyAndFix() {
        String bad = TUNNEL.replace("role = \"iperf3\"", "role = \"det\"")
                .replace("ready = \"tcp:tunnel\"", "ready = \"tcp:tunel\"")
                .replace("role = \"client\"\n", "role = \"server\"\n")
                .replace("primary = [\"drill.cpu_time\", \"web.ctx_switches\"]", "primary = [\"drill.cpu_tme\"]")
                .replace("ready = \"http:web/health\"", "ready = \"tcp\"\nstop_grace = \"nope\"")
                .replace("command = \"exec nginx -p /tmp -g 'listen {port:web};'\"", "command = \"exec nginx\"");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad)).hasMessageContaining(
                        FILE + ":13: key 'train.tunnel.process[0].role': 'det' is taken")
                .hasMessageContaining(":18: key 'train.tunnel.server.ready': waits for port 'tunel', which no command uses")
                .hasMessageContaining("the commands use: {port:tunnel}")
                .hasMessageContaining(":21: key 'train.tunnel.process[2].role': role 'server' is used twice")
                .hasMessageContaining("key 'bench.drill.primary': unknown metric 'drill.cpu_tme'")
                .hasMessageContaining("did you mean 'drill.cpu_time'?")
                .hasMessageContaining("key 'bench.drill.web.ready': \"tcp\" waits for the process's port, but its command names none")
                .hasMessageContaining("stop_grace");
    }

    @Test
    void serverAndProcessesTogetherOrProcessKeysAtTheTopAreRefused() {
        String both = TUNNEL.replace("name = \"tunnel\"\n", "name = \"tunnel\"\nserver = \"exec {binary}\"\nready = \"tcp\"\n");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, both))
                .hasMessageContaining(":10: key 'train.tunnel.server': a workload has either 'server' or [[train.process]]"
                        + " entries, not both")
                .hasMessageContaining(":11: key 'train.tunnel.ready': with [[train.process]] entries, 'ready' belongs to"
                        + " each process");
        String noBinary = TUNNEL.replace("{binary} server", "rathole server").replace("{binary} client", "rathole client");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, noBinary))
                .hasMessageContaining("key 'train.tunnel.process': the workload never runs the built program");
        String profileInBench = TUNNEL.replace("ready = \"http:web/health\"", "ready = \"http:web/health\"\nprofile = \"x\"");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, profileInBench))
                .hasMessageContaining("key 'bench.drill.process[0].profile': unknown key");
    }
}
