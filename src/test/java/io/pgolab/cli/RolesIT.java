package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Roles in a service workload, with real processes: a helper that is not under test (a Python echo
 * backend on {port:back}), the program under test as a server (started through a wrapper shell that
 * keeps it as a child, as rathole's was) relaying to the helper on {port:front}, and the same program
 * as the clients (a load tester under test, like drill). Per-role figures, per-role profiles and
 * per-role PGO potential are checked against what each role really did.
 */
class RolesIT {
    @TempDir
    Path tmp;

    static final String PROGRAM = """
            #include <arpa/inet.h>
            #include <signal.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            #include <unistd.h>

            static volatile sig_atomic_t stop;
            static void on_term(int s) { (void)s; stop = 1; }

            static int dial(int port) {
                int s = socket(AF_INET, SOCK_STREAM, 0);
                struct sockaddr_in a = {0};
                a.sin_family = AF_INET; a.sin_port = htons(port); a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
                if (connect(s, (struct sockaddr *)&a, sizeof a)) { perror("connect"); exit(2); }
                return s;
            }

            __attribute__((noinline)) static unsigned server_work(const char *buf, ssize_t n) {
                unsigned h = 0;
                for (int k = 0; k < 4000000; k++)
                    for (ssize_t i = 0; i < n; i++) h = h * 31 + (unsigned char)buf[i] + k;
                return h;
            }

            __attribute__((noinline)) static unsigned client_work(int i) {
                unsigned h = i;
                for (int k = 0; k < 30000000; k++) h = h * 17 + k;
                return h;
            }

            static int serve(int port, int back) {
                struct sigaction sa = {0}; sa.sa_handler = on_term; sigaction(SIGTERM, &sa, 0);
                int s = socket(AF_INET, SOCK_STREAM, 0), one = 1;
                setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
                struct sockaddr_in a = {0};
                a.sin_family = AF_INET; a.sin_port = htons(port); a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
                if (bind(s, (struct sockaddr *)&a, sizeof a) || listen(s, 16)) { perror("bind"); return 1; }
                while (!stop) {
                    int c = accept(s, 0, 0);
                    if (c < 0) continue;
                    char buf[256], echo[256];
                    ssize_t n = read(c, buf, sizeof buf);
                    if (n <= 0) { close(c); continue; }  /* pgolab's readiness check connects and closes */
                    unsigned h = server_work(buf, n);
                    int b = dial(back);                 /* the helper must be up: it was started first */
                    write(b, buf, n);
                    ssize_t m = read(b, echo, sizeof echo);
                    close(b);
                    dprintf(c, "%u %zd\\n", h, m);
                    close(c);
                }
                printf("clean shutdown\\n");
                return 0;
            }

            static int load(int port, int n) {
                for (int i = 0; i < n; i++) {
                    unsigned h = client_work(i);
                    int s = dial(port);
                    dprintf(s, "request-%d-%u\\n", i, h);
                    char buf[64];
                    if (read(s, buf, sizeof buf) <= 0) return 3;
                    close(s);
                }
                printf("ops=%d\\n", n);
                return 0;
            }

            int main(int argc, char **argv) {
                if (argc == 4 && strcmp(argv[1], "serve") == 0) return serve(atoi(argv[2]), atoi(argv[3]));
                if (argc == 4 && strcmp(argv[1], "load") == 0) return load(atoi(argv[2]), atoi(argv[3]));
                fprintf(stderr, "usage: prog serve PORT BACKPORT | prog load PORT N\\n");
                return 64;
            }
            """;

    static final String BACKEND = """
            import socket, sys, signal
            signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
            s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(16)
            while True:
                c, _ = s.accept(); c.sendall(c.recv(256)); c.close()
            """;

    private Path project() throws Exception {
        Path p = tmp.resolve("roles project");
        Files.createDirectories(p);
        Files.writeString(p.resolve("prog.c"), PROGRAM);
        Files.writeString(p.resolve("backend.py"), BACKEND);
        // The wrapper keeps the program as its child (no exec), forwarding SIGTERM: only a recording of the
        // whole process tree sees the program's CPU.
        String wrapped = "trap 'kill -TERM $c' TERM; {binary} serve {port:front} {port:back} & c=$!; wait $c; wait $c";
        String processes = """
                [[%1$s.process]]
                role = "backend"
                command = "exec python3 {config_dir}/backend.py {port:back}"
                [[%1$s.process]]
                role = "relay"
                command = "%2$s"
                ready = "tcp:front"
                %3$s
                """;
        Files.writeString(p.resolve("pgolab.toml"), """
                [project]
                variants = ["release", "pgo@relay", "pgo@loader"]
                [toolchain]
                kind = "clang"
                [build]
                command = "{cc} -O2 {cflags} -c {srcdir}/prog.c -o {builddir}/prog.o && {cc} {ldflags} {builddir}/prog.o -o {builddir}/prog"
                artifact = "{builddir}/prog"
                [[train]]
                name = "relay"
                profile = "loader"
                timeout = "2m"
                clients = ["{binary} load {port:front} 4"]
                client_role = "loader"
                %s
                [[bench]]
                name = "relay"
                timeout = "2m"
                clients = ["{binary} load {port:front} 4"]
                client_role = "loader"
                primary = ["relay.cpu_time_per_op", "loader.cpu_time_per_op"]
                [[bench.metric]]
                name = "operations"
                regex = 'ops=(\\d+)'
                direction = "higher"
                %s
                """.formatted(processes.formatted("train", wrapped, "profile = \"relay\""),
                processes.formatted("bench", wrapped, "")));
        return p;
    }

    @Test
    void helpersProgramRolesAndClientsUnderTestEachGetTheirOwnFiguresProfilesAndPotential() throws Exception {
        Tool.require(ToolLocator.onPath("python3").isPresent(), "python3");
        Path p = project();
        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.err()).contains("train relay: backend + relay + loader + 1 client(s)");

        // Each profile set holds only its role's code: the relay's has server_work, the loader's client_work.
        Path profdata = ToolLocator.onPath("llvm-profdata-19").orElse(Path.of("/usr/lib/llvm-19/bin/llvm-profdata"));
        for (String[] set : new String[][] {{"relay", "server_work", "client_work"}, {"loader", "client_work", "server_work"}}) {
            var record = io.pgolab.util.Json.MAPPER.readTree(p.resolve(".pgolab/profiles/current@" + set[0] + ".json").toFile());
            Exec.Result show = Exec.capture(null, null, Map.of(), List.of(profdata.toString(), "show", "--all-functions",
                    "--counts", record.get("profile").asText()), 60);
            assertThat(show.exitCode()).as(show.output()).isZero();
            assertThat(hotFunctions(show.output())).as("set " + set[0] + ":\n" + show.output()).contains(set[1]).doesNotContain(set[2]);
        }

        Path json = tmp.resolve("roles.json");
        Cli.Result bench = Cli.run(p, "bench", "--min-rounds", "5", "--max-rounds", "5", "--json", json.toString());
        assertThat(bench.exitCode()).as(bench.all()).isZero();
        var w = io.pgolab.util.Json.MAPPER.readTree(json.toFile()).get("workloads").get(0);
        var release = w.get("medians").get("release");
        // The relay does 4 x server_work, the loader 4 x client_work; the Python helper is not under test.
        assertThat(release.get("relay.cpu_time").asDouble()).isGreaterThan(0.01);
        assertThat(release.get("loader.cpu_time").asDouble()).isGreaterThan(0.01);
        assertThat(release.get("backend.cpu_time").asDouble()).isPositive();
        assertThat(release.get("relay.cpu_time_per_op").asDouble()).isPositive();
        assertThat(release.get("loader.ctx_switches_per_op").asDouble()).isPositive();
        double sum = release.get("relay.cpu_time").asDouble() + release.get("loader.cpu_time").asDouble();
        assertThat(release.get("cpu_time").asDouble()).as("cpu_time is the roles under test together, not the helper")
                .isBetween(sum * 0.7, sum * 1.3);
        // linux-perf is installed by .ci/run and cpu-clock sampling works on these VMs: no skipping here
        Tool.require(io.pgolab.measure.perf.Perf.detect().canSample(), "a perf that can sample ("
                + io.pgolab.measure.perf.Perf.detect().samplingProblem().orElse("") + ")");
        {
            var relay = w.get("pgo_potential").get("release/relay");
            var loader = w.get("pgo_potential").get("release/loader");
            assertThat(relay.get("samples").asLong()).as("the wrapper's child was recorded").isPositive();
            assertThat(relay.get("own_percent").asDouble()).isGreaterThan(20);
            assertThat(loader.get("own_percent").asDouble()).isGreaterThan(20);
            assertThat(w.get("pgo_potential").has("release/backend")).as("helpers have no PGO potential").isFalse();
            assertThat(bench.out()).contains("PGO potential of release/relay: own code");
        }
        assertThat(ServiceTrainIT.processesMentioning(p.toString())).as("processes left running").isZero();
    }

    @Test
    void aLoadTesterUnderTestInFrontOfAHelperIsMeasuredAndRecorded() throws Exception {
        Tool.require(ToolLocator.onPath("python3").isPresent(), "python3");
        Path p = tmp.resolve("load tester");
        Files.createDirectories(p);
        Files.writeString(p.resolve("prog.c"), PROGRAM);
        Files.writeString(p.resolve("backend.py"), BACKEND);
        Files.writeString(p.resolve("pgolab.toml"), """
                [project]
                variants = ["release", "lto"]
                [toolchain]
                kind = "clang"
                [build]
                command = "{cc} -O2 {cflags} -c {srcdir}/prog.c -o {builddir}/prog.o && {cc} {ldflags} {builddir}/prog.o -o {builddir}/prog"
                artifact = "{builddir}/prog"
                [[bench]]
                name = "drill-like"
                timeout = "2m"
                clients = ["{binary} load {port:web} 3"]
                client_role = "loader"
                primary = ["loader.cpu_time_per_op"]
                [[bench.metric]]
                name = "operations"
                regex = 'ops=(\\d+)'
                direction = "higher"
                [[bench.process]]
                role = "web"
                command = "exec python3 {config_dir}/backend.py {port:web}"
                """);
        Path json = tmp.resolve("drill-like.json");
        Cli.Result bench = Cli.run(p, "bench", "--min-rounds", "5", "--max-rounds", "5", "--json", json.toString());
        assertThat(bench.exitCode()).as(bench.all()).isZero();
        var w = io.pgolab.util.Json.MAPPER.readTree(json.toFile()).get("workloads").get(0);
        var release = w.get("medians").get("release");
        assertThat(release.get("loader.cpu_time_per_op").asDouble()).isPositive();
        assertThat(release.get("cpu_time").asDouble()).isEqualTo(release.get("loader.cpu_time").asDouble());
        Tool.require(io.pgolab.measure.perf.Perf.detect().canSample(), "a perf that can sample");
        assertThat(bench.err()).doesNotContain("not measured");
        assertThat(w.get("pgo_potential").get("release/loader").get("own_percent").asDouble()).isGreaterThan(20);
        assertThat(ServiceTrainIT.processesMentioning(p.toString())).as("processes left running").isZero();
    }

    /** The functions with a non-zero count in llvm-profdata show --all-functions --counts output. */
    static List<String> hotFunctions(String show) {
        List<String> out = new java.util.ArrayList<>();
        String fn = null;
        for (String line : show.split("\n")) {
            String t = line.strip();
            if (line.startsWith("  ") && !line.startsWith("   ") && t.endsWith(":")) {   // "  FILE;NAME:" (paths may have spaces)
                fn = t.substring(0, t.length() - 1);
            } else if (fn != null && t.startsWith("Block counts: [") && !t.matches("Block counts: \\[(0(, )?)*\\]")) {
                out.add(fn.substring(Math.max(fn.lastIndexOf(':'), fn.lastIndexOf(';')) + 1));
            } else if (fn != null && t.startsWith("Function count: ") && !t.equals("Function count: 0")) {
                out.add(fn.substring(Math.max(fn.lastIndexOf(':'), fn.lastIndexOf(';')) + 1));
            }
        }
        return out;
    }

    @Test
    void badRoleConfigsAreNamedWithTheirLines() throws Exception {
        Path p = tmp.resolve("bad");
        Files.createDirectories(p);
        Files.writeString(p.resolve("pgolab.toml"), """
                [project]
                variants = ["release"]
                [toolchain]
                kind = "clang"
                [build]
                command = "true"
                artifact = "{builddir}/x"
                [[bench]]
                name = "b"
                server = "exec {binary} {port}"
                clients = ["load {port:front}"]
                [[bench.process]]
                role = "Front End"
                command = "exec {binary} {port:front}"
                ready = "tcp:frnt"
                """);
        Cli.Result r = Cli.run(p, "doctor");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("pgolab.toml:10: key 'bench.b.server': a workload has either 'server' or [[bench.process]]"
                + " entries, not both", "pgolab.toml:13: key 'bench.b.process[0].role': 'Front End' is not a usable role name",
                "pgolab.toml:15:", "waits for port 'frnt', which no command uses");
        assertThat(r.err()).doesNotContain("Exception");
    }
}
