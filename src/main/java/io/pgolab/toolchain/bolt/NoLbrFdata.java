package io.pgolab.toolchain.bolt;

import io.pgolab.UserError;
import io.pgolab.util.Text;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sums perf2bolt's basic-sample profiles ("no_lbr EVENT" header, then "1 FUNCTION OFFSET COUNT"
 * lines), which merge-fdata 19 rejects as malformed. Branch (LBR) profiles go to merge-fdata.
 */
public final class NoLbrFdata {
    private NoLbrFdata() {
    }

    public static boolean isNoLbr(Path fdata) {
        try (var in = new BufferedReader(new InputStreamReader(Files.newInputStream(fdata),
                StandardCharsets.UTF_8))) {
            String first = in.readLine();
            return first != null && first.startsWith("no_lbr");
        } catch (IOException e) {
            return false;
        }
    }

    public static void merge(List<Path> inputs, Path out) {
        Map<String, Long> counts = new LinkedHashMap<>();
        String header = null;
        try {
            for (Path in : inputs) {
                List<String> lines = Text.decode(Files.readAllBytes(in)).lines().toList();
                if (lines.isEmpty() || !lines.get(0).startsWith("no_lbr")) {
                    throw new UserError("BOLT profile " + in + " is not a basic-sample (no_lbr) profile",
                            "all perf recordings of one build must be of the same kind; rerun 'pgolab build'");
                }
                header = header == null ? lines.get(0) : header;
                for (String line : lines.subList(1, lines.size())) {
                    int sp = line.lastIndexOf(' ');
                    if (line.isBlank()) {
                        continue;
                    }
                    if (sp < 0) {
                        throw new UserError("BOLT profile " + in + " has a malformed line: " + line,
                                "rerun 'pgolab build' to record it again");
                    }
                    try {
                        counts.merge(line.substring(0, sp), Long.parseLong(line.substring(sp + 1)), Long::sum);
                    } catch (NumberFormatException e) {
                        throw new UserError("BOLT profile " + in + " has a malformed count: " + line,
                                "rerun 'pgolab build' to record it again");
                    }
                }
            }
            StringBuilder s = new StringBuilder(header == null ? "no_lbr" : header).append('\n');
            counts.forEach((k, v) -> s.append(k).append(' ').append(v).append('\n'));
            Files.writeString(out, s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
