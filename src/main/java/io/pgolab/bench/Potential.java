package io.pgolab.bench;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where one variant's server spent its CPU under load, from one extra life under perf record:
 * shares of its own code, libraries and the kernel (percent) and the sample count. PGO can only
 * speed up the first part.
 */
public record Potential(double ownPercent, double librariesPercent, double kernelPercent, long samples, String summary) {

    /** The results file's form (keys of pgolab-results/1). */
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("own_percent", ownPercent);
        m.put("libraries_percent", librariesPercent);
        m.put("kernel_percent", kernelPercent);
        m.put("samples", samples);
        m.put("summary", summary);
        return m;
    }
}
