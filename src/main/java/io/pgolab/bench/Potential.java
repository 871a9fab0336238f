package io.pgolab.bench;

/**
 * Where one variant's server spent its CPU under load, from one extra life under perf record:
 * shares of its own code, libraries and the kernel (percent) and the sample count. PGO can only
 * speed up the first part.
 */
public record Potential(double ownPercent, double librariesPercent, double kernelPercent, long samples, String summary) {
}
