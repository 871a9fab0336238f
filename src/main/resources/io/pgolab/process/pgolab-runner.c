/*
 * pgolab-runner: run one command and report how it ran.
 *
 * usage: pgolab-runner --out FILE [--cpu N] [--timeout-ms MS] [--grace-ms MS] [--first-output STDOUT]
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
 *     the pgid from being reused). Processes that moved to another group or
 *     session (setsid) escape that, but the runner is a child subreaper, so
 *     they reparent to it: after the child is reaped, every remaining child
 *     of the runner gets SIGTERM (and its group), SIGKILL after the grace
 *     period (at most 2 s), and is reaped; the result line then says
 *     escaped=N escaped_list=PID:HEX,... (see sweep_escaped).
 *   - writes ONE line to FILE (via FILE.tmp + rename, so readers never see a
 *     partial line), space-separated key=value:
 *       status=exited|signaled code=C signal=S wall_ns=N user_us=N sys_us=N
 *       maxrss_kb=N nvcsw=N nivcsw=N minflt=N majflt=N timed_out=0|1
 *       exec_error=ERRNO cpu_error=ERRNO interrupted=SIGNO first_output_ns=N
 *     code is the exit status, or 128+signal if the child was killed.
 *     exec_error/cpu_error are 0 unless execvp/sched_setaffinity failed in the
 *     child (then status=exited code=127). interrupted is the first
 *     SIGINT/SIGTERM/SIGHUP the runner itself received, else 0.
 *     first_output_ns: with --first-output STDOUT (the file the caller sent the runner's, hence
 *     the command's, stdout to), the time from just before fork() until the runner saw the first
 *     write to that file (an inotify IN_MODIFY event; the runner wakes on it, so the figure is
 *     late by that wake-up); -1 if nothing was written or it was not asked for. A write seen only
 *     after the exit counts as at the exit.
 *     run_delay_ns: the time the command's process was ready to run but waited for a CPU (Linux
 *     schedstat of the exited, not yet reaped, child: its threads still there, not its own children),
 *     -1 when unreadable.
 *     Readers must ignore keys they do not know.
 *
 * Server mode (pgolab-runner --serve): one runner measures many commands, so pgolab forks
 * once per campaign instead of once per run. Requests come on stdin, one at a time:
 *   "<N>\n" then N bytes of NUL-terminated fields: cwd, stdout file, stderr file, merge (1: stderr
 *   goes to the stdout file), cpu (-1: none), timeout-ms, grace-ms, first output (1: watch the
 *   stdout file as --first-output does; the runner truncates it first), the number of environment
 *   entries, the entries (NAME=VALUE, added to the server's own environment), the number of
 *   arguments, the arguments. Empty cwd: the server's own; empty file: /dev/null. stdin is
 *   /dev/null.
 * Each gets the same treatment as a one-shot run and one reply line on stdout: the result line
 * above (with setup_error=ERRNO setup_stage=1|2|3 when opening stdout/stderr or entering cwd
 * failed in the child; the command was then not run), or "runner_error=ERRNO" if the server
 * could not fork. SIGINT/SIGTERM/SIGHUP, or end of file on stdin (pgolab died; the server has no
 * PR_SET_PDEATHSIG because the JVM thread that started it may end first), stop the current
 * command as above and end the server.
 *
 * Exit status: the child's exit code, or 128+signal; 125 if the runner itself
 * failed (bad usage, fork failure, cannot write FILE).
 *
 * Overhead is one fork+exec of this small static-free program plus a few
 * syscalls: no allocation in the hot path, no polling.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define RUNNER_FAILURE 125
#define EXEC_FAILURE 127

#define STAGE_CPU 1
#define STAGE_EXEC 2
#define STAGE_STDOUT 3
#define STAGE_STDERR 4
#define STAGE_CWD 5

struct child_failure {
    int stage;
    int err;
};

/* One command to run. NULL files: inherit the runner's; "" : /dev/null. */
struct request {
    const char *cwd;
    const char *out;
    const char *err;
    int merge;
    /* Non-NULL: the file the command's stdout goes to, watched for its first write (first_output_ns). */
    const char *watch;
    long cpu, timeout_ms, grace_ms;
    char **env;
    char **argv;
};

