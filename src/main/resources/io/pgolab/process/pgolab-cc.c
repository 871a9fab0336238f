/*
 * pgolab-cc: the compiler wrapper of pgolab's compile audit.
 *
 * pgolab sets {cc}/{cxx} and CC/CXX of every C/C++ build to this program
 * (installed as pgolab-cc and pgolab-c++; a name containing "++" is the C++
 * compiler). It appends one record per invocation to the file named by
 * PGOLAB_AUDIT_LOG and then execv()s the real compiler, named by
 * PGOLAB_REAL_CC or PGOLAB_REAL_CXX, with the same arguments (argv[0] is the
 * real compiler's path, so gcc finds its own cc1, collect2 and lto plugin).
 *
 * A compile (-c or -S) that asks for no dependency output itself (no -M, -MM,
 * -MD, -MMD, -MF, -E) gets "-MMD -MF $PGOLAB_AUDIT_DEPS/<pid>-<ns>.d": the
 * project headers it read (system headers are left out), for pgolab's source
 * fingerprint. -MMD changes nothing in the object. Builds that write their
 * own dependency files keep them; pgolab reads those instead.
 *
 * Record: one line, fields separated by TAB, written with one write() to a
 * file opened with O_APPEND (parallel compiles never interleave):
 *   v1 PID CWD C|CXX DEPFILE-or-empty ARG1 ARG2 ...
 * Backslash, TAB and newline in a field are written as \\, \t and \n.
 *
 * Without PGOLAB_AUDIT_LOG nothing is recorded; without the real compiler's
 * variable the wrapper exits 127 with a message.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct buf {
    char *p;
    size_t len, cap;
};

static void put(struct buf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (b->len + n + 1 > cap) cap *= 2;
        char *q = realloc(b->p, cap);
        if (!q) { perror("pgolab-cc"); _exit(127); }
        b->p = q;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
}

static void field(struct buf *b, const char *s) {
    put(b, "\t", 1);
    for (; *s; s++) {
        if (*s == '\\') put(b, "\\\\", 2);
        else if (*s == '\t') put(b, "\\t", 2);
        else if (*s == '\n') put(b, "\\n", 2);
        else put(b, s, 1);
    }
}

static int wants_deps(int argc, char **argv) {
    int compile = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-c") || !strcmp(a, "-S")) compile = 1;
        else if (!strcmp(a, "-E") || !strncmp(a, "-M", 2)) return 0;
    }
    return compile;
}

int main(int argc, char **argv) {
    const char *self = strrchr(argv[0], '/');
    self = self ? self + 1 : argv[0];
    int cxx = strstr(self, "++") != NULL;
    const char *var = cxx ? "PGOLAB_REAL_CXX" : "PGOLAB_REAL_CC";
    const char *real = getenv(var);
    if (!real || !*real) {
        fprintf(stderr, "pgolab-cc: %s is not set: this is pgolab's compiler wrapper, run only by 'pgolab build'\n", var);
        return 127;
    }
    const char *log = getenv("PGOLAB_AUDIT_LOG");
    const char *depdir = getenv("PGOLAB_AUDIT_DEPS");
    char dep[PATH_MAX] = "";
    int extra = 0;
    if (log && *log && depdir && *depdir && wants_deps(argc, argv)) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        snprintf(dep, sizeof dep, "%s/%ld-%lld.d", depdir, (long) getpid(),
                 (long long) ts.tv_sec * 1000000000LL + ts.tv_nsec);
        extra = 3;
    }
    char **args = malloc(sizeof(char *) * (size_t) (argc + extra + 1));
    if (!args) { perror("pgolab-cc"); return 127; }
    args[0] = (char *) real;
    for (int i = 1; i < argc; i++) args[i] = argv[i];
    int n = argc;
    if (extra) {
        args[n++] = "-MMD";
        args[n++] = "-MF";
        args[n++] = dep;
    }
    args[n] = NULL;

    if (log && *log) {
        struct buf b = {0};
        char num[32];
        char cwd[PATH_MAX];
        put(&b, "v1", 2);
        snprintf(num, sizeof num, "%ld", (long) getpid());
        field(&b, num);
        field(&b, getcwd(cwd, sizeof cwd) ? cwd : "?");
        field(&b, cxx ? "CXX" : "C");
        field(&b, dep);
        for (int i = 1; i < argc; i++) field(&b, argv[i]);
        put(&b, "\n", 1);
        int fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
        if (fd >= 0) {
            size_t off = 0;
            while (off < b.len) {
                ssize_t w = write(fd, b.p + off, b.len - off);
                if (w < 0 && errno == EINTR) continue;
                if (w <= 0) break;
                off += (size_t) w;
            }
            close(fd);
        } else {
            fprintf(stderr, "pgolab-cc: cannot append to %s: %s\n", log, strerror(errno));
        }
        free(b.p);
    }
    execv(real, args);
    fprintf(stderr, "pgolab-cc: cannot run %s: %s\n", real, strerror(errno));
    return 127;
}
