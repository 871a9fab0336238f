package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class JvmConfigTest {
    static final Path FILE = ConfigLoaderTest.FILE;
    static final String JVM = """
            [project]
            name = "app"
            variants = ["release", "cds", "aot"]

            [toolchain]
            kind = "jvm"
            jdk = "25"
            jar = "target/app.jar"
            main = "com.example.Main"
            jvm_flags = ["-Xmx256m"]

            [build]
            command = "mvn -q package"

            [[train]]
            name = "typical"
            command = "{binary} input.txt"
            """;

    @Test
    void theJvmKeysAreRead() {
        Config c = ConfigLoader.parse(FILE, JVM);
        assertThat(c.toolchain().kind()).isEqualTo("jvm");
        var j = c.toolchain().jvm();
        assertThat(j.classpath()).containsExactly("target/app.jar");
        assertThat(j.main()).contains("com.example.Main");
        assertThat(j.jvmFlags()).containsExactly("-Xmx256m");
        assertThat(j.jdk()).contains("25");
        assertThat(j.javaHome()).isEmpty();
        assertThat(c.variants()).containsExactly(Variant.RELEASE, Variant.CDS, Variant.AOT);
    }

    @Test
    void withoutVariantsAJvmProjectBuildsReleaseAndAot() {
        Config c = ConfigLoader.parse(FILE, JVM.replace("variants = [\"release\", \"cds\", \"aot\"]\n", ""));
        assertThat(c.variants()).containsExactly(Variant.RELEASE, Variant.AOT);
    }

    @Test
    void aClasspathOfSeveralEntriesNeedsTheMainClass() {
        String cp = JVM.replace("jar = \"target/app.jar\"", "classpath = [\"a.jar\", \"lib/b.jar\"]");
        assertThat(ConfigLoader.parse(FILE, cp).toolchain().jvm().classpath()).containsExactly("a.jar", "lib/b.jar");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, cp.replace("main = \"com.example.Main\"\n", "")))
                .isInstanceOf(UserError.class).hasMessageContaining("with several classpath entries, name the main class");
    }

    @Test
    void badJvmKeysAreEachNamed() {
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, JVM.replace("jar = \"target/app.jar\"", "")))
                .isInstanceOf(UserError.class).hasMessageContaining("a JVM program needs the jar (or classpath)");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, JVM.replace("jar = \"target/app.jar\"",
                "jar = \"a.jar\"\nclasspath = [\"b.jar\"]"))).hasMessageContaining("either jar or classpath");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, JVM.replace("com.example.Main", "com.example.Main()")))
                .hasMessageContaining("is not a Java class name");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, JVM.replace("jdk = \"25\"", "jdk = \"temurin\"")))
                .hasMessageContaining("is not a JDK feature version");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, JVM.replace("\"-Xmx256m\"", "\"-XX:AOTCache=x.aot\"")))
                .hasMessageContaining("is a cache flag pgolab sets itself per variant");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, JVM.replace("jdk = \"25\"", "jdk = \"25\"\ncc = \"clang\"")))
                .hasMessageContaining("toolchain kind \"jvm\" does not use it");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, JVM.replace("[build]\n", "[build]\nartifact = \"x\"\n")))
                .hasMessageContaining("not used with toolchain kind \"jvm\"");
    }

    @Test
    void nativeVariantsAndJvmKeysElsewhereAreRefused() {
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, JVM.replace("\"release\", \"cds\", \"aot\"", "\"release\", \"pgo\"")))
                .hasMessageContaining("variant 'pgo' cannot be built for the JVM");
        String clang = """
                [project]
                name = "c"
                [toolchain]
                kind = "clang"
                jar = "a.jar"
                [build]
                command = "make"
                artifact = "a"
                [[train]]
                name = "t"
                command = "{binary}"
                """;
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, clang)).hasMessageContaining("only toolchain kind \"jvm\" takes this key");
    }

    @Test
    void jvmVariantsNeedATrainingWorkload() {
        String noTrain = JVM.substring(0, JVM.indexOf("[[train]]"));
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, noTrain))
                .hasMessageContaining("the cds and aot variants are made from a training run");
        assertThat(ConfigLoader.parse(FILE, noTrain.replace("\"release\", \"cds\", \"aot\"", "\"release\"")).variants())
                .isEqualTo(List.of(Variant.RELEASE));
    }
}
