package io.pgolab.report.text;

import io.pgolab.bench.BenchResults;
import io.pgolab.measure.Run;
import java.util.Locale;
import java.util.Map;

/** Every raw sample, one row per (workload, subject, round, metric). */
final class BenchCsv {
    private BenchCsv() {
    }

    public static String render(BenchResults r) {
        StringBuilder s = new StringBuilder("workload,subject,round,position,metric,value\n");
        for (BenchResults.WorkloadResult w : r.workloads()) {
            for (Run run : w.campaign().runs()) {
                for (Map.Entry<String, Double> e : run.metrics().entrySet()) {
                    s.append(csv(w.name())).append(',').append(csv(run.label())).append(',').append(run.round())
                            .append(',').append(run.position()).append(',').append(csv(e.getKey())).append(',')
                            .append(String.format(Locale.ROOT, "%.9g", e.getValue())).append('\n');
                }
            }
        }
        return s.toString();
    }

    static String csv(String v) {
        return v.matches("[A-Za-z0-9_.+-]*") ? v : "\"" + v.replace("\"", "\"\"") + "\"";
    }
}
