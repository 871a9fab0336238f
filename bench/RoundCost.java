import io.pgolab.measure.HostSampler;
import io.pgolab.stats.HodgesLehmann;
import java.util.Arrays;
import java.util.Random;

/**
 * What a campaign's per-round bookkeeping costs in a fresh JVM (most of it before the JIT compiles it, as in a
 * real campaign of a few hundred rounds): the stopping rule's Hodges-Lehmann interval at n = 2..250 and the
 * /proc reads of the round's noise record, 249 rounds, mean microseconds per round.
 * usage: java -cp target/pgolab.jar bench/RoundCost.java
 */
public class RoundCost {
    public static void main(String[] args) {
        Random r = new Random(1);
        double[] b = new double[250];
        double[] c = new double[250];
        for (int i = 0; i < b.length; i++) {
            b[i] = 1 + r.nextGaussian() * 0.05;
            c[i] = 1.02 + r.nextGaussian() * 0.05;
        }
        long hl = 0;
        long ticks = 0;
        long load = 0;
        for (int round = 2; round <= 250; round++) {
            long t0 = System.nanoTime();
            HodgesLehmann.interval(Arrays.copyOf(b, round), Arrays.copyOf(c, round));
            long t1 = System.nanoTime();
            HostSampler.PROC.cpuTicks(1);
            long t2 = System.nanoTime();
            HostSampler.PROC.loadAverage();
            long t3 = System.nanoTime();
            hl += t1 - t0;
            ticks += t2 - t1;
            load += t3 - t2;
        }
        System.out.printf("per round: HL interval %d us, /proc/stat cpu ticks %d us, load average %d us%n",
                hl / 249_000, ticks / 249_000, load / 249_000);
    }
}
