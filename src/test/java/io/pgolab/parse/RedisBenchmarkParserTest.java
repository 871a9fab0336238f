package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.byName;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RedisBenchmarkParserTest {
    // captured: redis-benchmark -p 6390 -t get,set,lpush,lrange -n 20000 --csv (Redis 7.0.15)
    static final String GET_SET = "redis-benchmark/redis7-get-set-lpush-lrange.csv";

    @Test
    void readsTheVerboseFormWithP999AndTheRequestCount() {
        List<ParsedMetric> m = new RedisBenchmarkParser().parse(read("redis-benchmark/redis7-verbose-set-lrange.txt"));
        assertMetric(m, "SET.rps", 59171.60, "req/s", true);
        assertMetric(m, "SET.avg_ms", 0.559, "ms", false);
        assertMetric(m, "SET.p99_ms", 0.871, "ms", false);
        assertMetric(m, "SET.p99_9_ms", 4.719, "ms", false);
        assertMetric(m, "LPUSH.rps", 57306.59, "req/s", true);
        assertThat(names(m)).contains("LRANGE_100.p99_9_ms", "LRANGE_100.rps");
        // three tests of 20000 completed requests each, counted from the output itself
        assertMetric(m, ParsedMetric.OPERATIONS, 60000, "ops", true);
    }

    @Test
    void readsRedis7CsvWithLatencyColumns() {
        List<ParsedMetric> m = new RedisBenchmarkParser().parse(read(GET_SET));
        assertMetric(m, "GET.rps", 61919.50, "req/s", true);
        assertMetric(m, "GET.avg_ms", 0.514, "ms", false);
        assertMetric(m, "GET.min_ms", 0.112, "ms", false);
        assertMetric(m, "GET.p50_ms", 0.383, "ms", false);
        assertMetric(m, "GET.p95_ms", 1.183, "ms", false);
        assertMetric(m, "GET.p99_ms", 2.191, "ms", false);
        assertMetric(m, "GET.max_ms", 4.727, "ms", false);
        assertMetric(m, "SET.rps", 81300.81, "req/s", true);
        assertMetric(m, "SET.p99_ms", 1.223, "ms", false);
        assertMetric(m, "LPUSH.rps", 77821.02, "req/s", true);
        assertMetric(m, "LRANGE_100.rps", 69686.41, "req/s", true);
        assertMetric(m, "LRANGE_600.p50_ms", 1.327, "ms", false);
        // 8 tests x 7 columns, no operations without -n
        assertThat(m).hasSize(8 * 7);
        assertThat(names(m)).doesNotContain(ParsedMetric.OPERATIONS);
    }

    @Test
    void namesTestsSafelyAndKeepsTheHelperLpushApart() {
        List<ParsedMetric> m = new RedisBenchmarkParser().parse(read(GET_SET));
        assertThat(byName(m).keySet().stream().map(n -> n.substring(0, n.indexOf('.'))).distinct())
                .containsExactly("SET", "GET", "LPUSH", "LPUSH_needed_to_benchmark_LRANGE", "LRANGE_100",
                        "LRANGE_300", "LRANGE_500", "LRANGE_600");
        assertMetric(m, "LPUSH_needed_to_benchmark_LRANGE.rps", 93457.95, "req/s", true);
        assertThat(names(m)).allMatch(n -> n.matches("[A-Za-z0-9_]+\\.[a-z0-9_]+"));
    }

    @Test
    void operationsIsRequestsPerTestTimesTests() {
        List<ParsedMetric> m = new RedisBenchmarkParser(20000).parse(read(GET_SET));
        assertMetric(m, ParsedMetric.OPERATIONS, 8 * 20000.0, "ops", true);

        // captured: redis-benchmark -p 6390 -t ping,set,get,incr,mset -n 10000 -P 16 -c 20 --csv
        List<ParsedMetric> p = new RedisBenchmarkParser(10000).parse(read("redis-benchmark/redis7-pipeline16.csv"));
        assertMetric(p, ParsedMetric.OPERATIONS, 6 * 10000.0, "ops", true);
        assertMetric(p, "PING_INLINE.rps", 1111111.12, "req/s", true);
        assertMetric(p, "PING_MBULK.p99_ms", 0.263, "ms", false);
        assertMetric(p, "MSET.rps", 476190.47, "req/s", true);
        assertMetric(p, "INCR.max_ms", 0.407, "ms", false);
    }

    @Test
    void readsACustomCommandTest() {
        // captured: redis-benchmark -p 6390 -n 5000 -r 1000 --csv SET key:__rand_int__ hello
        List<ParsedMetric> m = new RedisBenchmarkParser(5000).parse(read("redis-benchmark/redis7-custom-command.csv"));
        assertMetric(m, "SET_key_rand_int_hello.rps", 49504.95, "req/s", true);
        assertMetric(m, "SET_key_rand_int_hello.p95_ms", 0.935, "ms", false);
        assertMetric(m, ParsedMetric.OPERATIONS, 5000, "ops", true);
    }

    @Test
    void readsOldCsvWithoutHeaderOrLatencies() {
        // reconstructed (Redis < 6.2 is not installable here): "TEST","rps" lines, no header
        List<ParsedMetric> m = new RedisBenchmarkParser(100000).parse(read("redis-benchmark/redis6.0-style-no-header.csv"));
        assertMetric(m, "GET.rps", 88495.58, "req/s", true);
        assertMetric(m, "MSET.rps", 74626.87, "req/s", true);
        assertMetric(m, "LPUSH_needed_to_benchmark_LRANGE.rps", 85470.09, "req/s", true);
        assertMetric(m, ParsedMetric.OPERATIONS, 9 * 100000.0, "ops", true);
        assertThat(names(m)).allMatch(n -> n.endsWith(".rps") || n.equals(ParsedMetric.OPERATIONS));
    }

    @Test
    void readsAHeaderWithOnlyTestAndRps() {
        String csv = "\"test\",\"rps\"\n\"SET\",\"50000.00\"\n\"GET\",\"52631.58\"\n";
        List<ParsedMetric> m = new RedisBenchmarkParser().parse(csv);
        assertThat(names(m)).containsExactly("SET.rps", "GET.rps");
        assertMetric(m, "GET.rps", 52631.58, "req/s", true);
    }

    @Test
    void readsTheQuietForm() {
        // captured: redis-benchmark -p 6390 -n 5000 -q -t get,set (progress lines end in \r)
        List<ParsedMetric> m = new RedisBenchmarkParser(5000).parse(read("redis-benchmark/redis7-quiet-q.txt"));
        assertThat(names(m)).containsExactly("SET.rps", "SET.p50_ms", "GET.rps", "GET.p50_ms", "operations");
        assertMetric(m, "SET.rps", 57471.27, "req/s", true);
        assertMetric(m, "GET.p50_ms", 0.551, "ms", false);
        assertMetric(m, ParsedMetric.OPERATIONS, 10000, "ops", true);
    }

    @Test
    void skipsWarningLinesAroundTheCsv() {
        String out = "WARNING: Could not fetch server CONFIG\n" + read(GET_SET);
        assertThat(new RedisBenchmarkParser().parse(out)).hasSize(8 * 7);
    }

    @Test
    void refusesOutputWithoutResults() {
        RedisBenchmarkParser p = new RedisBenchmarkParser();
        assertThatThrownBy(() -> p.parse("")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("redis-benchmark").hasMessageContaining("--csv");
        // what redis-benchmark prints when the server is down
        assertThatThrownBy(() -> p.parse("Could not connect to Redis at 127.0.0.1:6391: Connection refused\n"
                + "WARNING: Could not fetch server CONFIG\n")).isInstanceOf(NoMatchException.class);
        assertThatThrownBy(() -> p.parse("\"test\",\"rps\"\n")).isInstanceOf(NoMatchException.class);
    }

    @Test
    void findsTheRequestCountInTheCommand() {
        assertThat(RedisBenchmarkParser.requestsFromCommand("redis-benchmark -p 6390 -t get,set -n 20000 --csv"))
                .hasValue(20000);
        assertThat(RedisBenchmarkParser.requestsFromCommand("/usr/bin/redis-benchmark -q --csv")).hasValue(100000);
        assertThat(RedisBenchmarkParser.requestsFromCommand(
                "{binary} --port 6390 --daemonize yes && redis-benchmark -p 6390 -n 5000 --csv; redis-cli -n 3 shutdown"))
                .hasValue(5000);
        assertThat(RedisBenchmarkParser.requestsFromCommand("./bench.sh -n 100")).isEmpty();
        assertThat(RedisBenchmarkParser.requestsFromCommand("my-redis-benchmark-wrapper -n 7")).isEmpty();
        List<ParsedMetric> m = RedisBenchmarkParser.forCommand("redis-benchmark -t get,set,lpush,lrange -n 20000 --csv")
                .parse(read(GET_SET));
        assertMetric(m, ParsedMetric.OPERATIONS, 8 * 20000.0, "ops", true);
        assertThat(names(RedisBenchmarkParser.forCommand("./wrapper.sh").parse(read(GET_SET))))
                .doesNotContain(ParsedMetric.OPERATIONS);
    }

    @Test
    void requestsPerTestMustBePositive() {
        assertThatThrownBy(() -> new RedisBenchmarkParser(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void testNamesStayUnique() {
        var used = new java.util.HashSet<String>();
        assertThat(RedisBenchmarkParser.testName("LRANGE_100 (first 100 elements)", used)).isEqualTo("LRANGE_100");
        assertThat(RedisBenchmarkParser.testName("LRANGE_100 (first 100 elements)", used))
                .isEqualTo("LRANGE_100_first_100_elements");
        assertThat(RedisBenchmarkParser.testName("LRANGE_100 (first 100 elements)", used))
                .isEqualTo("LRANGE_100_first_100_elements_2");
        assertThat(RedisBenchmarkParser.testName("MSET (10 keys)", used)).isEqualTo("MSET");
    }

    @Test
    void aQuietLineWithAMalformedP50KeepsItsRateAndThrowsNothing() {
        // Found by ParserFuzzTest (seed 777): "1.2.3" matches the quiet pattern but is no number.
        var metrics = RedisBenchmarkParser.forCommand("redis-benchmark -q -n 1000")
                .parse("SET: 61919.50 requests per second, p50=1.2.3 msec\n");
        org.assertj.core.api.Assertions.assertThat(metrics).extracting(m -> m.name()).contains("SET.rps")
                .doesNotContain("SET.p50_ms");
    }
}
