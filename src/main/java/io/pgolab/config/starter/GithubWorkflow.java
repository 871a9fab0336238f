package io.pgolab.config.starter;

import io.pgolab.UserError;
import io.pgolab.Version;
import io.pgolab.config.Config;
import io.pgolab.config.Variant;
import io.pgolab.util.TextHead;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The GitHub Actions workflow 'pgolab init --ci github' writes: the template
 * (resources io/pgolab/config/starter/github-workflow.yml) with the project's few values filled in. Every
 * value lands in YAML, never in a shell script's text: the scripts read them from env.
 */
public final class GithubWorkflow {
    /** Where the workflow goes, relative to the repository root. */
    public static final String PATH = ".github/workflows/pgolab.yml";

    /** Host labels and runner labels: safe in YAML, in artifact names and on a command line. */
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    /** One matrix entry: the host label of its results, and the runner labels it runs on. */
    public record Runner(String label, List<String> runsOn) {
        public Runner {
            runsOn = List.copyOf(runsOn);
        }

        /**
         * "LABEL=RUNNER[,RUNNER...]", e.g. "arm64=self-hosted,linux,arm64". A spec without '=' is refused, not read
         * as a label that is also its runner: "--runner arm64" is a user who meant to add a host, and taking it
         * would drop the default x86_64 host from the gate without a word.
         */
        public static Runner parse(String spec) {
            String hint = "write --runner LABEL=RUNNER[,RUNNER...], e.g. --runner arm64=self-hosted,linux,arm64"
                    + " (letters, digits, '.', '_', '-'); repeat --runner for each host";
            int eq = spec.indexOf('=');
            if (eq < 0) {
                String label = LABEL.matcher(spec).matches() ? spec : "LABEL";
                throw new UserError("--runner '" + shown(spec) + "' names no runner: the form is LABEL=RUNNER[,RUNNER...]",
                        "write --runner " + label + "=RUNNER[,RUNNER...], e.g. --runner " + label + "=self-hosted,linux,arm64;"
                                + " the hosts given replace the default ones, so name each of them: --runner"
                                + " x86_64=ubuntu-24.04 --runner arm64=ubuntu-24.04-arm");
            }
            String label = spec.substring(0, eq);
            List<String> runsOn = List.of(spec.substring(eq + 1).split(",", -1));
            if (!LABEL.matcher(label).matches()) {
                throw new UserError("--runner '" + shown(spec) + "': '" + shown(label) + "' is not a host label", hint);
            }
            for (String r : runsOn) {
                if (!LABEL.matcher(r).matches()) {
                    throw new UserError("--runner '" + shown(spec) + "': '" + shown(r) + "' is not a runner label", hint);
                }
            }
            return new Runner(label, runsOn);
        }

        /**
         * Every --runner value, in order. Two hosts with one label are refused: their results and artifacts
         * (pgolab-gate-LABEL) would collide, and the merge would see one host twice.
         */
        public static List<Runner> parseAll(List<String> specs) {
            List<Runner> out = new ArrayList<>();
            for (String spec : specs) {
                Runner r = parse(spec);
                for (Runner before : out) {
                    if (before.label().equalsIgnoreCase(r.label())) {  // artifact names: case may not tell apart
                        throw new UserError("--runner '" + shown(spec) + "': the host label '" + r.label() + "' is given twice"
                                + (before.label().equals(r.label()) ? "" : " (as '" + before.label() + "')"),
                                "give each host its own label, e.g. --runner " + r.label() + "-2=" + String.join(",", r.runsOn()));
                    }
                }
                out.add(r);
            }
            return List.copyOf(out);
        }

        @Override
        public String toString() {
            return label + " (" + String.join(", ", runsOn) + ")";
        }
    }

    /** GitHub's own x86_64 and arm64 Linux runners: they work at once, but are noisy (see docs/ci.md). */
    public static final List<Runner> DEFAULT_RUNNERS = List.of(
            new Runner("x86_64", List.of("ubuntu-24.04")), new Runner("arm64", List.of("ubuntu-24.04-arm")));

    private GithubWorkflow() {
    }

    /**
     * What the release job builds: the config's profile-guided variants that a stored profile can build
     * (not the BOLT ones, which profile their own binary, nor pgo@TAG, whose profile is another one);
     * "pgo" when the config lists none.
     */
    public static List<String> releaseVariants(Config config) {
        List<String> out = new ArrayList<>();
        for (Variant v : config.variants()) {
            if (v.pgo() && !v.bolt() && v.profileSet().isEmpty()) {
                out.add(v.name());
            }
        }
        return out.isEmpty() ? List.of(Variant.PGO.name()) : out;
    }

