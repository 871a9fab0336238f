package io.pgolab.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** A validated pgolab.toml. Paths are absolute. */
public record Config(
        Path file,
        String name,
        Path root,
        boolean copySources,
        List<String> exclude,
        List<Variant> variants,
        ToolchainSpec toolchain,
        BuildSpec build,
        List<WorkloadSpec> train,
        List<WorkloadSpec> bench) {

    public Path configDir() {
        return file.getParent();
    }

    public Optional<WorkloadSpec> trainWorkload(String name) {
        return train.stream().filter(w -> w.name().equals(name)).findFirst();
    }

    public boolean needsProfile() {
        return variants.stream().anyMatch(Variant::pgo);
    }
}
