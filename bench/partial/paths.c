/*
 * pgolab's own benchmark for GCC's -fprofile-partial-training (bench/gcc-partial.sh).
 * Two hot paths: the [[train]] workload runs only path A, the benchmark only path B. With plain
 * -fprofile-use GCC treats path_b, which the training never ran, as cold and optimizes it for size
 * (its divisions by constants become div instructions, its loop is not vectorized or unrolled);
 * with -fprofile-partial-training path_b is optimized as if there were no profile.
 * usage: paths a|b REPS   prints the mode, REPS and a checksum.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 8192
static uint32_t data[N];

static void fill(uint32_t seed) {
    for (int i = 0; i < N; i++) {
        seed = seed * 1664525u + 1013904223u;
        data[i] = seed >> 8;
    }
}

/* Path A: a checksum with a data-dependent branch (what the training exercises). */
__attribute__((noinline)) uint64_t path_a(int reps) {
    uint64_t s = 0;
    for (int r = 0; r < reps; r++) {
        for (int i = 0; i < N; i++) {
            uint32_t x = data[i] ^ (uint32_t)r;
            if (x & 1u) s += x >> 3; else s ^= x * 2654435761u;
        }
    }
    return s;
}

/* Path B: decimal digit statistics (divisions by constants, a vectorizable reduction). */
__attribute__((noinline)) uint64_t path_b(int reps) {
    uint64_t s = 0;
    for (int r = 0; r < reps; r++) {
        uint32_t acc = 0;
        for (int i = 0; i < N; i++) {
            uint32_t x = data[i] + (uint32_t)r;
            acc += x / 10u + x % 1000u + (x / 7u) % 13u;
        }
        s += acc;
    }
    return s;
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "a";
    int reps = argc > 2 ? atoi(argv[2]) : 1000;
    fill(12345u);
    uint64_t s = strcmp(mode, "b") == 0 ? path_b(reps) : path_a(reps);
    printf("%s %d %llu\n", mode, reps, (unsigned long long)s);
    return 0;
}
