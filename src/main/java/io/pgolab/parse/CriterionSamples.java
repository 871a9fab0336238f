package io.pgolab.parse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The samples criterion wrote in one run: under its CRITERION_HOME, per benchmark {@code <id dirs>/new/sample.json}
 * ({@code iters} and {@code times}: each sample's iteration count and its total time in ns) beside
 * {@code new/benchmark.json} (the benchmark's {@code title}, the id criterion prints). A sample's figure is its time
 * per iteration. A file last written before the run started is an earlier run's: not read, and said.
 */
final class CriterionSamples {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Per benchmark id, its samples' ns per iteration, in the order the files are found. */
    final Map<String, List<Double>> samples = new LinkedHashMap<>();
    /** A sentence for each file not read, and why. */
    final List<String> notes = new ArrayList<>();
    /** Whether any sample.json was found at all, fresh or not. */
    boolean anyFile;

    /** Reads the sample.json files under dir that were written since started (to the second: coarse file times). */
    static CriterionSamples read(Path dir, Instant started) {
        CriterionSamples out = new CriterionSamples();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        Instant since = started.truncatedTo(ChronoUnit.SECONDS);
        List<Path> files;
        try (Stream<Path> all = Files.walk(dir, 12)) {
            files = all.filter(f -> f.getFileName().toString().equals("sample.json") && f.getParent() != null
                    && f.getParent().getFileName().toString().equals("new")).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            out.notes.add("criterion's files under " + dir + " could not be listed (" + e.getMessage() + ")");
            return out;
        }
        for (Path f : files) {
            out.anyFile = true;
            out.readOne(dir, f, since);
        }
        return out;
    }

    private void readOne(Path dir, Path sample, Instant since) {
        String where = dir.relativize(sample).toString();
        try {
            if (Files.getLastModifiedTime(sample).toInstant().isBefore(since)) {
                notes.add("criterion's " + where + " was written before this run started (an earlier run's file):"
                        + " not read");
                return;
            }
            String id = title(sample.resolveSibling("benchmark.json"), where);
            JsonNode root = JSON.readTree(sample.toFile());
            JsonNode iters = root == null ? null : root.get("iters");
            JsonNode times = root == null ? null : root.get("times");
            if (iters == null || times == null || !iters.isArray() || !times.isArray() || iters.size() != times.size()
                    || iters.isEmpty()) {
                notes.add("criterion's " + where + " has no \"iters\" and \"times\" of the same length: not read");
                return;
            }
            List<Double> perIteration = new ArrayList<>();
            for (int i = 0; i < iters.size(); i++) {
                Double n = ParseSupport.jsonNumber(iters.get(i));
                Double t = ParseSupport.jsonNumber(times.get(i));
                perIteration.add(n == null || t == null || !(n > 0) ? Double.NaN : t / n);
            }
            samples.put(id, perIteration);
        } catch (IOException e) {
            notes.add("criterion's " + where + " could not be read (" + e.getMessage() + "): not read");
        }
    }

    /** The id criterion printed for the benchmark: benchmark.json's title (else full_id), else the directory's path. */
    private static String title(Path benchmark, String where) throws IOException {
        if (Files.isRegularFile(benchmark)) {
            JsonNode b = JSON.readTree(benchmark.toFile());
            for (String k : List.of("title", "full_id")) {
                if (b != null && b.hasNonNull(k) && !b.get(k).asText().isBlank()) {
                    return b.get(k).asText();
                }
            }
        }
        // no benchmark.json: the directories (sanitised ids) are all there is
        return where.substring(0, Math.max(0, where.length() - "/new/sample.json".length()));
    }
}
