package io.pgolab.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.pgolab.report.HtmlFixtures;
import io.pgolab.report.ReportBrowser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report in a real browser (headless Chromium): fixture reports with a hostile workload name and frame,
 * and any report named by -Dpgolab.html=FILE,FILE (the demo's and the Lua ladder's, run by hand; see
 * docs/benchmarks.md).
 */
class HtmlReportBrowserIT {
    static ReportBrowser browser;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() {
        browser = ReportBrowser.open();
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void benchReportDrawsEveryChartAndFlamegraphAndAHostileNameStaysText() throws Exception {
        Path html = tmp.resolve("bench.html");
        Files.writeString(html, HtmlFixtures.benchPage());
        ReportBrowser.Checked c = browser.check(html);
        assertThat(c.charts()).isEqualTo(16); // 8 compared pairs on gated metrics, samples and CI each
        assertThat(c.flames()).isEqualTo(6);
        assertThat(browser.texts("section.workload > h3")).contains(HtmlFixtures.HOSTILE);
        assertThat(browser.js("return typeof window.alert === 'function' && document.querySelectorAll('img').length"))
                .isEqualTo(0L);
        // the hostile frame is a frame named by its text
        assertThat(browser.texts("div.flame g.frame title")).anyMatch(t -> t.startsWith(HtmlFixtures.HOSTILE_FRAME + " — "));
        // the differential graph colours lex_next (self 20% of 1,000 samples → 32.5% of 800) in full red, and leaves
        // __proto__ (4% → 5%: within the sampling error) grey; the page says what the threshold is
        String fills = (String) browser.js("""
                var out = [];
                document.querySelectorAll('figure.flame-box.diff g.frame').forEach(function (g) {
                  var name = g.querySelector('title').textContent.split(' — ')[0];
                  if (name === 'lex_next' || name === '__proto__') { out.push(name + '=' + g.querySelector('rect').getAttribute('fill')); }
                });
                return out.join(' ');""");
        assertThat(fills).contains("lex_next=rgb(255,55,55)").contains("__proto__=rgb(235,235,235)");
        assertThat(browser.texts("figure.flame-box.diff p.threshold")).allMatch(t -> t.startsWith("coloured: changes of"
                + " self share beyond the 95% sampling error of 1,000 and 800 samples"));
        browser.screenshot(Path.of("target/html-report/fixture-bench.png"));
    }

    @Test
    void ladderReportDrawsItsStepsChart() throws Exception {
        Path html = tmp.resolve("ladder.html");
        Files.writeString(html, HtmlFixtures.ladderPage());
        ReportBrowser.Checked c = browser.check(html);
        assertThat(c.charts()).isEqualTo(18); // the bench's 16 and a ladder chart per workload
    }

    /**
     * The samples charts read back from the drawn SVG: each median line lies at its value on the y axis that the
     * tick labels define (within a pixel; ECharts once rounded it to 10 ms), every round's mark too, and the two
     * median labels of a chart do not overlap and stay inside it.
     */
    @Test
    void mediansAndMarksAreDrawnAtTheirValuesAndTheirLabelsApart() throws Exception {
        Path html = tmp.resolve("geometry.html");
        Files.writeString(html, HtmlFixtures.geometryPage());
        browser.check(html);
        String json = (String) browser.js("""
                var data = JSON.parse(document.getElementById('pgolab-data').textContent), out = [];
                function translate(e) {
                  var m = /(?:translate|matrix)[(]([^)]*)[)]/.exec(e.getAttribute('transform') || '');
                  return m ? m[1].split(/[ ,]+/).map(Number) : null;
                }
                data.pairs.forEach(function (p) {
                  var el = document.getElementById(p.id + '-samples'), box = el.getBoundingClientRect(), c = {
                    id: p.id, workload: p.workload, medians: [p.baseline_median, p.candidate_median],
                    samples: [p.baseline_samples, p.candidate_samples], ticks: [], lines: [], labels: [], points: [[], []],
                    box: [box.left, box.top, box.right, box.bottom] };
                  el.querySelectorAll('svg text').forEach(function (t) {
                    var m = /^([0-9.]+) (ms|s)$/.exec(t.textContent), at = translate(t);
                    if (m && at && t.getAttribute('text-anchor') === 'end') {
                      c.ticks.push([+m[1] / (m[2] === 'ms' ? 1000 : 1), at[1]]);
                    }
                    if (t.textContent.indexOf('median ') === 0) {
                      var r = t.getBoundingClientRect();
                      c.labels.push({ text: t.textContent, box: [r.left, r.top, r.right, r.bottom] });
                    }
                  });
                  el.querySelectorAll('svg path').forEach(function (e) {
                    var colour = ['#5470c6', '#ee6666'].indexOf(e.getAttribute('stroke') || e.getAttribute('fill'));
                    var h = /^M([0-9.]+) ([0-9.]+)L([0-9.]+) ([0-9.]+)$/.exec(e.getAttribute('d'));
                    if (colour >= 0 && e.getAttribute('stroke-width') === '2' && h && h[2] === h[4]) {
                      c.lines.push([colour, +h[2]]);
                    }
                    var at = translate(e);
                    if (colour >= 0 && e.getAttribute('fill') && at && at.length === 6 && at[0] === 3.5) {
                      c.points[colour].push(at[5]);
                    }
                  });
                  out.push(c);
                });
                return JSON.stringify(out);""");
        var charts = io.pgolab.util.Json.MAPPER.readTree(json);
        assertThat(charts).hasSize(HtmlFixtures.GEOMETRY.size());
        for (var c : charts) {
            String what = c.get("workload").asText();
            var ticks = c.get("ticks");
            assertThat(ticks.size()).as(what + ": tick labels").isGreaterThanOrEqualTo(3);
            // the axis from its first and last tick label; every tick between agrees with it
            double v0 = ticks.get(0).get(0).asDouble(), y0 = ticks.get(0).get(1).asDouble();
            double v1 = ticks.get(ticks.size() - 1).get(0).asDouble(), y1 = ticks.get(ticks.size() - 1).get(1).asDouble();
            java.util.function.DoubleUnaryOperator y = v -> y0 + (v - v0) * (y1 - y0) / (v1 - v0);
            for (var t : ticks) {
                assertThat(t.get(1).asDouble()).as(what + ": tick " + t).isCloseTo(y.applyAsDouble(t.get(0).asDouble()), within(0.5));
            }
            assertThat(c.get("lines")).as(what + ": median lines").hasSize(2);
            for (var l : c.get("lines")) {
                int side = l.get(0).asInt();
                double m = c.get("medians").get(side).asDouble();
                assertThat(l.get(1).asDouble()).as(what + ": the line of the median " + m + " s")
                        .isCloseTo(y.applyAsDouble(m), within(1.0));
            }
            for (int side = 0; side < 2; side++) {
                double[] want = new double[c.get("samples").get(side).size()];
                for (int i = 0; i < want.length; i++) {
                    want[i] = y.applyAsDouble(c.get("samples").get(side).get(i).asDouble());
                }
                var drawn = c.get("points").get(side);
                assertThat(drawn).as(what + ": marks").hasSize(want.length);
                for (int i = 0; i < want.length; i++) {
                    assertThat(drawn.get(i).asDouble()).as(what + ": mark of round " + (i + 1)).isCloseTo(want[i], within(1.0));
                }
            }
            var labels = c.get("labels");
            assertThat(labels).as(what + ": median labels").hasSize(2);
            double[] a = boxOf(labels.get(0)), b = boxOf(labels.get(1)), chart = boxOf(c);
            assertThat(a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1])
                    .as(what + ": labels " + labels + " overlap").isTrue();
            for (double[] l : new double[][] {a, b}) {
                assertThat(l[0] >= chart[0] && l[1] >= chart[1] && l[2] <= chart[2] && l[3] <= chart[3])
                        .as(what + ": label " + java.util.Arrays.toString(l) + " inside the chart " + java.util.Arrays.toString(chart)).isTrue();
            }
        }
        browser.screenshotOf("figure.pair", Path.of("target/html-report/geometry.png"));
    }