static void usage(const char *msg)
{
    if (msg)
        fprintf(stderr, "pgolab-runner: %s\n", msg);
    fputs("usage: pgolab-runner --out FILE [--cpu N] [--timeout-ms MS] [--grace-ms MS] [--first-output STDOUT]"
          " -- PROGRAM ARGS...\n"
          "       pgolab-runner --serve\n",
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

static int write_all(int fd, const void *buf, size_t len)
{
    const char *p = buf;
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

static void child_fail(int report_fd, int stage)
{
    struct child_failure cf;
    cf.stage = stage;
    cf.err = errno;
    write_all(report_fd, &cf, sizeof cf);
    _exit(EXEC_FAILURE);
}

static void redirect(int report_fd, const char *path, int fd, int stage, int truncate)
{
    int f = open(path[0] ? path : "/dev/null", O_WRONLY | O_CREAT | O_CLOEXEC | (truncate ? O_TRUNC : 0), 0666);
    if (f < 0 || dup2(f, fd) < 0)
        child_fail(report_fd, stage);
    close(f);
}

/* Child side of the fork: never returns. */
static void run_child(int report_fd, const cpu_set_t *cpus, size_t cpus_size, const struct request *rq, int truncate_out)
{
    setpgid(0, 0);
    if (rq->out != NULL) {
        int in = open("/dev/null", O_RDONLY | O_CLOEXEC);
        if (in < 0 || dup2(in, 0) < 0)
            child_fail(report_fd, STAGE_STDOUT);
        close(in);
        /* A watched file was truncated by the runner before the watch began: truncating it again
         * here would count as its first write. */
        redirect(report_fd, rq->out, 1, STAGE_STDOUT, truncate_out);
        if (rq->merge) {
            if (dup2(1, 2) < 0)
                child_fail(report_fd, STAGE_STDERR);
        } else {
            redirect(report_fd, rq->err, 2, STAGE_STDERR, 1);
        }
    }
    if (rq->cwd != NULL && rq->cwd[0] != '\0' && chdir(rq->cwd) != 0)
        child_fail(report_fd, STAGE_CWD);
    for (char **e = rq->env; e != NULL && *e != NULL; e++)
        putenv(*e);
    if (cpus != NULL && sched_setaffinity(0, cpus_size, cpus) != 0)
        child_fail(report_fd, STAGE_CPU);
    /* Start the command with no signal blocked and SIGPIPE at its default, as a shell would: the
     * JVM blocks SIGQUIT in its threads, the runner blocks the signals it waits for (and ignores
     * SIGPIPE in server mode), and none of it should leak into the workload. The stop signals too:
     * a pgolab started as a background job ('cmd &' in a script, nohup) inherits SIGINT/SIGQUIT (and
     * SIGHUP) ignored, an ignored signal stays ignored across exec, and a server would then never
     * stop on its stop_signal (python's http.server ran out its grace and was killed). */
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGQUIT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execvp(rq->argv[0], rq->argv);
    child_fail(report_fd, STAGE_EXEC);
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

/*
 * The time the exited (not yet reaped) child spent ready to run but waiting for a CPU: the second field of
 * /proc/PID/task/TID/schedstat summed over the threads still there (a zombie keeps its main thread's; threads
 * that ended earlier are not counted), in nanoseconds; -1 when unreadable (no schedstats in this kernel).
 */
static long long run_delay_ns(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/task", (long)pid);
    DIR *d = opendir(path);
    if (!d)
        return -1;
    long long sum = -1;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char f[128];
        snprintf(f, sizeof f, "/proc/%ld/task/%.20s/schedstat", (long)pid, e->d_name);
        FILE *in = fopen(f, "r");
        if (!in)
            continue;
        unsigned long long run, delay;
        if (fscanf(in, "%llu %llu", &run, &delay) == 2)
            sum = (sum < 0 ? 0 : sum) + (long long)delay;
        fclose(in);
    }
    closedir(d);
    return sum;
}

/* Whether the inotify fd ino (non-blocking) has an event: the watched file was written to. */
static int first_write(int ino)
{
    char buf[sizeof(struct inotify_event) + NAME_MAX + 1] __attribute__((aligned(__alignof__(struct inotify_event))));
    ssize_t n;
    do {
        n = read(ino, buf, sizeof buf);
    } while (n < 0 && errno == EINTR);
    return n > 0;
}

/*
 * Escaped processes. The runner is a child subreaper (PR_SET_CHILD_SUBREAPER), so a descendant of the
 * command whose parent exits is reparented to the runner instead of init, even when it moved to its own
 * process group or session (setsid) and so escaped the group kill. Once the command has exited and been
 * reaped, every remaining child of the runner is such a leftover: each gets SIGTERM (and its process group,
 * when it leads one), SIGKILL after the grace period, and is reaped; their own children reparent to the
 * runner in turn and are found in the next pass. Up to MAX_ESCAPED of them are reported as
 * "escaped=N escaped_list=PID:HEX,PID:HEX" (HEX: the first 48 bytes of the command line, NULs as spaces).
 */
#define MAX_ESCAPED 8
#define ESCAPED_CMD 48
#define SEEN_CAP 1024

/* The children of this process: /proc/N/stat's ppid. Zombies are reaped, not listed. */
static int list_children(pid_t self, pid_t *out, int cap)
{
    int n = 0;
    while (waitpid(-1, NULL, WNOHANG) > 0)
        ;
    siginfo_t si;
    memset(&si, 0, sizeof si);
    if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) != 0 && errno == ECHILD)
        return 0; /* no child at all: the usual case, one syscall */
    char kids[4096];
    snprintf(kids, sizeof kids, "/proc/%ld/task/%ld/children", (long)self, (long)self);
    int cf = open(kids, O_RDONLY | O_CLOEXEC); /* the runner has one thread; needs CONFIG_PROC_CHILDREN */
    if (cf >= 0) {
        ssize_t r = read(cf, kids, sizeof kids - 1);
        close(cf);
        if (r >= 0 && (size_t)r < sizeof kids - 1) {
            kids[r] = '\0';
            char *p = kids, *end;
            for (long v; n < cap && (v = strtol(p, &end, 10)) > 0; p = end)
                out[n++] = (pid_t)v;
            return n; /* zombies are listed too; they are reaped by the next pass */
        }
    }
    DIR *d = opendir("/proc");
    if (d == NULL)
        return 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < cap) {
        if (!isdigit((unsigned char)e->d_name[0]))
            continue;
        char path[300], buf[512];
        snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            continue;
        ssize_t r = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (r <= 0)
            continue;
        buf[r] = '\0';
        char *rp = strrchr(buf, ')'); /* comm may hold spaces and parentheses */
        char state;
        long ppid;
        if (rp == NULL || sscanf(rp + 1, " %c %ld", &state, &ppid) != 2 || ppid != (long)self || state == 'Z')
            continue;
        out[n++] = (pid_t)strtol(e->d_name, NULL, 10);
    }
    closedir(d);
    return n;
}

