package io.pgolab.bench;

import io.pgolab.store.ArtifactStore;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.store.FileDigest;
import io.pgolab.util.Hashing;
import io.pgolab.util.Text;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Whether a gate's two commits build the same programs, so that measuring them could only measure the machine's noise
 * (a comment-only change, a refactoring the compiler sees through). On a noisy machine a measured A/A comparison needs
 * minutes to show that two equal programs are within a 2% bound and may end inconclusive; the bytes answer exactly.
 *
 * <p>The programs are the same only when everything a workload could run or read is: every gated variant's published
 * files are the same bytes in both commits, every file of its build directory too (a module built beside the
 * artifact, a plugin the workload loads), neither checkout holds files its commit does not (a build that wrote into
 * the source tree), and every file that differs between the commits is an input of the compiles of every gated
 * build as their audits recorded them (a changed data file, script or config, which a workload may read, is not).
 * The caller leaves out of the changed files those no workload reads (.gitignore, .github/, a config the base
 * borrowed from the candidate). Anything unknown (no audit, git cannot say) means measure.
 */
public final class SamePrograms {
    private SamePrograms() {
    }

    /**
     * One commit's builds.
     *
     * @param built     the gated variants' artifacts, in the gate's variant order
     * @param checkout  the commit's checkout (its path inside build outputs, e.g. in depfiles, is not a difference)
     * @param untracked files its checkout holds that its commit does not, relative to the checkout's top, outside the
     *                  store; empty when git cannot say
     */
    public record Side(List<BuiltArtifact> built, ArtifactStore store, Path checkout, Optional<List<String>> untracked) {
    }

    /**
     * The answer. same: nothing to measure, and text says why (for the verdict line); otherwise text says why
     * programs of the same bytes are measured anyway, or is empty when they differ.
     */
    public record Outcome(boolean same, String text) {
        public static Outcome differ() {
            return new Outcome(false, "");
        }
    }

    /**
     * @param changed the files that differ between the commits, relative to the project root (the config's root); empty
     *                when git cannot say; a path outside the root is given as it is, starting with "../"
     */
    public static Outcome check(List<String> variants, Side base, Side candidate, Optional<List<String>> changed) {
        for (int i = 0; i < variants.size(); i++) {
            Optional<Map<String, String>> b = digests(base.built().get(i));
            if (b.isEmpty() || !b.equals(digests(candidate.built().get(i)))) {
                return Outcome.differ();
            }
        }
        String programs = names(variants) + (variants.size() == 1 ? " is" : " are")
                + " the same bytes in both commits";
        Optional<String> why = whyMeasure(variants, base, candidate, changed);
        if (why.isPresent()) {
            return new Outcome(false, programs + ", but " + why.get() + ": measured");
        }
        List<String> files = changed.orElseThrow();
        String what = files.isEmpty() ? "no file a workload reads differs between the commits"
                : "every file that differs (" + shown(files) + ") is a compile input of " + (variants.size() == 1
                ? "its build" : "their builds");
        return new Outcome(true, programs + ", with the same build outputs, and " + what);
    }

    private static Optional<String> whyMeasure(List<String> variants, Side base, Side candidate,
                                               Optional<List<String>> changed) {
        if (changed.isEmpty() || base.untracked().isEmpty() || candidate.untracked().isEmpty()) {
            return Optional.of("git could not list what differs between the commits");
        }
        for (Side s : List.of(base, candidate)) {
            if (!s.untracked().get().isEmpty()) {
                return Optional.of("a build wrote into the checkout (" + shown(s.untracked().get()) + "), where a"
                        + " workload may read it");
            }
        }
        for (int i = 0; i < variants.size(); i++) {
            Optional<Set<String>> inputs = candidate.store().compileInputs(candidate.built().get(i));
            if (inputs.isEmpty() || !inputs.equals(base.store().compileInputs(base.built().get(i)))) {
                return Optional.of("no audit of " + variants.get(i) + "'s compiles says which files went into it");
            }
            List<String> other = changed.get().stream().filter(f -> !inputs.get().contains(f)).toList();
            if (!other.isEmpty()) {
                return Optional.of(shown(other) + (other.size() == 1 ? " differs and is" : " differ and are")
                        + " no compile input of " + variants.get(i) + " (a workload may read "
                        + (other.size() == 1 ? "it" : "them") + ")");
            }
            try {
                if (!tree(base.store().buildDir(variants.get(i)), base.checkout())
                        .equals(tree(candidate.store().buildDir(variants.get(i)), candidate.checkout()))) {
                    return Optional.of("files in " + variants.get(i) + "'s build directory differ");
                }
            } catch (UncheckedIOException | IllegalStateException e) {
                return Optional.of(variants.get(i) + "'s build directory could not be read (" + e.getMessage() + ")");
            }
        }
        return Optional.empty();
    }

