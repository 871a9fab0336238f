package io.pgolab.report;

import io.pgolab.UserError;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a command's results go: the terminal (the {@link Exporter#text() text} exporter on stdout) and every file
 * asked for, each with its exporter. The one place results are written; a new format (HTML) is one more
 * {@link #to} here and one more option in the CLI.
 */
public final class Exports {
    private record Target(Path file, Exporter exporter) {
    }

    private final Path workDir;
    private final PrintStream terminal;
    private final List<Target> files = new ArrayList<>();

    private Exports(Path workDir, PrintStream terminal) {
        this.workDir = workDir;
        this.terminal = terminal;
    }

    /** The terminal only; files are added with {@link #to}. Relative paths are resolved against workDir. */
    public static Exports of(Path workDir, PrintStream terminal) {
        return new Exports(workDir, terminal);
    }

    /** --json, --markdown and --csv as given (null when not asked), with the terminal on System.out. */
    public static Exports of(Path workDir, Path json, Path markdown, Path csv) {
        return of(workDir, System.out).to(json, Exporter.json()).to(markdown, Exporter.markdown())
                .to(csv, Exporter.csv());
    }

    /** Also writes FILE with this exporter; a null FILE (option not given) adds nothing. */
    public Exports to(Path file, Exporter exporter) {
        if (file != null) {
            files.add(new Target(workDir.resolve(file), exporter));
        }
        return this;
    }

    /** Prints the terminal output, then writes every file, in the order they were added. */
    public void write(Results r) {
        print(r);
        for (Target t : files) {
            write(t.file(), t.exporter().render(r));
            t.exporter().besides(r).forEach((suffix, text) -> write(FlameFiles.beside(t.file(), suffix), text));
        }
    }

    /** The terminal output alone (demo prints its builds' table before it measures). */
    public void print(Results r) {
        terminal.print(Exporter.text().render(r));
        terminal.flush();
    }

    /** The files written, absolute. */
    public List<Path> files() {
        return files.stream().map(Target::file).toList();
    }

    /** In one piece: a temporary file renamed over FILE, so a crash never leaves half a report. */
    static void write(Path file, String text) {
        write(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** What writes a file's bytes as they are produced (a merged file can be too large to hold as one String). */
    @FunctionalInterface
    interface Body {
        void writeTo(java.io.OutputStream out) throws IOException;
    }

    /** As {@link #write(Path, String)}, the bytes written by body. */
    static void write(Path file, Body body) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try (java.io.OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(tmp))) {
                body.writeTo(out);
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the error below is what matters
            }
            throw new UserError("cannot write " + file + ": " + reason(e), "pass a path in a writable directory");
        }
    }

    /** NIO's messages are often the bare path (of the temporary file, even): say what went wrong instead. */
    static String reason(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage();
    }
}
