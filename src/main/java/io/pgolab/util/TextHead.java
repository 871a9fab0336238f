package io.pgolab.util;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The start of a text file, at most a given number of bytes, as UTF-8 (bad bytes replaced): for looking into
 * a project's files (a configure script, a Makefile, go.mod) without reading a hostile 3 GB one whole.
 */
public final class TextHead {
    /** What pgolab init reads of a project file: far more than any real build file (CPython's configure: 0.8 MB). */
    public static final int PROJECT_FILE = 8 << 20;

    private TextHead() {
    }

    public static String of(Path file, int maxBytes) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readNBytes(maxBytes), StandardCharsets.UTF_8);
        }
    }
}
