import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * A build step (pom.xml, after the shade plugin): rewrites the class files of a jar that are older
 * than Java 6 (class file version below 50: picocli's, compiled for Java 5) as Java 8 class files
 * with stack map frames computed by ASM. The JDK's AOT cache and CDS archives skip classes that old
 * ("Skipping ...: Old class has been linked"), so without this pgolab's launcher cache held none of
 * picocli, the bulk of pgolab's start-up (docs/benchmarks.md, pgolab's start-up). The code itself is
 * unchanged: ASM copies every method as it is and only adds the frames and the new version number;
 * the JVM then checks the frames with its type-checking verifier at load.
 *
 * <p>usage: java -cp ASM_AND_THE_JAR'S_DEPENDENCIES src/build/OldClassFiles.java JAR (rewritten in place,
 * through a temporary file and a rename).
 */
public final class OldClassFiles {
    private static final int OLDEST_KEPT = Opcodes.V1_6;

    private OldClassFiles() {
    }

    public static void main(String[] args) throws IOException {
        Path jar = Path.of(args[0]);
        Path tmp = jar.resolveSibling(jar.getFileName() + ".tmp");
        int rewritten = 0;
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
             OutputStream raw = Files.newOutputStream(tmp);
             ZipOutputStream out = new ZipOutputStream(raw)) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                byte[] bytes = readAll(in);
                if (e.getName().endsWith(".class") && version(bytes) < OLDEST_KEPT) {
                    bytes = withFrames(bytes);
                    rewritten++;
                }
                ZipEntry copy = new ZipEntry(e.getName());
                copy.setTime(e.getTime());
                out.putNextEntry(copy);
                out.write(bytes);
                out.closeEntry();
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("OldClassFiles: " + rewritten + " class files older than Java 6 rewritten as Java 8 in " + jar);
    }

    /** The major version of a class file. */
    static int version(byte[] classFile) {
        return ((classFile[6] & 0xff) << 8) | (classFile[7] & 0xff);
    }

    static byte[] withFrames(byte[] classFile) {
        ClassReader r = new ClassReader(classFile);
        ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_FRAMES);
        r.accept(new ClassVisitor(Opcodes.ASM9, w) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                              String[] interfaces) {
                super.visit(Opcodes.V1_8, access, name, signature, superName, interfaces);
            }
        }, 0);
        return w.toByteArray();
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        in.transferTo(b);
        return b.toByteArray();
    }
}
