package io.pgolab.cli;

import io.pgolab.UserError;
import java.nio.file.Files;
import java.nio.file.Path;

/** The directory 'pgolab init' looks at. */
final class InitDir {
    private InitDir() {
    }

    /**
     * The directory init looks at, when it is one: a name that is not valid in this system's encoding (bytes that are
     * not UTF-8 under a UTF-8 locale, any non-ASCII byte under LANG=C) reaches Java as U+FFFD and names nothing.
     */
    static Path of(Path dir) {
        if (Files.isDirectory(dir)) {
            return dir;
        }
        if (dir.toString().indexOf('\uFFFD') >= 0) {
            throw new UserError("the path of this directory, " + dir + ", is not valid " + System.getProperty("sun.jnu.encoding",
                    "text") + " (a byte that is not a character; shown as \uFFFD)",
                    "rename the directory to a UTF-8 name (convmv -f latin1 -t utf8 -r --notest DIR), and run pgolab under a"
                            + " UTF-8 locale (LANG=C.UTF-8)");
        }
        throw new UserError("no directory " + dir, "run pgolab init in the project's directory, or pass -C DIR");
    }
}
