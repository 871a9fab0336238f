package io.pgolab.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.pgolab.UserError;
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
 * Seeded mutation fuzzing of the load-tool output parsers: any text gives metrics (finite values),
 * a NoMatchException or a UserError within a time bound, never another exception. Seeds are the
 * captured outputs under src/test/resources/parse. 4 s by default; -Dpgolab.fuzz.seconds=N for longer.
 */
class ParserFuzzTest {
    private static final String[] TOKENS = {"\n", " ", "{", "}", "[", "]", "\"", ",", ":", "-", ".", "e", "nan", "NaN",
        "inf", "Infinity", "-1", "0", "1e309", "99999999999999999999999", "%", "ms", "us", "s", "k", "M", "GB", "null",
        "\"mean\": ", "\"results\": [", "\"end\": {", "Requests/sec:", "Latency", "tps = ", "====== SET ======", "Totals",
        "\u0000", "\uFFFD"};

    @Test
    void anyOutputGivesMetricsOrANoMatch() throws Exception {
        long seed = Long.getLong("pgolab.fuzz.seed", 11);
        long seconds = Long.getLong("pgolab.fuzz.seconds", 4);
        List<String> seeds = new ArrayList<>();
        try (Stream<Path> s = Files.walk(Path.of("src/test/resources/parse"))) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                seeds.add(new String(Files.readAllBytes(p), StandardCharsets.UTF_8));
            }
        }
        assertThat(seeds).isNotEmpty();
        Random r = new Random(seed);
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        int runs = 0;
        while (System.nanoTime() < end) {
            String input = mutate(seeds.get(r.nextInt(seeds.size())), r);
            String name = Parsers.names().get(r.nextInt(Parsers.names().size()));
            int n = runs;
            try {
                assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
                    try {
                        for (ParsedMetric m : Parsers.byName(name).parse(input)) {
                            assertThat(Double.isFinite(m.value())).as(m.name()).isTrue();
                        }
                    } catch (NoMatchException | UserError e) {
                        // the expected refusal
                    }
                });
            } catch (Throwable t) {
                Path dir = Path.of("target", "fuzz-failures");
                Files.createDirectories(dir);
                Path saved = dir.resolve("parser-" + name + "-seed" + seed + "-input" + n + ".txt");
                Files.writeString(saved, input);
                throw new AssertionError(name + " parser, input " + n + " of seed " + seed + " (saved as " + saved + "): " + t, t);
            }
            runs++;
        }
        System.out.println("parser fuzz: seed " + seed + ", " + runs + " inputs in " + seconds + " s");
    }

    private static String mutate(String s, Random r) {
        StringBuilder b = new StringBuilder(s);
        for (int i = 0, n = 1 + r.nextInt(4); i < n; i++) {
            int at = b.length() == 0 ? 0 : r.nextInt(b.length());
            switch (r.nextInt(4)) {
                case 0 -> b.insert(at, TOKENS[r.nextInt(TOKENS.length)]);
                case 1 -> b.delete(at, Math.min(b.length(), at + r.nextInt(32)));
                case 2 -> {
                    if (b.length() > 0) {
                        b.setCharAt(at, (char) (r.nextBoolean() ? r.nextInt(128) : '0' + r.nextInt(10)));
                    }
                }
                default -> {
                    int from = b.length() == 0 ? 0 : r.nextInt(b.length());
                    b.insert(at, b.substring(from, Math.min(b.length(), from + r.nextInt(200))));
                }
            }
        }
        return b.toString();
    }
}
