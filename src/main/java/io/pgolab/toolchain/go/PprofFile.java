package io.pgolab.toolchain.go;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/** Cheap checks of a raw Go CPU profile before pprof sees it, so each failure gets its own message. */
final class PprofFile {
    private PprofFile() {
    }

    /** Why this file is not a usable CPU profile, or empty when it looks fine. */
    static Optional<String> problem(Path f) {
        try {
            long size = Files.size(f);
            if (size == 0) {
                return Optional.of(f + " is empty: the program created it but never stopped profiling"
                        + " (pprof.StopCPUProfile did not run)");
            }
            byte[] head = new byte[2];
            try (InputStream in = Files.newInputStream(f)) {
                if (in.readNBytes(head, 0, 2) < 2 || (head[0] & 0xff) != 0x1f || (head[1] & 0xff) != 0x8b) {
                    // runtime/pprof always gzips; pprof also reads plain protobuf, so let it decide.
                    return Optional.empty();
                }
            }
            try (InputStream in = new GZIPInputStream(Files.newInputStream(f))) {
                in.transferTo(OutputSink.INSTANCE);
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of(f + " is truncated or damaged (" + e.getMessage() + "): the program was probably"
                    + " stopped while writing it");
        }
    }

    private static final class OutputSink extends OutputStream {
        static final OutputSink INSTANCE = new OutputSink();

        @Override
        public void write(int b) {
        }

        @Override
        public void write(byte[] b, int off, int len) {
        }
    }
}
