package io.pgolab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.measure.perf.Flamegraph;
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
        assertThat(svg).contains("vm_run — 450 samples (56.25%); self 30.00% in release → 18.75% (-11.25 points),"
                + " with callees 70.00% → 56.25%");
        assertThat(svg).containsPattern("lex_next — 260 samples \\(32.50%\\)[^<]*</title><rect [^>]*fill=\"rgb\\(255,55,55\\)");
        assertThat(svg).containsPattern("vm_run — 450[^<]*</title><rect [^>]*fill=\"rgb\\(\\d+,\\d+,255\\)");
        // main has no samples of its own in either: no change, grey
        assertThat(svg).containsPattern("main — 760[^<]*</title><rect [^>]*fill=\"rgb\\(235,235,235\\)");
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
