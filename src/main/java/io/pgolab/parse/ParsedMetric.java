package io.pgolab.parse;

/**
 * One figure read from a workload's output, e.g. GET requests per second. A parser that knows how
 * many operations the run did reports them as the metric named {@link #OPERATIONS}, so the
 * engine can give per-operation figures (cpu/op).
 */
public record ParsedMetric(String name, double value, String unit, boolean higherIsBetter) {
    /** The number of operations the run performed (requests, transactions, ...). */
    public static final String OPERATIONS = "operations";
}
