package io.pgolab.config;

import java.util.List;
import java.util.Optional;

/**
 * A build variant: a named combination of optimizations. The name is what users type
 * ("pgo+lto"); the flags say what the toolchain must do.
 */
public record Variant(String name, boolean lto, boolean pgo) {

    public static final Variant RELEASE = new Variant("release", false, false);
    public static final Variant LTO = new Variant("lto", true, false);
    public static final Variant PGO = new Variant("pgo", false, true);
    public static final Variant PGO_LTO = new Variant("pgo+lto", true, true);

    /** The variants this version of pgolab can build, in ladder order. */
    public static final List<Variant> KNOWN = List.of(RELEASE, LTO, PGO, PGO_LTO);

    public static Optional<Variant> byName(String name) {
        String n = name.trim().toLowerCase();
        if (n.equals("lto+pgo")) {
            n = "pgo+lto";
        }
        for (Variant v : KNOWN) {
            if (v.name.equals(n)) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    public static List<String> knownNames() {
        return KNOWN.stream().map(Variant::name).toList();
    }

    /** Directory-safe form of the name ("pgo+lto" stays readable; '+' is legal in paths). */
    public String dirName() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }
}
