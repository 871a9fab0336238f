package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import io.pgolab.util.Strings;
import java.util.ArrayList;
import java.util.List;

/** Variant names given on the command line. */
final class VariantArgs {
    private VariantArgs() {
    }

    static List<Variant> parse(List<String> names) {
        List<Variant> out = new ArrayList<>();
        for (String n : names) {
            Variant v = Variant.byName(n).orElseThrow(() -> new UserError("unknown variant '" + n + "'",
                    Strings.closest(n, Variant.knownNames()).map(k -> "did you mean '" + k + "'? ").orElse("")
                            + "known variants: " + String.join(", ", Variant.knownNames())));
            if (out.contains(v)) {
                throw new UserError("variant '" + v + "' is named twice ('" + n + "' is the same variant)",
                        "name each variant once");
            }
            out.add(v);
        }
        return out;
    }
}
