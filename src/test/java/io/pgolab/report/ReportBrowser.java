package io.pgolab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * An HTML report opened in Debian's headless Chromium through chromium-driver (Selenium), and checked as a reader
 * would use it: every chart and flamegraph drawn, hovering a frame names it with its samples, search highlights,
 * a click zooms and "reset zoom" returns, no console error, no script of a hostile name ran. The drivers are the
 * system's (/usr/bin/chromium, /usr/bin/chromedriver, installed by .ci/run); Selenium Manager never downloads one.
 */
public final class ReportBrowser implements AutoCloseable {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private final ChromeDriver driver;

    private ReportBrowser(ChromeDriver driver) {
        this.driver = driver;
    }

    /** A headless browser; skips the test outside CI when chromium is missing, fails it under CI=true. */
    public static ReportBrowser open() {
        Tool.require(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "chromium and chromium-driver (apt-get install -y chromium chromium-driver)");
        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toFile());
        o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1300,1000", "--allow-file-access-from-files");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        o.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).build();
        return new ReportBrowser(new ChromeDriver(service, o));
    }

    /** Opens the report and checks everything a reader relies on; returns what it found. */
    public Checked check(Path html) {
        driver.get(html.toUri().toString());
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> d.findElement(By.tagName("body"))
                .getAttribute("data-report") != null);
        WebElement body = driver.findElement(By.tagName("body"));
        if (!"drawn".equals(body.getAttribute("data-report"))) {
            throw new AssertionError("report.js did not run to its end: " + consoleErrors());
        }
        assertNoAlert();
        List<WebElement> charts = driver.findElements(By.cssSelector("div.chart"));
        for (WebElement c : charts) {
            assertThat(c.getAttribute("data-drawn")).as("chart " + c.getAttribute("id") + " drawn").isEqualTo("true");
            int shapes = c.findElements(By.cssSelector("svg path, svg rect, svg circle")).size();
            assertThat(shapes).as("shapes in chart " + c.getAttribute("id")).isGreaterThan(5);
        }
        List<WebElement> flames = driver.findElements(By.cssSelector("div.flame"));
        for (WebElement f : flames) {
            assertThat(f.getAttribute("data-drawn")).isEqualTo("true");
            assertThat(Integer.parseInt(f.getAttribute("data-frames"))).as("frames of " + f.getAttribute("id")).isGreaterThan(2);
            checkFlame(f);
        }
        assertNoAlert();
        assertThat(consoleErrors()).as("console errors").isEmpty();
        return new Checked(charts.size(), flames.size());
    }

    public record Checked(int charts, int flames) {
    }

    /** Hover names the widest frame below the root with its samples; search highlights it; a click zooms into it. */
    private void checkFlame(WebElement f) {
        WebElement frame = widestNamedFrame(f);
        String name = frame.findElement(By.tagName("title")).getAttribute("textContent").split(" — ")[0];
        scrollTo(f);
        new Actions(driver).moveToElement(frame.findElement(By.tagName("rect"))).perform();
        String status = f.findElement(By.cssSelector(".status")).getText();
        assertThat(status).as("hover status").startsWith(name + " — ").containsPattern("[0-9,]+ samples \\(\\d+\\.\\d\\d%\\)");

        WebElement search = f.findElement(By.cssSelector("input.flame-search"));
        search.sendKeys(literal(name));
        assertThat(Integer.parseInt(f.getAttribute("data-matched-frames"))).as("frames matching " + name).isPositive();
        assertThat(Long.parseLong(f.getAttribute("data-matched-samples"))).isPositive();
        assertThat(f.findElements(By.cssSelector("g.frame.match"))).isNotEmpty();
        assertThat(f.findElement(By.cssSelector(".flame-matched")).getText()).startsWith("matched: ");
        search.clear();
        js("arguments[0].dispatchEvent(new Event('input'))", search);
        assertThat(f.findElements(By.cssSelector("g.frame.match"))).isEmpty();

        js("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", frame);
        assertThat(f.getAttribute("data-zoom")).as("zoomed frame").isEqualTo(name);
        double svgWidth = Double.parseDouble(f.findElement(By.tagName("svg")).getDomAttribute("viewBox").split(" ")[2]);
        WebElement zoomed = f.findElements(By.cssSelector("g.frame")).stream()
                .filter(g -> !g.getDomAttribute("class").contains("ancestor")).findFirst().orElseThrow();
        assertThat(Double.parseDouble(zoomed.findElement(By.tagName("rect")).getDomAttribute("width")))
                .as("the zoomed frame spans the graph").isGreaterThan(svgWidth - 2);
        f.findElement(By.cssSelector("button.flame-reset")).click();
        assertThat(f.getAttribute("data-zoom")).isEqualTo("all");
    }

    /** Below the root, the widest frame narrower than the graph (zooming into it must change the view); one script. */
    private WebElement widestNamedFrame(WebElement f) {
        Object best = js("""
                var svg = arguments[0].querySelector('svg'), full = +svg.getAttribute('viewBox').split(' ')[2];
                var best = null, width = -1;
                svg.querySelectorAll('g.frame').forEach(function (g) {
                  var w = +g.querySelector('rect').getAttribute('width');
                  if (g.pgolabNode.parent && w < 0.98 * full && w > width) { best = g; width = w; }
                });
                return best;""", f);
        assertThat(best).as("a frame narrower than the whole graph").isInstanceOf(WebElement.class);
        return (WebElement) best;
    }

    /** A frame name as a regular expression that matches it literally. */
    private static String literal(String name) {
        return name.replaceAll("[.*+?^${}()|\\[\\]\\\\]", "\\\\$0");
    }

    /** Text of the element matched by css (textContent: what a reader sees, markup not interpreted). */
    public String text(String css) {
        return driver.findElement(By.cssSelector(css)).getAttribute("textContent");
    }

    public List<String> texts(String css) {
        return driver.findElements(By.cssSelector(css)).stream().map(e -> e.getAttribute("textContent")).toList();
    }

    /** The whole page as a PNG (the window grown to the page's height, at most 9000 px). */
    public void screenshot(Path png) throws java.io.IOException {
        long height = ((Number) js("return document.documentElement.scrollHeight")).longValue();
        driver.manage().window().setSize(new Dimension(1300, (int) Math.min(9000, height + 40)));
        js("window.scrollTo(0, 0)");
        Files.createDirectories(png.toAbsolutePath().getParent());
        Files.write(png, driver.getScreenshotAs(OutputType.BYTES));
        driver.manage().window().setSize(new Dimension(1300, 1000));
    }

    /** One element (the first matching css) as a PNG; false when the page has none. */
    public boolean screenshotOf(String css, Path png) throws java.io.IOException {
        List<WebElement> e = driver.findElements(By.cssSelector(css));
        if (e.isEmpty()) {
            return false;
        }
        scrollTo(e.get(0));
        Files.createDirectories(png.toAbsolutePath().getParent());
        Files.write(png, e.get(0).getScreenshotAs(OutputType.BYTES));
        return true;
    }

    public Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    private void scrollTo(WebElement e) {
        js("arguments[0].scrollIntoView({block: 'center'})", e);
    }

    private void assertNoAlert() {
        try {
            String text = driver.switchTo().alert().getText();
            throw new AssertionError("a script of the page opened an alert: " + text);
        } catch (NoAlertPresentException expected) {
            // no hostile script ran
        }
    }

    private List<String> consoleErrors() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).map(LogEntry::getMessage).toList();
    }

    @Override
    public void close() {
        driver.quit();
    }
}
