package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 39, part B: 'pgolab init' writes only a config pgolab reads back (every name it takes from the directory
 * TOML-escaped, the text loaded before it is written), refuses a directory name that is not UTF-8 by name (exit 2,
 * not 3), and neither init nor an output option (--html, --json, --markdown, --csv) ever opens a FIFO, socket or
 * device for writing. No test may hang: each has a timeout in a thread of its own, and a FIFO left without a
 * reader is opened for reading after the test, so a write stuck on it ends.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class InitWritesWhatItReadsIT {
    @TempDir
    Path tmp;

    private final List<Path> fifos = new java.util.ArrayList<>();

    @AfterEach
    void unblock() {
        for (Path f : fifos) {
            Thread t = new Thread(() -> {
                try (InputStream in = Files.newInputStream(f)) {
                    in.readAllBytes();
                } catch (IOException e) {
                    // gone with the temp directory: nothing to unblock
                }
            });
            t.setDaemon(true);
            t.start();
        }
    }

    private Path fifo(Path p) throws Exception {
        assertThat(new ProcessBuilder("mkfifo", p.toString()).start().waitFor()).isZero();
        fifos.add(p);
        return p;
    }

    private static Path makeProject(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("Makefile"), "app: main.c\n\t$(CC) -o app main.c\n");
        return dir;
    }

    @Test
    void directoryNamesWithQuotesBackslashesAndNewlinesLoadBack() throws Exception {
        for (String name : List.of("q\"uote", "back\\slash", "new\nline", "tab\there", "hash # [x] = \"y\"")) {
            Path dir = makeProject(tmp.resolve(name));
            Cli.Result r = Cli.run(dir, "init", "--toolchain", "gcc");
            assertThat(r.exitCode()).as(name + ": " + r.all()).isZero();
            Config c = ConfigLoader.load(dir.resolve("pgolab.toml"));
            assertThat(c.name()).isEqualTo(name);
        }
    }

    /** Names init reads from the project's files (a Go command's directory, a Cargo [[bin]]) are escaped too. */
    @Test
    void namesFromTheProjectsFilesLoadBack() throws Exception {
        Path go = Files.createDirectories(tmp.resolve("go"));
        Files.writeString(go.resolve("go.mod"), "module example.com/x\n\ngo 1.21\n");
        Path cmd = Files.createDirectories(go.resolve("cmd/q\"uote\\"));
        Files.writeString(cmd.resolve("main.go"), "package main\n\nfunc main() {}\n");
        Cli.Result r = Cli.run(go, "init");
        assertThat(r.exitCode()).as(r.all()).isZero();
        // a package path that would not be one word on the go build line is not written: the user names it
        assertThat(Files.readString(go.resolve("pgolab.toml"))).contains("package = \".\"   # CHANGE_ME: the main package");
        ConfigLoader.load(go.resolve("pgolab.toml"));

        Path cargo = Files.createDirectories(tmp.resolve("cargo"));
        Files.writeString(cargo.resolve("Cargo.toml"), "[package]\nname = \"x\"\n\n[[bin]]\nname = \"a\\\"b\"\npath = \"src/a.rs\"\n\n"
                + "[[bin]]\nname = \"c\\\\d\"\npath = \"src/c.rs\"\n");
        r = Cli.run(cargo, "init");
        assertThat(r.exitCode()).as(r.all()).isZero();
        // names cargo itself refuses are not written (bins = ["CHANGE_ME"]); the file loads either way
        assertThat(ConfigLoader.load(cargo.resolve("pgolab.toml")).build().cargo().orElseThrow().bins()).containsExactly("CHANGE_ME");
    }

    /** A name that is not UTF-8 (byte 0xff), made and entered by bash: pgolab in another JVM, under a UTF-8 locale. */
    @Test
    void aDirectoryNameThatIsNotUtf8IsRefusedByName() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", "d=\"$1\"/$'bad\\xff' && mkdir \"$d\" && cd \"$d\""
                + " && printf 'app:\\n\\ttrue\\n' > Makefile && exec \"$2\" -cp \"$3\" io.pgolab.cli.Main init --toolchain gcc",
                "bash", tmp.toString(), java, System.getProperty("java.class.path")).redirectErrorStream(true);
        pb.environment().put("LC_ALL", "C.UTF-8");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isEqualTo(2);
        assertThat(out).contains("error: the path of this directory, " + tmp + "/bad", "is not valid UTF-8",
                "hint: rename the directory to a UTF-8 name").doesNotContain("internal error", "I/O failure", "Exception");
        try (var s = Files.list(tmp)) {
            Path bad = s.filter(Files::isDirectory).findFirst().orElseThrow();
            try (var in = Files.list(bad)) {
                assertThat(in.map(f -> f.getFileName().toString())).containsExactly("Makefile");
            }
        }
    }

    @Test
    void initForceOntoAFifoIsRefusedByName() throws Exception {
        Path dir = makeProject(tmp.resolve("p"));
        Path toml = fifo(dir.resolve("pgolab.toml"));
        Cli.Result r = Cli.run(dir, "init", "--force", "--toolchain", "gcc");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("error: " + toml + " is a FIFO (named pipe), not a config file", "hint: remove it");
        assertThat(Files.isRegularFile(toml, LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(Files.exists(toml, LinkOption.NOFOLLOW_LINKS)).isTrue();
        Cli.Result again = Cli.run(dir, "init", "--toolchain", "gcc");
        assertThat(again.err()).contains(toml + " already exists");
    }

    @Test
    void initCiOntoAFifoWorkflowIsRefusedByName() throws Exception {
        Path dir = makeProject(tmp.resolve("p"));
        assertThat(Cli.run(dir, "init", "--toolchain", "gcc").exitCode()).isZero();
        assertThat(new ProcessBuilder("git", "init", "-q", dir.toString()).start().waitFor()).isZero();
        Path workflow = fifo(Files.createDirectories(dir.resolve(".github/workflows")).resolve("pgolab.yml"));
        Cli.Result r = Cli.run(dir, "init", "--ci", "github", "--force");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("cannot write " + workflow + ": it is a FIFO (named pipe), not a regular file");
    }

    /** report --html, compare --json / --markdown / --csv: a FIFO, a socket and a device are refused by name, never opened. */
    @Test
    void outputOptionsRefuseFifosSocketsAndDevices() throws Exception {
        Cli.Result made = Cli.run(tmp, "compare", "--max-time", "1s", "--min-rounds", "5", "--max-rounds", "5",
                "--json", "r.json", "true", "true");   // 1 s, 5 rounds: the least compare takes
        assertThat(made.exitCode()).as(made.all()).isZero();
        Path pipe = fifo(tmp.resolve("report.html"));
        Cli.Result r = Cli.run(tmp, "report", "r.json", "--html", pipe.toString());
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("error: cannot write " + pipe + ": it is a FIFO (named pipe), not a regular file",
                "hint: pass the path of a regular file");

        Path sock = tmp.resolve("s.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(sock));
            for (Object[] t : List.of(new Object[] {"--json", pipe, "FIFO (named pipe)"}, new Object[] {"--markdown", sock, "socket"})) {
                Cli.Result c = Cli.run(tmp, "compare", "--max-time", "1s", "--min-rounds", "5", "--max-rounds", "5",
                        (String) t[0], t[1].toString(), "true", "true");
                assertThat(c.exitCode()).as(t[0] + " " + t[1] + ": " + c.all()).isEqualTo(2);
                assertThat(c.err()).contains("error: cannot write " + t[1] + ": it is a " + t[2]);
            }
        }
        // /dev/null is the one device written to: it discards the output and never blocks
        Cli.Result discarded = Cli.run(tmp, "compare", "--max-time", "1s", "--min-rounds", "5", "--max-rounds", "5",
                "--csv", "/dev/null", "true", "true");
        assertThat(discarded.exitCode()).as(discarded.all()).isZero();
        assertThat(new File("/dev/null")).exists();
    }
}
