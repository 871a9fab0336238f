package io.pgolab.ci;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.cli.Cli;
import io.pgolab.cli.TinyProject;
import io.pgolab.config.starter.GithubWorkflow;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sample repository with two commits (the tiny C program, then the same with a change), the workflow
 * 'pgolab init --ci github' wrote into it, and LocalActions to run that workflow's jobs with a given
 * pgolab (the real one, or FakePgolab) installed by the workflow's own "Install pgolab" steps, which run
 * pgolab's composite action (action.yml of these sources) on a jar served from a file: URL. The GitHub CLI
 * is the stand-in of resources io/pgolab/ci/gh.
 */
final class WorkflowFixture {
    static final String BENCH = """
            [[bench]]
            name = "loop"
            command = "{binary} run 3000000"
            """;

    /** pgolab's sources, where its action.yml is: Maven runs the tests in the project's directory. */
    static final Path PGOLAB_SOURCES = Path.of("").toAbsolutePath();

    final Path repo;
    final Path ghDir;
    final Path log;
    final String base;
    final String head;
    final LocalActions actions;

    private final Map<String, String> vars;
    private final Map<String, String> env;

    private WorkflowFixture(Path repo, Path ghDir, Path log, String base, String head, LocalActions actions,
            Map<String, String> vars, Map<String, String> env) {
        this.vars = vars;
        this.env = env;
        this.repo = repo;
        this.ghDir = ghDir;
        this.log = log;
        this.base = base;
        this.head = head;
        this.actions = actions;
    }

    /**
     * The repository at tmp/repo; the second commit replaces hot.c's text by changedSource, or, when changedSource is
     * null, adds what pgolab init wrote to a base of the sources only (the pull request that adds pgolab).
     */
    static WorkflowFixture create(Path tmp, String mainClass, String changedSource, Map<String, String> extraEnv)
            throws IOException, InterruptedException {
        return create(tmp, mainClass, changedSource, extraEnv, Map.of());
    }

    /** The same, with more repository variables (vars.*) than the ones that fetch pgolab. */
    static WorkflowFixture create(Path tmp, String mainClass, String changedSource, Map<String, String> extraEnv,
            Map<String, String> extraVars) throws IOException, InterruptedException {
        return create(tmp, mainClass, changedSource, extraEnv, extraVars, List.of());
    }

    /** The same, with more options for 'pgolab init --ci github' (e.g. --install source=URL@COMMIT). */
    static WorkflowFixture create(Path tmp, String mainClass, String changedSource, Map<String, String> extraEnv,
            Map<String, String> extraVars, List<String> initOptions) throws IOException, InterruptedException {
        Path repo = tmp.resolve("repo");
        TinyProject.create(repo, "clang", "\"release\", \"pgo\"", TinyProject.train("loop", "{binary} run 2000000"));
        Files.writeString(repo.resolve("pgolab.toml"), Files.readString(repo.resolve("pgolab.toml")) + "\n" + BENCH);
        Files.writeString(repo.resolve(".gitignore"), ".pgolab/\n");
        gitAndWorkflow(repo, initOptions);
        String base;
        if (changedSource == null) {
            // the pull request that adds pgolab: the base holds the sources only, the candidate what init wrote
            LocalActions.git(repo, "add", "hot.c");
            LocalActions.git(repo, "commit", "-q", "-m", "sources");
            base = rev(repo);
            LocalActions.git(repo, "add", "-A");
            LocalActions.git(repo, "commit", "-q", "-m", "add pgolab");
        } else {
            LocalActions.git(repo, "add", "-A");
            LocalActions.git(repo, "commit", "-q", "-m", "base");
            base = rev(repo);
            Files.writeString(repo.resolve("hot.c"), changedSource);
            LocalActions.git(repo, "commit", "-q", "-am", "candidate");
        }
        return wire(tmp, repo, mainClass, base, rev(repo), extraEnv, extraVars);
    }

    /**
     * A real project's tree at repo, with its pgolab.toml already written (by pgolab init): git init, 'pgolab init --ci
     * github' with initOptions, the base commit, and a candidate that appends a comment to candidateFile.
     */
    static WorkflowFixture existing(Path tmp, Path repo, String candidateFile, List<String> initOptions)
            throws IOException, InterruptedException {
        gitAndWorkflow(repo, initOptions);
        LocalActions.git(repo, "add", "-A");
        LocalActions.git(repo, "commit", "-q", "-m", "base");
        String base = rev(repo);
        Files.writeString(repo.resolve(candidateFile), Files.readString(repo.resolve(candidateFile)) + "\n/* a comment */\n");
        LocalActions.git(repo, "commit", "-q", "-am", "candidate");
        return wire(tmp, repo, "io.pgolab.cli.Main", base, rev(repo), Map.of(), Map.of());
    }

