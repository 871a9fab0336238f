package io.pgolab.measure;

import io.pgolab.util.OutputFile;
import io.pgolab.util.Text;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link Cachegrind} runs leave in their output directory: one {@code cg.<pid>.out} per traced process, read and
 * summed by event name, and valgrind's logs, whose last lines explain a run that wrote no output.
 */
public final class CachegrindOutput {
    private CachegrindOutput() {
    }

    /**
     * Sums the counts of every {@code cg.*.out} in {@code outDir}.
     *
     * @throws IOException there is no output file (valgrind failed; the message carries the end of
     *                     its log), or a file is truncated or not Cachegrind output
     */
    public static Cachegrind.Counts read(Path outDir) throws IOException {
        List<Path> files = list(outDir, Cachegrind.OUT_PREFIX, Cachegrind.OUT_SUFFIX);
        if (files.isEmpty()) {
            throw new IOException("valgrind wrote no Cachegrind output in " + outDir + logTail(outDir));
        }
        Cachegrind.Counts total = null;
        for (Path f : files) {
            Cachegrind.Counts c;
            try {
                c = parse(Text.decode(Files.readAllBytes(f)));
            } catch (IllegalArgumentException e) {
                throw new IOException(f + ": " + e.getMessage(), e);
            }
            total = total == null ? c : total.plus(c);
        }
        return total;
    }

    /**
     * Parses one Cachegrind (or Callgrind) output file: the {@code events:} line names the columns
     * and the {@code summary:} (or {@code totals:}) line holds the totals in that order. Matching is
     * by name, never by position: Cachegrind and Callgrind order the same events differently.
     * Missing trailing numbers are zeros, as in the format's cost lines.
     */
    public static Cachegrind.Counts parse(String text) {
        List<String> events = null;
        String summary = null;
        String totals = null;
        List<String> desc = new ArrayList<>();
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.startsWith("events:")) {
                if (events != null) {
                    throw new IllegalArgumentException("more than one 'events:' line");
                }
                events = List.of(line.substring("events:".length()).strip().split("\\s+"));
            } else if (line.startsWith("summary:")) {
                summary = line.substring("summary:".length()).strip();
            } else if (line.startsWith("totals:")) {
                totals = line.substring("totals:".length()).strip();
            } else if (line.startsWith("desc:")) {
                desc.add(line.substring("desc:".length()).strip());
            }
        }
        if (events == null || events.isEmpty() || events.get(0).isEmpty()) {
            throw new IllegalArgumentException("not Cachegrind output (no 'events:' line)");
        }
        String numbers = summary != null ? summary : totals;
        if (numbers == null) {
            throw new IllegalArgumentException("no 'summary:' line (the file is truncated: did the process get killed?)");
        }
        String[] values = numbers.isEmpty() ? new String[0] : numbers.split("\\s+");
        if (values.length > events.size()) {
            throw new IllegalArgumentException("'summary:' has " + values.length + " numbers for "
                    + events.size() + " events " + events);
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        for (int i = 0; i < events.size(); i++) {
            long v;
            try {
                v = i < values.length ? Long.parseLong(values[i]) : 0L;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'summary:' value '" + values[i] + "' for "
                        + events.get(i) + " is not a count", e);
            }
            if (counts.put(events.get(i), v) != null) {
                throw new IllegalArgumentException("event " + events.get(i) + " listed twice");
            }
        }
        return new Cachegrind.Counts(counts, 1, desc);
    }

    static List<Path> list(Path dir, String prefix, String suffix) throws IOException {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                if (n.startsWith(prefix) && n.endsWith(suffix) && n.length() > prefix.length() + suffix.length()
                        && Files.isRegularFile(p)) {
                    out.add(p);
                }
            }
        } catch (NoSuchFileException e) {
            return List.of();
        }
        out.sort(null);
        return out;
    }

    static String logTail(Path outDir) {
        StringBuilder sb = new StringBuilder();
        try {
            for (Path log : list(outDir, Cachegrind.LOG_PREFIX, Cachegrind.LOG_SUFFIX)) {
                String text = OutputFile.tail(log, 8);
                if (!text.isBlank()) {
                    sb.append("\n").append(log.getFileName()).append(":\n  ").append(text.replace("\n", "\n  "));
                }
            }
        } catch (IOException e) {
            sb.append(" (cannot read valgrind's log: ").append(e.getMessage()).append(')');
        }
        return sb.toString();
    }
}
