import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * The last build step (pom.xml, after OldClassFiles): what makes target/pgolab.jar a release artifact.
 * <ol>
 * <li>io/pgolab/build.properties goes into the jar: {@code git} = 'git describe --tags --always --dirty
 * --match v[0-9]*' of the source tree (empty outside a git checkout), and {@code repository} = the
 * GitHub repository the release workflow builds in (-Dpgolab.repository, empty otherwise). pgolab's
 * Version reads them: a jar built at the tag v&lt;pom version&gt; from a clean tree says that version
 * alone; any other build says it is a development build of it.</li>
 * <li>target/pgolab.jar.sha256 is written next to the jar, in sha256sum's format ("HEX  pgolab.jar"),
 * so that 'sha256sum -c' checks a downloaded jar beside it, as the composite action does.</li>
 * </ol>
 * Written with the JDK alone (no Maven plugin for git), like OldClassFiles.
 *
 * <p>usage: java src/build/ReleaseFiles.java JAR SOURCE_DIR REPOSITORY
 */
public final class ReleaseFiles {
    private static final String PROPERTIES = "io/pgolab/build.properties";

    private ReleaseFiles() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Path jar = Path.of(args[0]);
        String describe = describe(Path.of(args[1]));
        String repository = args.length > 2 ? args[2].trim() : "";
        String properties = "# written by src/build/ReleaseFiles.java\ngit=" + describe + "\nrepository=" + repository + "\n";
        addEntry(jar, PROPERTIES, properties.getBytes(StandardCharsets.ISO_8859_1));
        Path sum = jar.resolveSibling(jar.getFileName() + ".sha256");
        Files.writeString(sum, sha256(jar) + "  " + jar.getFileName() + "\n", StandardCharsets.US_ASCII);
        System.out.println("ReleaseFiles: git " + (describe.isEmpty() ? "(no git checkout)" : describe) + ", " + sum);
    }

    /**
     * git describe of dir, or "" when dir is not the top of a git checkout (sources unpacked inside another
     * repository must not take that repository's commit for theirs) or git is missing.
     */
    private static String describe(Path dir) throws InterruptedException {
        try {
            String top = git(dir, "rev-parse", "--show-toplevel");
            if (top.isEmpty() || !Path.of(top).toRealPath().equals(dir.toRealPath())) {
                return "";
            }
            String out = git(dir, "describe", "--tags", "--always", "--dirty", "--match", "v[0-9]*");
            // a properties value on one line, of the characters a tag or hash can hold
            return out.matches("[A-Za-z0-9._+-]+") ? out : "";
        } catch (IOException e) {
            return "";
        }
    }

    /** git's output in dir, trimmed; "" when it fails. */
    private static String git(Path dir, String... args) throws IOException, InterruptedException {
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of("git"));
        cmd.addAll(java.util.List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return "";
        }
        return p.exitValue() == 0 ? out : "";
    }

    /** The jar with name added (or replaced), rewritten through a temporary file and a rename. */
    private static void addEntry(Path jar, String name, byte[] content) throws IOException {
        Path tmp = jar.resolveSibling(jar.getFileName() + ".tmp");
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
             OutputStream raw = Files.newOutputStream(tmp);
             ZipOutputStream out = new ZipOutputStream(raw)) {
            long time = 0;
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                byte[] bytes = readAll(in);
                time = Math.max(time, e.getTime());
                if (e.getName().equals(name)) {
                    continue;
                }
                ZipEntry copy = new ZipEntry(e.getName());
                copy.setTime(e.getTime());
                out.putNextEntry(copy);
                out.write(bytes);
                out.closeEntry();
            }
            ZipEntry added = new ZipEntry(name);
            added.setTime(time);
            out.putNextEntry(added);
            out.write(content);
            out.closeEntry();
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                d.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        in.transferTo(b);
        return b.toByteArray();
    }
}
