package io.pgolab.store;

import io.pgolab.config.Config;
import io.pgolab.config.Variant;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.Hashing;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The key of a build: a SHA-256 of its recipe (toolchain, phase, name, build keys and flags, root, the
 * profile) and of its sources. An audited C/C++ build is keyed by the files its own last build read
 * (SourceFingerprint.ofReads), found by recipe in this config's audit records or, for a recipe this
 * config has not built, in another config's: so one build has one key whichever config file asks for
 * it. Other builds (cargo, go, a build whose compiles bypass {cc}) are keyed by the whole tree, which
 * leaves out every pgolab config file.
 */
public final class BuildKeys {
    private final Config config;
    private final Toolchain toolchain;
    private final ArtifactStore store;
    private final Map<Set<String>, SourceFingerprint.Snapshot> snapshots = new HashMap<>();

    public BuildKeys(Config config, Toolchain toolchain, ArtifactStore store) {
        this.config = config;
        this.toolchain = toolchain;
        this.store = store;
    }

    /** Builds whose compiles are audited and whose read files key the next build: C and C++ (clang, gcc). */
    public boolean audited() {
        return toolchain.compileAudit() == Toolchain.CompileAudit.CC;
    }

    public String key(Variant v, Phase phase, Optional<ProfileData> profile) {
        if (phase == Phase.INSTRUMENT && !toolchain.separateInstrumentedBuild()) {
            return key(Variant.RELEASE, Phase.PLAIN, Optional.empty());
        }
        String sources = snapshot(BuiltArtifact.name(v, phase), recipe(v, phase, profile)).hash();
        return Hashing.of(material(v, phase, profile, sources));
    }

    /** The key without the sources: one way of building, whatever the files are (AuditRecord.recipe). */
    public String recipe(Variant v, Phase phase, Optional<ProfileData> profile) {
        return Hashing.of(material(v, phase, profile, "\0recipe"));
    }

    private String material(Variant v, Phase phase, Optional<ProfileData> profile, String sources) {
        var b = config.build();
        StringBuilder m = new StringBuilder(String.join("\n", "pgolab-build-v1", toolchain.fingerprint(), phase.name(),
                phase == Phase.INSTRUMENT ? "" : BuiltArtifact.name(v, phase), b.command(), b.clean().orElse(""),
                b.artifact(), b.cflags(), b.cxxflags(), b.ldflags(), b.env().toString() + b.goflags(),
                Boolean.toString(config.copySources()), config.root().toString(), sources,
                profile.map(ProfileData::sha256).orElse("")));
        // Appended only when set, so the keys of builds without them are those of earlier versions.
        if (!b.allow().isEmpty()) {
            m.append("\nallow=").append(new TreeSet<>(b.allow()));   // a waived audit finding is another build
        }
        b.configure().ifPresent(c -> m.append("\nconfigure=").append(c));   // [build] configure: its own step
        if (!b.artifacts().isEmpty()) {
            m.append("\nartifacts=").append(new TreeMap<>(b.artifacts()));   // what the variant's directory holds
        }
        if (phase.readsProfile() && !toolchain.untrainedGuard().isEmpty()) {
            m.append("\nguard=").append(toolchain.untrainedGuard());   // [toolchain] partial_training: other code
        }
        if (config.copySources() && !config.exclude().isEmpty()) {
            m.append("\nexclude=").append(config.exclude());   // what the copy of the tree holds
        }
        return m.toString();
    }

    /** The sources of a build: the files its last build of this recipe read, else the whole tree. */
    public SourceFingerprint.Snapshot snapshot(String name, String recipe) {
        return snapshots.computeIfAbsent(reads(name, recipe), reads -> reads.isEmpty()
                ? new SourceFingerprint.Snapshot(SourceFingerprint.of(config.root(), config.file(), config.exclude()), Map.of(), false)
                : SourceFingerprint.ofReads(config.root(), config.file(), config.exclude(), reads));
    }

    /**
     * The files an earlier build of this artifact read: this config's record of the same recipe, else
     * another config's, else this config's record of another recipe (the files of the last build).
     */
    private Set<String> reads(String name, String recipe) {
        if (!audited()) {
            return Set.of();
        }
        Optional<AuditRecord> own = AuditRecord.read(store, name);
        Optional<AuditRecord> same = own.filter(s -> recipe.equals(s.recipe()));
        for (ArtifactStore other : store.others()) {
            if (same.isPresent()) {
                break;
            }
            same = AuditRecord.read(other, name).filter(s -> recipe.equals(s.recipe()) && s.key() != null && !s.key().isEmpty());
        }
        List<String> reads = same.or(() -> own).map(AuditRecord::reads).orElse(List.of());
        return reads == null ? Set.of() : new TreeSet<>(reads);
    }

    /**
     * What changed in the files the last build of this artifact read ("" when unknown, nothing, or
     * when it was built another way: then the recipe changed, not the files).
     */
    public String changesSince(Variant v, Phase phase, Optional<ProfileData> profile) {
        String name = BuiltArtifact.name(v, phase);
        String recipe = recipe(v, phase, profile);
        Optional<AuditRecord> own = AuditRecord.read(store, name);
        if (own.isEmpty() || own.get().recipe() != null && !own.get().recipe().equals(recipe)) {
            return "";
        }
        SourceFingerprint.Snapshot now = snapshot(name, recipe);
        return now.fromReads() ? SourceFingerprint.changes(own.get().inputs(), now.files()) : "";
    }
}
