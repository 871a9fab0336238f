package io.pgolab.report.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The scripts and styles the HTML report inlines, read from the classpath: ECharts' minified build from its WebJar
 * (org.webjars.npm:echarts), and the report's own CSS, chart code and flamegraph renderer. Inlined, never linked,
 * so that a report opens from a CI artifact or file:// with no network.
 */
final class HtmlAssets {
    static final String ECHARTS_VERSION = "5.3.1";
    /** The common build: line, bar, scatter, mark lines and areas, tooltips and the SVG renderer; 650 kB, not 1 MB. */
    static final String ECHARTS = "META-INF/resources/webjars/echarts/" + ECHARTS_VERSION + "/dist/echarts.common.min.js";
    private static final Map<String, String> CACHE = new ConcurrentHashMap<>();

    private HtmlAssets() {
    }

    static String echarts() {
        return load(ECHARTS);
    }

    /** report.css, report.js or flame.js of this package's html/ folder. */
    static String own(String name) {
        return load("io/pgolab/report/html/" + name);
    }

    private static String load(String resource) {
        return CACHE.computeIfAbsent(resource, r -> {
            try (InputStream in = HtmlAssets.class.getClassLoader().getResourceAsStream(r)) {
                if (in == null) {
                    throw new IllegalStateException("resource " + r + " is missing from pgolab's jar");
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
