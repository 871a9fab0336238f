package io.pgolab.measure;

/** Progress of a comparison: round i, the widest primary CI so far (percent) and the time left. */
public interface Progress {
    void round(int round, int maxRounds, double widestHalfWidthPercent, double secondsLeft);

    Progress NONE = (r, m, w, s) -> { };
}
