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
 *
 * With PGOLAB_COMPILER_CACHE set (build.compiler_cache: a ccache), a compile
 * (-c) runs as "$PGOLAB_COMPILER_CACHE REAL-COMPILER ARGS...", after the record
 * is written (the audit sees every compile, hit or miss). Instrumented compiles
 * (-fprofile-generate, -fprofile-instr-generate, -fcs-profile-generate,
 * --coverage, -ftest-coverage) go straight to the compiler: GCC writes the
 * object's own path into it for its .gcda, so an object from another
 * directory would count into another file. Links are never cached.
 *
 * Installed as pgolab-exec (any name starting with "pgolab-exec"), it is a
 * wrapper of the kind cargo's RUSTC_WRAPPER and 'go build -toolexec' run:
 * "pgolab-exec /path/to/tool ARGS...". It records "v1 PID CWD EXEC DEPFILE
 * /path/to/tool ARGS..." and runs the tool, or, when PGOLAB_CHAIN names the
 * user's own wrapper (sccache), runs "$PGOLAB_CHAIN /path/to/tool ARGS...".
 * For Go's linker ("link" with -importcfg FILE) it copies FILE, the list of
 * every package linked, to $PGOLAB_AUDIT_DEPS/<pid>-<ns>.importcfg and names
 * the copy in the DEPFILE field (Go deletes its work directory afterwards).
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

/* Whether this invocation may go through the compiler cache: a compile, not instrumented. */
static int cacheable(int argc, char **argv) {
    int compile = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-c")) compile = 1;
        else if (!strncmp(a, "-fprofile-generate", 18) || !strncmp(a, "-fprofile-instr-generate", 24)
                 || !strncmp(a, "-fcs-profile-generate", 21) || !strcmp(a, "--coverage")
                 || !strcmp(a, "-ftest-coverage")) return 0;
    }
    return compile;
}

/* Whether the invocation itself decides -fNAME: it has -fNAME or -fno-NAME (off = "-fno-NAME"), or, for
 * -fno-unroll-loops, -funroll-all-loops (which implies it). */
static int decided(int argc, char **argv, const char *off) {
    const char *name = off + 5;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strncmp(a, "-fno-", 5) && !strcmp(a + 5, name)) return 1;
        if (!strncmp(a, "-f", 2) && !strcmp(a + 2, name)) return 1;
        if (!strcmp(name, "unroll-loops") && !strcmp(a, "-funroll-all-loops")) return 1;
    }
    return 0;
}

/* Whether the invocation compiles (-c, or a C/C++ source among its arguments), rather than only links: with
 * LTO the functions keep their compile-time flags, so a link-only invocation has nothing to decide. */
static int compiles(int argc, char **argv) {
    static const char *const src[] = {".c", ".cc", ".cpp", ".cxx", ".c++", ".C", ".i", ".ii", NULL};
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-c")) return 1;
        const char *dot = strrchr(argv[i], '.');
        for (int k = 0; dot && argv[i][0] != '-' && src[k]; k++) if (!strcmp(dot, src[k])) return 1;
    }
    return 0;
}

/* Whether the invocation's optimization level (its last -O option) is -O<level>. */
static int at_level(int argc, char **argv, const char *level) {
    const char *last = NULL;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1] == 'O') last = argv[i] + 2;
    }
    return last && !strcmp(last, level);
}

