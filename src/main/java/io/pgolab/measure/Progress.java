package io.pgolab.measure;

import java.util.function.DoubleSupplier;

/**
 * Progress of a comparison: round i, the widest primary CI so far (percent) and the time left. The widest
 * CI is computed when asked for (its statistics cost up to a few hundred microseconds per round, between two
 * measured runs); a report that shows every tenth round asks every tenth round.
 */
public interface Progress {
    void round(int round, int maxRounds, DoubleSupplier widestHalfWidthPercent, double secondsLeft);

    /**
     * The seconds per round are known: after the warm-up rounds (warmupSeconds is what they took), or after the
     * first measured round when there is no warm-up (warmupSeconds 0). Called once per campaign.
     */
    default void paced(double warmupSeconds, double secondsPerRound) {
    }

    Progress NONE = (r, m, w, s) -> { };
}
