package io.pgolab.report;

import io.pgolab.bench.BenchResults;
import io.pgolab.measure.perf.Flamegraph;
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
    static Map<String, Flamegraph> flamegraphs() {
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

    static Results results() {
        return Results.compare(CommandLog.silent(), bench());
    }

    static Results ladder() {
        return Results.ladder(GoldenReportTest.SOURCE, bench(), Fixtures.ladder(), Fixtures.built());
    }

    /** The HTML report of the hostile bench (the browser test opens it). */
    public static String benchPage() {
        return Exporter.html().render(results());
    }

    public static String ladderPage() {
        return Exporter.html().render(ladder());
    }
}
