package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.audit.BuildAudit;
import io.pgolab.audit.ToolAudit;
import io.pgolab.config.Config;
import io.pgolab.config.Variant;
import io.pgolab.process.CompilerWrapper;
import io.pgolab.store.ArtifactLinks;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.AuditRecord;
import io.pgolab.store.BuildKeys;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.CompileRecord;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.toolchain.go.GoToolchain;
import io.pgolab.toolchain.rust.CargoToolchain;
import io.pgolab.util.Events;
import io.pgolab.util.Shell;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The compile audit's two steps of a build: before it, the compiler wrapper (C, C++), rustc's wrapper (cargo) or
 * -toolexec (go) that records every compile; after it, the audit of what they did, its findings (fatal unless
 * build.allow names them) and its record, whose read files key the next build.
 */
final class BuildAudits {
    private final Config config;
    private final Toolchain toolchain;
    private final ArtifactStore store;
    private final Events events;
    private final BuildKeys keys;

    BuildAudits(Config config, Toolchain toolchain, ArtifactStore store, Events events, BuildKeys keys) {
        this.config = config;
        this.toolchain = toolchain;
        this.store = store;
        this.events = events;
        this.keys = keys;
    }

    /** Puts the recorder in the build's way: {cc}/{cxx} and CC/CXX, RUSTC_WRAPPER or {goflags}. */
    void prepare(BuildRun r) {
        if (r.env.cCompiler() && keys.audited()) {
            wrap(r);
            CompilerCache.of(config.build().compilerCache(), config.file())
                    .ifPresent(c -> c.apply(r.procEnv, config.configDir(), r.cacheStats));
        }
        r.procEnv.putAll(config.build().env());
        if (toolchain.buildEnvOverridesUserEnv()) {
            r.procEnv.putAll(r.env.env());   // computed from build.env (cargo: the user's RUSTFLAGS plus pgolab's)
        }
        r.toolAudit = toolAudit(r.values, r.procEnv, r.srcDir, r.auditLog);
    }

    /** Checks what the build's compiles did and records the files they read; r.builtKey is then keyed by them. */
    void check(BuildRun r) {
        if (r.env.cCompiler() && keys.audited()) {
            compileAudit(r);
        }
        if (!r.toolAudit.isEmpty()) {
            r.auditLine = r.toolAudit;
        } else if (!r.env.cCompiler() && (toolchain.compileAudit() == Toolchain.CompileAudit.RUSTC
                || toolchain.compileAudit() == Toolchain.CompileAudit.GO)) {
            List<CompileRecord> records = CompileRecord.read(r.auditLog);
            BuildAudit.Outcome audit = toolchain.compileAudit() == Toolchain.CompileAudit.RUSTC
                    ? ToolAudit.cargo(r.name, r.variant, r.phase, records, r.auditLog)
                    : ToolAudit.go(r.name, r.phase, r.profile, records, r.auditLog);
            r.auditLine = audit.line();
            report(audit);
        }
        if (!r.env.cCompiler() && !r.auditLine.isEmpty()) {
            AuditRecord.save(store, r.name, new AuditRecord(r.builtKey, r.auditLine, List.of(), List.of(), Map.of(), r.recipe));
        }
    }

    private void compileAudit(BuildRun r) {
        BuildAudit.Outcome audit = BuildAudit.check(r.name, r.variant, r.phase, r.profile, toolchain.profilePerObject(),
                CompileRecord.read(r.auditLog), r.srcDir, config.root(), r.auditLog, r.t0.toEpochMilli(),
                Optional.of(r.binary));
        String cacheLine = config.build().compilerCache().isPresent()
                ? CompilerCache.line(r.cacheStats, r.phase == Phase.INSTRUMENT) : "";
        r.auditLine = audit.line() + (cacheLine.isEmpty() ? "" : "; " + cacheLine)
                + ArtifactLinks.line(CompileRecord.read(r.auditLog), BuildPublish.variantFiles(config, r.binary, r.installDir, r.name,
                        r.values, r.srcDir));
        r.noProfile = audit.noProfile();
        report(audit);
        sameLevelAsRelease(r, audit.levels());
        if (!audit.reads().isEmpty()) {   // key it by what it read
            List<String> reads = List.copyOf(audit.reads());
            AuditRecord.save(store, r.name, new AuditRecord("", r.auditLine, audit.levels(), reads, Map.of(), r.recipe));
            r.builtKey = keys.key(r.variant, r.phase, r.profile);
            AuditRecord.save(store, r.name, new AuditRecord(r.builtKey, r.auditLine, audit.levels(), reads,
                    keys.snapshot(r.name, r.recipe).files(), r.recipe));
        }
    }

