package io.pgolab.measure;

/** Progress of a comparison: round i, the widest primary CI so far (percent) and the time left. */
public interface Progress {
    void round(int round, int maxRounds, double widestHalfWidthPercent, double secondsLeft);

    /**
     * The seconds per round are known: after the warm-up rounds (warmupSeconds is what they took), or after the
     * first measured round when there is no warm-up (warmupSeconds 0). Called once per campaign.
     */
    default void paced(double warmupSeconds, double secondsPerRound) {
    }

    Progress NONE = (r, m, w, s) -> { };
}
