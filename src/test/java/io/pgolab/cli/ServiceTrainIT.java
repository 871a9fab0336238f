package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Training a server: started on a free port, loaded by clients, stopped by a signal, profile checked. */
class ServiceTrainIT {
    @TempDir
    Path tmp;

    static final String SERVER = """
            #include <arpa/inet.h>
            #include <signal.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            #include <unistd.h>

            static volatile sig_atomic_t stop;
            static void on_term(int s) { (void)s; stop = 1; }

            __attribute__((noinline)) static unsigned handle(int fd) {
                char buf[256];
                ssize_t n = read(fd, buf, sizeof buf);
                unsigned h = 0;
                for (int k = 0; k < 3000000; k++)
                    for (ssize_t i = 0; i < n; i++) h = h * 31 + (unsigned char)buf[i] + k;
                dprintf(fd, "%u\\n", h);
                return h;
            }

            int main(int argc, char **argv) {
                int port = atoi(argv[1]);
                if (argc > 2 && strcmp(argv[2], "--ignore-term") == 0) signal(SIGTERM, SIG_IGN);
                else { struct sigaction sa = {0}; sa.sa_handler = on_term; sigaction(SIGTERM, &sa, 0); }
                int s = socket(AF_INET, SOCK_STREAM, 0), one = 1;
                setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
                struct sockaddr_in a = {0};
                a.sin_family = AF_INET; a.sin_port = htons(port); a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
                if (bind(s, (struct sockaddr *)&a, sizeof a) || listen(s, 16)) { perror("bind"); return 1; }
                printf("listening on %d\\n", port); fflush(stdout);
                while (!stop) {
                    int c = accept(s, 0, 0);
                    if (c < 0) continue;   /* EINTR when the signal arrives */
                    handle(c);
                    close(c);
                }
                printf("clean shutdown\\n");
                return 0;
            }
            """;

    static long processesMentioning(String text) throws Exception {
        try (var procs = Files.list(Path.of("/proc"))) {
            return procs.filter(d -> d.getFileName().toString().matches("\\d+")).filter(d -> {
                try {
                    return Files.readString(d.resolve("cmdline")).replace('\0', ' ').contains(text);
                } catch (Exception e) {
                    return false;
                }
            }).count();
        }
    }

    private Path project(String kind, String serverArgs, String grace) throws Exception {
        Path p = tmp.resolve("p");
        Files.createDirectories(p);
        Files.writeString(p.resolve("server.c"), SERVER);
        String client = "for i in 1 2 3 4 5; do exec 3<>/dev/tcp/127.0.0.1/{port}; echo request-$i >&3; read -r reply <&3;"
                + " exec 3<&-; echo $reply; done";
        Files.writeString(p.resolve("pgolab.toml"), """
                [project]
                variants = ["release", "pgo"]
                [toolchain]
                kind = "%s"
                [build]
                command = "{cc} -O2 {cflags} -c {srcdir}/server.c -o {builddir}/server.o && {cc} {ldflags} {builddir}/server.o -o {builddir}/server"
                artifact = "{builddir}/server"
                [[train]]
                name = "requests"
                server = "exec {binary} {port}%s"
                ready = "log:listening on"
                clients = ["%s", "%s"]
                stop_grace = "%s"
                [[bench]]
                name = "load"
                server = "exec {binary} {port}%s"
                ready = "tcp"
                clients = ["%s; echo ops=5"]
                stop_grace = "%s"
                [[bench.metric]]
                name = "operations"
                regex = 'ops=(\\d+)'
                direction = "higher"
                """.formatted(kind, serverArgs, client, client, grace, serverArgs, client, grace));
        return p;
    }

    @Test
    void serverIsTrainedAndStoppedGracefully() throws Exception {
        Path p = project("clang", "", "10s");
        // Each client pinned to its own CPU (client_cpus), which the client reports from /proc.
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml"))
                .replaceFirst("stop_grace", "client_cpus = [1, 0]\nstop_grace")
                .replaceFirst("echo \\$reply; done\", \"", "echo \\$reply; done; grep Cpus_allowed_list /proc/self/status\", \""));
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.err()).contains("stopped by SIGTERM");
        Cli.Result prof = Cli.run(p, "profile");
        assertThat(prof.out()).contains("handle");
        assertThat(Files.readString(p.resolve(".pgolab/logs/train-requests-server.log"))).contains("clean shutdown");
        assertThat(Files.readString(p.resolve(".pgolab/logs/train-requests-client1.log"))).contains("Cpus_allowed_list:\t1\n");
    }

    @Test
    void serverUnderLoadIsBenchedWithServerSideFigures() throws Exception {
        Path p = project("gcc", "", "10s");
        Path json = tmp.resolve("svc.json");
        Cli.Result r = Cli.run(p, "bench", "--min-rounds", "5", "--max-rounds", "5", "--json", json.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("load: 5 rounds", "cpu_time", "cpu_time_per_op");
        var tree = io.pgolab.util.Json.MAPPER.readTree(json.toFile());
        var release = tree.get("workloads").get(0).get("medians").get("release");
        assertThat(release.get("cpu_time").asDouble()).isPositive();
        assertThat(release.get("operations").asDouble()).isEqualTo(5);
        var potential = tree.get("workloads").get(0).get("pgo_potential").get("pgo");
        assertThat(potential.get("samples").asLong()).isPositive();
        assertThat(potential.get("own_percent").asDouble() + potential.get("libraries_percent").asDouble()
                + potential.get("kernel_percent").asDouble()).isBetween(99.0, 101.0);
        assertThat(r.out()).contains("PGO potential of release: own code");
        assertThat(processesMentioning(p.toString())).as("servers left running").isZero();
    }

    @Test
    void interruptedBenchLeavesNoServerBehind() throws Exception {
        Path p = project("gcc", "", "10s");
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml"))
                .replace("; echo ops=5\"]", "; sleep 30; echo ops=5\"]"));
        assertThat(Cli.run(p, "build", "release", "pgo").exitCode()).isZero();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process pgolab = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "io.pgolab.cli.Main",
                "-C", p.toString(), "bench", "--no-build").redirectErrorStream(true)
                .redirectOutput(tmp.resolve("bench-out.txt").toFile()).start();
        long deadline = System.currentTimeMillis() + 30_000;
        while (processesMentioning(p + "/.pgolab/bin/") == 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertThat(processesMentioning(p + "/.pgolab/bin/")).as("a server is running").isPositive();
        Thread.sleep(500);
        pgolab.destroy(); // SIGTERM, as Ctrl-C or a CI timeout would
        assertThat(pgolab.waitFor(30, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(500);
        assertThat(processesMentioning(p.toString())).as("processes left behind").isZero();
    }

    @Test
    void serverKilledHardGetsTheNoProfileMessage() throws Exception {
        Path p = project("gcc", " --ignore-term", "1s");
        Cli.Result r = Cli.run(p, "train");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("training workload 'requests': the server wrote no profile")
                .contains("did not exit within 1.0s of SIGTERM and was killed with SIGKILL")
                .contains("handle the signal");
        assertThat(processesMentioning(p.toString())).as("server processes left running").isZero();
    }
}
