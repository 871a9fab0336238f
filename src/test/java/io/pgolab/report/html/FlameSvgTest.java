package io.pgolab.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.measure.perf.Flamegraph;
import io.pgolab.report.Fixtures;
import io.pgolab.report.HtmlFixtures;
import io.pgolab.report.Results;
import io.pgolab.report.files.Exports;
import io.pgolab.report.json.JsonExporter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FlameSvgTest {
    @Test
    void aFrameIsASizedRectWithItsSamplesAndShareInItsTitle() {
        Flamegraph f = HtmlFixtures.flamegraphs().get("release");
        String svg = FlameSvg.render("bench: release", f, null, null);
        assertThat(svg).startsWith("<?xml").contains("<svg xmlns=\"http://www.w3.org/2000/svg\"");
        // vm_run: 700 of 1000 samples, 70% of the 1200 px width, after the hostile frame and lex_next
        assertThat(svg).contains("<title>vm_run — 700 samples (70.00%)</title><rect x=\"360.00\"")
                .contains("width=\"839.50\"");
        assertThat(svg).doesNotContain(HtmlFixtures.HOSTILE_FRAME).contains("&lt;img src=x onerror=alert(2)&gt;");
    }

    @Test
    void theDifferentialColoursByTheChangeOfShare() {
        Map<String, Flamegraph> f = HtmlFixtures.flamegraphs();
        String svg = FlameSvg.render("pgo vs release", f.get("pgo"), "release", f.get("release"));
        // vm_run's own samples: 300 of 1000 in release, 150 of 800 (18.75%) in pgo: less, blue;
        // lex_next 20% → 32.5%: more, red, and the largest change, so full red
        assertThat(svg).containsPattern("vm_run — 450 samples \\(56.25%\\); self 30.00% in release → 18.75% \\(-11.25 points,"
                + " beyond ±\\d\\.\\d\\d\\), with callees 70.00% → 56.25%");
        assertThat(svg).containsPattern("lex_next — 260 samples \\(32.50%\\)[^<]*</title><rect [^>]*fill=\"rgb\\(255,55,55\\)");
        assertThat(svg).containsPattern("vm_run — 450[^<]*</title><rect [^>]*fill=\"rgb\\(\\d+,\\d+,255\\)");
        // main has no samples of its own in either: no change, grey
        assertThat(svg).containsPattern("main — 760[^<]*</title><rect [^>]*fill=\"rgb\\(235,235,235\\)");
    }

    /**
     * 319 samples against 1,000: a frame at 10% moving to 10.3% (+0.3 points) and one at 5% to 4.7% are sampling
     * noise and stay grey; they were drawn in full red and blue (the largest change gets the full colour). A frame at
     * 30% that moves to 40% is beyond the noise and is red. The threshold is written on the graph.
     */
    @Test
    void theDifferentialColoursOnlyChangesBeyondTheSamplingError() {
        Map<String, Long> base = new java.util.LinkedHashMap<>();
        base.put("p;main;parse", 100L);
        base.put("p;main;lex", 50L);
        base.put("p;main;rest", 850L);
        Map<String, Long> cand = new java.util.LinkedHashMap<>();
        cand.put("p;main;parse", 33L); // 10.34%
        cand.put("p;main;lex", 15L); // 4.70%
        cand.put("p;main;rest", 271L);
        Flamegraph b = new Flamegraph("cpu-clock", "dwarf", 1000, base, 0, 0);
        Flamegraph c = new Flamegraph("cpu-clock", "dwarf", 319, cand, 0, 0);
        String noise = FlameSvg.render("noise", c, "release", b);
        assertThat(noise).containsPattern("parse — 33 [^<]*within ±[^<]*</title><rect [^>]*fill=\"rgb\\(235,235,235\\)")
                .containsPattern("lex — 15 [^<]*within ±[^<]*</title><rect [^>]*fill=\"rgb\\(235,235,235\\)")
                .contains("coloured: changes of self share beyond the 95% sampling error of 1,000 and 319 samples");
        assertThat(noise).doesNotContainPattern("fill=\"rgb\\(255,\\d+,\\d+\\)").doesNotContainPattern("fill=\"rgb\\(\\d+,\\d+,255\\)");
        cand.put("p;main;parse", 128L); // 40%
        cand.put("p;main;rest", 176L);
        String moved = FlameSvg.render("moved", new Flamegraph("cpu-clock", "dwarf", 319, cand, 0, 0), "release", b);
        assertThat(moved).containsPattern("parse — 128 [^<]*beyond ±[^<]*</title><rect [^>]*fill=\"rgb\\(255,55,55\\)");
        assertThat(SamplingError.beyond(33, 319, 100, 1000)).isFalse();
        assertThat(SamplingError.beyond(128, 319, 100, 1000)).isTrue();
        assertThat(SamplingError.beyond(0, 1000, 5, 1000)).isFalse(); // 5 samples against none: Fisher's p is 0.06
        assertThat(SamplingError.beyond(0, 1000, 20, 1000)).isTrue();
    }

    /**
     * A function only the base has (inlined by PGO) has no width in the candidate-shaped graph: listed below it. One
     * the candidate reaches by another path (a stack unwound deeper: the demo's release had 96% of its samples under
     * demo;__libc_start_call_main, pgo under demo;_start;...;__libc_start_call_main) is not gone and not listed.
     */
    @Test
    void functionsOnlyInTheBaseAreListed() {
        Map<String, Flamegraph> f = HtmlFixtures.flamegraphs();
        Map<String, Long> base = new java.util.LinkedHashMap<>(f.get("release").stacks());
        base.put("hot;main;vm_run;tab_intern", 120L);
        base.put("hot;main;buf_put", 2L);
        base.put("hot;lex_next", 5L); // lex_next under another caller: pgo has lex_next
        Flamegraph b = new Flamegraph("cpu-clock", "dwarf", 1127, base, 0, 0);
        String svg = FlameSvg.render("pgo vs release", f.get("pgo"), "release", b);
        assertThat(svg).contains("Functions only in release (on none of this graph&#39;s stacks; e.g. inlined into their"
                        + " caller), by samples with callees:")
                .containsPattern("fill=\"#0d47a1\">tab_intern — 120 samples \\(10.65%\\)</text>")
                .contains(">buf_put — 2 samples (0.18%), within the sampling error</text>")
                .doesNotContainPattern("<text x=\"12\" y=\"\\d+\" fill=\"#[0-9a-f]+\">lex_next — ");
        String page = Exports.html().render(Results.compare(io.pgolab.util.CommandLog.silent(), withRelease(b)));
        assertThat(page).contains("<li><code>tab_intern — 120 samples (10.65%)</code></li>")
                .contains("<p class=\"note threshold\">coloured: changes of self share beyond the 95% sampling error");
    }

    private static io.pgolab.bench.BenchResults withRelease(Flamegraph release) {
        io.pgolab.bench.BenchResults b = Fixtures.bench();
        var w = b.workloads().get(0);
        Map<String, Flamegraph> f = new java.util.LinkedHashMap<>(HtmlFixtures.flamegraphs());
        f.put("release", release);
        return new io.pgolab.bench.BenchResults(b.title(), b.settings(), b.deterministic(), List.of(
                new io.pgolab.bench.BenchResults.WorkloadResult(w.name(), w.command(), w.campaign(), w.comparisons(),
                        w.primary(), w.potential(), w.layout(), f)));
    }

    /** A frame name with controls, a lone surrogate, U+FFFF, '&' and "]]>": the SVG still parses as XML, names shown. */
    @Test
    void everySvgParsesAsXmlWhateverTheFrameNames() throws Exception {
        var d = JsonExporter.document(HtmlFixtures.bidi(), JsonExporter.envelope(HtmlFixtures.bidi().source()));
        Map<String, String> files = FlameFiles.of(d);
        assertThat(files).hasSizeGreaterThanOrEqualTo(6);
        var factory = javax.xml.parsers.DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        for (var e : files.entrySet()) {
            var doc = factory.newDocumentBuilder().parse(new org.xml.sax.InputSource(new java.io.StringReader(e.getValue())));
            String text = doc.getDocumentElement().getTextContent();
            assertThat(text).as(e.getKey()).contains("esc\\x1b[31m_nul\\x00_bs\\x08_del\\x7f_c1<U+0085>_lone<U+D800>"
                    + "_ffff<U+FFFF>_amp&]]>").doesNotContain("\u202e");
        }
        assertThat(files.values().stream().filter(s -> s.contains("parse&lt;U+202E&gt; json"))).isNotEmpty();
    }

    @Test
    void sharesNameTheFunctionsThatMovedMost() {
        Map<String, Flamegraph> f = HtmlFixtures.flamegraphs();
        List<FlameShares.Change> c = FlameShares.changes(f.get("release"), f.get("pgo"), 2);
        assertThat(c.get(0).function()).isEqualTo("lex_next"); // self 20% → 32.5%
        assertThat(c.get(0).selfChange()).isCloseTo(0.125, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(c.get(1).function()).isEqualTo("vm_run"); // self 30% → 18.75%
    }

    @Test
    void svgFilesAreWrittenBesideTheReportPerVariantAndPair() {
        var d = JsonExporter.document(HtmlFixtures.results(), JsonExporter.envelope(HtmlFixtures.results().source()));
        assertThat(FlameFiles.of(d).keySet()).contains("flame.server.release.svg", "flame.server.pgo.svg",
                "diff.server.pgo-vs-release.svg", "flame._script_alert_1___script_.release.svg");
        assertThat(FlameFiles.beside(java.nio.file.Path.of("/x/r.html"), "flame.a.b.svg")).hasToString("/x/r.flame.a.b.svg");
    }
}
