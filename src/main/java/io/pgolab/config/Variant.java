package io.pgolab.config;

import io.pgolab.UserError;
import io.pgolab.util.Strings;
import java.util.ArrayList;
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
                if (at < 0) {
                    return Optional.of(v);
                }
                return v.pgo && isProfileName(tag) ? Optional.of(v.withProfileSet(tag)) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * The variant a user names, on the command line or in the config ("pgo+lto", "LTO+PGO", "pgo@server").
     * Throws a UserError "unknown variant 'NAME'" whose hint suggests the closest name and lists the known ones.
     */
    public static Variant parse(String name) {
        return byName(name).orElseThrow(() -> unknown(name));
    }

    /**
     * The variants named, in order. Throws a UserError at the first unknown name (see parse) or at a
     * variant named twice, also under another spelling ("variant 'pgo+lto' is named twice").
     */
    public static List<Variant> parseAll(List<String> names) {
        List<Variant> out = new ArrayList<>();
        for (String n : names) {
            Variant v = parse(n);
            if (out.contains(v)) {
                throw new UserError("variant '" + v + "' is named twice ('" + n + "' is the same variant)",
                        "name each variant once");
            }
            out.add(v);
        }
        return out;
    }

    private static UserError unknown(String name) {
        String n = name.trim().toLowerCase();
        int at = n.indexOf('@');
        String base = normalize(at < 0 ? n : n.substring(0, at));
        String tag = at < 0 ? "" : n.substring(at + 1);
        Optional<Variant> known = KNOWN.stream().filter(v -> v.name.equals(base)).findFirst();
        String why;
        if (known.isPresent() && !known.get().pgo) {
            why = "'" + base + "' uses no profile, so it takes no @" + tag + "; ";
        } else if (known.isPresent()) {
            why = "'" + tag + "' is not a usable profile name (letters, digits, '.', '_' and '-'); ";
        } else {
            why = Strings.closest(base, knownNames())
                    .map(k -> "did you mean '" + (tag.isEmpty() || !byName(k).orElseThrow().pgo ? k : k + "@" + tag) + "'? ")
                    .orElse("");
        }
        return new UserError("unknown variant '" + name + "'", why + "known variants: " + String.join(", ", knownNames())
                + "; a profile-guided variant can name a training profile: pgo@NAME");
    }

    /** A usable profile set name (the TAG of pgo@TAG, the profile key of [[train]]), lower case. */
    public static boolean isProfileName(String tag) {
        return tag.matches("[a-z0-9._-]+");
    }

    /** The same variant built with a profile set's profile: PGO.withProfileSet("server") is "pgo@server". */
    public Variant withProfileSet(String set) {
        if (set.equals(profileSet)) {
            return this;
        }
        String base = baseName();
        return new Variant(set.isEmpty() ? base : base + "@" + set, lto, pgo, bolt, set);
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
        Variant base = KNOWN.stream().filter(k -> !k.bolt && k.lto == lto && k.pgo == pgo).findFirst().orElseThrow();
        return base.withProfileSet(profileSet);
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
