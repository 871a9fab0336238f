package io.pgolab.report;

import static org.assertj.core.api.Assertions.assertThat;

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
        browser.screenshot(Path.of("target/html-report/fixture-bench.png"));
    }

    @Test
    void ladderReportDrawsItsStepsChart() throws Exception {
        Path html = tmp.resolve("ladder.html");
        Files.writeString(html, HtmlFixtures.ladderPage());
        ReportBrowser.Checked c = browser.check(html);
        assertThat(c.charts()).isEqualTo(18); // the bench's 16 and a ladder chart per workload
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