    /** The published files of an artifact by name and SHA-256; empty when a digest is not known. */
    static Optional<Map<String, String>> digests(BuiltArtifact a) {
        Map<String, String> out = new TreeMap<>();
        if (a.tree() != null && a.tree().sha256() != null) {   // an install tree: its manifest says every file of it
            return Optional.of(Map.of("tree manifest", a.tree().sha256()));
        }
        if (a.files() != null && !a.files().isEmpty()) {
            for (Map.Entry<String, FileDigest> e : a.files().entrySet()) {
                if (e.getValue() == null || e.getValue().sha256() == null || e.getValue().sha256().isEmpty()) {
                    return Optional.empty();
                }
                out.put(e.getKey(), e.getValue().sha256());
            }
            return Optional.of(out);
        }
        return a.binarySha256().filter(s -> !s.isEmpty()).map(s -> Map.of("binary", s));
    }

    /** Files larger than this are compared as they are, not read whole to take the checkout's path out. */
    static final long NORMALISED_MAX_BYTES = 64L << 20;

    /**
     * Every file below dir by relative path and SHA-256 (a symbolic link by its target), the checkout's path replaced
     * by a fixed token first: the two commits are built in two checkouts, and a depfile or CMake cache names its own.
     */
    static Map<String, String> tree(Path dir, Path checkout) {
        Map<String, String> out = new TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        byte[] top = checkout.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String rel = dir.relativize(p).toString();
                if (Files.isSymbolicLink(p)) {
                    out.put(rel, "-> " + Files.readSymbolicLink(p).toString().replace(new String(top,
                            StandardCharsets.UTF_8), "@CHECKOUT@"));
                } else if (Files.isRegularFile(p)) {
                    out.put(rel, Files.size(p) > NORMALISED_MAX_BYTES ? Hashing.ofPath(p)
                            : HexFormat.of().formatHex(Hashing.sha256().digest(
                            withoutPath(Files.readAllBytes(p), top))));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** bytes with every occurrence of path replaced by "@CHECKOUT@". */
    static byte[] withoutPath(byte[] bytes, byte[] path) {
        if (path.length == 0) {
            return bytes;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length);
        byte[] token = "@CHECKOUT@".getBytes(StandardCharsets.UTF_8);
        int i = 0;
        while (i < bytes.length) {
            if (bytes[i] == path[0] && i + path.length <= bytes.length
                    && Arrays.equals(bytes, i, i + path.length, path, 0, path.length)) {
                out.write(token, 0, token.length);
                i += path.length;
            } else {
                out.write(bytes[i]);
                i++;
            }
        }
        return out.toByteArray();
    }

    private static String names(List<String> variants) {
        return variants.size() == 1 ? variants.get(0)
                : String.join(", ", variants.subList(0, variants.size() - 1)) + " and " + variants.get(variants.size() - 1);
    }

    private static String shown(List<String> files) {
        List<String> first = new ArrayList<>(files.subList(0, Math.min(3, files.size())));
        return String.join(", ", first.stream().map(Text::visible).toList())
                + (files.size() > 3 ? " and " + (files.size() - 3) + " more" : "");
    }
}
