#include <stdio.h>
#include <stdlib.h>

/* the hot loop */
__attribute__((noinline)) unsigned long work(unsigned long n) {
    unsigned long s = 0;
    for (unsigned long i = 0; i < n; i++) {
        s = s * 31 + (i ^ (s >> 7));
    }
    return s;
}

int main(int argc, char **argv) {
    unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 1000000;
    printf("%lu\n", work(n));
    return 0;
}
