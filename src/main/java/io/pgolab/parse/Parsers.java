package io.pgolab.parse;

import io.pgolab.UserError;
import java.util.List;

/** Registry of the built-in parsers (filled in by the parser work in progress). */
public final class Parsers {
    private Parsers() {
    }

    public static List<String> names() {
        return List.of();
    }

    public static OutputParser byName(String name) {
        throw new UserError("unknown parser '" + name + "'", "known parsers: " + String.join(", ", names()));
    }
}
