package io.pgolab.config.starter;

import io.pgolab.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * 'pgolab init --ci github --install source=URL@COMMIT': the workflow installs pgolab by building it from
 * its sources at one commit (git fetch, 'mvn -B -q -DskipTests package') instead of through the composite
 * action at a release tag, so a repository can use pgolab before any release exists. The jar is kept in the
 * Actions cache under the commit: it is built once, then only checked against its SHA-256. URL and commit
 * reach the workflow as YAML values in env:, checked here first (https:// or file://, no quotes, spaces,
 * '$' or control characters; a full 40- or 64-digit hex commit, never a branch that could move).
 */
public record SourceInstall(String url, String commit) {
    private static final Pattern URL = Pattern.compile("(https|file)://[A-Za-z0-9._~/:%+=,@-]+");
    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
    static final String PREFIX = "source=";
    private static final String HINT = "write --install source=URL@COMMIT, e.g. --install"
            + " source=https://git.example.org/pgolab.git@0123456789abcdef0123456789abcdef01234567 (an https:// or file://"
            + " git URL and a full commit hash), or --install release (the default: the composite action at this release)";

    /** The --install value: empty for "release" (the composite action), the source to build otherwise. */
    public static Optional<SourceInstall> parse(String value) {
        if (value == null || value.equals("release")) {
            return Optional.empty();
        }
        if (!value.startsWith(PREFIX)) {
            throw new UserError("--install '" + GithubWorkflow.shown(value) + "' is neither release nor source=URL@COMMIT", HINT);
        }
        String spec = value.substring(PREFIX.length());
        int at = spec.lastIndexOf('@');
        if (at < 0) {
            throw new UserError("--install '" + GithubWorkflow.shown(value) + "' names no commit", HINT);
        }
        String url = spec.substring(0, at);
        String commit = spec.substring(at + 1).toLowerCase(Locale.ROOT);
        if (!URL.matcher(url).matches()) {
            throw new UserError("--install: '" + GithubWorkflow.shown(url) + "' is not an https:// or file:// git URL"
                    + " (letters, digits and . _ ~ / : % + = , @ - only)", HINT);
        }
        if (!COMMIT.matcher(commit).matches()) {
            throw new UserError("--install: '" + GithubWorkflow.shown(commit) + "' is not a full commit hash (40 hex digits):"
                    + " a branch or tag could move, and the cached jar would no longer be what the workflow names", HINT);
        }
        return Optional.of(new SourceInstall(url, commit));
    }

    /** The workflow with each "Install pgolab" step (the composite action) replaced by the build from source. */
    String apply(String workflow, String actionStep, String envComment) {
        if (!workflow.contains(actionStep) || !workflow.contains(envComment)) {
            throw new IllegalStateException("the workflow template lost its Install pgolab step or its env comment");
        }
        String env = "  # Where pgolab comes from: built from its sources at one commit (pgolab init --install"
                + " source=URL@COMMIT),\n  # once; the jar is kept in the Actions cache under the commit (docs/ci.md,"
                + " \"Before the first release\").\n"
                + "  PGOLAB_SOURCE_URL: " + GithubWorkflow.quoted(url) + "\n"
                + "  PGOLAB_SOURCE_COMMIT: " + GithubWorkflow.quoted(commit) + "\n";
        return workflow.replace(envComment, env).replace(actionStep, step().replace("@@SOURCE_COMMIT@@", commit));
    }

    private static String step() {
        try (InputStream in = SourceInstall.class.getResourceAsStream("github-install-source.yml")) {
            if (in == null) {
                throw new IllegalStateException("github-install-source.yml is missing from pgolab's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
