package io.pgolab.profile;

import io.pgolab.config.Config;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.store.SourceFingerprint;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.Hashing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * 'pgolab profile key': a SHA-256 of everything a profile set's training depends on, computable
 * before anything is built, and the same in every checkout of the same commit: the toolchain's kind
 * and versions (not its paths), the [toolchain] and [build] settings, the whole source tree's content
 * (SourceFingerprint.of: tracked and untracked files, never .pgolab, the config file, the stored
 * profile itself or the exclude globs), and each [[train]] workload of the set (name, command, env,
 * weight or share, timeout, service). Absolute paths of the project root and config directory are replaced
 * by placeholders, so a checkout at another path has the same key. Files the workloads read outside
 * project.root are known only by their names in the commands.
 */
public final class ProfileKey {
    static final String VERSION = "pgolab-profile-key-v1";

    private ProfileKey() {
    }

    public static String of(Config config, Toolchain toolchain, String profileSet) {
        return Hashing.of(material(config, toolchain, profileSet,
                SourceFingerprint.of(config.root(), config.file(), excludes(config))));
    }

    /** The key's input given the source fingerprint (unit tests vary one part at a time). */
    static String material(Config config, Toolchain toolchain, String profileSet, String sources) {
        List<String> lines = new ArrayList<>(List.of(VERSION, "kind=" + toolchain.kind()));
        new TreeMap<>(toolchain.versions()).forEach((tool, v) -> lines.add("tool " + tool + "=" + withoutPaths(v)));
        lines.add("toolchain=" + portable(config, config.toolchain().toString()));
        lines.add("build=" + portable(config, config.build().toString()));
        lines.add("copy_sources=" + config.copySources() + " exclude=" + config.exclude());
        lines.add("sources=" + sources);
        lines.add("set=" + profileSet);
        for (WorkloadSpec w : config.train()) {
            if (w.feeds(profileSet)) {
                lines.add(portable(config, String.join("\t", "train", w.name(), w.command(), new TreeMap<>(w.env()).toString(),
                        Double.toString(w.weight()), w.timeout().toString(), w.service().map(Object::toString).orElse(""))
                        + (w.hasShare() ? "\tshare=" + w.share() : "")));   // only then: keys without shares stay as they were
            }
        }
        return String.join("\n", lines);
    }

    /** The user's exclude globs, plus the stored profile when it lives in the tree (an export must not change the key). */
    public static List<String> excludes(Config config) {
        List<String> ex = new ArrayList<>(config.exclude());
        config.storedProfile().file().filter(f -> f.startsWith(config.root()))
                .ifPresent(f -> ex.add(config.root().relativize(f).toString()));
        return ex;
    }

    /** "19.1.7 /usr/bin/clang" → "19.1.7": a tool at another path with the same version makes the same profile. */
    static String withoutPaths(String version) {
        List<String> words = new ArrayList<>();
        for (String w : version.strip().split("\\s+")) {
            if (!w.startsWith("/")) {
                words.add(w);
            }
        }
        return String.join(" ", words);
    }

    private static String portable(Config config, String text) {
        Map<String, String> dirs = new TreeMap<>((a, b) -> b.length() != a.length() ? b.length() - a.length() : a.compareTo(b));
        dirs.put(config.root().toString(), "{root}");
        dirs.put(config.configDir().toString(), "{config_dir}");
        dirs.putIfAbsent(config.checkout().toString(), "{checkout}");
        String out = text;
        for (var e : dirs.entrySet()) {
            out = out.replace(e.getKey(), e.getValue());
        }
        return out;
    }
}
