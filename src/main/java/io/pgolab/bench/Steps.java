package io.pgolab.bench;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.Variant;
import io.pgolab.toolchain.bolt.Bolt;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.Events;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** Which variants a bench compares and which steps a ladder climbs, when the user names none. */
public final class Steps {
    private Steps() {
    }

    /** The variants given, else the configured ones with release first: at least two. */
    public static List<Variant> forBench(List<Variant> given, Config config) {
        List<Variant> out = new ArrayList<>(given.isEmpty() ? config.variants() : given);
        if (given.isEmpty() && out.remove(Variant.RELEASE)) {
            out.add(0, Variant.RELEASE);
        }
        if (out.size() < 2) {
            throw new UserError("bench needs at least two variants", "list two or more in project.variants,"
                    + " or name them: pgolab bench release pgo");
        }
        return out;
    }

    /** The variants with the layout check's relinked pair after them (those not already named), when asked. */
    public static List<Variant> withLayoutCheck(List<Variant> variants, boolean layoutCheck) {
        List<Variant> out = new ArrayList<>(variants);
        if (layoutCheck) {
            Variant.LAYOUT_PAIR.stream().filter(v -> !out.contains(v)).forEach(out::add);
        }
        return out;
    }

    /** The steps given, else [project] ladder, else the default ladder without what cannot be built here. */
    public static List<Variant> forLadder(List<Variant> given, Config config, Toolchain toolchain, Events events) {
        List<Variant> steps = !given.isEmpty() ? given
                : !config.ladder().isEmpty() ? config.ladder() : buildable(toolchain, events, toolchain.ladder());
        if (steps.size() < 2) {
            throw new UserError("a ladder needs at least two steps", "e.g. pgolab ladder release pgo pgo+lto");
        }
        return steps;
    }

    /** The default ladder without the steps this toolchain cannot build here, each left out with its reason. */
    private static List<Variant> buildable(Toolchain toolchain, Events events, List<Variant> ladder) {
        List<Variant> out = new ArrayList<>();
        for (Variant v : ladder) {
            try {
                toolchain.require(v);
                if (v.bolt()) {
                    Bolt.locate(OptionalInt.empty());
                }
                out.add(v);
            } catch (UserError e) {
                events.warn("ladder: leaving out " + v + ": " + e.getMessage()
                        + (e.hint().isEmpty() ? "" : " (" + e.hint() + ")"));
            }
        }
        return out;
    }
}