static void describe(pid_t p, char *out, size_t cap)
{
    static const char hex[] = "0123456789abcdef";
    char path[64], cmd[ESCAPED_CMD];
    snprintf(path, sizeof path, "/proc/%ld/cmdline", (long)p);
    ssize_t r = -1;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        r = read(fd, cmd, sizeof cmd);
        close(fd);
    }
    size_t len = r > 0 ? (size_t)r : 0;
    while (len > 0 && cmd[len - 1] == '\0')
        len--;
    size_t at = (size_t)snprintf(out, cap, "%ld:", (long)p);
    for (size_t i = 0; i < len && at + 2 < cap; i++) {
        unsigned char c = cmd[i] == '\0' ? ' ' : (unsigned char)cmd[i];
        out[at++] = hex[c >> 4];
        out[at++] = hex[c & 15];
    }
    out[at < cap ? at : cap - 1] = '\0';
}

/* Stops what the command left running (see above); appends the report to line (length len, cap). */
static int sweep_escaped(pid_t group, long grace_ms, char *line, int len, size_t cap)
{
    pid_t self = getpid(), kids[256], seen[SEEN_CAP];
    int nseen = 0, count = 0, killing = 0;
    char list[MAX_ESCAPED * (12 + 2 * ESCAPED_CMD) + 1] = "";
    size_t list_len = 0;
    int64_t kill_at = now_ns() + (int64_t)(grace_ms < 2000 ? grace_ms : 2000) * 1000000LL;
    for (int pass = 0; pass < 100000; pass++) {
        int n = list_children(self, kids, 256);
        if (n == 0)
            break;
        if (!killing && now_ns() >= kill_at)
            killing = 1;
        if (now_ns() >= kill_at + 2000000000LL)
            break; /* unkillable (stuck in the kernel): reported, and pgolab's exit kills what is below the runner */
        for (int i = 0; i < n; i++) {
            pid_t k = kids[i];
            int known = 0;
            for (int j = 0; j < nseen && !known; j++)
                known = seen[j] == k;
            if (getpgid(k) == group) {
                kill(k, SIGKILL); /* the command's own group, SIGKILLed already: dying, not escaped */
                continue;
            }
            if (!known) {
                if (nseen < SEEN_CAP)
                    seen[nseen++] = k;
                if (count++ < MAX_ESCAPED) {
                    char one[12 + 2 * ESCAPED_CMD + 1];
                    describe(k, one, sizeof one);
                    list_len += (size_t)snprintf(list + list_len, sizeof list - list_len, "%s%s",
                                                 list_len ? "," : "", one);
                }
            }
            int sig = killing ? SIGKILL : SIGTERM;
            if (getpgid(k) == k)
                kill(-k, sig); /* it leads a group (setsid): its group too */
            kill(k, sig);
        }
        struct timespec ts = {0, 10 * 1000000L};
        nanosleep(&ts, NULL);
    }
    if (count == 0 || len <= 0)
        return len;
    int add = snprintf(line + len - 1, cap - (size_t)len + 1, " escaped=%d escaped_list=%s\n", count, list);
    if (add < 0 || (size_t)(len - 1 + add) >= cap)
        return len; /* no room: the line without the report is still valid */
    return len - 1 + add;
}

