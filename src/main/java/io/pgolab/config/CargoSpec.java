package io.pgolab.config;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The cargo keys of [build]: which binaries of which package, built with which cargo profile and
 * features. bins is never empty; the first is {binary} in workloads, every one is {bin:NAME}.
 */
public record CargoSpec(List<String> bins, Optional<String> pkg, String profile, List<String> features,
                        List<String> args) {

    /** The directory under target/<triple>/ that cargo puts this profile's output in. */
    public String profileDir() {
        return switch (profile) {
            case "dev", "test" -> "debug";
            case "bench" -> "release";
            default -> profile;
        };
    }

    /** CARGO_PROFILE_<NAME>_<KEY>: how a profile setting is overridden from the environment. */
    public String profileEnv(String key) {
        return "CARGO_PROFILE_" + profile.toUpperCase(Locale.ROOT).replace('-', '_') + "_" + key;
    }
}
