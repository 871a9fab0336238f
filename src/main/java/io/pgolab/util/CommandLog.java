package io.pgolab.util;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Every external command pgolab runs, exactly as run (cwd, extra environment, argv), so a user can
 * repeat any step by hand. Printed as it happens with --verbose; kept for the results JSON.
 */
public final class CommandLog {
    private final List<String> entries = new ArrayList<>();
    private final Consumer<String> echo;

    public CommandLog(Consumer<String> echo) {
        this.echo = echo;
    }

    public static CommandLog silent() {
        return new CommandLog(s -> { });
    }

    public synchronized String record(Path cwd, Map<String, String> env, List<String> argv) {
        StringBuilder s = new StringBuilder();
        if (cwd != null) {
            s.append("(cd ").append(Shell.quote(cwd.toString())).append(" && ");
        }
        env.forEach((k, v) -> s.append(k).append('=').append(shown(v)).append(' '));
        s.append(Shell.join(argv));
        if (cwd != null) {
            s.append(')');
        }
        String line = s.toString();
        entries.add(line);
        echo.accept(line);
        return line;
    }

    /**
     * An environment value as a reader can see it: quoted for the shell, except a list separated by the
     * invisible unit separator 0x1f (cargo's CARGO_ENCODED_RUSTFLAGS), shown as its words in [ ],
     * separated by spaces and each quoted where needed. Only the display: the process gets the value as is.
     */
    static String shown(String value) {
        if (value.indexOf('\u001f') < 0) {
            return Shell.quote(value);
        }
        StringBuilder b = new StringBuilder("[");
        for (String w : value.split("\u001f", -1)) {
            b.append(b.length() > 1 ? " " : "").append(Shell.quote(w));
        }
        return b.append(']').toString();
    }

    public synchronized List<String> entries() {
        return List.copyOf(entries);
    }
}
