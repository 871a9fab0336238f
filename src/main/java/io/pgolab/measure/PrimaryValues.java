package io.pgolab.measure;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Each subject's values of the primary metrics in its measured runs so far, in run order (the runs that
 * have the metric, as {@link CampaignResult#samples}), appended after every run: the stopping rule reads them
 * after every round, and scanning all runs instead cost time in proportion to the campaign's length.
 */
final class PrimaryValues {
    private final List<String> metrics;
    private final Map<String, Series> series = new HashMap<>();

    PrimaryValues(List<String> metrics) {
        this.metrics = List.copyOf(metrics);
    }

    void add(String label, Map<String, Double> run) {
        for (String m : metrics) {
            Double v = run.get(m);
            if (v != null) {
                series.computeIfAbsent(label + '\0' + m, k -> new Series()).add(v);
            }
        }
    }

    double[] values(String label, String metric) {
        Series s = series.get(label + '\0' + metric);
        return s == null ? new double[0] : Arrays.copyOf(s.values, s.size);
    }

    private static final class Series {
        double[] values = new double[64];
        int size;

        void add(double v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }
    }
}
