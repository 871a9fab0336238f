package io.pgolab.measure;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A /proc file read again and again through one open descriptor (seek to 0, read: the kernel makes the
 * text afresh), for what a campaign samples after every round. Opening it through java.nio each time cost
 * a few hundred microseconds per read in a JVM that has not compiled that path yet, on the critical path
 * between two measured runs. "" when it cannot be read, as {@link HostInfo#read}.
 */
final class ProcFile {
    static final ProcFile STAT = new ProcFile("/proc/stat");
    static final ProcFile LOADAVG = new ProcFile("/proc/loadavg");

    private final String path;
    private RandomAccessFile file;
    private byte[] buffer = new byte[8192];

    private ProcFile(String path) {
        this.path = path;
    }

    synchronized String read() {
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                if (file == null) {
                    file = new RandomAccessFile(path, "r");
                }
                file.seek(0);
                int n = 0;
                for (int r; (r = file.read(buffer, n, buffer.length - n)) > 0; ) {
                    n += r;
                    if (n == buffer.length) {
                        buffer = Arrays.copyOf(buffer, buffer.length * 2);
                    }
                }
                return new String(buffer, 0, n, StandardCharsets.US_ASCII).strip();
            } catch (IOException e) {
                close(); // reopen once: a descriptor that went bad
            }
        }
        return "";
    }

    private void close() {
        try {
            if (file != null) {
                file.close();
            }
        } catch (IOException ignored) {
            // nothing to keep
        }
        file = null;
    }
}
