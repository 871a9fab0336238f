package io.pgolab.measure;

import io.pgolab.stats.Comparison;
import io.pgolab.stats.PairedRatio;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Warnings, as data, about conditions that make measurements noisy. */
public final class HostChecks {
    static final double HIGH_CV = 0.05;

    private HostChecks() {
    }

    public static List<String> before() {
        List<String> w = new ArrayList<>();
        String gov = HostInfo.governor();
        if (!gov.equals("unavailable") && !gov.equals("performance")) {
            w.add("CPU frequency governor is '" + gov + "', not 'performance': clock changes add noise"
                    + " (cpupower frequency-set -g performance)");
        }
        double load = loadAverage();
        int cores = Runtime.getRuntime().availableProcessors();
        if (load > 0.5 * cores) {
            w.add(String.format("other load present: 1-minute load average %.2f on %d CPUs before measuring", load, cores));
        }
        return w;
    }

    static List<String> after(List<Run> runs, List<Subject> subjects, List<String> primary) {
        List<String> w = new ArrayList<>();
        for (Subject s : subjects) {
            for (String metric : primary) {
                double[] xs = runs.stream().filter(r -> r.label().equals(s.label()) && r.metrics().containsKey(metric))
                        .mapToDouble(r -> r.metrics().get(metric)).toArray();
                if (xs.length < 3) {
                    continue;
                }
                double cv = Comparison.cv(xs);
                if (cv > HIGH_CV) {
                    w.add(String.format("high variation: %s of '%s' has a coefficient of variation of %.1f%%",
                            metric, s.label(), cv * 100));
                }
                int outliers = outliers(xs);
                if (outliers > 0) {
                    w.add(String.format("%d outlier(s) in %s of '%s' (modified z-score > 10; kept: medians,"
                            + " ranks and the bootstrap are robust to them)", outliers, metric, s.label()));
                }
            }
        }
        double load = loadAverage();
        if (load > 0.5 * Runtime.getRuntime().availableProcessors() + 1) {
            w.add(String.format("load average was %.2f after measuring: something else ran at the same time", load));
        }
        return w;
    }

    /** hyperfine's rule: modified z-score (median/MAD) above 10 flags a run, but never removes it. */
    static int outliers(double[] xs) {
        double med = PairedRatio.median(xs);
        double[] dev = Arrays.stream(xs).map(x -> Math.abs(x - med)).toArray();
        double mad = PairedRatio.median(dev);
        if (mad == 0) {
            return 0;
        }
        int n = 0;
        for (double x : xs) {
            if (0.6745 * Math.abs(x - med) / mad > 10) {
                n++;
            }
        }
        return n;
    }

    public static double loadAverage() {
        String l = HostInfo.read("/proc/loadavg");
        try {
            return l.isEmpty() ? 0 : Double.parseDouble(l.split(" ")[0]);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
