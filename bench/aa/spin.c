/* A CPU-bound loop for pgolab's own calibration: spin N million iterations of an LCG.
 * bench/bars.sh runs it at ~0.3 s, and with 3% more iterations as a known slowdown. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100;
    unsigned long x = 1;
    for (long i = 0; i < n * 1000000L; i++) {
        x = x * 6364136223846793005UL + 1442695040888963407UL;
    }
    printf("%lu\n", x >> 60);
    return 0;
}
