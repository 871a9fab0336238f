import io.pgolab.util.Hashing;
import java.nio.file.Files;
import java.nio.file.Path;

/** Time of what a no-op 'pgolab build' re-hashes: java -cp pgolab.jar HashCost.java FILE|DIR... (first pass, then best of 5). */
public class HashCost {
    public static void main(String[] args) throws Exception {
        long bytes = 0;
        for (String a : args) {
            bytes += Hashing.sizeOf(Path.of(a));
        }
        long best = Long.MAX_VALUE;
        long cold = 0;
        for (int i = 0; i < 6; i++) {
            long t0 = System.nanoTime();
            for (String a : args) {
                Hashing.ofPath(Path.of(a));
            }
            long t = System.nanoTime() - t0;
            if (i == 0) {
                cold = t;
            } else {
                best = Math.min(best, t);
            }
        }
        System.out.printf("%d file(s)/dir(s), %.1f MiB: hashed in %.1f ms by a fresh JVM (as in a no-op build),"
                + " %.1f ms warm (best of 5)%n", args.length, bytes / 1048576.0, cold / 1e6, best / 1e6);
    }
}
