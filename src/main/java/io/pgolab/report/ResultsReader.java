package io.pgolab.report;

import io.pgolab.UserError;
import io.pgolab.util.Json;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads a results file back into {@link ResultsDocument}: any pgolab-results/1 file, including those written
 * before the records existed (the keys are the same; unknown keys are ignored, so files of later 1.x writers
 * that add keys still read).
 */
public final class ResultsReader {
    private ResultsReader() {
    }

    public static ResultsDocument read(Path file) {
        ResultsDocument d;
        try {
            d = Json.read(file, ResultsDocument.class);
        } catch (IOException e) {
            throw new UserError("cannot read the results file " + file + ": " + e.getMessage(),
                    "pass a file written by 'pgolab ... --json FILE'");
        }
        String schema = d.envelope() == null ? null : d.envelope().schema();
        if (!ResultsDocument.SCHEMA.equals(schema)) {
            throw new UserError(file + " is not a pgolab results file (schema " + schema + ", expected "
                    + ResultsDocument.SCHEMA + ")", "pass a file written by 'pgolab ... --json FILE'");
        }
        return d;
    }
}