    private static WorkflowFixture wire(Path tmp, Path repo, String mainClass, String base, String head,
            Map<String, String> extraEnv, Map<String, String> extraVars) throws IOException, InterruptedException {
        Path jar = Launcher.jar(tmp.resolve("dist"), mainClass);
        String built = System.getProperty("pgolab.ci.jar", "");
        if (!built.isEmpty() && mainClass.equals("io.pgolab.cli.Main")) {
            // -Dpgolab.ci.jar=target/pgolab.jar: the jar 'mvn package' built, with its pgolab.jar.sha256, in place of
            // the test classes (by hand: the suite runs before the package phase)
            Path dir = Files.createDirectories(tmp.resolve("dist-built"));
            Files.copy(Path.of(built), dir.resolve("pgolab.jar"));
            Files.copy(Path.of(built + ".sha256"), dir.resolve("pgolab.jar.sha256"));
            jar = dir.resolve("pgolab.jar");
        }
        Path ghDir = Files.createDirectories(tmp.resolve("gh"));
        Path bin = Files.createDirectories(tmp.resolve("stub-bin"));
        try (InputStream in = WorkflowFixture.class.getResourceAsStream("gh")) {
            Files.write(bin.resolve("gh"), in.readAllBytes());
        }
        Files.setPosixFilePermissions(bin.resolve("gh"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Path log = tmp.resolve("pgolab-calls.log");
        Map<String, String> env = new LinkedHashMap<>(extraEnv);
        env.put("PATH", bin + ":" + System.getenv("PATH"));
        env.put("GH_STUB_DIR", ghDir.toString());
        env.put("FAKE_LOG", log.toString());
        Map<String, String> vars = new LinkedHashMap<>(extraVars);
        // the jar and its .sha256 as a release publishes them; the action reads the SHA-256 from beside the jar
        vars.putIfAbsent("PGOLAB_JAR_URL", jar.toUri().toString());
        LocalActions actions = new LocalActions(repo.resolve(".github/workflows/pgolab.yml"), repo,
                Files.createDirectories(tmp.resolve("runner")), vars, env);
        actions.localAction(GithubWorkflow.PLACEHOLDER_REPOSITORY, PGOLAB_SOURCES);
        return new WorkflowFixture(repo, ghDir, log, base, head, actions, vars, env);
    }

    /** git init with a CI identity, then the workflow 'pgolab init --ci github' writes with initOptions. */
    private static void gitAndWorkflow(Path repo, List<String> initOptions) throws IOException, InterruptedException {
        LocalActions.git(repo, "init", "-q", "-b", "main");
        LocalActions.git(repo, "config", "user.email", "ci@example.invalid");
        LocalActions.git(repo, "config", "user.name", "ci");
        List<String> initArgs = new ArrayList<>(List.of("init", "--ci", "github"));
        initArgs.addAll(initOptions);
        Cli.Result init = Cli.run(repo, initArgs.toArray(String[]::new));
        assertThat(init.exitCode()).as(init.all()).isZero();
    }

    private static String rev(Path repo) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("git", "rev-parse", "HEAD").directory(repo.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        assertThat(p.waitFor()).isZero();
        return out;
    }

    /** Another runner (its own root under dir) for this repository, with these repository variables added. */
    LocalActions runner(Path dir, Map<String, String> moreVars) throws IOException {
        Map<String, String> v = new LinkedHashMap<>(vars);
        v.putAll(moreVars);
        LocalActions a = new LocalActions(repo.resolve(".github/workflows/pgolab.yml"), repo, Files.createDirectories(dir), v, env);
        a.localAction(GithubWorkflow.PLACEHOLDER_REPOSITORY, PGOLAB_SOURCES);
        return a;
    }

    Map<String, String> push() {
        Map<String, String> g = common();
        g.put("event_name", "push");
        g.put("ref", "refs/heads/main");
        g.put("sha", head);
        return g;
    }

    Map<String, String> pullRequest() {
        Map<String, String> g = common();
        g.put("event_name", "pull_request");
        g.put("ref", "refs/pull/7/merge");
        g.put("sha", head);
        g.put("event.pull_request.number", "7");
        g.put("event.pull_request.base.sha", base);
        g.put("event.pull_request.head.sha", head);
        return g;
    }

    /** The workflow run's id (github.run_id): the comment links its page. */
    static final String RUN_ID = "4242";

    /** The page of this run, whose artifacts the comment links. */
    static String runPage() {
        return "https://github.com/octo/tiny/actions/runs/" + RUN_ID + "#artifacts";
    }

    private static Map<String, String> common() {
        Map<String, String> g = new HashMap<>();
        g.put("repository", "octo/tiny");
        g.put("server_url", "https://github.com");
        g.put("run_id", RUN_ID);
        g.put("token", "token-of-this-run");
        return g;
    }

    LocalActions.Job release() throws IOException, InterruptedException {
        return actions.run("release", push(), actions.matrix("release").get(0), Map.of());
    }

    /** The gate job on every host of its matrix, then the report job after them. */
    List<LocalActions.Job> pullRequestRun() throws IOException, InterruptedException {
        List<LocalActions.Job> jobs = new ArrayList<>();
        boolean all = true;
        for (Map<String, String> m : actions.matrix("gate")) {
            LocalActions.Job j = actions.run("gate", pullRequest(), m, Map.of());
            jobs.add(j);
            all &= j.success();
        }
        jobs.add(actions.run("report", pullRequest(), Map.of(), Map.of("gate", all ? "success" : "failure")));
        return jobs;
    }

    /** Starts a new workflow run: the artifacts of the last one are gone (the cache stays). */
    void newRun() throws IOException {
        if (Files.exists(actions.artifacts())) {
            try (var s = Files.walk(actions.artifacts())) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    String comment() throws IOException {
        return Files.readString(ghDir.resolve("comment.md"));
    }

    List<String> writes() throws IOException {
        Path w = ghDir.resolve("writes");
        return Files.exists(w) ? Files.readAllLines(w) : List.of();
    }
}
