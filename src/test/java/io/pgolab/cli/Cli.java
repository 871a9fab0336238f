package io.pgolab.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs pgolab in-process and captures what it prints. */
public final class Cli {
    public record Result(int exitCode, String out, String err) {
        public String all() {
            return out + err;
        }
    }

    public static Result run(Path dir, String... args) {
        List<String> a = new ArrayList<>(List.of("-C", dir.toString()));
        a.addAll(List.of(args));
        return raw(a.toArray(String[]::new));
    }

    /** pgolab run on exactly these arguments. */
    public static synchronized Result raw(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = Main.run(args);
            return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
