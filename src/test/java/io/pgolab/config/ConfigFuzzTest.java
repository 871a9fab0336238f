package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.pgolab.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A seeded mutation fuzzer of the config loader (no extra dependency; Jazzer is not served here).
 * Property: any bytes give a Config or a UserError within {@link #PER_INPUT}, never another
 * exception. Seeds are the corpus and the examples; mutations flip, delete, duplicate and splice
 * bytes and insert TOML tokens and pgolab values known to have broken loaders.
 *
 * <p>The normal test run fuzzes for {@code pgolab.fuzz.seconds} (default 8) with the fixed seed
 * {@code pgolab.fuzz.seed} (default 11). For a long run: docs/benchmarks-log.md, "Config corpus and fuzzing".
 * A failing input is written to target/fuzz-failures/ and named in the assertion.
 */
class ConfigFuzzTest {
    private static final Duration PER_INPUT = Duration.ofSeconds(2);
    private static final Path FILE = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().resolve("pgolab.toml");
    private static final String[] TOKENS = {
        "[", "]", "[[", "]]", "{", "}", "\"", "'", "\"\"\"", "'''", "=", "\n", "\r\n", "#", ",", ".", "\\", "\\u0000",
        "\\uD800", "\u0000", "\uFEFF", "nan", "inf", "-inf", "-1", "0", "1e309", "2147483648", "99999999999999999999",
        "\"99999999999999999h\"", "\"0s\"", "\"\"", "\" \"", "\"log:(unclosed\"", "\"probe:\"", "\"http://x\"",
        "\"[unclosed\"", "\"{a,{b}}\"", "{ \"A=B\" = \"1\" }", "{ \"\" = \"\" }", "[project]", "[toolchain]", "[build]",
        "[[train]]", "[[bench]]", "[[bench.metric]]", "[bolt]", "name", "command", "artifact", "kind", "weight", "share", "base",
        "timeout", "min_effect", "{ cpu_time = -2 }", "{ cpu_tme = 2 }", "env", "exclude", "ready", "server", "clients",
        "client_cpus", "scale", "regex", "json_pointer", "parser", "primary", "\"cpu_time\"", "{binary}", "{port}",
        "{bin:x}", "{{", "}}", "\"cargo\"", "\"go\"", "\"gcc\"", "variants", "\"pgo@\"", "\"pgo+lto+bolt\"", "1979-05-27",
        "true", "é", "\uD83D\uDE00",
    };

    @Test
    void anyInputGivesAConfigOrAUserError() throws Exception {
        long seed = Long.getLong("pgolab.fuzz.seed", 11);
        long seconds = Long.getLong("pgolab.fuzz.seconds", 8);
        List<byte[]> seeds = seeds();
        Random random = new Random(seed);
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        int runs = 0;
        int accepted = 0;
        while (System.nanoTime() < end) {
            byte[] input = mutate(seeds, random);
            Object outcome = run(input, seed, runs);
            if (outcome instanceof Config) {
                accepted++;
                if (seeds.size() < 2000) {
                    seeds.add(input);   // keep valid variations: they reach deeper checks
                }
            }
            runs++;
        }
        System.out.println("config fuzz: seed " + seed + ", " + runs + " inputs in " + seconds + " s, " + accepted + " loaded");
        assertThat(runs).isPositive();
    }

    private static Object run(byte[] input, long seed, int n) throws IOException {
        try {
            return assertTimeoutPreemptively(PER_INPUT, () -> {
                try {
                    return ConfigLoader.parse(FILE, ConfigFile.decode(FILE, input));
                } catch (UserError e) {
                    assertThat(e.getMessage()).doesNotContain("\tat ", "Exception");
                    return e;
                }
            });
        } catch (Throwable t) {
            Path dir = Path.of("target", "fuzz-failures");
            Files.createDirectories(dir);
            Path saved = dir.resolve("seed" + seed + "-input" + n + ".toml");
            Files.write(saved, input);
            throw new AssertionError("input " + n + " of seed " + seed + " (saved as " + saved + ") gave " + t, t);
        }
    }

    static List<byte[]> seeds() throws Exception {
        List<byte[]> out = new ArrayList<>();
        Path corpus = ConfigCorpusTest.corpus();
        try (Stream<Path> s = Files.list(corpus)) {
            for (Path p : s.filter(f -> f.toString().endsWith(".toml")).sorted().toList()) {
                if (Files.size(p) < 8192) {
                    out.add(Files.readAllBytes(p));
                }
            }
        }
        try (Stream<Path> s = Files.list(Path.of("examples"))) {
            for (Path d : s.sorted().toList()) {
                if (Files.isRegularFile(d.resolve("pgolab.toml"))) {
                    out.add(Files.readAllBytes(d.resolve("pgolab.toml")));
                }
            }
        }
        return out;
    }

    static byte[] mutate(List<byte[]> seeds, Random r) {
        byte[] b = seeds.get(r.nextInt(seeds.size()));
        int rounds = 1 + r.nextInt(4);
        for (int i = 0; i < rounds; i++) {
            int at = b.length == 0 ? 0 : r.nextInt(b.length + 1);
            b = switch (r.nextInt(7)) {
                case 0 -> flip(b, r);
                case 1 -> splice(b, at, at + Math.min(b.length - at, r.nextInt(16)), new byte[0]);
                case 2 -> splice(b, at, at, TOKENS[r.nextInt(TOKENS.length)].getBytes(StandardCharsets.UTF_8));
                case 3 -> splice(b, at, at, copy(b, r));
                case 4 -> splice(b, at, b.length, tail(seeds.get(r.nextInt(seeds.size())), r));
                case 5 -> splice(b, at, at, repeat(TOKENS[r.nextInt(12)], 1 + r.nextInt(r.nextBoolean() ? 40 : 3000)));
                default -> replaceValue(b, r);
            };
        }
        return b;
    }

    private static byte[] flip(byte[] b, Random r) {
        if (b.length == 0) {
            return new byte[] {(byte) r.nextInt(256)};
        }
        byte[] c = b.clone();
        c[r.nextInt(c.length)] = (byte) (r.nextBoolean() ? r.nextInt(256) : c[r.nextInt(c.length)] ^ (1 << r.nextInt(8)));
        return c;
    }

    private static byte[] copy(byte[] b, Random r) {
        if (b.length == 0) {
            return b;
        }
        int from = r.nextInt(b.length);
        int len = Math.min(b.length - from, 1 + r.nextInt(200));
        byte[] c = new byte[len];
        System.arraycopy(b, from, c, 0, len);
        return c;
    }

    private static byte[] tail(byte[] b, Random r) {
        int from = b.length == 0 ? 0 : r.nextInt(b.length);
        byte[] c = new byte[b.length - from];
        System.arraycopy(b, from, c, 0, c.length);
        return c;
    }

    /** The text after some '=' replaced by a token: values are where the checks are. */
    private static byte[] replaceValue(byte[] b, Random r) {
        String s = new String(b, StandardCharsets.UTF_8);
        int eq = s.indexOf('=', s.isEmpty() ? 0 : r.nextInt(s.length()));
        if (eq < 0) {
            return b;
        }
        int nl = s.indexOf('\n', eq);
        String t = s.substring(0, eq + 1) + " " + TOKENS[r.nextInt(TOKENS.length)] + (nl < 0 ? "" : s.substring(nl));
        return t.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] repeat(String token, int n) {
        return token.repeat(n).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] splice(byte[] b, int from, int to, byte[] insert) {
        int f = Math.min(from, b.length);
        int t = Math.max(f, Math.min(to, b.length));
        byte[] c = new byte[b.length - (t - f) + insert.length];
        System.arraycopy(b, 0, c, 0, f);
        System.arraycopy(insert, 0, c, f, insert.length);
        System.arraycopy(b, t, c, f + insert.length, b.length - t);
        return c.length > ConfigFile.MAX_BYTES ? b : c;
    }
}
