package io.pgolab.config.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'pgolab init' for Maven (one module, several) and Gradle's application plugin: the jar, main class, command. */
class JvmStarterTest {
    @TempDir
    Path tmp;

    private static void pom(Path dir, String body) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("pom.xml"), "<project>\n<modelVersion>4.0.0</modelVersion>\n" + body + "\n</project>\n");
    }

    private static void mainClass(Path module, String pkg, String cls) throws Exception {
        Path d = Files.createDirectories(module.resolve("src/main/java/" + pkg.replace('.', '/')));
        Files.writeString(d.resolve(cls + ".java"), "package " + pkg + ";\nclass " + cls
                + " { public static void main(String[] a) {} }\n");
    }

    private Config load(Path dir, String text) {
        return ConfigLoader.parse(dir.resolve("pgolab.toml"), text);
    }

    @Test
    void aSingleModuleMavenJarWithItsFinalNameAndMainClass() throws Exception {
        Path p = tmp.resolve("single");
        pom(p, "<groupId>g</groupId><artifactId>single</artifactId><version>1.2</version>\n"
                + "<build><finalName>tool</finalName></build>");
        mainClass(p, "com.acme", "Tool");
        String text = StarterConfig.render(p, "jvm");
        assertThat(text).contains("jar = \"target/tool.jar\"\n", "main = \"com.acme.Tool\"", "command = \"mvn -q -B -DskipTests package\"");
        assertThat(load(p, text).toolchain().jvm().classpath()).containsExactly("target/tool.jar");
    }

    @Test
    void aMultiModuleBuildPicksTheRunnableModuleWithTheParentsVersion() throws Exception {
        Path p = tmp.resolve("multi");
        pom(p, "<groupId>g</groupId><artifactId>multi-parent</artifactId><version>2.0.1</version><packaging>pom</packaging>\n"
                + "<modules><module>core</module><module>app</module></modules>");
        pom(p.resolve("core"), "<parent><groupId>g</groupId><artifactId>multi-parent</artifactId><version>2.0.1</version></parent>\n"
                + "<artifactId>multi-core</artifactId>");
        pom(p.resolve("app"), "<parent><groupId>g</groupId><artifactId>multi-parent</artifactId><version>2.0.1</version></parent>\n"
                + "<artifactId>multi-app</artifactId>\n<build><plugins><plugin><artifactId>maven-shade-plugin</artifactId>"
                + "<configuration><transformers><transformer><mainClass>com.acme.App</mainClass></transformer></transformers>"
                + "</configuration></plugin></plugins></build>");
        mainClass(p.resolve("core"), "com.acme.core", "Helper");
        String text = StarterConfig.render(p, "jvm");
        assertThat(text).contains("jar = \"app/target/multi-app-2.0.1.jar\"\n", "main = \"com.acme.App\"",
                "command = \"mvn -q -B -DskipTests -pl app -am package\"").doesNotContain("# guessed");
        assertThat(load(p, text).build().command()).isEqualTo("mvn -q -B -DskipTests -pl app -am package");
    }

    @Test
    void twoModulesWithMainClassesAreAGuessListingTheOther() throws Exception {
        Path p = tmp.resolve("two");
        pom(p, "<groupId>g</groupId><artifactId>two</artifactId><version>1</version><packaging>pom</packaging>\n"
                + "<modules><module>a</module><module>b</module></modules>");
        for (String m : new String[] {"a", "b"}) {
            pom(p.resolve(m), "<parent><version>1</version></parent><artifactId>" + m + "</artifactId>\n"
                    + "<build><plugins><plugin><configuration><archive><manifest><mainClass>x." + m
                    + ".Main</mainClass></manifest></archive></configuration></plugin></plugins></build>");
        }
        String text = StarterConfig.render(p, "jvm");
        assertThat(text).contains("jar = \"a/target/a-1.jar\"   # guessed: module a, others: b\n");
        load(p, text);
    }

    @Test
    void gradlesApplicationPluginBuildsWithInstallDist() throws Exception {
        Path p = Files.createDirectories(tmp.resolve("gr"));
        Files.writeString(p.resolve("settings.gradle.kts"), "rootProject.name = \"gr\"\ninclude(\"lib\", \"app\")\n");
        Files.writeString(p.resolve("build.gradle.kts"), "allprojects { }\n");
        Files.createDirectories(p.resolve("lib"));
        Files.writeString(p.resolve("lib/build.gradle.kts"), "plugins { `java-library` }\n");
        Files.createDirectories(p.resolve("app"));
        Files.writeString(p.resolve("app/build.gradle.kts"), "plugins {\n    application\n}\nversion = \"0.3\"\n"
                + "application {\n    mainClass.set(\"org.gr.Main\")\n}\n");
        Files.writeString(p.resolve("gradlew"), "#!/bin/sh\n");
        String text = StarterConfig.render(p, "jvm");
        assertThat(text).contains("classpath = [\"app/build/install/app/lib/app-0.3.jar\"]", "main = \"org.gr.Main\"",
                "command = \"./gradlew -q :app:installDist\"");
        assertThat(load(p, text).toolchain().jvm().main()).contains("org.gr.Main");
    }
}
