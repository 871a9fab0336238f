package io.pgolab.ci;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs the jobs of a GitHub Actions workflow on this machine, step by step, the way a runner does:
 * each run: step in bash (-eo pipefail, as 'shell: bash'), with the workflow's, job's and step's env
 * evaluated, GITHUB_OUTPUT / GITHUB_ENV / GITHUB_PATH / GITHUB_STEP_SUMMARY read after each step, the
 * step's if: evaluated (the status functions and == / != only), and the few actions the pgolab workflow
 * uses played by local stand-ins (checkout: a clone of the sample repository; cache and artifacts:
 * directories under the runner's root, actions/cache saving after a job that succeeded), and composite
 * actions from a local directory (localAction: "uses: OWNER/pgolab@vX" runs this source tree's action.yml,
 * its inputs, defaults, outputs and steps). An expression it does not know is an error, so the test fails
 * when the workflow starts to use something this stand-in does not play.
 */
final class LocalActions {
    /** One step as it ran (or did not). */
    record Step(String name, boolean ran, int exitCode, String log) {
    }

    /** One job: skipped when its if: was false; success when no step failed. */
    record Job(String name, boolean skipped, boolean success, List<Step> steps, String summary, Path temp) {
        Step step(String stepName) {
            return steps.stream().filter(s -> s.name().equals(stepName)).findFirst()
                    .orElseThrow(() -> new AssertionError("no step '" + stepName + "' in " + names()));
        }

        List<String> names() {
            return steps.stream().map(Step::name).toList();
        }

        String log() {
            StringBuilder b = new StringBuilder();
            for (Step s : steps) {
                b.append("== ").append(s.name()).append(s.ran() ? " (exit " + s.exitCode() + ")" : " (skipped)").append('\n');
                b.append(s.log());
            }
            return b.toString();
        }
    }

    private static final Pattern EXPR = Pattern.compile("\\$\\{\\{\\s*(.*?)\\s*}}");
    private static final Pattern COMPARISON = Pattern.compile("([A-Za-z0-9_.-]+)\\s*(==|!=)\\s*'([^']*)'");

    private final JsonNode workflow;
    private final Path repository;
    private final Path root;
    private final Map<String, String> vars;
    private final Map<String, String> processEnv;
    private int jobs;
    private boolean selfHosted;
    private final Map<String, Path> localActions = new HashMap<>();

    /**
     * @param repository the sample repository the checkout clones
     * @param root       where workspaces, runner temp dirs, artifacts and the cache go
     * @param vars       the repository variables (vars.*)
     * @param processEnv added to every step's environment (a PATH with stand-ins, settings of fakes)
     */
    LocalActions(Path workflowFile, Path repository, Path root, Map<String, String> vars, Map<String, String> processEnv)
            throws IOException {
        this.workflow = new YAMLMapper().readTree(workflowFile.toFile());
        this.repository = repository;
        this.root = root;
        this.vars = vars;
        this.processEnv = processEnv;
    }

    /** Later jobs run on a self-hosted runner (runner.environment), or on a GitHub-hosted one (the default). */
    void selfHosted(boolean on) {
        selfHosted = on;
    }

    /**
     * A step that says uses: NAME@REF (any ref) runs the composite action in dir (its action.yml) instead:
     * how the workflow's "uses: OWNER/pgolab@vX" runs pgolab's own action.yml from this source tree.
     */
    void localAction(String name, Path dir) {
        localActions.put(name, dir);
    }

    /** The runner's tool cache (RUNNER_TOOL_CACHE): one per runner, kept across jobs, as on a self-hosted runner. */
    Path toolCache() {
        return root.resolve("toolcache");
    }

    JsonNode workflow() {
        return workflow;
    }

    /** The matrix of a job: its include entries, each as label and the other scalar keys. */
    List<Map<String, String>> matrix(String job) {
        List<Map<String, String>> out = new ArrayList<>();
        for (JsonNode e : workflow.path("jobs").path(job).path("strategy").path("matrix").path("include")) {
            Map<String, String> m = new LinkedHashMap<>();
            e.fields().forEachRemaining(f -> m.put(f.getKey(), f.getValue().isValueNode() ? f.getValue().asText()
                    : f.getValue().toString()));
            out.add(m);
        }
        return out;
    }

    Path artifacts() {
        return root.resolve("artifacts");
    }

    /**
     * Runs one job. github holds the github context ("event_name", "sha", "event.pull_request.base.sha",
     * ...), matrix the job's matrix entry, needs the results of the jobs it needs ("gate" -> "success").
     */
    Job run(String job, Map<String, String> github, Map<String, String> matrix, Map<String, String> needs)
            throws IOException, InterruptedException {
        JsonNode j = workflow.path("jobs").path(job);
        if (j.isMissingNode()) {
            throw new AssertionError("no job " + job);
        }
        Path dir = root.resolve("job-" + (++jobs) + "-" + job);
        Path workspace = dir.resolve("work");
        Path temp = dir.resolve("temp");
        Files.createDirectories(workspace);
        Files.createDirectories(temp);
        Map<String, String> ctx = new HashMap<>();
        github.forEach((k, v) -> ctx.put("github." + k, v));
        matrix.forEach((k, v) -> ctx.put("matrix." + k, v));
        needs.forEach((k, v) -> ctx.put("needs." + k + ".result", v));
        vars.forEach((k, v) -> ctx.put("vars." + k, v));
        ctx.put("runner.temp", temp.toString());
        ctx.put("runner.tool_cache", toolCache().toString());
        ctx.put("runner.os", "Linux");
        ctx.put("runner.arch", "X64");
        ctx.put("runner.environment", selfHosted ? "self-hosted" : "github-hosted");
        if (j.has("if") && !condition(j.get("if").asText(), ctx, true)) {
            return new Job(job, true, true, List.of(), "", temp);
        }
        Map<String, String> env = new LinkedHashMap<>(processEnv);
        env.put("CI", "true");
        env.put("GITHUB_ACTIONS", "true");
        env.put("GITHUB_WORKSPACE", workspace.toString());
        env.put("RUNNER_TEMP", temp.toString());
        env.put("RUNNER_TOOL_CACHE", toolCache().toString());
        addEnv(env, workflow.path("env"), ctx);
        addEnv(env, j.path("env"), ctx);
        Running r = new Running(env, workspace, temp);
        List<Step> steps = steps(j.path("steps"), ctx, r, "");
        for (Runnable post : r.posts) {
            if (r.ok) {
                post.run();   // actions/cache's save after the job, as its post step (post-if: success())
            }
        }
        return new Job(job, false, r.ok, steps, r.summary.toString(), temp);
    }

    /** What the steps of one job share: its env and PATH additions, its summary, whether all went well, post steps. */
    private static final class Running {
        final Map<String, String> env;
        final Path workspace;
        final Path temp;
        final List<String> path = new ArrayList<>();
        final StringBuilder summary = new StringBuilder();
        final List<Runnable> posts = new ArrayList<>();
        boolean ok = true;
        int n;

        Running(Map<String, String> env, Path workspace, Path temp) {
            this.env = env;
            this.workspace = workspace;
            this.temp = temp;
        }
    }

    /**
     * Runs steps in order (a job's, or a composite action's with its own ctx: inputs, its steps' outputs),
     * each in its own GITHUB_* files. A step that fails fails the job; later steps then run only on
     * always() / failure().
     */
    private List<Step> steps(JsonNode list, Map<String, String> ctx, Running r, String prefix)
            throws IOException, InterruptedException {
        List<Step> steps = new ArrayList<>();
        for (JsonNode s : list) {
            int n = ++r.n;
            String name = prefix + (s.has("name") ? s.get("name").asText() : s.has("uses") ? s.get("uses").asText() : "step " + n);
            if (s.has("if") ? !condition(s.get("if").asText(), ctx, r.ok) : !r.ok) {
                steps.add(new Step(name, false, 0, ""));
                continue;
            }
            Map<String, String> stepEnv = new LinkedHashMap<>(r.env);
            addEnv(stepEnv, s.path("env"), ctx);
            String basePath = stepEnv.getOrDefault("PATH", System.getenv("PATH"));
            stepEnv.put("PATH", r.path.isEmpty() ? basePath : String.join(":", r.path) + ":" + basePath);
            if (ctx.containsKey("github.action_path")) {
                stepEnv.put("GITHUB_ACTION_PATH", ctx.get("github.action_path"));
            }
            Path files = r.temp.resolve("_step" + n);
            Files.createDirectories(files);
            Path output = touch(files.resolve("output"));
            Path envFile = touch(files.resolve("env"));
            Path pathFile = touch(files.resolve("path"));
            Path summaryFile = touch(files.resolve("summary"));
            stepEnv.put("GITHUB_OUTPUT", output.toString());
            stepEnv.put("GITHUB_ENV", envFile.toString());
            stepEnv.put("GITHUB_PATH", pathFile.toString());
            stepEnv.put("GITHUB_STEP_SUMMARY", summaryFile.toString());
            Step done;
            if (s.has("run")) {
                if (ctx.containsKey("github.action_path") && !s.path("shell").asText().equals("bash")) {
                    throw new AssertionError("step '" + name + "' of a composite action needs shell: bash");
                }
                done = runScript(name, s.get("run").asText(), stepEnv, r.workspace, files);
            } else {
                String uses = s.get("uses").asText();
                Path composite = localActions.get(uses.replaceAll("@.*", ""));
                done = composite != null ? composite(name, uses.replaceAll("@.*", ""), composite, s, ctx, r, output) : action(name, s, ctx, r, output);
            }
            steps.add(done);
            String id = s.path("id").asText("");
            for (Map.Entry<String, String> o : keyValues(output).entrySet()) {
                if (!id.isEmpty()) {
                    ctx.put("steps." + id + ".outputs." + o.getKey(), o.getValue());
                }
            }
            r.env.putAll(keyValues(envFile));
            List<String> added = new ArrayList<>(Files.readAllLines(pathFile).stream().filter(l -> !l.isBlank()).toList());
            java.util.Collections.reverse(added);
            added.forEach(p -> r.path.add(0, p));
            r.summary.append(Files.readString(summaryFile));
            r.ok &= done.exitCode() == 0;
        }
        return steps;
    }

    /**
     * A composite action from a directory on this machine (see localAction): its inputs from with: and their
     * defaults, github.action_path, its steps run as the job's (the PATH they add stays for the job), its
     * outputs written to the calling step's GITHUB_OUTPUT. One Step, its inner steps' logs one after another.
     */
    private Step composite(String name, String repository, Path dir, JsonNode s, Map<String, String> ctx, Running r, Path output)
            throws IOException, InterruptedException {
        JsonNode action = new YAMLMapper().readTree(dir.resolve("action.yml").toFile());
        if (!action.path("runs").path("using").asText().equals("composite")) {
            throw new AssertionError(dir + "/action.yml is not a composite action");
        }
        Map<String, String> inner = new HashMap<>();
        ctx.forEach((k, v) -> {
            if (!k.startsWith("steps.")) {
                inner.put(k, v);
            }
        });
        inner.put("github.action_path", dir.toString());
        inner.put("github.action_repository", repository);
        s.path("with").fieldNames().forEachRemaining(k -> {
            if (!action.path("inputs").has(k)) {
                throw new AssertionError("step '" + name + "' gives the input " + k + ", which " + dir + "/action.yml has not");
            }
        });
        for (Iterator<Map.Entry<String, JsonNode>> it = action.path("inputs").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> in = it.next();
            JsonNode given = s.path("with").path(in.getKey());
            String value = given.isMissingNode() ? evaluate(in.getValue().path("default").asText(""), inner)
                    : evaluate(given.asText(), ctx);
            inner.put("inputs." + in.getKey(), value);
        }
        boolean before = r.ok;
        r.ok = true;
        List<Step> done = steps(action.path("runs").path("steps"), inner, r, name + " / ");
        boolean failed = !r.ok;
        r.ok = before;
        StringBuilder log = new StringBuilder();
        int code = 0;
        for (Step st : done) {
            log.append("-- ").append(st.name()).append(st.ran() ? " (exit " + st.exitCode() + ")" : " (skipped)").append('\n');
            log.append(st.log());
            code = code != 0 ? code : st.exitCode();
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = action.path("outputs").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> o = it.next();
            Files.writeString(output, o.getKey() + "=" + evaluate(o.getValue().path("value").asText(), inner) + "\n",
                    java.nio.file.StandardOpenOption.APPEND);
        }
        return new Step(name, true, failed && code == 0 ? 1 : code, log.toString());
    }

    private Step runScript(String name, String script, Map<String, String> env, Path workspace, Path files)
            throws IOException, InterruptedException {
        if (script.contains("${{")) {
            throw new AssertionError("step '" + name + "' has a ${{ }} expression inside its script: pass it through env:");
        }
        Path file = files.resolve("script.sh");
        Files.writeString(file, script);
        Path log = files.resolve("log");
        ProcessBuilder pb = new ProcessBuilder("bash", "--noprofile", "--norc", "-eo", "pipefail", file.toString())
                .directory(workspace.toFile()).redirectErrorStream(true).redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(60, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("step '" + name + "' ran over an hour");
        }
        return new Step(name, true, p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    /** The actions the pgolab workflow uses, played locally. */
    private Step action(String name, JsonNode s, Map<String, String> ctx, Running r, Path output)
            throws IOException, InterruptedException {
        String uses = s.get("uses").asText();
        String action = uses.replaceAll("@.*", "");
        Map<String, String> with = new LinkedHashMap<>();
        s.path("with").fields().forEachRemaining(f -> with.put(f.getKey(), evaluate(f.getValue().asText(), ctx)));
        Path workspace = r.workspace;
        switch (action) {
            case "actions/checkout" -> {
                String ref = with.getOrDefault("ref", ctx.getOrDefault("github.sha", "HEAD"));
                git(workspace.getParent(), "clone", "-q", repository.toString(), workspace.toString());
                git(workspace, "checkout", "-q", "--detach", ref);
                return new Step(name, true, 0, "cloned " + repository + " at " + ref + ", clean: "
                        + with.getOrDefault("clean", "true") + "\n");
            }
            case "actions/setup-java" -> {
                return new Step(name, true, 0, "java from this machine\n");
            }
            case "actions/cache/restore" -> {
                String key = required(with, "key", name);
                Path stored = root.resolve("cache").resolve(key);
                Files.writeString(output, "cache-primary-key=" + key + "\n", java.nio.file.StandardOpenOption.APPEND);
                if (Files.isDirectory(stored)) {
                    copyTree(stored, Path.of(required(with, "path", name)));
                    Files.writeString(output, "cache-hit=true\n", java.nio.file.StandardOpenOption.APPEND);
                    return new Step(name, true, 0, "cache hit: " + key + "\n");
                }
                return new Step(name, true, 0, "cache miss: " + key + "\n");
            }
            case "actions/cache" -> {
                // restore now; on a miss, save after the job when it succeeded (the action's post step)
                String key = required(with, "key", name);
                Path stored = root.resolve("cache").resolve(key);
                Path path = Path.of(required(with, "path", name));
                Files.writeString(output, "cache-hit=" + Files.isDirectory(stored) + "\n", java.nio.file.StandardOpenOption.APPEND);
                if (Files.isDirectory(stored)) {
                    copyTree(stored, path);
                    return new Step(name, true, 0, "cache hit: " + key + "\n");
                }
                r.posts.add(() -> {
                    try {
                        if (Files.exists(path) && !Files.exists(stored)) {
                            copyTree(path, stored);
                        }
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                return new Step(name, true, 0, "cache miss: " + key + "\n");
            }
            case "actions/cache/save" -> {
                String key = required(with, "key", name);
                Path stored = root.resolve("cache").resolve(key);
                if (Files.exists(stored)) {
                    return new Step(name, true, 0, "cache entry exists, not saved: " + key + "\n");
                }
                copyTree(Path.of(required(with, "path", name)), stored);
                return new Step(name, true, 0, "saved " + key + "\n");
            }
            case "actions/upload-artifact" -> {
                Path from = Path.of(required(with, "path", name));
                // archive: false (v7): one file, not zipped, named by the file; its address is the step's artifact-url
                boolean single = "false".equals(with.get("archive"));
                if (single && Files.isDirectory(from)) {
                    return new Step(name, true, 1, "archive: false uploads a single file, not " + from + "\n");
                }
                Path to = artifacts().resolve(single ? from.getFileName().toString() : required(with, "name", name));
                if (single && Files.exists(from)) {
                    Files.writeString(output, "artifact-url=https://github.invalid/artifacts/" + to.getFileName() + "\n",
                            StandardOpenOption.APPEND);
                }
                boolean empty = !Files.exists(from) || (Files.isDirectory(from) && isEmpty(from));
                if (empty) {
                    boolean error = with.getOrDefault("if-no-files-found", "warn").equals("error");
                    return new Step(name, true, error ? 1 : 0, "no files at " + from + "\n");
                }
                if (Files.exists(to)) {
                    return new Step(name, true, 1, "an artifact named " + to.getFileName() + " exists already\n");
                }
                copyTree(from, to);
                return new Step(name, true, 0, "uploaded " + from + " as " + to.getFileName() + "\n");
            }
            case "actions/download-artifact" -> {
                PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + required(with, "pattern", name));
                Path to = Path.of(required(with, "path", name));
                StringBuilder log = new StringBuilder();
                if (Files.isDirectory(artifacts())) {
                    try (Stream<Path> all = Files.list(artifacts())) {
                        for (Path a : all.sorted().toList()) {
                            if (m.matches(a.getFileName())) {
                                copyTree(a, to.resolve(a.getFileName()));
                                log.append("downloaded ").append(a.getFileName()).append('\n');
                            }
                        }
                    }
                }
                return new Step(name, true, 0, log.toString());
            }
            default -> throw new AssertionError("step '" + name + "' uses " + uses + ", which LocalActions does not play");
        }
    }

    private static String required(Map<String, String> with, String key, String step) {
        String v = with.get(key);
        if (v == null || v.isEmpty()) {
            throw new AssertionError("step '" + step + "' has no with." + key);
        }
        return v;
    }

    private void addEnv(Map<String, String> env, JsonNode node, Map<String, String> ctx) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            env.put(e.getKey(), evaluate(e.getValue().asText(), ctx));
        }
    }

    /**
     * A value with ${{ }} expressions, each a context path ("matrix.label") or PATH == / != 'literal' ("true" or
     * "false"); unset outputs and vars are "".
     */
    static String evaluate(String text, Map<String, String> ctx) {
        Matcher m = EXPR.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Matcher c = COMPARISON.matcher(m.group(1));
            String value = c.matches() ? String.valueOf(c.group(2).equals("==") == lookup(c.group(1), ctx).equals(c.group(3)))
                    : lookup(m.group(1), ctx);
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String lookup(String path, Map<String, String> ctx) {
        String v = ctx.get(path);
        if (v != null) {
            return v;
        }
        if (path.startsWith("steps.") || path.startsWith("vars.")) {
            return "";
        }
        throw new AssertionError("expression '" + path + "' is not known to LocalActions (known: " + ctx.keySet() + ")");
    }

    /**
     * An if: condition: terms joined by &&, each always(), success(), failure(), or PATH == / != 'literal'.
     * Without a status function the condition also needs success(), as on GitHub.
     */
    static boolean condition(String text, Map<String, String> ctx, boolean successSoFar) {
        String c = text.trim();
        if (c.startsWith("${{") && c.endsWith("}}")) {
            c = c.substring(3, c.length() - 2).trim();
        }
        boolean status = false;
        boolean result = true;
        for (String term : c.split("&&")) {
            String t = term.trim();
            switch (t) {
                case "always()" -> status = true;
                case "success()" -> {
                    status = true;
                    result &= successSoFar;
                }
                case "failure()" -> {
                    status = true;
                    result &= !successSoFar;
                }
                default -> {
                    Matcher m = COMPARISON.matcher(t);
                    if (!m.matches()) {
                        throw new AssertionError("condition '" + text + "' is beyond LocalActions");
                    }
                    boolean equal = lookup(m.group(1), ctx).equals(m.group(3));
                    result &= m.group(2).equals("==") == equal;
                }
            }
        }
        return status ? result : result && successSoFar;
    }

    /** GITHUB_OUTPUT / GITHUB_ENV: name=value lines and name<<DELIMITER blocks. */
    static Map<String, String> keyValues(Path file) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            int heredoc = l.indexOf("<<");
            int eq = l.indexOf('=');
            if (heredoc > 0 && (eq < 0 || heredoc < eq)) {
                String delimiter = l.substring(heredoc + 2);
                StringBuilder v = new StringBuilder();
                for (i++; i < lines.size() && !lines.get(i).equals(delimiter); i++) {
                    v.append(v.length() == 0 ? "" : "\n").append(lines.get(i));
                }
                out.put(l.substring(0, heredoc), v.toString());
            } else if (eq > 0) {
                out.put(l.substring(0, eq), l.substring(eq + 1));
            }
        }
        return out;
    }

    /** True when a program of this name is on PATH. */
    static boolean onPath(String program) {
        for (String d : System.getenv("PATH").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }

    static void git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new AssertionError("git " + String.join(" ", args) + " failed: " + out);
        }
    }

    private static Path touch(Path p) throws IOException {
        Files.writeString(p, "");
        return p;
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            Files.createDirectories(to);
            Files.copy(from, to.resolve(from.getFileName()), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            return;
        }
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.createDirectories(t.getParent());
                    Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
