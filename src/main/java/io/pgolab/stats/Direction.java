package io.pgolab.stats;

/** Whether a smaller or a larger value of a metric is better. */
public enum Direction {
    LOWER_IS_BETTER, HIGHER_IS_BETTER;

    public static Direction of(boolean higherIsBetter) {
        return higherIsBetter ? HIGHER_IS_BETTER : LOWER_IS_BETTER;
    }

    public String json() {
        return this == LOWER_IS_BETTER ? "lower_is_better" : "higher_is_better";
    }
}
