package io.pgolab.audit;

import io.pgolab.config.Variant;
import io.pgolab.toolchain.CompileRecord;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.go.GoToolCall;
import io.pgolab.toolchain.rust.RustcCall;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The compile audit of cargo and Go builds (BuildAudit does C and C++): every rustc invocation went
 * through cargo's RUSTC_WRAPPER, every Go tool through 'go build -toolexec', both pgolab's
 * pgolab-exec, and this checks what they did. Cargo: the opt-level of every crate compiled for the
 * target, -Cprofile-generate / -Cprofile-use on every one of them, -C lto on the crates that link.
 * Go: every package compile optimizes (no -N), has -pgoprofile in the pgo build and none in release.
 */
public final class ToolAudit {
    private static final int SHOWN = 5;

    private ToolAudit() {
    }

    public static BuildAudit.Outcome cargo(String name, Variant v, Phase phase, List<CompileRecord> records, Path auditLog) {
        List<RustcCall> calls = RustcCall.of(records);
        List<RustcCall> crates = calls.stream().filter(RustcCall::compiles).toList();
        long host = calls.stream().filter(c -> !c.query() && c.host()).count();
        if (crates.isEmpty()) {
            return new BuildAudit.Outcome("audit: no rustc compile went through RUSTC_WRAPPER: nothing checked", List.of(),
                    Set.of(), List.of());
        }
        List<BuildAudit.Problem> problems = new ArrayList<>();
        int n = crates.size();
        StringBuilder line = new StringBuilder("audit: " + n + " rustc compile" + (n == 1 ? "" : "s"));
        if (host > 0) {
            line.append(" (+").append(host).append(" for the host: build scripts, proc macros, not checked)");
        }
        Map<String, Integer> levels = new LinkedHashMap<>();
        crates.forEach(c -> levels.merge("opt-level=" + c.optLevel(), 1, Integer::sum));
        line.append(", ").append(levelList(levels));
        List<String> unoptimized = crates.stream().filter(c -> !c.optimized()).map(RustcCall::crate).toList();
        if (!unoptimized.isEmpty()) {
            problems.add(new BuildAudit.Problem(BuildAudit.UNOPTIMIZED, "the " + name + " build compiled "
                    + unoptimized.size() + " of " + n + " crate(s) at opt-level=0 (" + shown(unoptimized)
                    + "): unoptimized, and every variant compared with it is compared unoptimized",
                    "cargo passes the opt-level of the cargo profile pgolab builds with (build.profile, default"
                            + " \"release\"): check opt-level in [profile.<name>] and [profile.<name>.package.*] of"
                            + " Cargo.toml, and -C opt-level in your rustflags; every rustc command is recorded in "
                            + auditLog + ". If this is deliberate, add \"" + BuildAudit.UNOPTIMIZED + "\" to build.allow",
                    false));
        }
        if (phase == Phase.INSTRUMENT) {
            List<String> plain = crates.stream().filter(c -> !c.instrumented()).map(RustcCall::crate).toList();
            line.append(", ").append(n - plain.size()).append('/').append(n).append(" instrumented");
            if (!plain.isEmpty()) {
                problems.add(new BuildAudit.Problem(BuildAudit.UNINSTRUMENTED, "the instrumented build compiled "
                        + plain.size() + " of " + n + " crate(s) without -Cprofile-generate (" + shown(plain)
                        + "): they will have no profile", rustflagsHint(auditLog, BuildAudit.UNINSTRUMENTED), false));
            }
        }
        if (phase == Phase.OPTIMIZE) {
            List<String> without = crates.stream().filter(c -> c.profileUse().isEmpty()).map(RustcCall::crate).toList();
            line.append(", ").append(n - without.size()).append('/').append(n).append(" with profile");
            if (!without.isEmpty()) {
                problems.add(new BuildAudit.Problem(BuildAudit.PROFILE_LOSS, "the " + name + " build compiled "
                        + without.size() + " of " + n + " crate(s) without the profile (no -Cprofile-use: "
                        + shown(without) + ")", rustflagsHint(auditLog, BuildAudit.PROFILE_LOSS), false));
            }
        }
        if (v.lto() && phase != Phase.INSTRUMENT) {
            List<RustcCall> linking = crates.stream().filter(RustcCall::links).toList();
            List<String> plain = linking.stream().filter(c -> !c.lto()).map(RustcCall::crate).toList();
            line.append(", ").append(linking.isEmpty() ? "no linking crate recorded"
                    : (linking.size() - plain.size()) + "/" + linking.size() + " linked with -C lto");
            if (!plain.isEmpty()) {
                problems.add(new BuildAudit.Problem(BuildAudit.NO_LTO, "the " + name + " build did not do link-time"
                        + " optimization: " + plain.size() + " of " + linking.size() + " linked crate(s) without -C lto ("
                        + shown(plain) + ")", "pgolab sets CARGO_PROFILE_<PROFILE>_LTO=fat for LTO variants; an lto"
                        + " setting in a [profile.*.package.*] table or -C lto=off in your rustflags overrides it;"
                        + " the rustc commands are in " + auditLog + ". If this is deliberate, add \""
                        + BuildAudit.NO_LTO + "\" to build.allow", false));
            }
        }
        return new BuildAudit.Outcome(line.toString(), problems, Set.of(), List.copyOf(levels.keySet()));
    }

    private static String rustflagsHint(Path auditLog, String allow) {
        return "pgolab passes the profile flags in CARGO_ENCODED_RUSTFLAGS; a crate without them was compiled with"
                + " other flags (a RUSTC_WORKSPACE_WRAPPER or a rustc wrapper that rewrites the command line); the"
                + " rustc commands are in " + auditLog + ". If this is deliberate, add \"" + allow + "\" to build.allow";
    }

