package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InitIT {
    @TempDir
    Path tmp;

    @Test
    void makefileProjectGetsAValidStarterWithItsTarget() throws Exception {
        Files.writeString(tmp.resolve("Makefile"), "CC ?= cc\n\nmyapp: main.o util.o\n\t$(CC) -o $@ $^\n\nclean:\n\trm -f *.o myapp\n");
        Cli.Result r = Cli.run(tmp, "init");
        assertThat(r.exitCode()).as(r.all()).isZero();
        Config c = ConfigLoader.load(tmp.resolve("pgolab.toml"));
        assertThat(c.copySources()).isTrue();
        assertThat(c.build().artifact()).isEqualTo("{srcdir}/myapp");
        assertThat(c.build().command()).contains("make -C {srcdir}").contains("{cflags}");
        assertThat(Files.readString(tmp.resolve("pgolab.toml"))).contains("found a Makefile");

        Cli.Result again = Cli.run(tmp, "init");
        assertThat(again.exitCode()).isEqualTo(2);
        assertThat(again.err()).contains("already exists").contains("--force");
    }

    /** The store is gitignored by init (created, or appended once), so a clean checkout is not git_dirty. */
    @Test
    void initKeepsTheStoreOutOfGitOnce() throws Exception {
        git(tmp, "init", "-q");
        Files.writeString(tmp.resolve("Makefile"), "app: main.o\n\t$(CC) -o $@ $^\n");
        Cli.Result r = Cli.run(tmp, "init");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("wrote " + tmp.resolve(".gitignore") + " with the line .pgolab/");
        assertThat(tmp.resolve(".gitignore")).hasContent(".pgolab/\n");
        Files.createDirectories(tmp.resolve(".pgolab/gate"));
        Files.writeString(tmp.resolve(".pgolab/gate/x"), "");
        assertThat(git(tmp, "status", "--porcelain")).doesNotContain(".pgolab");

        Cli.Result again = Cli.run(tmp, "init", "--force");
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.all()).doesNotContain(".gitignore");
        assertThat(tmp.resolve(".gitignore")).hasContent(".pgolab/\n");

        Path other = Files.createDirectories(tmp.resolve("other"));
        git(other, "init", "-q");
        Files.writeString(other.resolve(".gitignore"), "build/");
        Files.writeString(other.resolve("Makefile"), "app: main.o\n\t$(CC) -o $@ $^\n");
        assertThat(Cli.run(other, "init").out()).contains("added the line .pgolab/ to " + other.resolve(".gitignore"));
        assertThat(other.resolve(".gitignore")).hasContent("build/\n.pgolab/\n");
        git(other, "commit", "-q", "--allow-empty", "-m", "x");
        Cli.Result ci = Cli.run(other, "init", "--ci", "github");
        assertThat(ci.exitCode()).as(ci.all()).isZero();
        assertThat(ci.all()).doesNotContain("the line .pgolab/").contains("commit the file (docs/ci.md)");
        // classes, not a release jar: the action's owner is a placeholder, said as a warning; --action names it
        Path workflow = other.resolve(".github/workflows/pgolab.yml");
        String release = io.pgolab.Version.build().release();
        assertThat(ci.err()).contains("warning: the steps \"Install pgolab\" say uses: OWNER/pgolab@v" + release,
                "--action OWNER/pgolab");
        assertThat(Files.readString(workflow)).contains("uses: OWNER/pgolab@v" + release + "\n");
        Cli.Result named = Cli.run(other, "init", "--ci", "github", "--force", "--action", "my-org/pgolab");
        assertThat(named.exitCode()).as(named.all()).isZero();
        assertThat(named.err()).doesNotContain("warning");
        assertThat(named.out()).contains("install pgolab " + release + " with my-org/pgolab@v" + release);
        assertThat(Files.readString(workflow)).contains("uses: my-org/pgolab@v" + release + "\n").doesNotContain("OWNER/");
        Cli.Result bad = Cli.run(other, "init", "--ci", "github", "--force", "--action", "https://github.com/my-org/pgolab");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--action 'https://github.com/my-org/pgolab' is not a GitHub repository (OWNER/NAME)")
                .doesNotContain("Exception");
        assertThat(Files.readString(workflow)).contains("uses: my-org/pgolab@v");
        Cli.Result alone = Cli.run(other, "init", "--force", "--action", "my-org/pgolab");
        assertThat(alone.exitCode()).isEqualTo(2);
        assertThat(alone.err()).contains("--action belongs to --ci", "pgolab init --ci github --action OWNER/NAME");
    }

    /** "--runner arm64" used to drop the default x86_64 host without a word: refused, nothing written. */
    @Test
    void aRunnerWithoutRunnerLabelsIsRefused() throws Exception {
        git(tmp, "init", "-q");
        Files.writeString(tmp.resolve("Makefile"), "app: main.o\n\t$(CC) -o $@ $^\n");
        assertThat(Cli.run(tmp, "init").exitCode()).isZero();
        Cli.Result r = Cli.run(tmp, "init", "--ci", "github", "--runner", "arm64");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("--runner 'arm64' names no runner", "hint: write --runner arm64=RUNNER[,RUNNER...]")
                .doesNotContain("Exception");
        assertThat(tmp.resolve(".github")).doesNotExist();
        Cli.Result twice = Cli.run(tmp, "init", "--ci", "github", "--runner", "a=x", "--runner", "a=y");
        assertThat(twice.exitCode()).isEqualTo(2);
        assertThat(twice.err()).contains("the host label 'a' is given twice");
    }

    private static String git(Path dir, String... args) throws Exception {
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of("git", "-c", "user.email=t@example.invalid",
                "-c", "user.name=t"));
        cmd.addAll(java.util.List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    @Test
    void cmakeProjectBuildsOutOfTree() throws Exception {
        Files.writeString(tmp.resolve("CMakeLists.txt"), "project(x C)\nadd_executable(server main.c)\n");
        assertThat(Cli.run(tmp, "init", "--toolchain", "gcc").exitCode()).isZero();
        Config c = ConfigLoader.load(tmp.resolve("pgolab.toml"));
        assertThat(c.toolchain().kind()).isEqualTo("gcc");
        assertThat(c.copySources()).isFalse();
        assertThat(c.build().command()).contains("cmake -S {srcdir} -B {builddir}");
        assertThat(c.build().artifact()).isEqualTo("{builddir}/server");
    }

    /** An autoconf-style configure script: VAR=VALUE arguments, a compile check, Makefile from Makefile.in. */
    static final String CONFIGURE = """
            #!/bin/sh
            # Generated by GNU Autoconf (a stand-in: the header by which 'pgolab init' knows autoconf's scripts)
            CC=${CC:-cc}
            for a in "$@"; do
              case "$a" in
                CC=*|CFLAGS=*|LDFLAGS=*|AR=*|RANLIB=*|CXX=*|CXXFLAGS=*) eval "${a%%=*}=\\${a#*=}" ;;
                *=*) ;;
                *) echo "configure: error: unrecognized option: $a" >&2; exit 1 ;;
              esac
            done
            echo "checking whether $CC works... "
            printf 'const char m[] = "noonnoonMARK";\\nint main(void) { return 0; }\\n' > conftest.c
            $CC $CFLAGS -c conftest.c -o conftest.o || { echo "configure: error: C compiler cannot create executables" >&2; exit 77; }
            grep -q noonnoonMARK conftest.o || { echo "configure: error: Unknown float word ordering" >&2; exit 1; }
            rm -f conftest.c conftest.o
            sed -e "s|@CC@|$CC|" -e "s|@CFLAGS@|$CFLAGS|" -e "s|@LDFLAGS@|$LDFLAGS|" Makefile.in > Makefile
            echo "config.status: creating Makefile"
            """;
    static final String MAKEFILE_IN = """
            CC = @CC@
            CFLAGS = @CFLAGS@
            LDFLAGS = @LDFLAGS@
            hello: hello.o
            \t$(CC) $(CFLAGS) $(LDFLAGS) hello.o -o hello
            hello.o: hello.c
            \t$(CC) $(CPPFLAGS) $(CFLAGS) -c hello.c -o hello.o
            """;
    static final String HELLO = "#include <stdio.h>\nint main(int argc, char **argv) { for (int i = 0; i < 200000 * argc; i++)"
            + " if (i % 99991 == 0) printf(\"%d\\n\", i); return 0; }\n";

    /** A 3 GB configure script (sparse: no disk used) is looked into, not read whole: init writes its config. */
    @Test
    void aHugeConfigureScriptIsNotReadWhole() throws Exception {
        Path conf = tmp.resolve("configure");
        try (var f = new java.io.RandomAccessFile(conf.toFile(), "rw")) {
            f.write("#! /bin/sh\n# Generated by GNU Autoconf 2.71 for hello 1.0.\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            f.setLength(3L << 30);
        }
        conf.toFile().setExecutable(true);
        Files.writeString(tmp.resolve("configure.ac"), "AC_INIT([hello], [1.0])\nAC_PROG_CC\nAC_OUTPUT\n");
        Files.writeString(tmp.resolve("Makefile.in"), MAKEFILE_IN);
        Files.writeString(tmp.resolve("hello.c"), HELLO);
        Cli.Result r = Cli.run(tmp, "init", "--toolchain", "clang");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.all()).doesNotContain("out of memory");
        assertThat(ConfigLoader.load(tmp.resolve("pgolab.toml")).build().configure()).isPresent();
    }

    /** An autoconf tree got a template compiling {srcdir}/main.c; now the starter builds as written. */
    @Test
    void autoconfTreeGetsAConfigureStepThatBuilds() throws Exception {
        Path conf = tmp.resolve("configure");
        Files.writeString(conf, CONFIGURE);
        conf.toFile().setExecutable(true);
        Files.writeString(tmp.resolve("configure.ac"), "AC_INIT([hello], [1.0])\nAC_PROG_CC\nAC_OUTPUT\n");
        Files.writeString(tmp.resolve("Makefile.am"), "bin_PROGRAMS = hello\nhello_SOURCES = hello.c\n");
        Files.writeString(tmp.resolve("Makefile.in"), MAKEFILE_IN);
        Files.writeString(tmp.resolve("hello.c"), HELLO);
        Cli.Result r = Cli.run(tmp, "init", "--toolchain", "clang");
        assertThat(r.exitCode()).as(r.all()).isZero();
        String text = Files.readString(tmp.resolve("pgolab.toml"));
        assertThat(text).contains("found an autoconf configure script");
        Config c = ConfigLoader.load(tmp.resolve("pgolab.toml"));
        assertThat(c.copySources()).isTrue();
        assertThat(c.build().configure()).hasValueSatisfying(s -> assertThat(s).startsWith("./configure CC='{cc}'"));
        assertThat(c.build().artifact()).isEqualTo("{srcdir}/hello");
        Files.writeString(tmp.resolve("pgolab.toml"), text.replace("variants = [\"release\", \"pgo\"]",
                "variants = [\"release\", \"lto\", \"pgo\"]"));
        Cli.Result b = Cli.run(tmp, "build");
        assertThat(b.exitCode()).as(b.all()).isZero();
        assertThat(b.all()).contains("all -O2");
        String lto = Files.readString(tmp.resolve(".pgolab/logs/build-lto.log"));
        assertThat(lto.lines().filter(l -> l.contains("-c hello.c")).findFirst().orElseThrow()).contains("-flto=thin");
    }

    /** The same from configure.ac alone, with the real autoconf: autoreconf in the configure step. */
    @Test
    void configureAcAloneIsAutoreconfedInTheConfigureStep() throws Exception {
        io.pgolab.Tool.assumeHere(new java.io.File("/usr/bin/autoreconf").canExecute(), "autoconf is not installed");
        Files.writeString(tmp.resolve("configure.ac"), "AC_INIT([hello], [1.0])\nAC_PROG_CC\nAC_CONFIG_FILES([Makefile])\nAC_OUTPUT\n");
        Files.writeString(tmp.resolve("Makefile.in"), MAKEFILE_IN);
        Files.writeString(tmp.resolve("hello.c"), HELLO);
        Cli.Result r = Cli.run(tmp, "init", "--toolchain", "gcc");
        assertThat(r.exitCode()).as(r.all()).isZero();
        Config c = ConfigLoader.load(tmp.resolve("pgolab.toml"));
        assertThat(c.build().configure()).hasValueSatisfying(s -> assertThat(s).startsWith("autoreconf -fi && ./configure"));
        assertThat(c.build().artifact()).isEqualTo("{srcdir}/hello");
        Cli.Result b = Cli.run(tmp, "build");
        assertThat(b.exitCode()).as(b.all()).isZero();
        assertThat(tmp.resolve(".pgolab/logs/configure-pgo.log")).content().contains("config.status: creating Makefile");
    }

    @Test
    void aCPythonTreeBuildsPython() throws Exception {
        Files.writeString(tmp.resolve("configure"), "#!/bin/sh\nPACKAGE_NAME='python'\nPACKAGE_VERSION='3.11'\n");
        Files.createDirectories(tmp.resolve("Modules"));
        Files.createDirectories(tmp.resolve("Python"));
        Files.createDirectories(tmp.resolve("Lib/test/libregrtest"));
        assertThat(Cli.run(tmp, "init", "--toolchain", "clang").exitCode()).isZero();
        Config c = ConfigLoader.load(tmp.resolve("pgolab.toml"));
        // its own test suite is proposed as the base training, with shares beside the user's workload
        assertThat(c.train()).extracting(w -> w.name() + " base=" + w.base() + " share=" + w.share())
                .containsExactly("typical base=false share=0.7", "regrtest-pgo base=true share=0.3");
        // the install tree is the variant (the interpreter alone cannot find its modules)
        assertThat(c.build().command()).endsWith("make install DESTDIR={installdir} CFLAGS='{cflags}' LDFLAGS='{ldflags}'"
                + " COMPILEALL_OPTS=-j0");
        assertThat(c.build().artifact()).isEqualTo("{installdir}/usr/local/bin/python3.11");
        assertThat(c.build().cflags()).isEmpty();
        assertThat(Files.readString(tmp.resolve("pgolab.toml"))).contains("a CPython tree");
    }

    @Test
    void mesonTreeBuildsOutOfTreeWithoutMesonsOwnLtoOrPgo() throws Exception {
        Files.writeString(tmp.resolve("meson.build"), "project('hello', 'c')\nexecutable('hello', 'hello.c')\n");
        Files.writeString(tmp.resolve("hello.c"), HELLO);
        assertThat(Cli.run(tmp, "init", "--toolchain", "clang").exitCode()).isZero();
        Config c = ConfigLoader.load(tmp.resolve("pgolab.toml"));
        assertThat(c.copySources()).isFalse();
        assertThat(c.build().command()).contains("meson setup {builddir} {srcdir}").contains("-Db_lto=false")
                .contains("-Dc_args='{cflags}'");
        assertThat(c.build().artifact()).isEqualTo("{builddir}/hello");
        io.pgolab.Tool.assumeHere(java.nio.file.Files.isExecutable(Path.of("/usr/bin/meson")), "meson is not installed");
        Cli.Result b = Cli.run(tmp, "build");
        assertThat(b.exitCode()).as(b.all()).isZero();
    }

    /** A Maven project: kind jvm, the jar and main class found, and the starter builds release and cds as written. */
    @Test
    void mavenProjectGetsAJvmStarterThatBuilds() throws Exception {
        Files.writeString(tmp.resolve("pom.xml"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>example</groupId>
                  <artifactId>demo</artifactId>
                  <version>1.0</version>
                  <properties>
                    <maven.compiler.source>17</maven.compiler.source>
                    <maven.compiler.target>17</maven.compiler.target>
                    <project.build.outputTimestamp>2026-01-01T00:00:00Z</project.build.outputTimestamp>
                  </properties>
                </project>
                """);
        Path src = Files.createDirectories(tmp.resolve("src/main/java/demo"));
        Files.writeString(src.resolve("App.java"), "package demo;\npublic class App { public static void main(String[] a) {"
                + " long s = 0; for (int i = 0; i < 100000; i++) s += Integer.toString(i).length(); System.out.println(s); } }\n");
        Cli.Result r = Cli.run(tmp, "init");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("(jvm)");
        Config c = ConfigLoader.load(tmp.resolve("pgolab.toml"));
        assertThat(c.toolchain().kind()).isEqualTo("jvm");
        assertThat(c.toolchain().jvm().classpath()).containsExactly("target/demo-1.0.jar");
        assertThat(c.toolchain().jvm().main()).hasValue("demo.App");
        assertThat(c.build().command()).isEqualTo("mvn -q -B -DskipTests package");
        JvmProject.require(17);
        io.pgolab.Tool.require(Files.isExecutable(Path.of("/usr/bin/mvn")), "Maven (mvn)");
        Cli.Result b = Cli.run(tmp, "build");
        assertThat(b.exitCode()).as(b.all()).isZero();
        assertThat(b.all()).contains("cds");
    }

    @Test
    void gradleProjectGetsAJvmStarter() throws Exception {
        Files.writeString(tmp.resolve("build.gradle.kts"), "plugins { application }\n");
        Path wrapper = tmp.resolve("gradlew");
        Files.writeString(wrapper, "#!/bin/sh\n");
        Path src = Files.createDirectories(tmp.resolve("src/main/java"));
        Files.writeString(src.resolve("Tool.java"), "public class Tool { public static void main(String[] a) { } }\n");
        Cli.Result r = Cli.run(tmp, "init");
        assertThat(r.exitCode()).as(r.all()).isZero();
        Config c = ConfigLoader.load(tmp.resolve("pgolab.toml"));
        assertThat(c.toolchain().kind()).isEqualTo("jvm");
        assertThat(c.build().command()).isEqualTo("./gradlew -q assemble");
        assertThat(c.toolchain().jvm().main()).hasValue("Tool");
        assertThat(Files.readString(tmp.resolve("pgolab.toml"))).contains("build/libs/CHANGE_ME.jar");
    }
}
