package io.pgolab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** A small C program a test needs, compiled with gcc -O1 into dir (the test fails with gcc's output if it does not build). */
public final class CProgram {
    private CProgram() {
    }

    public static Path compile(Path dir, String name, String source) throws IOException, InterruptedException {
        Path src = dir.resolve(name + ".c");
        Files.writeString(src, source);
        Path binary = dir.resolve(name);
        Process p = new ProcessBuilder("gcc", "-O1", "-o", binary.toString(), src.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("gcc did not finish").isTrue();
        assertThat(p.exitValue()).as("gcc: %s", out).isZero();
        return binary;
    }
}
