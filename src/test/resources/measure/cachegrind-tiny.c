/* Freestanding (no libc) so that Cachegrind's output is a few lines long: the parent loops,
   forks a child that execs this program again with an argument (a second traced process),
   waits for it and exits. Build: gcc -O1 -static -nostdlib -fno-stack-protector -o tiny tiny.c */
static long sys(long n, long a, long b, long c, long d) {
    long r;
    register long r10 __asm__("r10") = d;
    __asm__ volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10) : "rcx", "r11", "memory");
    return r;
}
static volatile unsigned long sink;
static void work(unsigned long n) {
    unsigned long s = 0;
    for (unsigned long i = 0; i < n; i++) s += (i & 3) ? i : i * 7;
    sink = s;
}
__attribute__((noreturn)) void cstart(long *sp) {
    long argc = sp[0];
    char **argv = (char **)(sp + 1);
    char **envp = argv + argc + 1;
    if (argc > 1) {
        work(3000);
    } else {
        work(1000);
        long pid = sys(57, 0, 0, 0, 0);             /* fork */
        if (pid == 0) {
            char *args[] = {argv[0], "child", 0};
            sys(59, (long)argv[0], (long)args, (long)envp, 0); /* execve */
            sys(60, 127, 0, 0, 0);
        }
        sys(61, pid, 0, 0, 0);                       /* wait4 */
    }
    sys(60, 0, 0, 0, 0);                             /* exit */
    for (;;) {}
}
__asm__(".globl _start\n_start:\n mov %rsp, %rdi\n and $-16, %rsp\n call cstart\n");
