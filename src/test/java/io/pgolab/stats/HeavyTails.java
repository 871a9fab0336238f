package io.pgolab.stats;

import java.util.SplittableRandom;

/** Noise for simulation tests: Student's t with 3 degrees of freedom, heavy tails as wild rounds give. */
public final class HeavyTails {
    private HeavyTails() {
    }

    public static double t3(SplittableRandom rnd) {
        double z = rnd.nextGaussian();
        double chi = 0;
        for (int i = 0; i < 3; i++) {
            double g = rnd.nextGaussian();
            chi += g * g;
        }
        return z / Math.sqrt(chi / 3);
    }
}
