package io.pgolab.report;

import io.pgolab.bench.BenchResults;
import io.pgolab.measure.perf.Flamegraph;
import io.pgolab.report.files.Exports;
import io.pgolab.util.CommandLog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Results for the HTML report's tests: Fixtures' bench with a hostile workload name, flamegraphs and a ladder. */
public final class HtmlFixtures {
    public static final String HOSTILE = "<script>alert(1)</script>";
    public static final String HOSTILE_FRAME = "<img src=x onerror=alert(2)>";

    private HtmlFixtures() {
    }

    /** release and pgo profiles of one program: pgo spends a smaller share in vm_run and a larger one in lex_next. */
    public static Map<String, Flamegraph> flamegraphs() {
        Map<String, Long> base = new LinkedHashMap<>();
        base.put("hot;main;vm_run;tab_probe", 400L);
        base.put("hot;main;vm_run", 300L);
        base.put("hot;main;lex_next", 200L);
        base.put("hot;main;" + HOSTILE_FRAME, 60L);
        base.put("hot;constructor;__proto__", 40L); // names of Object's members (Lua's parser has a constructor())
        Map<String, Long> cand = new LinkedHashMap<>();
        cand.put("hot;main;vm_run;tab_probe", 300L);
        cand.put("hot;main;vm_run", 150L);
        cand.put("hot;main;lex_next", 260L);
        cand.put("hot;main;" + HOSTILE_FRAME, 50L);
        cand.put("hot;constructor;__proto__", 40L);
        Map<String, Flamegraph> out = new LinkedHashMap<>();
        out.put("release", new Flamegraph("cpu-clock", "dwarf", 1000, base, 0, 0));
        out.put("pgo", new Flamegraph("cpu-clock", "dwarf", 800, cand, 0, 0));
        return out;
    }

    /**
     * A workload name with an unterminated RIGHT-TO-LEFT OVERRIDE, and a frame with the controls and lone surrogate
     * XML does not allow, for the escaping tests.
     */
    public static final String BIDI = "parse\u202e json";
    public static final String CONTROL_FRAME = "esc\u001b[31m_nul\u0000_bs\b_del\u007f_c1\u0085_lone\ud800_ffff\uffff_amp&]]>";

    /** The bench with its first workload named {@link #BIDI} and a frame {@link #CONTROL_FRAME} in both profiles. */
    public static Results bidi() {
        BenchResults b = Fixtures.bench();
        List<BenchResults.WorkloadResult> ws = new ArrayList<>();
        for (BenchResults.WorkloadResult w : b.workloads()) {
            Map<String, Flamegraph> f = new LinkedHashMap<>();
            flamegraphs().forEach((v, g) -> {
                Map<String, Long> stacks = new LinkedHashMap<>(g.stacks());
                stacks.put("hot;main;" + CONTROL_FRAME, 30L);
                f.put(v, new Flamegraph(g.event(), g.callGraph(), g.samples() + 30, stacks, 0, 0));
            });
            ws.add(new BenchResults.WorkloadResult(ws.isEmpty() ? BIDI : w.name(), w.command() + " " + BIDI, w.campaign(),
                    w.comparisons(), w.primary(), w.potential(), w.layout(), f));
        }
        return Results.compare(CommandLog.silent(), new BenchResults(b.title(), b.settings(), b.deterministic(), ws));
    }

    /** The bench with its first workload named {@link #HOSTILE} and both workloads with flamegraphs. */
    static BenchResults bench() {
        BenchResults b = Fixtures.bench();
        List<BenchResults.WorkloadResult> ws = new ArrayList<>();
        for (BenchResults.WorkloadResult w : b.workloads()) {
            String name = ws.isEmpty() ? HOSTILE : w.name();
            ws.add(new BenchResults.WorkloadResult(name, w.command() + " '" + HOSTILE + "'", w.campaign(), w.comparisons(),
                    w.primary(), w.potential(), w.layout(), flamegraphs()));
        }
        return new BenchResults(b.title(), b.settings(), b.deterministic(), ws);
    }

