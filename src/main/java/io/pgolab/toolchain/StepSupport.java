package io.pgolab.toolchain;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import io.pgolab.config.Variant.Step;
import java.util.Optional;

/**
 * Which optimization steps each toolchain offers, and why not where it does not: the one table both
 * require() and doctor read, so a refused variant and doctor's support list never disagree.
 */
public final class StepSupport {
    private StepSupport() {
    }

    /** Why this toolchain kind does not offer the step; empty when it does. */
    public static Optional<String> missing(String kind, Step step) {
        return Optional.ofNullable(switch (step) {
            case PGO -> kind.equals("jvm") ? "a JVM program's profile-guided steps are cds, aot and native-pgo" : null;
            case LTO -> switch (kind) {
                case "go" -> "the Go compiler has no link-time optimization";
                case "jvm" -> "the JVM compiles at run time; there is no link step";
                default -> null;
            };
            case BOLT -> switch (kind) {
                case "go" -> "pgolab does not offer BOLT for Go binaries";
                case "jvm" -> "BOLT rewrites native ELF binaries, not JVM programs";
                default -> null;
            };
            case CS -> kind.equals("clang") ? null : switch (kind) {
                case "gcc" -> "context-sensitive PGO is an LLVM feature; GCC's profile is already taken after"
                        + " early inlining, so there is no second round to add";
                case "cargo" -> "rustc has no flag for a context-sensitive instrumented build of Rust code"
                        + " (rustc's own pipeline uses it for its C++ LLVM, built by clang)";
                default -> "context-sensitive PGO is an LLVM (clang) feature";
            };
            case MFS -> kind.equals("clang") || kind.equals("cargo") ? null : switch (kind) {
                case "gcc" -> "GCC splits hot and cold code itself: -freorder-blocks-and-partition is on by default"
                        + " with -O2 and a profile, so the gcc pgo variant already has it";
                default -> "machine function splitting is an LLVM (clang) feature";
            };
            case ORDER -> kind.equals("clang") ? null : switch (kind) {
                case "gcc" -> "GCC orders functions itself with a profile (-freorder-functions puts hot and"
                        + " never-run code in .text.hot and .text.unlikely); it has no temporal profile to order by";
                case "cargo" -> "not offered for cargo yet: its link step is rustc's, which pgolab does not pass an"
                        + " ordering file to";
                default -> "function ordering from a temporal profile needs clang and lld";
            };
            case CDS, AOT, NATIVE_PGO -> kind.equals("jvm") ? null
                    : "'" + step.id() + "' is a JVM step (toolchain kind = \"jvm\")";
        });
    }

    /** Throws when the variant has a step this toolchain kind does not offer. */
    public static void require(String kind, Variant variant) {
        for (Step s : variant.steps()) {
            Optional<String> why = missing(kind, s);
            if (why.isPresent()) {
                throw new UserError("variant '" + variant + "' cannot be built with " + kind + ": " + why.get(),
                        "pgolab doctor lists the steps each toolchain offers; drop '" + s.id() + "' from the variant");
            }
        }
    }
}
