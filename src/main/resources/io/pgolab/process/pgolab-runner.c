/*
 * pgolab-runner: run one command and report how it ran.
 *
 * usage: pgolab-runner --out FILE [--cpu N] [--timeout-ms MS] [--grace-ms MS]
 *                      -- PROGRAM ARGS...
 *
 * Shipped as source inside pgolab's jar and compiled once per machine with the
 * system C compiler (Java cannot call wait4(), which is where the resource
 * usage of a child comes from).
 *
 * What it does:
 *   - forks; the child puts itself in its own process group (setpgid(0,0)),
 *     optionally pins itself to CPU N (sched_setaffinity), then execvp()s
 *     PROGRAM. stdin/stdout/stderr are inherited, so the workload's output is
 *     untouched.
 *   - a failed execvp() (or a failed pin) is passed back to the runner as an
 *     errno over a close-on-exec pipe; the child then exits 127.
 *   - wall time is CLOCK_MONOTONIC from just before fork() to the moment the
 *     child is seen to have exited.
 *   - rusage comes from wait4() on the child. NOTE: the kernel's rusage of a
 *     waited-for child includes the rusage of all of ITS descendants that it
 *     (or they) waited for; descendants that were never waited for (orphans,
 *     background jobs that outlive it) are not counted. ru_maxrss is the
 *     largest single RSS among them, not a sum.
 *   - SIGINT/SIGTERM/SIGHUP received by the runner: the same signal is
 *     forwarded to the child's process group (so a caller can stop a server
 *     with the signal it expects by sending that signal to the runner); if the
 *     group leader is still alive after the grace period (--grace-ms, default
 *     5000), the group gets SIGKILL. The child's own exit is reported as is
 *     (a server that handles SIGINT and exits 0 reports code=0 signal=0).
 *   - --timeout-ms MS (0 = none): after MS the group gets SIGTERM, after the
 *     grace period SIGKILL, and the result says timed_out=1.
 *   - prctl(PR_SET_PDEATHSIG, SIGTERM): if the parent (pgolab's JVM) dies, the
 *     runner gets SIGTERM and cleans up the group as above. Linux sends it when
 *     the parent THREAD that forked the runner exits, so the caller must keep
 *     that thread alive while it waits (a blocking call does).
 *   - once the child has exited, whatever is left in its process group is
 *     SIGKILLed before the child is reaped (the unreaped zombie leader keeps
 *     the pgid from being reused), so nothing is orphaned. Processes that
 *     moved to another group or session escape this.
 *   - writes ONE line to FILE (via FILE.tmp + rename, so readers never see a
 *     partial line), space-separated key=value:
 *       status=exited|signaled code=C signal=S wall_ns=N user_us=N sys_us=N
 *       maxrss_kb=N nvcsw=N nivcsw=N minflt=N majflt=N timed_out=0|1
 *       exec_error=ERRNO cpu_error=ERRNO interrupted=SIGNO
 *     code is the exit status, or 128+signal if the child was killed.
 *     exec_error/cpu_error are 0 unless execvp/sched_setaffinity failed in the
 *     child (then status=exited code=127). interrupted is the first
 *     SIGINT/SIGTERM/SIGHUP the runner itself received, else 0.
 *     Readers must ignore keys they do not know.
 *
 * Exit status: the child's exit code, or 128+signal; 125 if the runner itself
 * failed (bad usage, fork failure, cannot write FILE).
 *
 * Overhead is one fork+exec of this small static-free program plus a few
 * syscalls: no allocation in the hot path, no polling.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define RUNNER_FAILURE 125
#define EXEC_FAILURE 127

#define STAGE_CPU 1
#define STAGE_EXEC 2

struct child_failure {
    int stage;
    int err;
};

static void usage(const char *msg)
{
    if (msg)
        fprintf(stderr, "pgolab-runner: %s\n", msg);
    fputs("usage: pgolab-runner --out FILE [--cpu N] [--timeout-ms MS] [--grace-ms MS] -- PROGRAM ARGS...\n",
          stderr);
}

static int parse_long(const char *s, long min, long max, long *out)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long tv_us(struct timeval tv)
{
    return (long long)tv.tv_sec * 1000000LL + tv.tv_usec;
}

static void write_all(int fd, const void *buf, size_t len)
{
    const char *p = buf;
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        p += n;
        len -= (size_t)n;
    }
}

/* Child side of the fork: never returns. Only async-signal-safe calls. */
static void run_child(int report_fd, const cpu_set_t *cpus, size_t cpus_size,
                      const sigset_t *orig_mask, char **argv)
{
    struct child_failure cf;

    setpgid(0, 0);
    if (cpus != NULL && sched_setaffinity(0, cpus_size, cpus) != 0) {
        cf.stage = STAGE_CPU;
        cf.err = errno;
        write_all(report_fd, &cf, sizeof cf);
        _exit(EXEC_FAILURE);
    }
    /* Start the command with no signal blocked, as a shell would: the JVM blocks SIGQUIT in its
     * threads and the runner blocks the signals it waits for, and neither should leak into the
     * workload (a server stopped with SIGQUIT would never see it). */
    (void)orig_mask;
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execvp(argv[0], argv);
    cf.stage = STAGE_EXEC;
    cf.err = errno;
    write_all(report_fd, &cf, sizeof cf);
    _exit(EXEC_FAILURE);
}

