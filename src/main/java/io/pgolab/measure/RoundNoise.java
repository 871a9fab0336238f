package io.pgolab.measure;

/**
 * The machine during one measured round: the share of CPU time stolen by the hypervisor and spent waiting
 * for I/O (percent, from /proc/stat deltas over the round, on the CPU the runs are pinned to when the kernel
 * lists it, else all CPUs; NaN when /proc/stat cannot be read), the 1-minute load average at the round's end,
 * and whether the round is at a machine-speed change (see {@link PhaseChanges}). Such rounds are kept.
 */
public record RoundNoise(int round, double stealPercent, double iowaitPercent, double loadAverage,
                         boolean phaseChange) {

    RoundNoise marked(boolean phase) {
        return new RoundNoise(round, stealPercent, iowaitPercent, loadAverage, phase);
    }
}
