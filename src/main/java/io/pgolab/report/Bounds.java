package io.pgolab.report;

import java.util.Locale;

/**
 * Confidence bounds as printed: one decimal, or more when one decimal would put a bound on the other side of (or
 * right on) a line the verdict is drawn at: 0 and ± the minimum effect. A bound of +0.98% with a 1% minimum effect is
 * printed "+0.98%", never "+1.0%", so the table never seems to contradict a no_change verdict; a bound of -0.04% is
 * "-0.04%", not "-0.0%". At most {@link #MAX_DECIMALS} decimals.
 */
public final class Bounds {
    static final int MAX_DECIMALS = 4;
    /** A bound this close to a line is on it (floating-point noise of ratio − 1). */
    private static final double ON_THE_LINE = 1e-9;

    private Bounds() {
    }

    /** The decimals that keep every bound (percent) on its own side of 0 and ± minEffectPercent: 1 to 4. */
    public static int decimals(double minEffectPercent, double... boundsPercent) {
        double[] lines = {0, minEffectPercent, -minEffectPercent};
        for (int d = 1; d < MAX_DECIMALS; d++) {
            if (keepsSides(d, lines, boundsPercent)) {
                return d;
            }
        }
        return MAX_DECIMALS;
    }

    private static boolean keepsSides(int decimals, double[] lines, double[] bounds) {
        for (double b : bounds) {
            double shown = Double.parseDouble(String.format(Locale.ROOT, "%." + decimals + "f", b));
            for (double line : lines) {
                if (Math.abs(b - line) < ON_THE_LINE) {
                    continue;
                }
                if (b > line ? shown <= line : shown >= line) {
                    return false;
                }
            }
        }
        return true;
    }

    /** "+0.98" with decimals 2: a signed bound (percent), without the % sign. */
    public static String signed(double percent, int decimals) {
        return String.format(Locale.ROOT, "%+." + decimals + "f", percent);
    }
}
