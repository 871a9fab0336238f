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
 *
 * <p>"relink-N" (N = 1..9999) is the layout check's variant: the release build with every function in a
 * section of its own (-ffunction-sections), linked by lld with the functions in the order a seeded shuffle
 * gives (--shuffle-sections, seed N). Two of them differ only in where the code lies, so what one gains over
 * the other is layout noise, the yardstick for a PGO gain (Mytkowicz et al., ASPLOS 2009).
 */
public record Variant(String name, boolean lto, boolean pgo, boolean bolt, String profileSet, int layoutSeed) {

    public static final Variant RELEASE = new Variant("release", false, false, false, "");
    public static final Variant LTO = new Variant("lto", true, false, false, "");
    public static final Variant PGO = new Variant("pgo", false, true, false, "");
    public static final Variant PGO_LTO = new Variant("pgo+lto", true, true, false, "");
    public static final Variant BOLT = new Variant("bolt", false, false, true, "");
    public static final Variant PGO_BOLT = new Variant("pgo+bolt", false, true, true, "");
    public static final Variant PGO_LTO_BOLT = new Variant("pgo+lto+bolt", true, true, true, "");

    /** The prefix of the layout check's variants: relink-1, relink-2, ... */
    public static final String RELINK = "relink-";
    private static final int MAX_SEED = 9999;

    /** The two relinked release builds of the layout check (bench --layout-check). */
    public static final List<Variant> LAYOUT_PAIR = List.of(relink(1), relink(2));

    public Variant(String name, boolean lto, boolean pgo, boolean bolt, String profileSet) {
        this(name, lto, pgo, bolt, profileSet, 0);
    }

    /** The release build linked with its functions shuffled by this seed (1..9999). */
    public static Variant relink(int seed) {
        if (seed < 1 || seed > MAX_SEED) {
            throw new IllegalArgumentException("relink seed " + seed);
        }
        return new Variant(RELINK + seed, false, false, false, "", seed);
    }

    /** True for relink-N, the layout check's builds. */
    public boolean relinked() {
        return layoutSeed > 0;
    }

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
        if (at < 0 && n.matches("relink-[1-9][0-9]{0,3}")) {
            return Optional.of(relink(Integer.parseInt(n.substring(RELINK.length()))));
        }
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
        if (base.contains("relink")) {
            why = "the layout check's variants are relink-1 to relink-" + MAX_SEED + " (the release build linked"
                    + " with its functions in a seeded random order), with no +step or @profile; ";
        } else if (known.isPresent() && !known.get().pgo) {
            why = "'" + base + "' uses no profile, so it takes no @" + tag + "; ";
        } else if (known.isPresent()) {
            why = "'" + tag + "' is not a usable profile name (letters, digits, '.', '_' and '-'); ";
        } else {
            why = Strings.closest(base, knownNames())
                    .map(k -> "did you mean '" + (tag.isEmpty() || !byName(k).orElseThrow().pgo ? k : k + "@" + tag) + "'? ")
                    .orElse("");
        }
        return new UserError("unknown variant '" + name + "'", why + "known variants: " + String.join(", ", knownNames())
                + "; a profile-guided variant can name a training profile: pgo@NAME; the layout check: relink-1, relink-2, ...");
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
        return new Variant(set.isEmpty() ? base : base + "@" + set, lto, pgo, bolt, set, layoutSeed);
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