    /** The nearest directory at or above dir that holds a .git (a directory, or a worktree's file). */
    public static Optional<Path> repositoryRoot(Path dir) {
        for (Path d = dir.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
            if (Files.exists(d.resolve(".git"))) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    /** The branch origin/HEAD names (the remote's default branch), else "main". */
    public static String defaultBranch(Path repositoryRoot) {
        Path head = repositoryRoot.resolve(".git/refs/remotes/origin/HEAD");
        try {
            if (Files.isRegularFile(head)) {
                String ref = TextHead.of(head, TextHead.PROJECT_FILE).trim();
                String prefix = "ref: refs/remotes/origin/";
                if (ref.startsWith(prefix) && !ref.substring(prefix.length()).isBlank()) {
                    return ref.substring(prefix.length());
                }
            }
        } catch (IOException e) {
            // unreadable: fall back to the usual name
        }
        return "main";
    }

    /**
     * path with '/' between its names, as the runner's shell wants it. Only a Windows separator is turned into
     * '/': on Linux a backslash is a character of a directory's name, and the same name must reach the workflow.
     */
    public static String slashes(Path path) {
        String s = path.toString();
        return File.separatorChar == '\\' ? s.replace('\\', '/') : s;
    }

    /** The placeholder owner of the action's repository when neither --action nor the jar names one. */
    public static final String PLACEHOLDER_REPOSITORY = "OWNER/pgolab";

    /** A GitHub repository, OWNER/NAME, as GitHub allows their names. */
    private static final Pattern REPOSITORY = Pattern.compile("[A-Za-z0-9-]+/[A-Za-z0-9._-]+");

    /**
     * The step that installs pgolab: "uses: REPOSITORY@vRELEASE", pgolab's composite action (action.yml at the root of
     * pgolab's repository) at the release tag of the pgolab that writes the workflow. repository: --action's value,
     * else the repository the jar was released from (its build.properties), else the placeholder OWNER/pgolab.
     */
    public record Action(String repository, String release, boolean placeholder) {
        public static Action of(Optional<String> given, Version.Build build) {
            if (given.isPresent()) {
                String r = given.get();
                if (!REPOSITORY.matcher(r).matches()) {
                    throw new UserError("--action '" + shown(r) + "' is not a GitHub repository (OWNER/NAME)",
                            "name the repository pgolab is released from, e.g. --action my-org/pgolab; the workflow then"
                                    + " says uses: my-org/pgolab@v" + build.release());
                }
                return new Action(r, build.release(), false);
            }
            boolean known = REPOSITORY.matcher(build.repository()).matches();
            return new Action(known ? build.repository() : PLACEHOLDER_REPOSITORY, build.release(), !known);
        }

        public String uses() {
            return repository + "@v" + release;
        }
    }

    /** The workflow text with this pgolab's action (see Action). */
    public static String render(String configPath, List<String> releaseVariants, List<Runner> runners,
            String branch, String version) {
        return render(configPath, releaseVariants, runners, branch, version,
                Action.of(Optional.empty(), Version.build()));
    }

    /** The workflow text. configPath is relative to the repository root, with '/' separators. */
    public static String render(String configPath, List<String> releaseVariants, List<Runner> runners,
            String branch, String version, Action action) {
        return render(configPath, releaseVariants, runners, branch, version, action, Optional.empty());
    }

    /** The template's step that installs pgolab through the composite action, in each job. */
    private static final String ACTION_STEP = """
                  - name: Install pgolab
                    uses: @@ACTION@@
                    with:
                      jar-url: ${{ vars.PGOLAB_JAR_URL }}
                      sha256: ${{ vars.PGOLAB_JAR_SHA256 }}
            """;
    private static final String ACTION_COMMENT = """
                  # pgolab's composite action: the release's jar, checked against its SHA-256 and cached once per runner,
                  # and a 'pgolab' launcher on PATH (docs/ci.md, "Get pgolab onto the runners"). It sets up no JDK: see above.
            """;
    private static final String ENV_COMMENT = """
              # Where pgolab comes from: the release the step "Install pgolab" names (@@ACTION@@), unless
              # these repository variables (Settings > Secrets and variables > Actions > Variables) point elsewhere:
              #   PGOLAB_JAR_URL (+ PGOLAB_JAR_SHA256): a pgolab.jar you host (a mirror, an unreleased build); without
              #   PGOLAB_JAR_SHA256 the file PGOLAB_JAR_URL.sha256 beside it gives the SHA-256 the jar is checked against.
            """;

    /** The workflow text; with source, pgolab is built from that commit in each job (see SourceInstall). */
    public static String render(String configPath, List<String> releaseVariants, List<Runner> runners,
            String branch, String version, Action action, Optional<SourceInstall> source) {
        checkValue("the config path", configPath);
        checkValue("the pgolab release", action.release());
        if (!action.uses().matches("[A-Za-z0-9-]+/[A-Za-z0-9._-]+@v[A-Za-z0-9._+-]+")) {
            throw new IllegalArgumentException("not an action reference: " + action.uses());
        }
        checkValue("the default branch (origin/HEAD)", branch);
        checkValue("the pgolab version", version);
        if (runners.isEmpty()) {
            throw new IllegalArgumentException("no runners");
        }
        String variants = String.join(" ", releaseVariants);
        String template = source.map(src -> src.apply(template().replace(ACTION_COMMENT, ""), ACTION_STEP, ENV_COMMENT))
                .orElseGet(GithubWorkflow::template);
        return template
                .replace("@@VERSION@@", version)
                .replace("@@ACTION@@", action.uses())
                .replace("@@BRANCH_VALUE@@", quoted(literalPattern(branch)))
                .replace("@@BRANCH@@", branch)
                .replace("@@CONFIG_VALUE@@", quoted(configPath))
                .replace("@@RELEASE_VARIANTS_VALUE@@", quoted(variants))
                .replace("@@RELEASE_VARIANTS@@", variants)
                .replace("@@MATRIX@@\n", matrix(runners));
    }

    private static String matrix(List<Runner> runners) {
        StringBuilder s = new StringBuilder();
        for (Runner r : runners) {
            s.append("          - label: ").append(r.label()).append('\n');
            s.append("            runs-on: [").append(String.join(", ", r.runsOn())).append("]\n");
        }
        return s.toString();
    }

    /**
     * Refuses what YAML or GitHub would not keep as text: "${{" (GitHub evaluates it in env: values: script
     * injection), characters YAML does not allow in a document (C0 and C1 controls, DEL, U+FFFE/FFFF, lone
     * surrogates), the ones YAML 1.1 parsers take for line breaks (NEL, U+2028, U+2029), a BOM, and the bidi
     * controls that make a reviewer read the file otherwise than GitHub does.
     */
    static void checkValue(String what, String s) {
        String hint = "rename it (or move the config) so that it holds none; the workflow cannot carry it as text";
        if (s.isEmpty()) {
            throw new UserError(what + " is empty: it cannot go into the workflow", hint);
        }
        if (s.contains("${{")) {
            throw new UserError(what + " '" + shown(s) + "' contains '${{', which GitHub would evaluate as an expression"
                    + " in the workflow", hint);
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean surrogate = Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1)));
            if (Character.isHighSurrogate(c) && !surrogate) {
                i++;
                continue;
            }
            if (surrogate || !allowed(c)) {
                throw new UserError(what + " '" + shown(s) + "' holds the character U+" + String.format("%04X", (int) c)
                        + ", which cannot go into the workflow", hint);
            }
        }
    }

    private static boolean allowed(char c) {
        return c >= 0x20 && c != 0x7f && !(c >= 0x80 && c <= 0x9f) && c != 0x2028 && c != 0x2029 && c != 0xfeff
                && c != 0xfffe && c != 0xffff && !(c >= 0x202a && c <= 0x202e) && !(c >= 0x2066 && c <= 0x2069)
                && c != 0x200e && c != 0x200f && c != 0x061c;
    }

    /** s with what a terminal would act on replaced by '?'. */
    static String shown(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(allowed(c) || Character.isSurrogate(c) ? c : '?');
        }
        return b.toString();
    }

    /**
     * A branch name as a GitHub filter pattern that matches that name alone: the pattern characters
     * (* ? + [ and \ anywhere, ! first) escaped with a backslash, as GitHub's filter syntax says; a "]" is
     * plain text once its "[" is escaped (and GitHub's syntax cannot escape it).
     */
    static String literalPattern(String branch) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < branch.length(); i++) {
            char c = branch.charAt(i);
            if ("*?+[\\".indexOf(c) >= 0 || (c == '!' && i == 0)) {
                b.append('\\');
            }
            b.append(c);
        }
        return b.toString();
    }

    /** A YAML single-quoted scalar: nothing inside is special but the quote, written twice. */
    static String quoted(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    private static String template() {
        try (InputStream in = GithubWorkflow.class.getResourceAsStream("github-workflow.yml")) {
            if (in == null) {
                throw new IllegalStateException("github-workflow.yml is missing from pgolab's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
