package io.pgolab.config;

import io.pgolab.UserError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Collects every problem in a config file so the user sees them all at once, compiler style. */
final class ConfigProblems {
    private final Path file;
    private final List<String> lines = new ArrayList<>();

    ConfigProblems(Path file) {
        this.file = file;
    }

    void add(int line, String key, String message, String fix) {
        StringBuilder s = new StringBuilder();
        s.append(file).append(':').append(line > 0 ? line : 1).append(": ");
        if (!key.isEmpty()) {
            s.append("key '").append(key).append("': ");
        }
        s.append(message);
        if (!fix.isEmpty()) {
            s.append("\n    fix: ").append(fix);
        }
        lines.add(s.toString());
    }

    boolean isEmpty() {
        return lines.isEmpty();
    }

    void throwIfAny() {
        if (!lines.isEmpty()) {
            throw toError();
        }
    }

    /** All problems so far as one UserError. */
    UserError toError() {
        String head = lines.size() == 1 ? "invalid config" : "invalid config (" + lines.size() + " problems)";
        return new UserError(head + "\n" + String.join("\n", lines),
                "see docs/config.md for every key, or run 'pgolab init' in an empty directory for a starter file");
    }
}
