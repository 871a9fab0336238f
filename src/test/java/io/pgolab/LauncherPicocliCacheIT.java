package io.pgolab;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pgolab's own jar through the launcher on a JDK >= 25: picocli's classes, rewritten from Java 5 class
 * files by the build (src/build/OldClassFiles.java), come from the AOT cache. Without that step the
 * JDK skips them ("Old class has been linked") and the cache saves little of pgolab's start-up.
 * Skips where /usr/lib/jvm has no JDK >= 25 (.ci/run installs none), as LauncherAotIT does. '--help', not
 * '--version': a lone --version runs without the cache (it builds no picocli model; see the launcher).
 */
class LauncherPicocliCacheIT {
    @TempDir
    Path tmp;

    @Test
    void picocliIsLoadedFromTheCache() throws Exception {
        Optional<Path> jdk = LauncherAotIT.jdk25();
        Tool.assumeHere(jdk.isPresent(), "no JDK >= 25 under /usr/lib/jvm (.ci/run installs none)");
        Path log = tmp.resolve("classes.log");
        // A JVM option of its own makes its own cache key: the first run makes that cache, the second uses it.
        String opts = "-Xlog:class+load=info:file=" + log;
        for (int run = 0; run < 2; run++) {
            ProcessBuilder pb = new ProcessBuilder("./pgolab", "--help").redirectErrorStream(true)
                    .redirectOutput(tmp.resolve("out-" + run).toFile());
            pb.environment().keySet().removeAll(List.of("JAVA_HOME", "JAVA_TOOL_OPTIONS", "PGOLAB_AOT"));
            pb.environment().put("PGOLAB_JAVA_HOME", jdk.get().toString());
            pb.environment().put("JDK_JAVA_OPTIONS", opts);
            Process p = pb.start();
            assertThat(p.waitFor(600, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(Files.readString(tmp.resolve("out-" + run))).isZero();
        }
        assertThat(Files.readString(tmp.resolve("out-1"))).contains("Usage: pgolab");
        String classes = Files.readString(log);
        assertThat(classes).containsPattern("picocli\\.CommandLine source: shared objects file")
                .containsPattern("io\\.pgolab\\.cli\\.Main source: shared objects file");
    }
}