/* Set by run_one when the runner was told to stop (a signal, or EOF from pgolab). */
static int stop_signal;

/*
 * Runs one command and formats its result line into line[cap]. sfd is a signalfd for SIGCHLD,
 * SIGINT, SIGTERM, SIGHUP; hup_fd (or -1) is watched for its writer going away, which counts as
 * SIGTERM. Returns the length of the line, or -1 (errno set) if the command could not be started.
 */
static int run_one(const struct request *rq, int sfd, int hup_fd, char *line, size_t cap)
{
    cpu_set_t *cpus = NULL;
    size_t cpus_size = 0;
    if (rq->cpu >= 0) {
        cpus = CPU_ALLOC((int)rq->cpu + 1);
        if (cpus == NULL)
            return -1;
        cpus_size = CPU_ALLOC_SIZE((int)rq->cpu + 1);
        CPU_ZERO_S(cpus_size, cpus);
        CPU_SET_S((size_t)rq->cpu, cpus_size, cpus);
    }
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
        int e = errno;
        CPU_FREE(cpus);
        errno = e;
        return -1;
    }
    /* First output: an inotify watch on the stdout file, set before the command starts. In server mode
     * the runner makes (truncates) the file itself first; one-shot, the caller already has. */
    int ino = -1, truncate_out = 1;
    if (rq->watch != NULL && rq->watch[0] != '\0') {
        if (rq->out != NULL) {
            int f = open(rq->watch, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
            if (f < 0)
                goto no_watch; /* the child opens (and reports on) it as usual */
            close(f);
            truncate_out = 0;
        }
        ino = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
        if (ino >= 0 && inotify_add_watch(ino, rq->watch, IN_MODIFY) < 0) {
            close(ino);
            ino = -1;
        }
    }
no_watch:;
    int64_t first_ns = -1;

    int64_t t0 = now_ns();
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(report[0]);
        close(report[1]);
        CPU_FREE(cpus);
        errno = e;
        return -1;
    }
    if (pid == 0) {
        close(report[0]);
        run_child(report[1], cpus, cpus_size, rq, truncate_out);
    }
    CPU_FREE(cpus);
    /* Also set the group from this side so kill(-pid) is valid from now on. */
    setpgid(pid, pid);
    close(report[1]);

    struct child_failure cf = {0, 0};
    ssize_t n;
    do {
        n = read(report[0], &cf, sizeof cf); /* EOF once execvp succeeded */
    } while (n < 0 && errno == EINTR);
    close(report[0]);
    int exec_error = 0, cpu_error = 0, setup_error = 0, setup_stage = 0;
    if (n == (ssize_t)sizeof cf) {
        if (cf.stage == STAGE_CPU)
            cpu_error = cf.err;
        else if (cf.stage == STAGE_EXEC)
            exec_error = cf.err;
        else {
            setup_error = cf.err;
            setup_stage = cf.stage - STAGE_EXEC;
        }
    }

    int64_t timeout_at = rq->timeout_ms > 0 ? t0 + (int64_t)rq->timeout_ms * 1000000LL : 0;
    int64_t kill_at = 0;
    int term_sent = 0, kill_sent = 0, timed_out = 0, interrupted = 0;
    int64_t t1;
    struct pollfd pfd[3] = {{sfd, POLLIN, 0}, {hup_fd, 0, 0}, {ino, POLLIN, 0}};

    for (;;) {
        if (ino >= 0 && first_ns < 0 && first_write(ino)) {
            first_ns = now_ns() - t0;
            pfd[2].fd = -1;
        }
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
            kill_at = now + (int64_t)rq->grace_ms * 1000000LL;
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
        int ms = -1;
        if (next != 0) {
            int64_t rel = (next - now + 999999) / 1000000;
            ms = rel > INT_MAX ? INT_MAX : (int)rel;
        }
        int r = poll(pfd, 3, ms);
        if (r <= 0)
            continue; /* deadline or EINTR: re-check */
        int sig = 0;
        if (pfd[0].revents & POLLIN) {
            struct signalfd_siginfo ssi;
            if (read(sfd, &ssi, sizeof ssi) == (ssize_t)sizeof ssi)
                sig = (int)ssi.ssi_signo;
        }
        if (sig == 0 && hup_fd >= 0 && (pfd[1].revents & (POLLHUP | POLLERR))) {
            sig = SIGTERM; /* pgolab is gone: stop as if it had sent SIGTERM */
            pfd[1].fd = -1;
        }
        if (sig == 0 || sig == SIGCHLD)
            continue; /* child state change: re-check */
        if (!interrupted)
            interrupted = sig;
        if (!stop_signal)
            stop_signal = sig;
        if (!term_sent) {
            kill(-pid, sig);
            term_sent = 1;
            kill_at = now_ns() + (int64_t)rq->grace_ms * 1000000LL;
        }
    }
    t1 = now_ns();
    /* Written, but seen only once the command had exited: it came at most by its exit. */
    if (ino >= 0 && first_ns < 0 && first_write(ino))
        first_ns = t1 - t0;
    if (ino >= 0)
        close(ino);

    long long delay_ns = run_delay_ns(pid); /* read while the zombie is there */

    /* Leftovers of the group (background jobs etc.); ESRCH is fine. */
    kill(-pid, SIGKILL);

    int status = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    pid_t w;
    do {
        w = wait4(pid, &status, 0, &ru);
    } while (w < 0 && errno == EINTR);
    if (w < 0)
        return -1;

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
    int len = snprintf(line, cap,
                       "status=%s code=%d signal=%d wall_ns=%lld user_us=%lld sys_us=%lld"
                       " maxrss_kb=%ld nvcsw=%ld nivcsw=%ld minflt=%ld majflt=%ld"
                       " timed_out=%d exec_error=%d cpu_error=%d interrupted=%d first_output_ns=%lld"
                       " run_delay_ns=%lld%s\n",
                       kind, code, signo, (long long)(t1 - t0), tv_us(ru.ru_utime), tv_us(ru.ru_stime),
                       ru.ru_maxrss, ru.ru_nvcsw, ru.ru_nivcsw, ru.ru_minflt, ru.ru_majflt, timed_out,
                       exec_error, cpu_error, interrupted, (long long)first_ns, delay_ns, "");
    if (setup_error != 0 && len > 0 && (size_t)len < cap)
        len += snprintf(line + len - 1, cap - (size_t)len + 1, " setup_error=%d setup_stage=%d\n",
                        setup_error, setup_stage) - 1;
    if (len < 0 || (size_t)len >= cap) {
        errno = EOVERFLOW;
        return -1;
    }
    return sweep_escaped(pid, rq->grace_ms, line, len, cap);
}

