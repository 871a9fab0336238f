package io.pgolab.process;

import io.pgolab.UserError;
import io.pgolab.util.OutputFile;
import io.pgolab.util.Strings;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds (once per machine and per version of its source) the small C program that pgolab runs
 * every measured command through, {@code pgolab-runner}. The source ships as a classpath resource
 * next to this class; the binary lives in {@code <cache>/runner-<sha256 prefix>/pgolab-runner}.
 */
public final class RunnerBinary {
    static final String RESOURCE = "pgolab-runner.c";
    static final String BINARY_NAME = "pgolab-runner";
    static final List<String> COMPILERS = List.of("cc", "gcc", "clang");
    static final List<String> FLAGS = List.of("-O2", "-Wall", "-Wextra");
    private static final long COMPILE_TIMEOUT_SECONDS = 120;

    private RunnerBinary() {
    }

    /** Builds the runner in the default cache directory if needed; returns its path. */
    public static Path ensure() {
        return ensure(defaultCacheDir());
    }

    /**
     * Returns the path of the runner binary under {@code cacheDir}, compiling it first if absent.
     * Safe against concurrent pgolab processes: the binary is written under a temporary name in the
     * same directory and atomically renamed into place.
     */
    public static Path ensure(Path cacheDir) {
        return ensure(cacheDir, System.getenv("PATH"));
    }

    static Path ensure(Path cacheDir, String searchPath) {
        return ensure(cacheDir, searchPath, RESOURCE, BINARY_NAME, "runner");
    }

    /**
     * Another small helper program shipped as C source beside this class (the compiler wrapper),
     * built the same way, in {@code <cache>/<dirPrefix>-<sha256 prefix>/<binaryName>}.
     */
    static synchronized Path ensure(Path cacheDir, String searchPath, String resource, String binaryName, String dirPrefix) {
        byte[] source = source(resource);
        Path dir = cacheDir.toAbsolutePath().resolve(dirPrefix + "-" + sourceHash(source));
        Path binary = dir.resolve(binaryName);
        if (Files.isRegularFile(binary) && Files.isExecutable(binary)) {
            return binary;
        }
        Path compiler = findCompiler(searchPath).orElseThrow(() -> new UserError(
                "no C compiler found to build pgolab's process runner",
                "install gcc: apt-get install -y gcc"));
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UserError("cannot create pgolab's cache directory " + dir + ": " + e.getMessage(),
                    "set PGOLAB_CACHE to a writable directory", e);
        }
        compile(compiler, source, dir, binary);
        return binary;
    }

    /** {@code $PGOLAB_CACHE}, else {@code $XDG_CACHE_HOME/pgolab}, else {@code ~/.cache/pgolab}. */
    public static Path defaultCacheDir() {
        return defaultCacheDir(System.getenv(), System.getProperty("user.home"));
    }

    static Path defaultCacheDir(Map<String, String> env, String userHome) {
        String override = env.get("PGOLAB_CACHE");
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        String xdg = env.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, "pgolab");
        }
        return Path.of(userHome, ".cache", "pgolab");
    }

    /** First of cc, gcc, clang that is an executable file on {@code searchPath}. */
    static Optional<Path> findCompiler(String searchPath) {
        if (searchPath == null || searchPath.isEmpty()) {
            return Optional.empty();
        }
        for (String name : COMPILERS) {
            for (String entry : searchPath.split(File.pathSeparator)) {
                if (entry.isEmpty()) {
                    continue;
                }
                Path candidate = Path.of(entry, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    static byte[] source() {
        return source(RESOURCE);
    }

    static byte[] source(String resource) {
        try (InputStream in = RunnerBinary.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("resource " + resource + " missing from pgolab's jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + resource, e);
        }
    }

    /** First 12 hex digits of the SHA-256 of the source. */
    static String sourceHash(byte[] source) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(source);
            return HexFormat.of().formatHex(digest).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void compile(Path compiler, byte[] source, Path dir, Path binary) {
        Path src = null;
        Path tmp = null;
        Path log = null;
        try {
            src = Files.createTempFile(dir, "." + binary.getFileName() + "-", ".c");
            Files.write(src, source);
            tmp = Files.createTempFile(dir, ".pgolab-runner-", ".tmp");
            List<String> cmd = new ArrayList<>();
            cmd.add(compiler.toString());
            cmd.addAll(FLAGS);
            cmd.add("-o");
            cmd.add(tmp.toString());
            cmd.add(src.toString());
            // The one program not started through the runner: it is the runner (see DirectRun).
            log = Files.createTempFile(dir, ".pgolab-runner-", ".log");
            int exit = DirectRun.run(cmd, dir, Map.of(), Duration.ofSeconds(COMPILE_TIMEOUT_SECONDS), log);
            boolean done = exit != DirectRun.TIMED_OUT;
            if (!done || exit != 0) {
                String text = OutputFile.readQuietly(log);
                throw new UserError(
                        "failed to build pgolab's process runner: `" + String.join(" ", cmd) + "` "
                                + (done ? "exited with " + exit : "timed out after " + COMPILE_TIMEOUT_SECONDS + " s")
                                + (text.isBlank() ? "" : ":\n" + Strings.indentedTail(text, 30)),
                        "check that " + compiler + " can build a C program (libc headers installed?)");
            }
            if (!tmp.toFile().setExecutable(true, false)) {
                throw new IOException("cannot make " + tmp + " executable");
            }
            try {
                Files.move(tmp, binary, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                // same directory: cannot really happen; a plain rename is still atomic on POSIX
                Files.move(tmp, binary, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (IOException e) {
            throw new UserError("cannot build pgolab's process runner in " + dir + ": " + e.getMessage(),
                    "set PGOLAB_CACHE to a writable directory", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while building pgolab's process runner");
        } finally {
            deleteQuietly(src);
            deleteQuietly(tmp);
            deleteQuietly(log);
        }
    }

    private static void deleteQuietly(Path p) {
        if (p != null) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException ignored) {
                // best effort
            }
        }
    }
}
