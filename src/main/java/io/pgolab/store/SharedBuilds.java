package io.pgolab.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * Builds shared between the config files of one project. A build that another config recorded under
 * the key this config computes for it is the same build (the key covers the toolchain, the command,
 * the flags, build.allow, the profile and the files the build read), so it is taken over instead of
 * rebuilt: its manifest, audit record and build log are copied into this config's records, once its
 * files have been checked against their recorded digests. Nothing of the other config's is changed.
 */
public final class SharedBuilds {
    /** A build taken over from config file from. */
    public record Taken(BuiltArtifact artifact, String from) {
    }

    private SharedBuilds() {
    }

    /** The intact build another config recorded as name under this key, now recorded for this config too. */
    public static Optional<Taken> take(ArtifactStore store, String name, String key) {
        for (ArtifactStore other : store.others()) {
            ArtifactStore.Found found = other.find(name, Optional.of(key));
            if (found.artifact().isEmpty()) {
                continue;
            }
            BuiltArtifact a = found.artifact().get();
            BuiltArtifact own = a.withBuildLog(copyLog(a.buildLog(), other, store));
            AuditRecord.read(other, name).filter(s -> key.equals(s.key())).ifPresent(s -> AuditRecord.save(store, name, s));
            store.record(name, own);
            return Optional.of(new Taken(own, other.configName()));
        }
        return Optional.empty();
    }

    /** The build log, copied from the other config's logs into this one's (a log elsewhere stays where it is). */
    private static String copyLog(String log, ArtifactStore from, ArtifactStore to) {
        if (log == null || log.isEmpty()) {
            return log;
        }
        Path p = Path.of(log);
        if (!p.startsWith(from.logs()) || !Files.isRegularFile(p)) {
            return log;
        }
        Path target = to.logs().resolve(from.logs().relativize(p).toString());
        try {
            Files.createDirectories(target.getParent());
            Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return target.toString();
    }
}
