package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.bench.BenchResults;
import io.pgolab.config.Config;
import io.pgolab.report.BenchCsv;
import io.pgolab.report.BenchJson;
import io.pgolab.report.BenchMarkdown;
import io.pgolab.report.BenchText;
import io.pgolab.report.ResultsFile;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.CommandLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Prints a bench's table and writes the files its options ask for. */
final class Outputs {
    private Outputs() {
    }

    /** The table on stdout, then --json, --markdown, --csv; returns the exit code (1 on a gated regression with --fail-on). */
    static int bench(MeasureOptions opts, BenchResults r, Path workDir, Config config, Toolchain toolchain, CommandLog log) {
        List<String> gated = r.gated();
        System.out.print(BenchText.render(r, gated));
        if (opts.json != null) {
            Path f = workDir.resolve(opts.json);
            if (config != null) {
                ResultsFile.write(f, config, toolchain, log, BenchJson.body(r, gated));
            } else {
                Map<String, Object> body = BenchJson.body(r, gated);
                body.put("commands", log.entries());
                ResultsFile.writeEnvelopeOnly(f, body);
            }
        }
        write(workDir, opts.markdown, BenchMarkdown.render(r, gated));
        write(workDir, opts.csv, BenchCsv.render(r));
        return exitCode(opts, r);
    }

    static int exitCode(MeasureOptions opts, BenchResults r) {
        return opts.failOn != null && !r.regressions(r.gated()).isEmpty() ? 1 : 0;
    }

    static void write(Path workDir, Path file, String text) {
        if (file == null) {
            return;
        }
        Path f = workDir.resolve(file);
        try {
            Files.writeString(f, text);
        } catch (IOException e) {
            throw new UserError("cannot write " + f + ": " + e.getMessage(), "pass a path in a writable directory");
        }
    }
}