    public static BuildAudit.Outcome go(String name, Phase phase, Optional<ProfileData> profile, List<CompileRecord> records,
                                 Path auditLog) {
        List<GoToolCall> calls = GoToolCall.of(records);
        List<GoToolCall> compiles = calls.stream().filter(GoToolCall::compiles).toList();
        List<GoToolCall> links = calls.stream().filter(GoToolCall::links).toList();
        if (compiles.isEmpty() && links.isEmpty()) {
            return new BuildAudit.Outcome("audit: no Go compile or link went through -toolexec ({goflags} not passed"
                    + " to go build?): nothing checked", List.of(), Set.of(), List.of());
        }
        Set<String> linked = new LinkedHashSet<>();
        links.forEach(l -> linked.addAll(l.linkedPackages()));
        Set<String> compiled = new LinkedHashSet<>();
        compiles.forEach(c -> compiled.add(c.pkg()));
        // The main package compiles as "-p main" but is linked under its import path.
        long cached = Math.max(0, linked.stream().filter(p -> !compiled.contains(p)).count() - (compiled.contains("main") ? 1 : 0));
        int n = compiles.size();
        StringBuilder line = new StringBuilder("audit: ");
        if (!linked.isEmpty()) {
            line.append(linked.size()).append(" packages");
            if (cached > 0) {
                line.append(" (").append(cached).append(" from Go's build cache)");
            }
            line.append(", ");
        }
        line.append(n).append(n == 1 ? " compile, " : " compiles, ").append(links.size())
                .append(links.size() == 1 ? " link" : " links");
        List<BuildAudit.Problem> problems = new ArrayList<>();
        List<String> unoptimized = compiles.stream().filter(c -> !c.optimized()).map(GoToolCall::pkg).toList();
        if (n > 0) {
            line.append(unoptimized.isEmpty() ? ", all optimized" : ", " + unoptimized.size() + "/" + n + " with -N");
        }
        if (!unoptimized.isEmpty()) {
            problems.add(new BuildAudit.Problem(BuildAudit.UNOPTIMIZED, "the " + name + " build compiled "
                    + unoptimized.size() + " of " + n + " package(s) with -N, without optimization (" + shown(unoptimized) + ")",
                    "-gcflags=-N (or all=-N, a debugger's setting) in build.goflags or GOFLAGS turns the Go compiler's"
                            + " optimizations off: remove it; every tool command is recorded in " + auditLog
                            + ". If this is deliberate, add \"" + BuildAudit.UNOPTIMIZED + "\" to build.allow", false));
        }
        List<String> withProfile = compiles.stream().filter(c -> c.pgoProfile().isPresent()).map(GoToolCall::pkg).toList();
        if (phase == Phase.OPTIMIZE) {
            List<String> without = compiles.stream().filter(c -> c.pgoProfile().isEmpty()).map(GoToolCall::pkg).toList();
            line.append(", ").append(n - without.size()).append('/').append(n).append(" with -pgoprofile");
            if (!without.isEmpty()) {
                problems.add(new BuildAudit.Problem(BuildAudit.PROFILE_LOSS, "the " + name + " build compiled "
                        + without.size() + " of " + n + " package(s) without the profile (no -pgoprofile: "
                        + shown(without) + ")", "build.command must pass {goflags} (it carries -pgo=FILE) to the"
                        + " 'go build' that builds the artifact; the tool commands are in " + auditLog
                        + ". If this is deliberate, add \"" + BuildAudit.PROFILE_LOSS + "\" to build.allow", false));
            }
            List<String> inputs = calls.stream().flatMap(c -> c.preprofileInput().map(i -> c.record().cwd().resolve(i)
                    .normalize().toString()).stream()).distinct().toList();
            String want = profile.map(p -> p.path().toAbsolutePath().normalize().toString()).orElse("");
            List<String> other = inputs.stream().filter(i -> !want.isEmpty() && !i.equals(want)).toList();
            if (!other.isEmpty()) {
                problems.add(new BuildAudit.Problem(BuildAudit.PROFILE_LOSS, "the " + name + " build read another"
                        + " profile than pgolab's: go's preprofile read " + shown(other) + ", not " + want,
                        "build.command must pass {goflags} to 'go build' and no -pgo of its own", false));
            }
        } else if (!withProfile.isEmpty()) {
            line.append(", ").append(withProfile.size()).append('/').append(n).append(" with -pgoprofile");
            problems.add(new BuildAudit.Problem("", "the " + name + " build compiled " + withProfile.size() + " of " + n
                    + " package(s) with a PGO profile (-pgoprofile: " + shown(withProfile) + "): the baseline is itself"
                    + " a profile-guided build", "pgolab passes -pgo=off in {goflags}; a -pgo=... after {goflags} in"
                    + " build.command overrides it (and Go's default, -pgo=auto, uses the main package's default.pgo):"
                    + " remove it; the tool commands are in " + auditLog, false));
        } else if (n > 0) {
            line.append(", none with -pgoprofile");
        }
        return new BuildAudit.Outcome(line.toString(), problems, Set.of(), List.of());
    }

    private static String levelList(Map<String, Integer> levels) {
        if (levels.size() == 1) {
            return "all " + levels.keySet().iterator().next();
        }
        List<String> parts = new ArrayList<>();
        levels.forEach((l, k) -> parts.add(l + " x" + k));
        return String.join(", ", parts);
    }

    private static String shown(List<String> items) {
        List<String> distinct = new ArrayList<>(new TreeSet<>(items)); // sorted: parallel builds record in any order
        return distinct.size() <= SHOWN ? String.join(", ", distinct)
                : String.join(", ", distinct.subList(0, SHOWN)) + " and " + (distinct.size() - SHOWN) + " more";
    }
}
