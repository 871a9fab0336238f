package io.pgolab.ci;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.config.starter.GithubWorkflow;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The composite action (action.yml) takes its inputs as data: a hostile version, jar-url or sha256 is refused
 * with one ::error:: line naming the input, before curl or GITHUB_OUTPUT sees it; nothing is written outside
 * the runner's files, and GITHUB_OUTPUT holds only the action's own outputs. Run locally with LocalActions.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ActionInputsTest {
    private static final String WORKFLOW = """
            on: push
            jobs:
              install:
                runs-on: ubuntu-latest
                steps:
                  - name: Install pgolab
                    uses: OWNER/pgolab@v0.2.0
                    with:
                      version: ${{ vars.VERSION }}
                      jar-url: ${{ vars.JAR_URL }}
                      sha256: ${{ vars.SHA256 }}
            """;
    private static final String HEX = "0".repeat(64);

    @TempDir
    Path tmp;

    private Path curlConfig;
    private Path written;

    @BeforeEach
    void tools() throws Exception {
        Tool.require(LocalActions.onPath("curl"), "curl");
        // what '-K FILE' made curl do: read FILE as its config, and write where it says
        written = tmp.resolve("written-by-curl");
        String config = "url = \"file:///etc/hostname\"\noutput = \"" + written + "\"\n";
        curlConfig = Files.writeString(tmp.resolve("curl.config"), config);
        Files.writeString(tmp.resolve("curl.config.sha256"), config);   // what "$URL.sha256" names for URL=-KFILE
    }

    private LocalActions.Job install(String version, String jarUrl, String sha256) throws Exception {
        Path root = Files.createDirectories(tmp.resolve("runner-" + System.nanoTime()));
        Path workflow = Files.writeString(root.resolve("workflow.yml"), WORKFLOW);
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("VERSION", version);
        vars.put("JAR_URL", jarUrl);
        vars.put("SHA256", sha256);
        LocalActions a = new LocalActions(workflow, tmp, root, vars, Map.of());
        a.localAction(GithubWorkflow.PLACEHOLDER_REPOSITORY, WorkflowFixture.PGOLAB_SOURCES);
        Map<String, String> github = new LinkedHashMap<>();
        github.put("server_url", "https://github.com");
        return a.run("install", github, Map.of(), Map.of());
    }

    private void refused(LocalActions.Job j, String message) throws Exception {
        assertThat(j.success()).as(j.log()).isFalse();
        String log = j.step("Install pgolab").log();
        assertThat(log).contains("::error::pgolab action: " + message);
        // the value never makes a line of its own: one workflow command, the error
        assertThat(log.lines().filter(l -> l.startsWith("::"))).as(log).hasSize(1);
        assertThat(written).doesNotExist();
        assertThat(j.temp().getParent().getParent().resolve("toolcache")).doesNotExist();
        for (Map.Entry<String, String> o : outputs(j).entrySet()) {
            assertThat(o.getKey()).as(log).isIn("version", "url", "dir", "key", "jar");
            assertThat(o.getValue()).as(o.getKey()).isEmpty();
        }
    }

    /** Every GITHUB_OUTPUT the job's steps (the action's own, and the calling step's) were given, as key -> value. */
    private static Map<String, String> outputs(LocalActions.Job j) throws Exception {
        Map<String, String> all = new LinkedHashMap<>();
        try (Stream<Path> s = Files.walk(j.temp())) {
            for (Path p : s.filter(p -> p.getFileName().toString().equals("output")).toList()) {
                all.putAll(LocalActions.keyValues(p));
            }
        }
        return all;
    }

    @Test
    void aNewlineInAnyInputIsRefusedAndWritesNoOutput() throws Exception {
        String lines = "\nversion=\njar=/etc/passwd";
        refused(install("", "https://example.invalid/pgolab.jar" + lines, ""),
                "the input jar-url has a newline or another control character");
        refused(install("0.2.0" + lines, "", ""), "the input version has a newline or another control character");
        refused(install("0.2.0", "https://example.invalid/pgolab.jar", HEX + lines),
                "the input sha256 has a newline or another control character");
        refused(install("0.2.0\r::add-mask::x", "", ""), "the input version has a newline or another control character");
    }

    @Test
    void aJarUrlThatIsNotHttpsOrFileIsRefusedBeforeCurlSeesIt() throws Exception {
        for (String url : List.of("-K " + curlConfig, "--config=" + curlConfig, "-K" + curlConfig,
                "http://example.invalid/pgolab.jar", "ftp://example.invalid/pgolab.jar", "https://a b")) {
            refused(install("0.2.0", url, ""), "the input jar-url '" + url + "' is not an https:// or file:// URL");
        }
    }

    @Test
    void aBadSha256OrVersionIsRefused() throws Exception {
        refused(install("0.2.0", "https://example.invalid/pgolab.jar", "abc123"), "the input sha256 is not 64 hex digits");
        refused(install("0.2.0", "https://example.invalid/pgolab.jar", HEX + "0"), "the input sha256 is not 64 hex digits");
        Path marker = tmp.resolve("marker");
        for (String v : List.of("0.2.0;touch " + marker, "$(touch " + marker + ")", "0.2.0 -K " + curlConfig, "../../0.2.0")) {
            refused(install(v, "", ""), "the input version, '" + v + "', is not a pgolab version");
            assertThat(marker).doesNotExist();
        }
    }

    /** file:///etc/passwd is a file:// URL: fetched, and refused as not the jar its sha256 names. */
    @Test
    void aFileUrlToAnythingElseIsNotInstalled() throws Exception {
        Tool.require(LocalActions.onPath("java"), "java");
        LocalActions.Job j = install("0.2.0", "file:///etc/passwd", HEX);
        assertThat(j.success()).isFalse();
        assertThat(j.step("Install pgolab").log()).containsPattern(
                "::error::pgolab action: the SHA-256 of file:///etc/passwd is [0-9a-f]{64}, not 0{64}: not installed");
        try (Stream<Path> s = Files.walk(j.temp().getParent().getParent())) {
            assertThat(s.filter(p -> p.getFileName().toString().equals("pgolab.jar"))).isEmpty();
        }
        assertThat(outputs(j).get("jar")).isEmpty();
        assertThat(outputs(j).get("url")).isEqualTo("file:///etc/passwd");
    }

    /** Should an option-like URL reach the install step after all, curl takes it as a URL ('--' before it), not an option. */
    @Test
    void theInstallStepGivesCurlTheUrlAfterDashDash() throws Exception {
        Tool.require(LocalActions.onPath("java"), "java");
        String script = null;
        for (var step : new com.fasterxml.jackson.dataformat.yaml.YAMLMapper()
                .readTree(WorkflowFixture.PGOLAB_SOURCES.resolve("action.yml").toFile()).path("runs").path("steps")) {
            if (step.path("id").asText().equals("install")) {
                script = step.path("run").asText();
            }
        }
        assertThat(script).isNotNull();
        Path file = Files.writeString(tmp.resolve("install.sh"), script);
        for (String url : List.of("-K" + curlConfig, "--config=" + curlConfig)) {
            Path out = Files.writeString(tmp.resolve("output"), "");
            List<String> cmd = new ArrayList<>(List.of("bash", "--noprofile", "--norc", "-eo", "pipefail", file.toString()));
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile()).redirectErrorStream(true);
            pb.environment().putAll(Map.of("VERSION", "0.2.0", "URL", url, "DIR", tmp.resolve("cache/dir").toString(),
                    "INPUT_SHA256", "", "INPUT_JAR_URL", url, "GITHUB_OUTPUT", out.toString(),
                    "GITHUB_PATH", tmp.resolve("path").toString()));
            Process p = pb.start();
            String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor()).as(log).isEqualTo(1);
            assertThat(log).contains("::error::pgolab action: could not download " + url + ".sha256");
            assertThat(written).doesNotExist();
            assertThat(out).isEmptyFile();
        }
    }
}
