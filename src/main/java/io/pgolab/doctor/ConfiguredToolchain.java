package io.pgolab.doctor;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import io.pgolab.toolchain.llvm.ClangInstall;
import io.pgolab.toolchain.gcc.GccInstall;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The config's toolchain as the build detects it: either the detection's error, or the toolchain's
 * description, the install it selected (clang and gcc) and the build's own refusal of each variant
 * (Toolchain.require), by variant name.
 *
 * @param asked "kind = clang, cc = /usr/bin/clang-19" or "kind = gcc (auto-detect)"
 */
public record ConfiguredToolchain(Path file, String kind, String asked, List<Variant> variants,
                                  Optional<Problem> detectError, String description,
                                  Optional<ClangInstall> clang, Optional<GccInstall> gcc,
                                  Map<String, Problem> refusals) {
    /** A UserError's message and hint. */
    public record Problem(String message, String hint) {
        public static Problem of(UserError e) {
            return new Problem(e.getMessage(), e.hint());
        }
    }

    public ConfiguredToolchain {
        variants = List.copyOf(variants);
        refusals = Map.copyOf(refusals);
    }

    /** Detection failed: nothing can be built. */
    public static ConfiguredToolchain failed(Path file, String kind, String asked, List<Variant> variants, Problem error) {
        return new ConfiguredToolchain(file, kind, asked, variants, Optional.of(error), "", Optional.empty(),
                Optional.empty(), Map.of());
    }
}
