package io.pgolab.report.json;

/**
 * p-values as written: never 0. A Mann-Whitney p-value of many clearly separated rounds is below what a double
 * holds and comes out as 0 (and constant, different deterministic counts have p 0 by construction); a p-value of 0
 * would claim certainty, so anything below {@link #FLOOR} is written as the floor, marked as an upper bound.
 */
final class PValues {
    /** The smallest p-value written; smaller ones are written as "p < 1e-300". */
    static final double FLOOR = 1e-300;

    private PValues() {
    }

    /** p, or the floor when p is below it (0 included). */
    static double written(double p) {
        return p < FLOOR ? FLOOR : p;
    }

    /** true when the written p-value is the floor standing for a smaller one; null (the key left out) otherwise. */
    static Boolean upperBound(double p) {
        return p < FLOOR ? Boolean.TRUE : null;
    }
}
