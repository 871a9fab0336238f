package io.pgolab.config.starter;

import io.pgolab.util.TextHead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Gradle project that applies the application plugin, for 'pgolab init': the root project or the first
 * included one (settings.gradle(.kts) include) whose build file applies it, its main class and version when
 * they are plain strings there.
 */
record GradleApp(String dir, Optional<String> main, Optional<String> version) {
    private static final Pattern APPLICATION = Pattern.compile("(?m)(\\bid\\s*\\(?\\s*['\"]application['\"]|^\\s*application\\s*$"
            + "|apply\\s+plugin\\s*:\\s*['\"]application['\"]|^\\s*`?application`?\\s*$)");
    private static final Pattern MAIN = Pattern.compile("mainClass(?:Name)?\\s*(?:\\.set\\s*\\(|=)\\s*['\"]([\\w.$]+)['\"]");
    private static final Pattern VERSION = Pattern.compile("(?m)^\\s*version\\s*=\\s*['\"]([\\w.+-]+)['\"]");
    private static final Pattern INCLUDE = Pattern.compile("['\"]:?([\\w.-]+(?::[\\w.-]+)*)['\"]");
    private static final Pattern INCLUDE_LINE = Pattern.compile("(?m)^\\s*include\\b(.*)$");

    static Optional<GradleApp> find(Path root) {
        List<String> dirs = new ArrayList<>(List.of(""));
        dirs.addAll(included(root));
        Optional<String> rootVersion = build(root).flatMap(t -> first(VERSION, t));
        for (String d : dirs) {
            Optional<String> text = build(d.isEmpty() ? root : root.resolve(d));
            if (text.isPresent() && APPLICATION.matcher(text.get()).find()) {
                return Optional.of(new GradleApp(d, first(MAIN, text.get()), first(VERSION, text.get()).or(() -> rootVersion)));
            }
        }
        return Optional.empty();
    }

    /** The projects settings.gradle(.kts) includes, as directories ("a:b" is a/b). */
    static List<String> included(Path root) {
        List<String> out = new ArrayList<>();
        for (String n : List.of("settings.gradle.kts", "settings.gradle")) {
            Path f = root.resolve(n);
            if (!Files.isRegularFile(f)) {
                continue;
            }
            try {
                Matcher line = INCLUDE_LINE.matcher(TextHead.of(f, TextHead.PROJECT_FILE));
                while (line.find()) {
                    Matcher m = INCLUDE.matcher(line.group(1));
                    while (m.find()) {
                        out.add(m.group(1).replace(':', '/'));
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                return out;
            }
            return out;
        }
        return out;
    }

    private static Optional<String> build(Path dir) {
        for (String n : List.of("build.gradle.kts", "build.gradle")) {
            Path f = dir.resolve(n);
            try {
                if (Files.isRegularFile(f)) {
                    return Optional.of(TextHead.of(f, TextHead.PROJECT_FILE));
                }
            } catch (IOException | UncheckedIOException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static Optional<String> first(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }
}
