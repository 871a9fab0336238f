package io.pgolab.toolchain.llvm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A symbol ordering file as llvm-profdata order writes it: one symbol per line, '#' comment lines. */
public final class OrderFile {
    private OrderFile() {
    }

    public static List<String> symbols(Path file) {
        try {
            return Files.readAllLines(file).stream().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
