package io.pgolab.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.report.Fixtures;
import io.pgolab.report.Html;
import io.pgolab.report.HtmlFixtures;
import io.pgolab.report.Results;
import io.pgolab.report.files.Exports;
import io.pgolab.report.GoldenReportTest;
import io.pgolab.report.files.ReportFiles;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class HtmlReportTest {
    @TempDir
    Path tmp;

    @Test
    void hostileNamesAreTextInTheMarkupAndCannotCloseTheDataBlock() {
        String page = HtmlFixtures.benchPage();
        assertThat(page).doesNotContain(HtmlFixtures.HOSTILE).doesNotContain(HtmlFixtures.HOSTILE_FRAME);
        assertThat(page).contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        // the only script elements are the data block and the three inlined scripts
        assertThat(count(page, "<script")).isEqualTo(4);
        assertThat(count(page, "</script>")).isEqualTo(4);
        String data = dataBlock(page);
        assertThat(data).doesNotContain("<").doesNotContain(">").contains("\\u003cscript\\u003ealert(1)");
    }

    /**
     * An unterminated U+202E in a workload name reversed the page's own text after it (in the markup, and in what the
     * scripts set from the data block); controls in a frame name reached the page raw. Both are shown as text now.
     */
    @Test
    void controlAndBidiCharactersInNamesAreShownNotObeyed() throws Exception {
        String page = Exports.html().render(HtmlFixtures.bidi());
        String library = Html.script(HtmlAssets.echarts());
        assertThat(page).contains(library);
        String ours = page.replace(library, "");
        assertThat(ours).doesNotContain("\u202e").doesNotContain("\u001b").doesNotContain("\u0000").doesNotContain("\u0085")
                .doesNotContain("\uffff").doesNotContain("\ud800").doesNotContainPattern("[\\x00-\\x08\\x0b-\\x1f\\x7f]");
        assertThat(ours).contains("parse&lt;U+202E&gt; json").contains("esc\\x1b[31m_nul\\x00_bs\\x08_del\\x7f_c1&lt;U+0085&gt;"
                + "_lone&lt;U+D800&gt;_ffff&lt;U+FFFF&gt;_amp&amp;]]&gt;");
        // the data block holds the same visible forms (as JSON escapes), which the scripts set as text
        var tree = Json.MAPPER.readTree(dataBlock(page));
        assertThat(tree.get("pairs").get(0).get("workload").asText()).isEqualTo("parse<U+202E> json");
        String key = tree.get("flames").get(0).get("profile_key").asText();
        assertThat(tree.get("profiles").get(key).get("stacks").has("hot;main;esc\\x1b[31m_nul\\x00_bs\\x08_del\\x7f"
                + "_c1<U+0085>_lone<U+D800>_ffff<U+FFFF>_amp&]]>")).isTrue();
    }

    @Test
    void buildsAndLadderStepsShowTheirCpuTimeBesideTheWallTime() {
        String demo = Exports.html().render(Results.demo(GoldenReportTest.SOURCE, Fixtures.outcome(), Fixtures.bench()));
        assertThat(demo).contains("<th>build</th><th>CPU</th>")
                .contains("<td>release</td><td>plain</td><td class=\"num\">1.3s</td><td class=\"num\">1.9s</td>");
        String ladder = Exports.html().render(HtmlFixtures.ladder());
        assertThat(ladder).contains("<th>build CPU (total)</th><th>wall (total)</th>")
                .contains("<td class=\"num\">2.3s (9.8s)</td><td class=\"num\">1.5s (6.5s)</td>");
    }

    @Test
    void visibleLeavesTextAloneAndWritesOutWhatWouldAct() {
        assertThat(Html.visible("héllo wörld 😀 tab\tnl\n")).isEqualTo("héllo wörld 😀 tab\tnl\n");
        assertThat(Html.visible("a\u202eb\u2066c\u200fd\u2028e\u061c")).isEqualTo("a<U+202E>b<U+2066>c<U+200F>d<U+2028>e<U+061C>");
        assertThat(Html.visible("\r\u001b\u007f\u009b")).isEqualTo("\\x0d\\x1b\\x7f<U+009B>");
        assertThat(Html.visible("x\udc00y\ud83d")).isEqualTo("x<U+DC00>y<U+D83D>");
        assertThat(Html.text("\u202e<b>")).isEqualTo("&lt;U+202E&gt;&lt;b&gt;");
    }

    @Test
    void theDataBlockIsJsonThatReadsBackTheNames() throws Exception {
        var tree = Json.MAPPER.readTree(dataBlock(HtmlFixtures.benchPage()));
        assertThat(tree.get("pairs").get(0).get("workload").asText()).isEqualTo(HtmlFixtures.HOSTILE);
        String key = tree.get("flames").get(0).get("profile_key").asText();
        assertThat(tree.get("profiles").get(key).get("stacks").has("hot;main;" + HtmlFixtures.HOSTILE_FRAME)).isTrue();
        // two plain flamegraphs (release, pgo) and the differential pgo vs release, per workload; each profile once
        assertThat(tree.get("flames")).hasSize(6);
        assertThat(tree.get("profiles")).hasSize(4);
        var diff = tree.get("flames").get(2);
        assertThat(diff.get("base_variant").asText()).isEqualTo("release");
        assertThat(diff.get("base_key").asText()).isEqualTo(key);
        assertThat(diff.get("profile_key").asText()).isEqualTo(tree.get("flames").get(1).get("profile_key").asText());
    }

    @Test
    void eachDifferentialFlamegraphHasTheAnchorOfItsSvgFileForThePrComment() {
        String anchor = Html.diffAnchor(HtmlFixtures.HOSTILE, "pgo", "release");
        assertThat(anchor).matches("diff\\.[A-Za-z0-9._+-]+\\.pgo-vs-release");
        assertThat(HtmlFixtures.benchPage()).contains("<figure class=\"flame-box diff\" id=\"" + anchor + "\"><figcaption>");
    }

    @Test
    void selfContained_noLinkOrScriptLeavesThePage() {
        String page = HtmlFixtures.benchPage();
        String library = Html.script(HtmlAssets.echarts());
        assertThat(page).contains(library); // inlined whole; its own code (saveAsImage's popup) is not checked below
        page = page.replace(library, "");
        assertThat(page).doesNotContainPattern("<script[^>]+src=").doesNotContainPattern("<link[^>]+href=")
                .doesNotContain("<img ").doesNotContain("@import");
        assertThat(page).contains("echarts").contains("PgolabFlame");
        // the verdict line comes before every table
        assertThat(page.indexOf("id=\"verdict\"")).isLessThan(page.indexOf("<table"));
    }

    @Test
    void everyComparedPairOfAGatedMetricHasBothCharts() {
        String page = HtmlFixtures.benchPage();
        // gated: cpu_time and ops_per_sec (the primaries of either workload), of pgo and pgo+lto, on both workloads
        assertThat(count(page, "data-kind=\"samples\"")).isEqualTo(8);
        assertThat(count(page, "-ci\" data-kind=\"ci\"")).isEqualTo(8);
        assertThat(page).contains("cpu-clock, DWARF call graphs, 1,000 samples");
    }

    @Test
    void aLadderHasItsStepsChart() {
        String page = HtmlFixtures.ladderPage();
        assertThat(page).contains("data-kind=\"ladder\"").contains("<h3>Ladder</h3>");
        assertThat(page).startsWith("<!DOCTYPE html>");
    }

    @Test
    void reportRendersAResultsFileAgainWithoutTheLiveObjects() throws Exception {
        Path json = tmp.resolve("r.json");
        Files.writeString(json, Exports.json().render(HtmlFixtures.ladder()));
        ReportFiles r = ReportFiles.read(List.of(json));
        r.write(tmp, Path.of("r.html"), Path.of("r.md"));
        String html = Files.readString(tmp.resolve("r.html"));
        assertThat(html).contains("data-kind=\"ladder\"").contains("&lt;script&gt;alert(1)");
        assertThat(count(html, "class=\"flame\"")).isEqualTo(count(HtmlFixtures.ladderPage(), "class=\"flame\""));
        String md = Files.readString(tmp.resolve("r.md"));
        assertThat(md).contains("| release → pgo | cpu_time (gated) |").contains("\\<script\\>".replace("\\<", "&lt;")
                .replace("\\>", "&gt;"));
    }

    private static String dataBlock(String page) {
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"pgolab-data\">(.*?)</script>", Pattern.DOTALL)
                .matcher(page);
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    public static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
