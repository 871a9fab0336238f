package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.pgolab.UserError;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every case of src/test/resources/config-corpus (see generate.py there): the loader answers with
 * a Config (class "ok") or a UserError naming the file, the line and the expected words; never
 * another exception, a stack trace, a hang or an out-of-memory. Cases named "@..." are files that
 * cannot live in git (a FIFO, devices, huge files) and are made here.
 */
class ConfigCorpusTest {
    /** Where the special cases (fifo, symlinks, oversized files) are made; JUnit removes it. */
    @TempDir
    static Path scratch;

    private static final Duration LIMIT = Duration.ofSeconds(10);
    private static final Map<String, int[]> TALLY = new ConcurrentHashMap<>();

    record Case(String file, String kind, String line, String substring) {
        @Override
        public String toString() {
            return file + " (" + kind + ")";
        }
    }

    static Path corpus() throws URISyntaxException {
        return Path.of(ConfigCorpusTest.class.getResource("/config-corpus/expectations.tsv").toURI()).getParent();
    }

    static List<Case> cases() throws IOException, URISyntaxException {
        List<Case> out = new ArrayList<>();
        for (String l : Files.readAllLines(corpus().resolve("expectations.tsv"))) {
            if (l.startsWith("#") || l.isBlank()) {
                continue;
            }
            String[] f = l.split("\t", -1);
            out.add(new Case(f[0], f[1], f[2], f[3]));
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void answersWithAConfigOrAUserErrorNamingFileLineAndFix(Case c) throws Exception {
        Path file = c.file().startsWith("@") ? special(c.file()) : corpus().resolve(c.file());
        boolean[] passed = {false};
        try {
            check(c, file);
            passed[0] = true;
        } finally {
            TALLY.computeIfAbsent(c.kind(), k -> new int[2])[passed[0] ? 0 : 1]++;
        }
    }

    private static void check(Case c, Path file) {
        Object outcome = assertTimeoutPreemptively(LIMIT, () -> {
            try {
                return ConfigLoader.load(file);
            } catch (UserError e) {
                return e;
            }
        }, () -> c.file() + " took longer than " + LIMIT);
        if (c.kind().equals("ok")) {
            assertThat(outcome).as(c.file() + " must load").isInstanceOf(Config.class);
            return;
        }
        assertThat(outcome).as(c.file() + " must be refused with a UserError").isInstanceOf(UserError.class);
        String message = ((UserError) outcome).getMessage();
        Path abs = file.toAbsolutePath().normalize();
        if (!c.line().equals("-")) {
            assertThat(message).as("names file and line").contains(abs + ":" + c.line() + ":");
        } else {
            assertThat(message).as("names the file").contains(abs.getFileName().toString());
        }
        assertThat(message).contains(c.substring());
        assertThat(message).as("no stack trace").doesNotContain("\tat ", "java.lang.", "Exception");
    }

    private static Path special(String name) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(scratch, "pgolab-corpus");
        Path f = dir.resolve("pgolab.toml");
        switch (name) {
            case "@missing" -> { }
            case "@directory" -> Files.createDirectory(f);
            case "@fifo" -> {
                Process p = new ProcessBuilder("mkfifo", f.toString()).start();
                assertThat(p.waitFor()).isZero();
            }
            case "@dev-zero-symlink" -> Files.createSymbolicLink(f, Path.of("/dev/zero"));
            case "@dev-null" -> Files.createSymbolicLink(f, Path.of("/dev/null"));
            case "@dangling-symlink" -> Files.createSymbolicLink(f, dir.resolve("nowhere.toml"));
            case "@oversized" -> {
                StringBuilder sb = new StringBuilder();
                while (sb.length() < 2 << 20) {
                    sb.append("# a comment line to make the file big\n");
                }
                Files.writeString(f, sb);
            }
            case "@string-8mib" -> Files.writeString(f, "x = \"" + "a".repeat(8 << 20) + "\"\n", StandardCharsets.UTF_8);
            default -> throw new IllegalArgumentException(name);
        }
        return f;
    }

    @AfterAll
    static void tally() {
        StringBuilder s = new StringBuilder("config corpus, passed/failed by class:");
        new TreeMap<>(TALLY).forEach((k, v) -> s.append(' ').append(k).append(' ').append(v[0]).append('/').append(v[1]));
        System.out.println(s);
    }
}
