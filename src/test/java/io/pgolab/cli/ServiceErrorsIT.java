package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Errors of a server's workload are never hidden: the error that came first is the one reported,
 * and a teardown or cleanup that fails after it is reported after it (real server, real iperf3).
 */
class ServiceErrorsIT {
    @TempDir
    Path tmp;

    /** A port nothing listens on (bound, then closed). */
    static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }

    /** ServiceTrainIT's server under a [[bench]] workload with these clients (a TOML list body) and extra keys. */
    private Path project(String clients, String extra) throws Exception {
        return project("bench", clients, extra);
    }

    /** The same under a [[train]] or [[bench]] workload (section); training builds pgo, a bench lto. */
    private Path project(String section, String clients, String extra) throws Exception {
        Path p = tmp.resolve("p");
        Files.createDirectories(p);
        Files.writeString(p.resolve("server.c"), ServiceTrainIT.SERVER);
        Files.writeString(p.resolve("pgolab.toml"), """
                [project]
                variants = ["release", "%s"]
                [toolchain]
                kind = "gcc"
                [build]
                command = "{cc} -O2 {cflags} -c {srcdir}/server.c -o {builddir}/server.o && {cc} {ldflags} {builddir}/server.o -o {builddir}/server"
                artifact = "{builddir}/server"
                [[%s]]
                name = "load"
                server = "exec {binary} {port}"
                ready = "tcp"
                clients = [%s]
                stop_grace = "5s"
                timeout = "30s"
                %s
                """.formatted(section.equals("train") ? "pgo" : "lto", section, clients, extra));
        return p;
    }

    @Test
    void iperf3ErrorExitingZeroIsReportedBeforeTheTeardownThatFailedAfterIt() throws Exception {
        Tool.require(onPath("iperf3"), "iperf3");
        // iperf3 -J exits 0 when it cannot connect and writes {"error": "..."}; the teardown then fails too.
        Path p = project("'iperf3 -c 127.0.0.1 -p " + closedPort() + " -t 1 -J'",
                "parser = \"iperf3\"\nteardown = \"echo cannot flush the tunnel >&2; exit 3\"");
        Cli.Result r = Cli.run(p, "bench", "--min-rounds", "5", "--max-rounds", "5");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        String err = r.err();
        assertThat(err).as(err)
                .contains("\nerror: the client 1 of 'bench-load-release' exited 0, but its output says it failed: "
                        + "iperf3 reported an error: unable to connect to server: Connection refused")
                .contains("\nerror (after the one above): the teardown of 'bench-load-release' failed")
                .contains("cannot flush the tunnel").doesNotContain("Exception");
        assertThat(err.indexOf("unable to connect")).as("the first error comes first")
                .isLessThan(err.indexOf("the teardown of"));
        assertThat(ServiceTrainIT.processesMentioning(p.toString())).as("servers left running").isZero();
    }

    @Test
    void trainingRunsTheTeardownAfterAFailedClientAndReportsItsFailureSecond() throws Exception {
        Path p = project("train", "'echo the load generator crashed; exit 5'",
                "teardown = \"touch torn-down; echo cannot drop the test data >&2; exit 3\"");
        Cli.Result r = Cli.run(p, "train");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        String err = r.err();
        assertThat(err).as(err).contains("\nerror: the client 1 of 'train-load' failed: command exited with status 5")
                .contains("the load generator crashed")
                .contains("\nerror (after the one above): the teardown of 'train-load' failed: command exited with status 3")
                .contains("cannot drop the test data").doesNotContain("Exception");
        assertThat(err.indexOf("generator crashed")).isLessThan(err.indexOf("cannot drop the test data"));
        assertThat(p.resolve("torn-down")).as("teardown ran after the failed client").exists();
        assertThat(ServiceTrainIT.processesMentioning(p.toString())).as("servers left running").isZero();
    }
}
