package io.pgolab.measure.perf;

import io.pgolab.process.Exec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Whether perf can record taken branches (LBR) here: BOLT's best profile source when it can. */
public final class BranchRecords {
    private static volatile Boolean cached;

    private BranchRecords() {
    }

    public static boolean available() {
        Boolean b = cached;
        if (b == null) {
            b = probe();
            cached = b;
        }
        return b;
    }

    private static boolean probe() {
        Path tmp = null;
        try {
            tmp = Files.createTempFile("pgolab-lbr-probe", ".data");
            return Exec.capture(null, null, Map.of(), List.of("perf", "record", "-q", "-e", "cycles:u", "-j", "any,u",
                    "-o", tmp.toString(), "--", "true"), 30).ok();
        } catch (IOException e) {
            return false;
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    // temp file: nothing to do
                }
            }
        }
    }
}