static int write_result(const char *path, const char *line, size_t len)
{
    char tmp[PATH_MAX];
    int fd, n;
    ssize_t w;

    n = snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (n < 0 || (size_t)n >= sizeof tmp) {
        errno = ENAMETOOLONG;
        return -1;
    }
    fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return -1;
    do {
        w = write(fd, line, len);
    } while (w < 0 && errno == EINTR);
    if (w != (ssize_t)len) {
        int e = w < 0 ? errno : EIO;
        close(fd);
        unlink(tmp);
        errno = e;
        return -1;
    }
    if (close(fd) != 0 || rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        errno = e;
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *out = NULL;
    long cpu = -1, timeout_ms = 0, grace_ms = 5000;
    char **cmd = NULL;
    int i;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            cmd = &argv[i + 1];
            break;
        }
        if (i + 1 >= argc) {
            usage("missing value or '--'");
            return RUNNER_FAILURE;
        }
        if (strcmp(a, "--out") == 0) {
            out = argv[++i];
        } else if (strcmp(a, "--cpu") == 0) {
            if (parse_long(argv[++i], 0, 1L << 20, &cpu) != 0) {
                usage("--cpu wants a CPU number");
                return RUNNER_FAILURE;
            }
        } else if (strcmp(a, "--timeout-ms") == 0) {
            if (parse_long(argv[++i], 0, LONG_MAX / 1000000L, &timeout_ms) != 0) {
                usage("--timeout-ms wants a number of milliseconds (0 = none)");
                return RUNNER_FAILURE;
            }
        } else if (strcmp(a, "--grace-ms") == 0) {
            if (parse_long(argv[++i], 0, LONG_MAX / 1000000L, &grace_ms) != 0) {
                usage("--grace-ms wants a number of milliseconds");
                return RUNNER_FAILURE;
            }
        } else {
            fprintf(stderr, "pgolab-runner: unknown option %s\n", a);
            usage(NULL);
            return RUNNER_FAILURE;
        }
    }
    if (out == NULL || out[0] == '\0' || cmd == NULL || cmd[0] == NULL) {
        usage(out == NULL || out[0] == '\0' ? "--out FILE is required" : "no program given after '--'");
        return RUNNER_FAILURE;
    }

    /* CPU set is built before fork so the child does no allocation. */
    cpu_set_t *cpus = NULL;
    size_t cpus_size = 0;
    if (cpu >= 0) {
        cpus = CPU_ALLOC((int)cpu + 1);
        if (cpus == NULL) {
            perror("pgolab-runner: CPU_ALLOC");
            return RUNNER_FAILURE;
        }
        cpus_size = CPU_ALLOC_SIZE((int)cpu + 1);
        CPU_ZERO_S(cpus_size, cpus);
        CPU_SET_S((size_t)cpu, cpus_size, cpus);
    }

    /*
     * Signals we act on are blocked and collected with sigtimedwait(), so
     * there are no handlers and no races. SIGCHLD must not be SIG_IGN (it
     * may be inherited that way), or the kernel would reap the child for us.
     */
    sigset_t waitset, orig_mask;
    sigemptyset(&waitset);
    sigaddset(&waitset, SIGCHLD);
    sigaddset(&waitset, SIGINT);
    sigaddset(&waitset, SIGTERM);
    sigaddset(&waitset, SIGHUP);
    sigprocmask(SIG_BLOCK, &waitset, &orig_mask);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sa.sa_flags = SA_NOCLDSTOP;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGCHLD, &sa, NULL);

    pid_t parent = getppid();
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) /* parent died before prctl took effect */
        return 128 + SIGTERM;

    /* Told to stop before we even started: do not start. */
    sigset_t pending;
    if (sigpending(&pending) == 0) {
        if (sigismember(&pending, SIGINT))
            return 128 + SIGINT;
        if (sigismember(&pending, SIGTERM))
            return 128 + SIGTERM;
        if (sigismember(&pending, SIGHUP))
            return 128 + SIGHUP;
    }

    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
        perror("pgolab-runner: pipe2");
        return RUNNER_FAILURE;
    }

    int64_t t0 = now_ns();
    pid_t pid = fork();
    if (pid < 0) {
        perror("pgolab-runner: fork");
        return RUNNER_FAILURE;
    }
    if (pid == 0) {
        close(report[0]);
        run_child(report[1], cpus, cpus_size, &orig_mask, cmd);
    }
    /* Also set the group from this side so kill(-pid) is valid from now on. */
    setpgid(pid, pid);
    close(report[1]);

    struct child_failure cf = {0, 0};
    ssize_t n;
    do {
        n = read(report[0], &cf, sizeof cf); /* EOF once execvp succeeded */
    } while (n < 0 && errno == EINTR);
    close(report[0]);
    int exec_error = 0, cpu_error = 0;
    if (n == (ssize_t)sizeof cf) {
        if (cf.stage == STAGE_CPU)
            cpu_error = cf.err;
        else
            exec_error = cf.err;
    }

    int64_t timeout_at = timeout_ms > 0 ? t0 + (int64_t)timeout_ms * 1000000LL : 0;
    int64_t kill_at = 0;
    int term_sent = 0, kill_sent = 0, timed_out = 0, interrupted = 0;
    int64_t t1;

    for (;;) {
        siginfo_t si;
        memset(&si, 0, sizeof si);
        /* WNOWAIT: observe the exit but leave the zombie, which pins the pgid. */
        if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0) {
            if (si.si_pid == pid)
                break;
        } else if (errno != EINTR) {
            break; /* cannot happen: our own child; wait4 below reports it */
        }
        int64_t now = now_ns();
        if (!term_sent && timeout_at != 0 && now >= timeout_at) {
            timed_out = 1;
            kill(-pid, SIGTERM);
            term_sent = 1;
            kill_at = now + (int64_t)grace_ms * 1000000LL;
            continue;
        }
        if (term_sent && !kill_sent && now >= kill_at) {
            kill(-pid, SIGKILL);
            kill_sent = 1;
            continue;
        }
        int64_t next = 0;
        if (!term_sent && timeout_at != 0)
            next = timeout_at;
        else if (term_sent && !kill_sent)
            next = kill_at;
        siginfo_t info;
        int sig;
        if (next != 0) {
            int64_t rel = next - now;
            struct timespec ts = {(time_t)(rel / 1000000000LL), (long)(rel % 1000000000LL)};
            sig = sigtimedwait(&waitset, &info, &ts);
        } else {
            sig = sigwaitinfo(&waitset, &info);
        }
        if (sig < 0 || sig == SIGCHLD)
            continue; /* deadline, EINTR, or child state change: re-check */
        if (!interrupted)
            interrupted = sig;
        if (!term_sent) {
            kill(-pid, sig);
            term_sent = 1;
            kill_at = now_ns() + (int64_t)grace_ms * 1000000LL;
        }
    }
    t1 = now_ns();

    /* Leftovers of the group (background jobs etc.); ESRCH is fine. */
    kill(-pid, SIGKILL);

    int status = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    pid_t w;
    do {
        w = wait4(pid, &status, 0, &ru);
    } while (w < 0 && errno == EINTR);
    if (w < 0) {
        perror("pgolab-runner: wait4");
        return RUNNER_FAILURE;
    }

    const char *kind;
    int code, signo;
    if (WIFSIGNALED(status)) {
        kind = "signaled";
        signo = WTERMSIG(status);
        code = 128 + signo;
    } else {
        kind = "exited";
        signo = 0;
        code = WEXITSTATUS(status);
    }

    char line[512];
    int len = snprintf(line, sizeof line,
                       "status=%s code=%d signal=%d wall_ns=%lld user_us=%lld sys_us=%lld"
                       " maxrss_kb=%ld nvcsw=%ld nivcsw=%ld minflt=%ld majflt=%ld"
                       " timed_out=%d exec_error=%d cpu_error=%d interrupted=%d\n",
                       kind, code, signo, (long long)(t1 - t0), tv_us(ru.ru_utime), tv_us(ru.ru_stime),
                       ru.ru_maxrss, ru.ru_nvcsw, ru.ru_nivcsw, ru.ru_minflt, ru.ru_majflt, timed_out,
                       exec_error, cpu_error, interrupted);
    if (len < 0 || (size_t)len >= sizeof line || write_result(out, line, (size_t)len) != 0) {
        fprintf(stderr, "pgolab-runner: cannot write %s: %s\n", out, strerror(errno));
        return RUNNER_FAILURE;
    }
    return code;
}