static void append_record(const char *log, const char *kind, const char *dep, int argc, char **argv, int from) {
    struct buf b = {0};
    char num[32];
    char cwd[PATH_MAX];
    put(&b, "v1", 2);
    snprintf(num, sizeof num, "%ld", (long) getpid());
    field(&b, num);
    field(&b, getcwd(cwd, sizeof cwd) ? cwd : "?");
    field(&b, kind);
    field(&b, dep);
    for (int i = from; i < argc; i++) field(&b, argv[i]);
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

/* Copies src to dst; 0 on success. */
static int copy_file(const char *src, const char *dst) {
    int in = open(src, O_RDONLY | O_CLOEXEC);
    if (in < 0) return -1;
    int out = open(dst, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (out < 0) { close(in); return -1; }
    char chunk[65536];
    int rc = 0;
    for (;;) {
        ssize_t r = read(in, chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) { rc = -1; break; }
        if (r == 0) break;
        ssize_t off = 0;
        while (off < r) {
            ssize_t w = write(out, chunk + off, (size_t) (r - off));
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) { rc = -1; break; }
            off += w;
        }
        if (rc) break;
    }
    close(in);
    if (close(out)) rc = -1;
    return rc;
}

/* pgolab-exec TOOL ARGS...: record, then run TOOL (or $PGOLAB_CHAIN TOOL ARGS...). */
static int exec_mode(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "pgolab-exec: no program to run: this is pgolab's RUSTC_WRAPPER / -toolexec wrapper, run only by 'pgolab build'\n");
        return 127;
    }
    const char *log = getenv("PGOLAB_AUDIT_LOG");
    const char *depdir = getenv("PGOLAB_AUDIT_DEPS");
    const char *chain = getenv("PGOLAB_CHAIN");
    char dep[PATH_MAX] = "";
    if (log && *log) {
        const char *tool = strrchr(argv[1], '/');
        tool = tool ? tool + 1 : argv[1];
        if (depdir && *depdir && !strcmp(tool, "link")) {
            for (int i = 2; i + 1 < argc; i++) {
                if (!strcmp(argv[i], "-importcfg")) {
                    struct timespec ts;
                    clock_gettime(CLOCK_MONOTONIC, &ts);
                    snprintf(dep, sizeof dep, "%s/%ld-%lld.importcfg", depdir, (long) getpid(),
                             (long long) ts.tv_sec * 1000000000LL + ts.tv_nsec);
                    if (copy_file(argv[i + 1], dep)) dep[0] = 0;
                    break;
                }
            }
        }
        append_record(log, "EXEC", dep, argc, argv, 1);
    }
    if (chain && *chain) {
        char **args = malloc(sizeof(char *) * (size_t) (argc + 1));
        if (!args) { perror("pgolab-exec"); return 127; }
        args[0] = (char *) chain;
        for (int i = 1; i < argc; i++) args[i] = argv[i];
        args[argc] = NULL;
        execvp(chain, args);
        fprintf(stderr, "pgolab-exec: cannot run %s: %s\n", chain, strerror(errno));
        return 127;
    }
    execvp(argv[1], argv + 1);
    fprintf(stderr, "pgolab-exec: cannot run %s: %s\n", argv[1], strerror(errno));
    return 127;
}

int main(int argc, char **argv) {
    const char *self = strrchr(argv[0], '/');
    self = self ? self + 1 : argv[0];
    if (!strncmp(self, "pgolab-exec", 11)) return exec_mode(argc, argv);
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
    /* [toolchain] partial_training with GCC 12+: $PGOLAB_O2_PIN (flags separated by spaces) is appended to
     * an invocation at -O2, where -fprofile-use would otherwise raise the vectorizer's cost model to -O3's
     * for every function, also those the training never ran. Recorded as run. */
    char *pins[16];
    int npin = 0;
    const char *pin = getenv("PGOLAB_O2_PIN");
    if (pin && *pin && at_level(argc, argv, "2")) {
        char *copy = strdup(pin);
        for (char *t = copy ? strtok(copy, " ") : NULL; t && npin < 16; t = strtok(NULL, " ")) pins[npin++] = t;
    }
    /* [toolchain] partial_training: $PGOLAB_OFF_UNLESS_SET ("-fno-NAME" words) is appended to every invocation
     * that compiles and does not decide -fNAME itself: -fprofile-use turns on -funroll-loops for every function, also those
     * the training never ran, which the project's release does not unroll. The project's own choice wins. */
    const char *offs = getenv("PGOLAB_OFF_UNLESS_SET");
    if (offs && *offs && compiles(argc, argv)) {
        char *copy = strdup(offs);
        for (char *t = copy ? strtok(copy, " ") : NULL; t && npin < 16; t = strtok(NULL, " ")) {
            if (!strncmp(t, "-fno-", 5) && !decided(argc, argv, t)) pins[npin++] = t;
        }
    }
    const char *cache = getenv("PGOLAB_COMPILER_CACHE");
    int cached = cache && *cache && cacheable(argc, argv);
    char **all = malloc(sizeof(char *) * (size_t) (argc + npin + extra + 2));
    if (!all) { perror("pgolab-cc"); return 127; }
    all[0] = (char *) cache;
    char **args = all + 1;
    args[0] = (char *) real;
    for (int i = 1; i < argc; i++) args[i] = argv[i];
    int n = argc;
    for (int i = 0; i < npin; i++) args[n++] = pins[i];
    int recorded = n;
    if (extra) {
        args[n++] = "-MMD";
        args[n++] = "-MF";
        args[n++] = dep;
    }
    args[n] = NULL;

    if (log && *log) append_record(log, cxx ? "CXX" : "C", dep, recorded, args, 1);
    if (cached) {
        execv(cache, all);
        fprintf(stderr, "pgolab-cc: cannot run the compiler cache %s (%s): compiling without it\n", cache, strerror(errno));
    }
    execv(real, args);
    fprintf(stderr, "pgolab-cc: cannot run %s: %s\n", real, strerror(errno));
    return 127;
}
