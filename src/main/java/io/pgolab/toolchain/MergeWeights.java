package io.pgolab.toolchain;

import io.pgolab.UserError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The whole-number weight each workload gets in a merge, and what it then contributes. A weight = N
 * is rounded (at least 1; the config caps it at 1000). Shares (share = F) become weights from each workload's own total count T:
 * weight ∝ F / T, so that weight × T ∝ F. The weights are scaled up from a smallest weight of 1 until
 * rounding moves none by more than 0.5 % (at most a smallest weight of 1000), but never past the
 * tool's cap (llvm-profdata and gcov-tool: 10^6, and low enough that no count can overflow; go: 100
 * repeats of a workload's files); past the cap the smallest weights are rounded up to 1 and those
 * workloads get more than asked. The share each workload ends up with is computed from the weights
 * used, so reports show what the merge did, not what was asked.
 */
public final class MergeWeights {
    public static final long LLVM_CAP = 1_000_000;
    public static final long GO_CAP = 100;
    /** Each weighted total stays under this, so no summed counter (64 bits) can overflow. */
    private static final long SAFE_TOTAL = Long.MAX_VALUE / 4;
    private static final double PRECISION = 0.005;
    private static final int MAX_SMALLEST = 1000;

    private final Map<String, Long> weights;
    private final List<MergeResult.Part> parts;

    private MergeWeights(Map<String, Long> weights, List<MergeResult.Part> parts) {
        this.weights = weights;
        this.parts = parts;
    }

    /**
     * The weights of inputs. total gives an input's total count; it is called only when a workload has
     * a share or more than one workload is merged (to report the parts), and may be null when the
     * toolchain cannot count (then shares are refused and no parts are reported).
     */
    public static MergeWeights of(List<RawInput> inputs, ToLongFunction<RawInput> total, long cap) {
        Map<String, List<RawInput>> groups = new LinkedHashMap<>();
        inputs.forEach(in -> groups.computeIfAbsent(in.group(), g -> new ArrayList<>()).add(in));
        boolean shares = inputs.stream().anyMatch(in -> in.share() > 0);
        if (shares && total == null) {
            throw new UserError("this toolchain cannot read a profile's total count, so share cannot be used",
                    "use weight = N in [[train]] instead of share");
        }
        Map<String, Long> weights = new LinkedHashMap<>();
        if (!shares) {
            groups.forEach((g, ins) -> weights.put(g, Math.max(1, Math.round(ins.get(0).weight()))));
        }
        if (groups.size() < 2 || (total == null && !shares)) {
            if (shares) {
                groups.keySet().forEach(g -> weights.put(g, 1L));
            }
            return new MergeWeights(weights, List.of());
        }
        List<String> names = new ArrayList<>(groups.keySet());
        long[] totals = new long[names.size()];
        double[] asked = new double[names.size()];
        for (int i = 0; i < names.size(); i++) {
            totals[i] = groups.get(names.get(i)).stream().mapToLong(total).sum();
            asked[i] = groups.get(names.get(i)).get(0).share();
        }
        if (shares) {
            for (int i = 0; i < names.size(); i++) {
                if (totals[i] <= 0) {
                    throw new UserError("training workload '" + names.get(i) + "' has share = " + asked[i]
                            + ", but its profile has no counts, so no weight can give it a share",
                            "check that its command runs the instrumented {binary} on real work");
                }
            }
            long[] w = fromShares(asked, totals, cap);
            for (int i = 0; i < names.size(); i++) {
                weights.put(names.get(i), w[i]);
            }
        }
        double sum = 0;
        for (int i = 0; i < names.size(); i++) {
            sum += (double) weights.get(names.get(i)) * totals[i];
        }
        List<MergeResult.Part> parts = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            long w = weights.get(names.get(i));
            parts.add(new MergeResult.Part(names.get(i), totals[i], w, asked[i], sum == 0 ? 0 : w * (double) totals[i] / sum));
        }
        return new MergeWeights(weights, parts);
    }

    /** The weight of an input (that of its workload). */
    public long weight(RawInput in) {
        return weights.getOrDefault(in.group(), 1L);
    }

    public List<MergeResult.Part> parts() {
        return parts;
    }

    /**
     * Whole-number weights w with w[i] × totals[i] in proportion to shares[i] (shares scaled to add up
     * to 1; totals > 0): the smallest weights whose rounding moves none by more than 0.5 %, each at most
     * cap and low enough that w[i] × totals[i] cannot overflow a counter.
     */
    static long[] fromShares(double[] shares, long[] totals, long cap) {
        int n = shares.length;
        double[] ratio = new double[n];
        double[] limit = new double[n];
        int smallest = 0;
        for (int i = 0; i < n; i++) {
            ratio[i] = shares[i] / totals[i];
            limit[i] = Math.max(1, Math.min(cap, SAFE_TOTAL / n / totals[i]));
            if (ratio[i] < ratio[smallest]) {
                smallest = i;
            }
        }
        long[] best = null;
        double bestError = Double.MAX_VALUE;
        for (int m = 1; m <= MAX_SMALLEST; m++) {
            double scale = m / ratio[smallest];
            long[] w = new long[n];
            double error = 0;
            boolean fits = true;
            for (int i = 0; i < n && fits; i++) {
                double exact = ratio[i] * scale;
                w[i] = Math.max(1, Math.round(exact));
                fits = w[i] <= limit[i];
                error = Math.max(error, Math.abs(w[i] - exact) / exact);
            }
            if (!fits) {
                break;
            }
            if (error < bestError) {
                best = w;
                bestError = error;
            }
            if (error <= PRECISION) {
                break;
            }
        }
        if (best != null) {
            return best;
        }
        // Even a smallest weight of 1 puts a larger one past its cap: scale to the caps, round the smallest up to 1.
        double scale = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            scale = Math.min(scale, limit[i] / ratio[i]);
        }
        long[] w = new long[n];
        for (int i = 0; i < n; i++) {
            w[i] = (long) Math.max(1, Math.min(limit[i], Math.floor(ratio[i] * scale)));
        }
        return w;
    }
}
