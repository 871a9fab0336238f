package io.pgolab.config;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A validated pgolab.toml. Paths are absolute.
 *
 * @param checkout the config's directory in the checkout pgolab was started from: {checkout} in a workload. The same
 *                 as {@link #configDir} except in a gate's worktrees, which hold only committed files, so that a
 *                 workload reaches data the user keeps untracked in their checkout without an absolute path
 */
public record Config(
        Path file,
        String name,
        Path root,
        boolean copySources,
        List<String> exclude,
        List<Variant> variants,
        List<Variant> ladder,
        ToolchainSpec toolchain,
        BuildSpec build,
        List<WorkloadSpec> train,
        List<WorkloadSpec> bench,
        BoltSpec bolt,
        StoredProfileSpec storedProfile,
        GateSpec gate,
        Path checkout) {

    /** A config read from its own checkout: {checkout} is its directory. */
    public Config(Path file, String name, Path root, boolean copySources, List<String> exclude, List<Variant> variants,
                  List<Variant> ladder, ToolchainSpec toolchain, BuildSpec build, List<WorkloadSpec> train,
                  List<WorkloadSpec> bench, BoltSpec bolt, StoredProfileSpec storedProfile, GateSpec gate) {
        this(file, name, root, copySources, exclude, variants, ladder, toolchain, build, train, bench, bolt,
                storedProfile, gate, file.getParent());
    }

    /** The same config, its {checkout} the user's checkout (a gate's worktree config). */
    public Config withCheckout(Path dir) {
        return new Config(file, name, root, copySources, exclude, variants, ladder, toolchain, build, train, bench, bolt,
                storedProfile, gate, dir);
    }

    public Path configDir() {
        return file.getParent();
    }

    public Optional<WorkloadSpec> trainWorkload(String name) {
        return train.stream().filter(w -> w.name().equals(name)).findFirst();
    }

    /** A workload's command with {binary}, {root}, {config_dir}, {workdir} and {checkout} filled in. */
    public String workloadCommand(WorkloadSpec w, String binary) {
        return render(w.command(), binary, 0);
    }

    /** A workload template with {binary}, {root}, {config_dir}, {workdir}, {artifact:NAME} and, for services, {port}. */
    public String render(String template, String binary, int port) {
        return render(template, binary, port, Map.of());
    }

    /**
     * A workload template, a shell command: placeholder values are quoted where needed (see
     * {@link Template#renderShell}); extra adds values such as {profile} for training commands.
     */
    public String render(String template, String binary, int port, Map<String, String> extra) {
        Map<String, String> values = new HashMap<>(Map.of("binary", binary,
                "root", root.toString(), "config_dir", configDir().toString(), "workdir", configDir().toString(),
                "port", Integer.toString(port), "checkout", checkout.toString()));
        // Cargo builds every binary into one directory; {bin:NAME} is NAME beside {binary}.
        build.cargo().ifPresent(c -> c.bins().forEach(b -> values.put("bin:" + b,
                Path.of(binary).resolveSibling(b).toString())));
        // Named artifacts are published under artifacts/ beside the program: {artifact:NAME} is artifacts/NAME.
        build.artifacts().keySet().forEach(n -> values.put("artifact:" + n,
                Path.of(binary).resolveSibling(BuildSpec.ARTIFACT_DIR).resolve(n).toString()));
        values.putAll(extra);
        return Template.renderShell(template, values);
    }

    public boolean needsProfile() {
        return variants.stream().anyMatch(Variant::pgo);
    }
}
