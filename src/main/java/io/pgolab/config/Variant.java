package io.pgolab.config;

import io.pgolab.UserError;
import io.pgolab.util.Strings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A build variant: a named combination of optimization steps. The name is what users type
 * ("pgo+lto"); the steps say what the toolchain must do. A profile-guided variant can name the
 * training profile it is built with: "pgo@server" uses only the [[train]] workloads tagged
 * profile = "server"; plain "pgo" uses all of them, merged by weight.
 *
 * <p>Steps on top of pgo: "cs" (context-sensitive PGO: the PGO build instrumented a second time after
 * inlining, trained again, both profiles merged), "mfs" (machine function splitting: the cold blocks of hot
 * functions moved out, driven by the profile) and "order" (the functions laid out in the order the
 * training first ran them, from the profile's temporal traces, by the linker). The JVM's steps stand alone:
 * "cds" (a dynamic AppCDS archive), "aot" (the JDK's ahead-of-time cache) and "native-pgo" (GraalVM
 * native image built with a profile), each trained on the [[train]] workloads.
 *
 * <p>"relink-N" (N = 1..9999) is the layout check's variant: the release build with every function in a
 * section of its own (-ffunction-sections), linked by lld with the functions in the order a seeded shuffle
 * gives (--shuffle-sections, seed N). Two of them differ only in where the code lies, so what one gains over
 * the other is layout noise, the yardstick for a PGO gain (Mytkowicz et al., ASPLOS 2009).
 */
public record Variant(String name, Set<Step> steps, String profileSet, int layoutSeed) {

    /** One optimization step, in the order a variant's name lists them. */
    public enum Step {
        PGO("pgo"), LTO("lto"), CS("cs"), MFS("mfs"), ORDER("order"), BOLT("bolt"),
        CDS("cds"), AOT("aot"), NATIVE_PGO("native-pgo");

        private final String id;

        Step(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        /** Steps that only exist on top of pgo. */
        boolean needsPgo() {
            return this == CS || this == MFS || this == ORDER;
        }

        /** The JVM's steps, which combine with nothing. */
        public boolean jvm() {
            return this == CDS || this == AOT || this == NATIVE_PGO;
        }

        static Optional<Step> byId(String id) {
            return Arrays.stream(values()).filter(s -> s.id.equals(id)).findFirst();
        }
    }

    public static final Variant RELEASE = of(Set.of());
    public static final Variant LTO = of(Set.of(Step.LTO));
    public static final Variant PGO = of(Set.of(Step.PGO));
    public static final Variant PGO_LTO = of(Set.of(Step.PGO, Step.LTO));
    public static final Variant BOLT = of(Set.of(Step.BOLT));
    public static final Variant PGO_BOLT = of(Set.of(Step.PGO, Step.BOLT));
    public static final Variant PGO_LTO_BOLT = of(Set.of(Step.PGO, Step.LTO, Step.BOLT));
    public static final Variant PGO_CS = of(Set.of(Step.PGO, Step.CS));
    public static final Variant PGO_LTO_CS = of(Set.of(Step.PGO, Step.LTO, Step.CS));
    public static final Variant PGO_MFS = of(Set.of(Step.PGO, Step.MFS));
    public static final Variant PGO_ORDER = of(Set.of(Step.PGO, Step.ORDER));
    public static final Variant CDS = of(Set.of(Step.CDS));
    public static final Variant AOT = of(Set.of(Step.AOT));
    public static final Variant NATIVE_PGO = of(Set.of(Step.NATIVE_PGO));

    /** The prefix of the layout check's variants: relink-1, relink-2, ... */
    public static final String RELINK = "relink-";
    private static final int MAX_SEED = 9999;

    /** The two relinked release builds of the layout check (bench --layout-check). */
    public static final List<Variant> LAYOUT_PAIR = List.of(relink(1), relink(2));

    public Variant {
        steps = steps.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(steps));
    }

    /** The variant of these steps, named by them ("release" for none). */
    public static Variant of(Set<Step> steps) {
        return new Variant(nameOf(steps), steps, "", 0);
    }

    private static String nameOf(Set<Step> steps) {
        if (steps.isEmpty()) {
            return "release";
        }
        return String.join("+", EnumSet.copyOf(steps).stream().map(Step::id).toList());
    }

    /** The release build linked with its functions shuffled by this seed (1..9999). */
    public static Variant relink(int seed) {
        if (seed < 1 || seed > MAX_SEED) {
            throw new IllegalArgumentException("relink seed " + seed);
        }
        return new Variant(RELINK + seed, Set.of(), "", seed);
    }

    public boolean has(Step step) {
        return steps.contains(step);
    }

    public boolean lto() {
        return has(Step.LTO);
    }

    /** True when the build reads a profile from the [[train]] workloads (pgo and everything on top of it). */
    public boolean pgo() {
        return has(Step.PGO);
    }

    public boolean bolt() {
        return has(Step.BOLT);
    }

    /** Context-sensitive PGO: a second instrumented build and training on top of the PGO profile. */
    public boolean cs() {
        return has(Step.CS);
    }

    /** Machine function splitting. */
    public boolean mfs() {
        return has(Step.MFS);
    }

    /** Function order from the profile's temporal traces, given to the linker. */
    public boolean order() {
        return has(Step.ORDER);
    }

    /** A JVM step: cds, aot or native-pgo. */
    public boolean jvm() {
        return steps.stream().anyMatch(Step::jvm);
    }

    /** True when the variant is trained on the [[train]] workloads: pgo and its steps, or a JVM step. */
    public boolean trained() {
        return pgo() || jvm();
    }

    /** True for relink-N, the layout check's builds. */
    public boolean relinked() {
        return layoutSeed > 0;
    }

    /** The variants this version of pgolab can build (on some toolchain). */
    public static final List<Variant> KNOWN = List.of(RELEASE, LTO, PGO, PGO_LTO, BOLT, PGO_BOLT, PGO_LTO_BOLT,
            PGO_CS, PGO_LTO_CS, PGO_MFS, PGO_ORDER, CDS, AOT, NATIVE_PGO);

    /**
     * Every variant name for native toolchains, as help texts and starter configs list them (HelpTest checks
     * that build --help and the starter config name every Step and relink-N).
     */
    public static final String NATIVE_NAMES = "release, lto, pgo, pgo+lto, bolt, pgo+bolt, pgo+lto+bolt; on top of pgo"
            + " +cs, +mfs, +order in any combination (cs and order: clang; mfs: clang, cargo), e.g. pgo+lto+cs+mfs+bolt;"
            + " relink-N (the layout check)";
    /** ... and with the profile sets and the JVM's steps: what 'pgolab build --help' lists. */
    public static final String ALL_NAMES = NATIVE_NAMES + "; pgo...@TAG (a profile set); JVM: cds, aot, native-pgo";

    /** The default optimization ladder of 'pgolab ladder' (gcc, cargo; go and clang have their own). */
    public static final List<Variant> LADDER = List.of(RELEASE, LTO, PGO, PGO_LTO, PGO_LTO_BOLT);

    /**
     * Clang's default ladder: the common one with context-sensitive PGO and machine function splitting
     * climbed on top of pgo+lto, and BOLT on top of the context-sensitive build (BOLT reorders and splits
     * functions itself, so it is not stacked on mfs).
     */
    public static final List<Variant> CLANG_LADDER = List.of(RELEASE, LTO, PGO, PGO_LTO, PGO_LTO_CS,
            of(Set.of(Step.PGO, Step.LTO, Step.CS, Step.MFS)), of(Set.of(Step.PGO, Step.LTO, Step.CS, Step.BOLT)));

    /**
     * "pgo", "pgo+lto", "lto+pgo+cs" (steps in any order), "cds", or a profile-tagged form such as
     * "pgo@server"; empty when unknown or not a valid combination.
     */
    public static Optional<Variant> byName(String name) {
        String n = name.trim().toLowerCase();
        int at = n.indexOf('@');
        String tag = at < 0 ? "" : n.substring(at + 1);
        String base = at < 0 ? n : n.substring(0, at);
        if (at < 0 && n.matches("relink-[1-9][0-9]{0,3}")) {
            return Optional.of(relink(Integer.parseInt(n.substring(RELINK.length()))));
        }
        Optional<Set<Step>> steps = steps(base);
        if (steps.isEmpty() || combinationProblem(steps.get()).isPresent()) {
            return Optional.empty();
        }
        Variant v = known(steps.get());
        if (at < 0) {
            return Optional.of(v);
        }
        return v.trained() && isProfileName(tag) ? Optional.of(v.withProfileSet(tag)) : Optional.empty();
    }

    /** The steps a base name lists ("release" is none); empty when a word is no step or a step repeats. */
    private static Optional<Set<Step>> steps(String base) {
        if (base.equals("release")) {
            return Optional.of(Set.of());
        }
        EnumSet<Step> out = EnumSet.noneOf(Step.class);
        for (String word : base.split("\\+", -1)) {
            Optional<Step> s = Step.byId(word.trim());
            if (s.isEmpty() || !out.add(s.get())) {
                return Optional.empty();
            }
        }
        return Optional.of(out);
    }

    /** Why these steps do not make a variant, if they do not. */
    private static Optional<String> combinationProblem(Set<Step> steps) {
        boolean jvm = steps.stream().anyMatch(Step::jvm);
        if (jvm && steps.size() > 1) {
            return Optional.of("the JVM's steps (cds, aot, native-pgo) are variants of their own and combine with nothing");
        }
        if (!steps.contains(Step.PGO)) {
            Optional<Step> needs = steps.stream().filter(Step::needsPgo).findFirst();
            if (needs.isPresent()) {
                return Optional.of("'" + needs.get().id() + "' is a step on top of pgo (it reads the profile): pgo+"
                        + needs.get().id());
            }
        }
        return Optional.empty();
    }

    /** The constant for these steps when there is one (so known variants stay the same objects). */
    private static Variant known(Set<Step> steps) {
        for (Variant k : KNOWN) {
            if (k.steps.equals(steps)) {
                return k;
            }
        }
        return of(steps);
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
        String base = at < 0 ? n : n.substring(0, at);
        String tag = at < 0 ? "" : n.substring(at + 1);
        Optional<Set<Step>> steps = steps(base);
        Optional<String> problem = steps.flatMap(Variant::combinationProblem);
        String why;
        if (base.contains("relink")) {
            why = "the layout check's variants are relink-1 to relink-" + MAX_SEED + " (the release build linked"
                    + " with its functions in a seeded random order), with no +step or @profile; ";
        } else if (problem.isPresent()) {
            why = problem.get() + "; ";
        } else if (steps.isPresent() && !known(steps.get()).trained()) {
            why = "'" + known(steps.get()).name + "' uses no profile, so it takes no @" + tag + "; ";
        } else if (steps.isPresent()) {
            why = "'" + tag + "' is not a usable profile name (letters, digits, '.', '_' and '-'); ";
        } else {
            why = Strings.closest(base, knownNames())
                    .map(k -> "did you mean '" + (tag.isEmpty() || !byName(k).orElseThrow().trained() ? k : k + "@" + tag) + "'? ")
                    .orElse("");
        }
        return new UserError("unknown variant '" + name + "'", why + "known variants: " + String.join(", ", knownNames())
                + "; steps combine in any order (pgo+lto+cs+mfs+order+bolt); a profile-guided variant can name a"
                + " training profile: pgo@NAME; the layout check: relink-1, relink-2, ...");
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
        return new Variant(set.isEmpty() ? base : base + "@" + set, steps, set, layoutSeed);
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
        return without(Step.BOLT);
    }

    /** The same variant without this step (and with the same profile set). */
    public Variant without(Step step) {
        if (!has(step)) {
            return this;
        }
        EnumSet<Step> rest = EnumSet.noneOf(Step.class);
        rest.addAll(steps);
        rest.remove(step);
        return known(rest).withProfileSet(profileSet);
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