    public static Results results() {
        return Results.compare(CommandLog.silent(), bench());
    }

    public static Results ladder() {
        return Results.ladder(GoldenReportTest.SOURCE, bench(), Fixtures.ladder(), Fixtures.built());
    }

    /** The HTML report of the hostile bench (the browser test opens it). */
    public static String benchPage() {
        return Exports.html().render(results());
    }

    public static String ladderPage() {
        return Exports.html().render(ladder());
    }

    /**
     * Medians the charts once drew rounded to 10 ms: "wide" 356.6 ms → 91.6 ms (drawn at 360 and 90), "close"
     * 187.7 ms → 187.9 ms (both drawn at 190, their labels on top of each other), "tight" 356.6 ms → 352.1 ms; and
     * two equal medians, and samples without spread (the lower median's label must still fit in the chart).
     */
    public static final Map<String, double[][]> GEOMETRY = geometrySamples();

    private static Map<String, double[][]> geometrySamples() {
        Map<String, double[][]> m = new LinkedHashMap<>();
        m.put("wide", new double[][] {{0.3501, 0.3520, 0.3550, 0.3582, 0.3610, 0.3633}, // median 356.6 ms
                {0.0901, 0.0908, 0.0913, 0.0919, 0.0925, 0.0931}}); // median 91.6 ms
        m.put("close", new double[][] {{0.1869, 0.1873, 0.1876, 0.1878, 0.1882, 0.1886}, // 187.7 ms
                {0.1870, 0.1875, 0.1878, 0.1880, 0.1884, 0.1889}}); // 187.9 ms
        m.put("tight", new double[][] {{0.3551, 0.3558, 0.3562, 0.3570, 0.3575, 0.3580}, // 356.6 ms
                {0.3500, 0.3512, 0.3519, 0.3523, 0.3530, 0.3541}}); // 352.1 ms
        m.put("equal", new double[][] {{0.0201, 0.0202, 0.0203, 0.0204, 0.0205, 0.0206}, // both 20.35 ms
                {0.0206, 0.0205, 0.0204, 0.0203, 0.0202, 0.0201}});
        m.put("flat", new double[][] {{2.5, 2.5, 2.5, 2.5, 2.5, 2.5}, {2.0, 2.0, 2.0, 2.0, 2.0, 2.0}}); // no spread
        return m;
    }

    /** The report of {@link #GEOMETRY}: release → pgo on cpu_time per workload, the browser test reads its charts. */
    public static String geometryPage() {
        List<BenchResults.WorkloadResult> ws = new ArrayList<>();
        Map<String, io.pgolab.measure.MetricInfo> metrics = Map.of("cpu_time",
                new io.pgolab.measure.MetricInfo("cpu_time", "s", io.pgolab.stats.Direction.LOWER_IS_BETTER));
        GEOMETRY.forEach((name, s) -> {
            List<io.pgolab.measure.Run> runs = new ArrayList<>();
            for (int r = 0; r < s[0].length; r++) {
                runs.add(new io.pgolab.measure.Run("release", r, r % 2, Map.of("cpu_time", s[0][r])));
                runs.add(new io.pgolab.measure.Run("pgo", r, 1 - r % 2, Map.of("cpu_time", s[1][r])));
            }
            io.pgolab.measure.CampaignResult c = new io.pgolab.measure.CampaignResult(List.of("release", "pgo"), runs,
                    metrics, s[0].length, 0, "max rounds", 1.0, 1L, List.of(), Map.of());
            ws.add(new BenchResults.WorkloadResult(name, "{binary}", c, c.compare("release", Map.of(), 0.01),
                    List.of("cpu_time")));
        });
        return Exports.html().render(Results.compare(CommandLog.silent(),
                new BenchResults("geometry", Fixtures.settings(), false, ws)));
    }
}
