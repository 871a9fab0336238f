package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.store.SourceFingerprint;
import io.pgolab.util.Events;
import io.pgolab.util.Hashing;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The sources must stay the same from one variant's build to the next in one run: a build step or a training
 * run that edits the project's source files would have release, instrumented and pgo built from different
 * code. Before the first build of the run the source files are hashed (those the source fingerprint lists,
 * by suffix, see {@link ConfigureEdits#isSource}); before each later build the same files are hashed again,
 * and a changed or removed one fails that build, naming the files and the steps that ran since, unless
 * build.allow names "source-edits" (then a warning, once per change). Files that were not there before the
 * first build (objects, headers the build generates) and files made from a template beside them (config.h
 * from config.h.in) are no sources and are not counted; the names of source files a build of pgolab's created
 * are kept in .pgolab/generated-sources, so that a later run, which finds them there, does not count them either.
 */
final class SourceDrift {
    static final String ALLOW = "source-edits";

    private final Config config;
    private final Events events;
    private final Path generatedList;
    private final List<String> ran = new ArrayList<>();
    private final Set<String> generated = new TreeSet<>();
    private Map<String, String> before;

    /** generatedList: where the names of the source files builds created are kept from one run to the next. */
    SourceDrift(Config config, Events events, Path generatedList) {
        this.config = config;
        this.events = events;
        this.generatedList = generatedList;
    }

    /** A step that may write into the project ran ("the build of 'release'", "training 'instrumented'"). */
    void ran(String step) {
        ran.add(step);
    }

    /** Before the build of variant name: the first call hashes the sources, later ones compare with that. */
    void check(String name) {
        if (before == null) {
            generated.addAll(readGenerated());
            before = hashes();
            return;
        }
        Map<String, String> now = hashes();
        List<String> edited = new ArrayList<>();
        for (var e : before.entrySet()) {
            if (!e.getValue().equals(now.get(e.getKey()))) {
                edited.add(e.getKey() + (now.containsKey(e.getKey()) ? "" : " (removed)"));
            }
        }
        if (edited.isEmpty()) {
            ran.clear();   // what ran so far left them alone: a later change is what runs from here on
            return;
        }
        String what = "the project's sources in " + config.root() + " changed between two builds of one run: "
                + few(edited) + ", while " + (ran.isEmpty() ? "pgolab ran nothing that writes there (another process?)"
                : String.join(", then ", ran) + " ran") + "; '" + name + "' would be built from other code than the"
                + " builds before it";
        if (config.build().allow().contains(ALLOW)) {
            events.warn(what + " (allowed by build.allow = \"" + ALLOW + "\")");
            before = now;   // said once: the next build compares with these
            ran.clear();
            return;
        }
        throw new UserError(what, "make the build and training commands leave the project's source files as they"
                + " are (write generated files elsewhere, or list them in [project] exclude in " + config.file()
                + "), and restore " + (edited.size() == 1 ? "that file" : "those files")
                + "; build.allow = [\"" + ALLOW + "\"] if it is deliberate");
    }

    /** Source files by path relative to root → SHA-256: listed by the fingerprint, by suffix, not from a template. */
    private Map<String, String> hashes() {
        Map<String, String> out = new TreeMap<>();
        sources().forEach((rel, f) -> out.put(rel, Hashing.ofPath(f)));
        return out;
    }

    /** The source files (see hashes), by path relative to root. */
    private Map<String, Path> sources() {
        Map<String, Path> out = new TreeMap<>();
        Path root = config.root();
        for (Path f : SourceFingerprint.list(root, config.file(), SourceFingerprint.matchers(config.exclude()))) {
            String rel = root.relativize(f).toString();
            if (ConfigureEdits.isSource(rel) && !fromTemplate(f) && !generated.contains(rel)) {
                out.put(rel, f);
            }
        }
        return out;
    }

    /** After a build: source files that were not there before the first one are its outputs; kept for later runs. */
    void built() {
        if (before == null) {
            return;
        }
        List<String> made = sources().keySet().stream().filter(k -> !before.containsKey(k)).toList();   // names only
        if (made.isEmpty() || !generated.addAll(made)) {
            return;
        }
        try {
            Files.createDirectories(generatedList.getParent());
            Files.write(generatedList, generated, StandardCharsets.UTF_8);
        } catch (IOException e) {
            events.warn("could not write " + generatedList + " (" + e.getMessage() + "): the next run may take the"
                    + " files the build generates (" + few(made) + ") for edited sources");
        }
    }

    private List<String> readGenerated() {
        try {
            return Files.isRegularFile(generatedList) ? Files.readAllLines(generatedList, StandardCharsets.UTF_8) : List.of();
        } catch (IOException | UncheckedIOException e) {
            return List.of();   // unreadable: nothing is known to be generated, which can only make the check stricter
        }
    }

    /** config.h beside config.h.in (autoconf) or config.h.cmake (CMake's configure_file): generated. */
    static boolean fromTemplate(Path f) {
        String n = f.getFileName().toString();
        return Files.exists(f.resolveSibling(n + ".in")) || Files.exists(f.resolveSibling(n + ".cmake"));
    }

    private static String few(List<String> names) {
        return names.size() <= 6 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 6)) + " and " + (names.size() - 6) + " more";
    }
}
