package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.store.SourceFingerprint;
import io.pgolab.util.Events;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A configure step that changes the project's own sources while every variant builds in the project root
 * (copy_sources = false): release, instrumented and pgo would each build what the configure before them left,
 * i.e. different code, without a word. The source files (by suffix) that existed before configure are hashed
 * before and after it; any changed or removed one fails the build, naming the files, unless build.allow
 * names "configure-edits" (then a warning). Files configure creates (config.h, Makefile from Makefile.in), such
 * files left by an earlier run (a config.h beside its config.h.in) and build files it rewrites are its job and not
 * counted. Edits between variants (by a build or a training run) are {@link SourceDrift}'s.
 */
final class ConfigureEdits {
    static final String ALLOW = "configure-edits";
    private static final List<String> SOURCE_SUFFIXES = List.of(".c", ".cc", ".cpp", ".cxx", ".c++", ".C", ".h", ".hh",
            ".hpp", ".hxx", ".inc", ".ipp", ".s", ".S", ".rs", ".go", ".java", ".m", ".mm", ".f", ".f90");

    private ConfigureEdits() {
    }

    /** The sources before configure, when there is something to check (copy_sources = false, a configure step). */
    static Optional<Map<String, String>> before(Config config) {
        if (config.copySources() || config.build().configure().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(SourceFingerprint.files(config.root(), config.file(), config.exclude()));
    }

    /** After configure: fails (or warns, when allowed) if it changed or removed a source file that was there before. */
    static void check(Config config, String variant, Map<String, String> before, Events events) {
        Map<String, String> now = SourceFingerprint.files(config.root(), config.file(), config.exclude());
        List<String> edited = new ArrayList<>();
        for (var e : before.entrySet()) {
            boolean generated = SourceDrift.fromTemplate(config.root().resolve(e.getKey()));   // config.h from config.h.in
            if (isSource(e.getKey()) && !generated && !e.getValue().equals(now.get(e.getKey()))) {
                edited.add(e.getKey() + (now.containsKey(e.getKey()) ? "" : " (removed)"));
            }
        }
        if (edited.isEmpty()) {
            return;
        }
        String what = "the configure step of variant '" + variant + "' changed the project's own sources in "
                + config.root() + " (copy_sources = false): " + few(edited)
                + "; each variant would build what the configure before it left, not the same code";
        String fix = "set [project] copy_sources = true (each variant configures its own copy of the sources), or make"
                + " build.configure leave source files as they are";
        if (config.build().allow().contains(ALLOW)) {
            events.warn(what + " (allowed by build.allow = \"" + ALLOW + "\")");
        } else {
            throw new UserError(what, fix + "; build.allow = [\"" + ALLOW + "\"] if it is deliberate");
        }
    }

    static boolean isSource(String rel) {
        return SOURCE_SUFFIXES.stream().anyMatch(rel::endsWith);
    }

    private static String few(List<String> names) {
        return names.size() <= 6 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 6)) + " and " + (names.size() - 6) + " more";
    }
}