    /**
     * A gate bound 0.5% from zero on a CI axis that spans 75 points: its line's label and the zero line's label were
     * drawn on top of each other; the bound is named in the subtitle now. No two texts of a CI chart overlap, and none
     * leaves the chart.
     */
    @Test
    void theCiChartsTextsDoNotOverlapWithAGateBoundNearZero() throws Exception {
        Path html = tmp.resolve("bound.html");
        Files.writeString(html, HtmlFixtures.geometryPage().replaceAll("\"bound_percent\"\\s*:\\s*null", "\"bound_percent\" : 0.5"));
        browser.check(html);
        String overlaps = (String) browser.js("""
                var out = [];
                document.querySelectorAll('div.chart[data-kind="ci"]').forEach(function (el) {
                  var texts = Array.prototype.slice.call(el.querySelectorAll('svg text')).filter(function (t) {
                    return t.textContent.trim() !== '';
                  });
                  var box = el.getBoundingClientRect();
                  texts.forEach(function (a, i) {
                    var r = a.getBoundingClientRect();
                    if (r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom) {
                      out.push(el.id + ': "' + a.textContent + '" leaves the chart');
                    }
                    texts.slice(i + 1).forEach(function (b) {
                      var r = a.getBoundingClientRect(), q = b.getBoundingClientRect();
                      // 2 px: the two lines of a subtitle have boxes (ascent to descent) that touch
                      if (r.left < q.right - 2 && q.left < r.right - 2 && r.top < q.bottom - 2 && q.top < r.bottom - 2) {
                        out.push(el.id + ': "' + a.textContent + '" and "' + b.textContent + '"');
                      }
                    });
                  });
                });
                return out.join('; ');""");
        assertThat(overlaps).isEmpty();
        assertThat(browser.js("return document.querySelectorAll('div.chart[data-kind=\"ci\"] svg path[stroke=\"#b71c1c\"]').length"))
                .as("a bound line per CI chart").isEqualTo((long) HtmlFixtures.GEOMETRY.size());
    }

    private static double[] boxOf(com.fasterxml.jackson.databind.JsonNode n) {
        var b = n.get("box");
        return new double[] {b.get(0).asDouble(), b.get(1).asDouble(), b.get(2).asDouble(), b.get(3).asDouble()};
    }

    @Test
    void reportsNamedOnTheCommandLinePass() throws Exception {
        String files = System.getProperty("pgolab.html", "");
        for (String f : Arrays.stream(files.split(",")).filter(s -> !s.isBlank()).toList()) {
            Path html = Path.of(f);
            ReportBrowser.Checked c = browser.check(html);
            assertThat(c.charts()).as(f).isPositive();
            // -Dpgolab.screenshots=DIR: the whole page as NAME.png, the first differential flamegraph as NAME-diff.png
            Path dir = Path.of(System.getProperty("pgolab.screenshots", "target/html-report"));
            String name = html.getFileName().toString().replace(".html", "");
            browser.screenshot(dir.resolve(name + ".png"));
            browser.screenshotOf("figure.flame-box.diff", dir.resolve(name + "-diff.png"));
        }
    }
}
