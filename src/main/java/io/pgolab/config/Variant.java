package io.pgolab.config;

import java.util.List;
import java.util.Optional;

/**
 * A build variant: a named combination of optimizations. The name is what users type
 * ("pgo+lto"); the flags say what the toolchain must do. A profile-guided variant can name the
 * training profile it is built with: "pgo@server" uses only the [[train]] workloads tagged
 * profile = "server"; plain "pgo" uses all of them, merged by weight.
 */
public record Variant(String name, boolean lto, boolean pgo, boolean bolt, String profileSet) {

    public static final Variant RELEASE = new Variant("release", false, false, false, "");
    public static final Variant LTO = new Variant("lto", true, false, false, "");
    public static final Variant PGO = new Variant("pgo", false, true, false, "");
    public static final Variant PGO_LTO = new Variant("pgo+lto", true, true, false, "");
    public static final Variant BOLT = new Variant("bolt", false, false, true, "");
    public static final Variant PGO_BOLT = new Variant("pgo+bolt", false, true, true, "");
    public static final Variant PGO_LTO_BOLT = new Variant("pgo+lto+bolt", true, true, true, "");

    /** The variants this version of pgolab can build. */
    public static final List<Variant> KNOWN = List.of(RELEASE, LTO, PGO, PGO_LTO, BOLT, PGO_BOLT, PGO_LTO_BOLT);

    /** The default optimization ladder of 'pgolab ladder'. */
    public static final List<Variant> LADDER = List.of(RELEASE, LTO, PGO, PGO_LTO, PGO_LTO_BOLT);

    /** "pgo", "pgo+lto", or a profile-tagged form such as "pgo@server"; empty when unknown. */
    public static Optional<Variant> byName(String name) {
        String n = name.trim().toLowerCase();
        int at = n.indexOf('@');
        String tag = at < 0 ? "" : n.substring(at + 1);
        String base = normalize(at < 0 ? n : n.substring(0, at));
        for (Variant v : KNOWN) {
            if (v.name.equals(base)) {
                if (tag.isEmpty()) {
                    return Optional.of(v);
                }
                return v.pgo && tag.matches("[a-z0-9._-]+")
                        ? Optional.of(new Variant(base + "@" + tag, v.lto, v.pgo, v.bolt, tag)) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static String normalize(String base) {
        return switch (base) {
            case "lto+pgo" -> "pgo+lto";
            case "bolt+pgo" -> "pgo+bolt";
            case "lto+pgo+bolt", "pgo+bolt+lto", "bolt+pgo+lto", "bolt+lto+pgo", "lto+bolt+pgo" -> "pgo+lto+bolt";
            default -> base;
        };
    }

    public static List<String> knownNames() {
        return KNOWN.stream().map(Variant::name).toList();
    }

    /** The name without a profile tag: "pgo@server" gives "pgo". */
    public String baseName() {
        int at = name.indexOf('@');
        return at < 0 ? name : name.substring(0, at);
    }

    /** The variant BOLT starts from: the same build without BOLT ("pgo+lto+bolt" gives "pgo+lto"). */
    public Variant withoutBolt() {
        if (!bolt) {
            return this;
        }
        String base = baseName().replace("+bolt", "");
        String n = base.equals("bolt") ? "release" : base;
        return new Variant(profileSet.isEmpty() ? n : n + "@" + profileSet, lto, pgo, false, profileSet);
    }

    /** Directory-safe form of the name ("pgo+lto" stays readable; '+' and '@' are legal in paths). */
    public String dirName() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }
}
