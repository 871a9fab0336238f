package io.pgolab.config;

import io.pgolab.UserError;
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
 * (resources io/pgolab/config/github-workflow.yml) with the project's few values filled in. Every
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

        /** "LABEL=RUNNER[,RUNNER...]", e.g. "arm64=self-hosted,linux,arm64". */
        public static Runner parse(String spec) {
            int eq = spec.indexOf('=');
            String label = eq < 0 ? spec : spec.substring(0, eq);
            List<String> runsOn = eq < 0 ? List.of(label) : List.of(spec.substring(eq + 1).split(",", -1));
            String hint = "write --runner LABEL=RUNNER[,RUNNER...], e.g. --runner arm64=self-hosted,linux,arm64"
                    + " (letters, digits, '.', '_', '-')";
            if (!LABEL.matcher(label).matches()) {
                throw new UserError("--runner '" + spec + "': '" + label + "' is not a host label", hint);
            }
            for (String r : runsOn) {
                if (!LABEL.matcher(r).matches()) {
                    throw new UserError("--runner '" + spec + "': '" + r + "' is not a runner label", hint);
                }
            }
            return new Runner(label, runsOn);
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
                String ref = Files.readString(head).trim();
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

    /** The workflow text. configPath is relative to the repository root, with '/' separators. */
    public static String render(String configPath, List<String> releaseVariants, List<Runner> runners,
            String branch, String version) {
        for (String s : List.of(configPath, branch, version)) {
            if (s.isEmpty() || s.chars().anyMatch(c -> c < 0x20)) {
                throw new UserError("'" + s.replaceAll("\\p{Cntrl}", "?") + "' cannot go into the workflow",
                        "use a config path and branch name without control characters");
            }
        }
        if (runners.isEmpty()) {
            throw new IllegalArgumentException("no runners");
        }
        String variants = String.join(" ", releaseVariants);
        return template()
                .replace("@@VERSION@@", version)
                .replace("@@BRANCH_VALUE@@", quoted(branch))
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
