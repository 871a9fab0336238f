package io.pgolab.report.html;

import io.pgolab.measure.perf.Flamegraph;
import io.pgolab.report.Html;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A flamegraph as a standalone SVG (for a PR comment or an artifact): the same layout and colours as the report's
 * interactive one (flame.js), root at the bottom, children in name order; each frame's name, samples and share in
 * its {@code <title>} (shown on hover). Frames narrower than half a pixel are left out, their samples still in their
 * parent's width. With a base profile the graph is differential: the candidate's frames coloured by the change of
 * their own (self) share of all samples on the same call path, red for a larger share than in the base, blue for a
 * smaller one (as Gregg's difffolded graphs colour where the time moved), grey where the change is within the
 * sampling error ({@link SamplingError}); below the graph, the functions only the base has (the graph has the
 * candidate's shape, so they have no width in it).
 */
final class FlameSvg {
    static final int WIDTH = 1200;
    static final int ROW = 16;
    private static final int TOP = 36;

    /** A frame of the merged call tree: its samples with its callees', children by name. */
    static final class Node {
        final String name;
        long value;
        final Map<String, Node> kids = new TreeMap<>();

        Node(String name) {
            this.name = name;
        }

        /** Samples in this frame itself, not in its callees. */
        long self() {
            return value - kids.values().stream().mapToLong(k -> k.value).sum();
        }

        /** Levels below this frame that are wide enough to draw at scale (pixels per sample). */
        int depth(double scale) {
            return kids.values().stream().filter(k -> k.value * scale >= 0.5).mapToInt(k -> 1 + k.depth(scale)).max().orElse(0);
        }
    }

    private FlameSvg() {
    }

    static Node tree(Map<String, Long> stacks) {
        Node root = new Node("all");
        stacks.forEach((stack, n) -> {
            root.value += n;
            Node at = root;
            for (String f : stack.split(";", -1)) {
                at = at.kids.computeIfAbsent(f, Node::new);
                at.value += n;
            }
        });
        return root;
    }

    static String render(String title, Flamegraph profile, String baseName, Flamegraph base) {
        Node root = tree(profile.stacks());
        Node baseRoot = base == null ? null : tree(base.stacks());
        double maxDelta = baseRoot == null ? 0 : Math.max(1e-9, maxDelta(root, baseRoot, root.value, baseRoot.value));
        int depth = root.depth(WIDTH / (double) root.value);
        List<BaseOnly> gone = base == null ? List.of() : baseOnly(profile, base, LISTED);
        int listRows = gone.isEmpty() ? 0 : 1 + gone.size();
        int height = TOP + (depth + 1) * ROW + 24 + listRows * ROW + (baseRoot == null ? 0 : 14);
        StringBuilder s = new StringBuilder(64 * 1024);
        s.append(String.format(Locale.ROOT, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>%n<svg xmlns=\"http://www.w3.org/2000/svg\""
                + " width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"monospace\" font-size=\"11\">%n", WIDTH, height, WIDTH, height));
        s.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        s.append("<text x=\"").append(WIDTH / 2).append("\" y=\"18\" text-anchor=\"middle\" font-size=\"15\">")
                .append(Html.text(title)).append("</text>\n");
        s.append("<text x=\"").append(WIDTH / 2).append("\" y=\"32\" text-anchor=\"middle\" fill=\"#555\">")
                .append(Html.text(profile.describe() + (base == null ? ""
                        : "; red: larger share than in " + baseName + ", blue: smaller"))).append("</text>\n");
        if (baseRoot != null) {
            s.append("<text x=\"").append(WIDTH / 2).append("\" y=\"").append(TOP + 10).append("\" text-anchor=\"middle\" fill=\"#555\">")
                    .append(Html.text(SamplingError.describe(root.value, baseRoot.value))).append("</text>\n");
        }
        int top = baseRoot == null ? TOP : TOP + 14;
        Ctx c = new Ctx(root.value, baseRoot == null ? 0 : baseRoot.value, maxDelta, baseName, WIDTH / (double) root.value,
                top + depth * ROW);
        draw(s, c, root, baseRoot, 0, 0);
        int y = top + (depth + 1) * ROW + ROW;
        if (!gone.isEmpty()) {
            s.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"%d\" fill=\"#333\">%s</text>%n", y,
                    Html.text("Functions only in " + baseName + " (on none of this graph's stacks; e.g. inlined into their caller),"
                            + " by samples with callees:")));
            for (BaseOnly g : gone) {
                y += ROW;
                s.append(String.format(Locale.ROOT, "<text x=\"12\" y=\"%d\" fill=\"%s\">%s</text>%n", y,
                        g.beyond() ? "#0d47a1" : "#555", Html.text(g.line())));
            }
        }
        s.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"%d\" fill=\"#777\">generated by pgolab; hover a frame for its samples</text>%n",
                height - 6));
        return s.append("</svg>\n").toString();
    }

    /** What every frame's drawing needs: both totals, the largest change of share, the scale, the root's row. */
    private record Ctx(long total, long baseTotal, double maxDelta, String baseName, double scale, int bottom) {
    }

    private static void draw(StringBuilder s, Ctx c, Node n, Node base, int level, double x) {
        double w = n.value * c.scale();
        if (w < 0.5) {
            return;
        }
        int y = c.bottom() - level * ROW;
        double share = n.value / (double) c.total();
        String label = String.format(Locale.ROOT, "%s — %,d samples (%.2f%%)", n.name, n.value, share * 100);
        String fill = hot(n.name);
        if (base != null) {
            double baseShare = base.value / (double) c.baseTotal();
            double selfShare = n.self() / (double) c.total();
            double baseSelf = base.self() / (double) c.baseTotal();
            double delta = selfShare - baseSelf;
            boolean beyond = SamplingError.beyond(n.self(), c.total(), base.self(), c.baseTotal());
            fill = beyond ? diff(delta, c.maxDelta()) : NEUTRAL;
            label += String.format(Locale.ROOT, "; self %.2f%% in %s → %.2f%% (%+.2f points, %s ±%.2f), with callees %.2f%% → %.2f%%",
                    baseSelf * 100, c.baseName(), selfShare * 100, delta * 100, beyond ? "beyond" : "within",
                    100 * SamplingError.margin(n.self(), c.total(), base.self(), c.baseTotal()), baseShare * 100, share * 100);
        }
        s.append(String.format(Locale.ROOT, "<g><title>%s</title><rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"%s\"/>",
                Html.text(label), x, y, Math.max(0.5, w - 0.5), ROW - 1, fill));
        int fit = (int) ((w - 6) / 6.7);
        if (w > 28 && fit > 2) {
            String text = n.name.length() <= fit ? n.name : n.name.substring(0, Math.max(0, fit - 2)) + "..";
            s.append(String.format(Locale.ROOT, "<text x=\"%.2f\" y=\"%d\">%s</text>", x + 3, y + ROW - 4, Html.text(text)));
        }
        s.append("</g>\n");
        double at = x;
        for (Node k : n.kids.values()) {
            draw(s, c, k, base == null ? null : base.kids.getOrDefault(k.name, EMPTY), level + 1, at);
            at += k.value * c.scale();
        }
    }

    /** A frame the base does not have: share 0 (its own children are empty too). */
    private static final Node EMPTY = new Node("");

    /** The grey of a frame whose change is within the sampling error (or none). */
    static final String NEUTRAL = "rgb(235,235,235)";
    /** How many of the frames only the base has the SVG lists. */
    static final int LISTED = 10;

    /** The largest change of self share beyond the sampling error: it gets the full colour. */
    private static double maxDelta(Node n, Node base, long total, long baseTotal) {
        double d = SamplingError.beyond(n.self(), total, base.self(), baseTotal)
                ? Math.abs(n.self() / (double) total - base.self() / (double) baseTotal) : 0;
        for (Node k : n.kids.values()) {
            d = Math.max(d, maxDelta(k, base.kids.getOrDefault(k.name, EMPTY), total, baseTotal));
        }
        return d;
    }

    /**
     * A function on the base's stacks that is on none of the candidate's (inlined into its caller, or no longer
     * called): its samples with its callees in the base and their share, and whether losing that share is beyond the
     * sampling error. By function, not call path: a function reached by another path in the candidate (a stack
     * unwound deeper, say) is still there.
     */
    record BaseOnly(String function, long samples, double share, boolean beyond) {
        String line() {
            return String.format(Locale.ROOT, "%s — %,d samples (%.2f%%)%s", function, samples, share * 100,
                    beyond ? "" : ", within the sampling error");
        }
    }

    /** The functions only the base has, most samples (with callees) first, at most max. */
    static List<BaseOnly> baseOnly(Flamegraph candidate, Flamegraph base, int max) {
        Map<String, double[]> c = FlameShares.of(candidate);
        long n = FlameShares.samples(candidate);
        long n0 = FlameShares.samples(base);
        List<BaseOnly> out = new ArrayList<>();
        FlameShares.of(base).forEach((function, share) -> {
            if (!c.containsKey(function)) {
                long k = Math.round(share[1] * n0);
                out.add(new BaseOnly(function, k, share[1], SamplingError.beyond(0, n, k, n0)));
            }
        });
        out.sort(Comparator.comparingLong(BaseOnly::samples).reversed().thenComparing(BaseOnly::function));
        return out.subList(0, Math.min(max, out.size()));
    }

    /** flamegraph.pl's "hot" palette, from a hash of the name (the same as flame.js). */
    static String hot(String name) {
        long h = 0;
        for (int i = 0; i < name.length(); i++) {
            h = (h * 31 + name.charAt(i)) & 0xffffffffL;
        }
        double a = (h % 1000) / 1000.0;
        double b = ((h >>> 10) % 1000) / 1000.0;
        if (name.startsWith("[")) {
            return String.format(Locale.ROOT, "rgb(%d,%d,%d)", Math.round(190 + 40 * a), Math.round(190 + 40 * a), Math.round(80 + 40 * b));
        }
        return String.format(Locale.ROOT, "rgb(%d,%d,%d)", Math.round(205 + 50 * a), Math.round(80 + 150 * b), Math.round(55 * a));
    }

    static String diff(double delta, double maxDelta) {
        double t = Math.sqrt(Math.min(1, Math.abs(delta) / maxDelta)); // as flame.js: smaller changes still show
        long c = Math.round(235 - 180 * t);
        if (delta > 0) {
            return "rgb(255," + c + "," + c + ")";
        }
        return delta < 0 ? "rgb(" + c + "," + c + ",255)" : NEUTRAL;
    }
}
