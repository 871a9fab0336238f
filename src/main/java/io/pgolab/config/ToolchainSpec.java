package io.pgolab.config;

import java.util.Optional;

/** The [toolchain] table. kind is "clang" or "gcc"; cc/cxx override auto-detection. */
public record ToolchainSpec(String kind, Optional<String> cc, Optional<String> cxx, boolean atomicCounters) {
}
