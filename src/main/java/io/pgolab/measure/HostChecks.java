package io.pgolab.measure;

import io.pgolab.stats.Comparison;
import io.pgolab.stats.PairedRatio;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Warnings, as data, about conditions that make measurements noisy. */
public final class HostChecks {
    static final double HIGH_CV = 0.05;

    private HostChecks() {
    }

    public static List<Warning> before() {
        List<Warning> w = new ArrayList<>();
        String gov = HostInfo.governor();
        if (!gov.equals("unavailable") && !gov.equals("performance")) {
            w.add(Warning.governor(gov));
        }
        // The load average trails by a minute and counts pgolab's own previous runs; the number of
        // runnable tasks right now, sampled a few times, says whether something else competes.
        int others = otherRunnable();
        if (others > 0) {
            w.add(Warning.loadBefore(others, loadAverage(), HostInfo.onlineCpus()));
        }
        return w;
    }

    static List<Warning> after(List<Run> runs, List<Subject> subjects, List<String> primary) {
        List<Warning> w = new ArrayList<>();
        for (Subject s : subjects) {
            for (String metric : primary) {
                double[] xs = CampaignResult.values(runs, s.label(), metric);
                if (xs.length < 3) {
                    continue;
                }
                double cv = Comparison.cv(xs);
                if (cv > HIGH_CV) {
                    w.add(Warning.highVariation(s.label(), metric, cv));
                }
                int outliers = outliers(xs);
                if (outliers > 0) {
                    w.add(Warning.outliers(s.label(), metric, outliers));
                }
            }
        }
        int others = otherRunnable();
        if (others > 0) {
            w.add(Warning.loadAfter(others));
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

    /**
     * The fewest runnable tasks other than pgolab's own threads (this one, the JIT's) seen in 5 samples 50 ms
     * apart; a sample of none ends it (the fewest cannot go lower), so on a quiet machine it takes no time.
     */
    static int otherRunnable() {
        int fewest = Integer.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            if (i > 0) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            String[] f = ProcFile.LOADAVG.read().split(" ");
            if (f.length < 4 || !f[3].contains("/")) {
                return 0;
            }
            // pgolab's own runnable threads (this one, the JIT compiling it) are not other load
            fewest = Math.min(fewest, Integer.parseInt(f[3].split("/")[0]) - Math.max(1, ownRunnable()));
            if (fewest <= 0) {
                break;
            }
        }
        return Math.max(0, fewest == Integer.MAX_VALUE ? 0 : fewest);
    }

    /** Threads of this JVM that are running or runnable now (state R in /proc/self/task/N/stat); 0 when unknown. */
    static int ownRunnable() {
        int n = 0;
        try (DirectoryStream<Path> tasks =
                     Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path t : tasks) {
                String stat = HostInfo.read(t.resolve("stat").toString());
                int close = stat.lastIndexOf(')');
                if (close > 0 && close + 2 < stat.length() && stat.charAt(close + 2) == 'R') {
                    n++;
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return n;
    }

    public static double loadAverage() {
        String l = ProcFile.LOADAVG.read();
        try {
            return l.isEmpty() ? 0 : Double.parseDouble(l.split(" ")[0]);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