/*
 * Signals we act on are blocked and read from a signalfd, so there are no handlers and no races.
 * SIGCHLD must not be SIG_IGN (it may be inherited that way), or the kernel would reap the child.
 */
static int signals_fd(void)
{
    sigset_t waitset;
    sigemptyset(&waitset);
    sigaddset(&waitset, SIGCHLD);
    sigaddset(&waitset, SIGINT);
    sigaddset(&waitset, SIGTERM);
    sigaddset(&waitset, SIGHUP);
    sigprocmask(SIG_BLOCK, &waitset, NULL);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sa.sa_flags = SA_NOCLDSTOP;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGCHLD, &sa, NULL);
    return signalfd(-1, &waitset, SFD_CLOEXEC);
}

/* The first of SIGINT/SIGTERM/SIGHUP pending, else 0. */
static int pending_stop(void)
{
    sigset_t pending;
    if (sigpending(&pending) == 0) {
        if (sigismember(&pending, SIGINT))
            return SIGINT;
        if (sigismember(&pending, SIGTERM))
            return SIGTERM;
        if (sigismember(&pending, SIGHUP))
            return SIGHUP;
    }
    return 0;
}

static int read_full(int fd, char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = read(fd, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Next NUL-terminated field of the request payload, or NULL if it ran out. */
static char *field(char **p, char *end)
{
    char *s = *p;
    if (s >= end)
        return NULL;
    char *z = memchr(s, '\0', (size_t)(end - s));
    if (z == NULL)
        return NULL;
    *p = z + 1;
    return s;
}

static int parse_request(char *buf, size_t len, struct request *rq)
{
    char *p = buf, *end = buf + len, *f[8];
    long n;
    for (int i = 0; i < 8; i++)
        if ((f[i] = field(&p, end)) == NULL)
            return -1;
    rq->cwd = f[0];
    rq->out = f[1];
    rq->err = f[2];
    rq->merge = strcmp(f[3], "1") == 0;
    rq->watch = strcmp(f[7], "1") == 0 && f[1][0] != '\0' ? f[1] : NULL;
    if (parse_long(f[4], -1, 1L << 20, &rq->cpu) || parse_long(f[5], 0, LONG_MAX / 1000000L, &rq->timeout_ms)
        || parse_long(f[6], 0, LONG_MAX / 1000000L, &rq->grace_ms))
        return -1;
    for (int list = 0; list < 2; list++) {
        char *c = field(&p, end);
        if (c == NULL || parse_long(c, 0, 1L << 24, &n) != 0)
            return -1;
        char **v = calloc((size_t)n + 1, sizeof *v);
        if (v == NULL)
            return -1;
        for (long i = 0; i < n; i++)
            if ((v[i] = field(&p, end)) == NULL)
                return -1;
        if (list == 0)
            rq->env = v;
        else
            rq->argv = v;
    }
    return rq->argv[0] == NULL ? -1 : 0;
}

/* Waits for stdin to have data; returns 0, the stop signal, or -1 at end of file. */
static int wait_request(int sfd)
{
    for (;;) {
        struct pollfd pfd[2] = {{sfd, POLLIN, 0}, {0, POLLIN, 0}};
        if (poll(pfd, 2, -1) < 0)
            continue;
        if (pfd[0].revents & POLLIN) {
            struct signalfd_siginfo ssi;
            if (read(sfd, &ssi, sizeof ssi) == (ssize_t)sizeof ssi && ssi.ssi_signo != SIGCHLD)
                return (int)ssi.ssi_signo;
        }
        if (pfd[1].revents & POLLIN)
            return 0;
        if (pfd[1].revents & (POLLHUP | POLLERR))
            return -1;
    }
}

static int serve(int sfd)
{
    static char line[2048];
    signal(SIGPIPE, SIG_IGN); /* a dead pgolab shows as EPIPE, not as the runner's death */
    for (;;) {
        int sig = wait_request(sfd);
        if (sig != 0)
            return sig < 0 ? 0 : 128 + sig;
        char header[24];
        size_t h = 0;
        for (;;) {
            if (h == sizeof header - 1 || read_full(0, &header[h], 1) != 0)
                return 0; /* EOF between requests: pgolab is done */
            if (header[h] == '\n')
                break;
            h++;
        }
        header[h] = '\0';
        long len;
        if (parse_long(header, 1, 1L << 28, &len) != 0)
            return RUNNER_FAILURE;
        char *buf = malloc((size_t)len);
        struct request rq;
        memset(&rq, 0, sizeof rq);
        if (buf == NULL || read_full(0, buf, (size_t)len) != 0 || parse_request(buf, (size_t)len, &rq) != 0)
            return RUNNER_FAILURE;
        int n = run_one(&rq, sfd, 0, line, sizeof line);
        if (n < 0)
            n = snprintf(line, sizeof line, "runner_error=%d\n", errno);
        free(rq.env);
        free(rq.argv);
        free(buf);
        if (write_all(1, line, (size_t)n) != 0 || stop_signal)
            return stop_signal ? 128 + stop_signal : 0;
    }
}

int main(int argc, char **argv)
{
    struct request rq = {NULL, NULL, NULL, 0, NULL, -1, 0, 5000, NULL, NULL};
    const char *out = NULL;
    int i;

    /* Orphans of the commands reparent here rather than to init: see sweep_escaped. */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    if (argc == 2 && strcmp(argv[1], "--serve") == 0) {
        int sfd = signals_fd();
        if (sfd < 0) {
            perror("pgolab-runner: signalfd");
            return RUNNER_FAILURE;
        }
        int sig = pending_stop();
        return sig ? 128 + sig : serve(sfd);
    }
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            rq.argv = &argv[i + 1];
            break;
        }
        if (i + 1 >= argc) {
            usage("missing value or '--'");
            return RUNNER_FAILURE;
        }
        if (strcmp(a, "--out") == 0) {
            out = argv[++i];
        } else if (strcmp(a, "--cpu") == 0) {
            if (parse_long(argv[++i], 0, 1L << 20, &rq.cpu) != 0) {
                usage("--cpu wants a CPU number");
                return RUNNER_FAILURE;
            }
        } else if (strcmp(a, "--timeout-ms") == 0) {
            if (parse_long(argv[++i], 0, LONG_MAX / 1000000L, &rq.timeout_ms) != 0) {
                usage("--timeout-ms wants a number of milliseconds (0 = none)");
                return RUNNER_FAILURE;
            }
        } else if (strcmp(a, "--first-output") == 0) {
            rq.watch = argv[++i];
        } else if (strcmp(a, "--grace-ms") == 0) {
            if (parse_long(argv[++i], 0, LONG_MAX / 1000000L, &rq.grace_ms) != 0) {
                usage("--grace-ms wants a number of milliseconds");
                return RUNNER_FAILURE;
            }
        } else {
            fprintf(stderr, "pgolab-runner: unknown option %s\n", a);
            usage(NULL);
            return RUNNER_FAILURE;
        }
    }
    if (out == NULL || out[0] == '\0' || rq.argv == NULL || rq.argv[0] == NULL) {
        usage(out == NULL || out[0] == '\0' ? "--out FILE is required" : "no program given after '--'");
        return RUNNER_FAILURE;
    }

    int sfd = signals_fd();
    if (sfd < 0) {
        perror("pgolab-runner: signalfd");
        return RUNNER_FAILURE;
    }
    pid_t parent = getppid();
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) /* parent died before prctl took effect */
        return 128 + SIGTERM;

    /* Told to stop before we even started: do not start. */
    int sig = pending_stop();
    if (sig)
        return 128 + sig;

    char line[2048];
    int len = run_one(&rq, sfd, -1, line, sizeof line);
    if (len < 0) {
        perror("pgolab-runner: cannot run the command");
        return RUNNER_FAILURE;
    }
    if (write_result(out, line, (size_t)len) != 0) {
        fprintf(stderr, "pgolab-runner: cannot write %s: %s\n", out, strerror(errno));
        return RUNNER_FAILURE;
    }
    return (int)strtol(strstr(line, "code=") + 5, NULL, 10);
}