    /**
     * Every other build compiles at release's -O level: a variant that lost it (a -O2 in pgolab's flags or the
     * user's where the project's build has -O3) would be compared with release at another optimization level, and
     * its gain or loss would be that level's. A warning, as release's record may be of an older build.
     */
    private void sameLevelAsRelease(BuildRun r, List<String> levels) {
        String release = BuiltArtifact.name(Variant.RELEASE, Phase.PLAIN);
        if (r.name.equals(release) || levels.isEmpty()) {
            return;
        }
        AuditRecord.read(store, release).map(AuditRecord::levels).filter(l -> l != null && !l.isEmpty())
                .filter(l -> !Set.copyOf(l).equals(Set.copyOf(levels)))
                .ifPresent(l -> events.warn("build " + r.name + " compiled at " + String.join(", ", levels)
                        + " where release compiled at " + String.join(", ", l) + ": a build that lost release's -O level"
                        + " is compared at another optimization level; give every variant the same -O (build.cflags,"
                        + " build.command in " + config.file() + "); the compiles are in " + r.auditLog));
    }

    /** A finding fails the build unless build.allow names it (then, and for warnOnly findings, a warning). */
    private void report(BuildAudit.Outcome audit) {
        for (BuildAudit.Problem p : audit.problems()) {
            if (!p.allowName().isEmpty() && config.build().allow().contains(p.allowName())) {
                events.warn(p.what() + " (allowed by build.allow = \"" + p.allowName() + "\")");
            } else if (p.warnOnly()) {
                events.warn(p.what() + "; " + p.hint());
            } else {
                throw new UserError(p.what(), p.hint());
            }
        }
    }

    /**
     * Cargo: RUSTC_WRAPPER becomes pgolab-exec, which records each rustc command and runs rustc, or the
     * user's own wrapper (sccache) with it. Go: {goflags} gets -toolexec=pgolab-exec, unless the build
     * has a -toolexec of its own (then nothing is audited, and the returned table line says why).
     */
    private String toolAudit(Map<String, String> values, Map<String, String> procEnv, Path srcDir, Path auditLog) {
        if (toolchain instanceof CargoToolchain cargo) {
            CompilerWrapper.Paths w = prepareAudit(auditLog);
            cargo.userRustcWrapper(config.build().env(), srcDir).ifPresentOrElse(
                    user -> procEnv.put(CompilerWrapper.CHAIN_VAR, user), () -> procEnv.remove(CompilerWrapper.CHAIN_VAR));
            procEnv.put("RUSTC_WRAPPER", w.exec().toString());
            procEnv.put(CompilerWrapper.LOG_VAR, auditLog.toString());
            procEnv.put(CompilerWrapper.DEPS_VAR, store.scratch().resolve("audit-deps").toString());
        } else if (toolchain instanceof GoToolchain go) {
            Optional<String> own = go.userToolexec(config.build().goflags(), config.build().env());
            if (own.isPresent()) {
                return "audit: skipped, the build has its own -toolexec (" + own.get() + ")";
            }
            CompilerWrapper.Paths w = prepareAudit(auditLog);
            values.put("goflags", (values.getOrDefault("goflags", "") + " "
                    + Shell.quote("-toolexec=" + w.exec())).strip());
            procEnv.put(CompilerWrapper.LOG_VAR, auditLog.toString());
            procEnv.put(CompilerWrapper.DEPS_VAR, store.scratch().resolve("audit-deps").toString());
        }
        return "";
    }

    private CompilerWrapper.Paths prepareAudit(Path auditLog) {
        CompilerWrapper.Paths w = CompilerWrapper.ensure();
        try {
            Files.deleteIfExists(auditLog);
            Files.createDirectories(auditLog.getParent());
            Files.createDirectories(store.scratch().resolve("audit-deps"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w;
    }

    /** {cc}/{cxx} and CC/CXX become pgolab's wrapper, which records every invocation in auditLog. */
    private void wrap(BuildRun r) {
        CompilerWrapper.Paths w = prepareAudit(r.auditLog);
        r.values.put("cc", w.cc().toString());
        r.values.put("cxx", w.cxx().toString());
        r.procEnv.put("CC", w.cc().toString());
        r.procEnv.put("CXX", w.cxx().toString());
        r.procEnv.put(CompilerWrapper.REAL_CC_VAR, r.env.cc());
        r.procEnv.put(CompilerWrapper.REAL_CXX_VAR, r.env.cxx());
        r.procEnv.put(CompilerWrapper.LOG_VAR, r.auditLog.toString());
        r.procEnv.put(CompilerWrapper.DEPS_VAR, store.scratch().resolve("audit-deps").toString());
    }
}
