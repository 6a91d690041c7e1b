/* daemon: the long-running loop. Each pass: fetch and store new mail, process what is stored,
 * have what is due in the outbox sent, then wait (IMAP IDLE / inotify / sleep) until new mail
 * or the next retry. Two child processes take the slow parts off the loop: the resolver
 * resolves due turns, so that no answer to a player waits for a resolution (it computes on a
 * snapshot and writes in a short transaction; its end wakes the loop), and the sender sends the
 * outbox, so that reading and answering mail never waits for the SMTP server (woken by a byte
 * on a pipe each few answers; it also looks by itself at every poll interval and retry time).
 * SIGTERM and SIGINT end it after the current step (the children too); SIGHUP reloads the
 * configuration (a bad new one is refused and the old one kept). Failures of the mail servers
 * are retried with growing pauses; nothing is dropped. One daemon per database: a second
 * refuses to start (a lock on DATABASE.lock that dies with its process). */
#include "daemon/daemon.h"
#include "config/config.h"
#include "service/service.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/file.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <syslog.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop_requested;
static volatile sig_atomic_t reload_requested;

static void on_signal(int sig)
{
    if (sig == SIGHUP) {
        reload_requested = 1;
    } else if (sig != SIGCHLD) { /* (a resolver ended: the wait ends, the loop sends reports) */
        stop_requested = 1;
        svc_abort_mail(); /* an exchange with a server under way ends now */
    }
}

static void install_signals(void)
{
    /* (no SA_RESTART: a signal ends a wait at once) */
    util_on_signal(SIGTERM, on_signal, 0);
    util_on_signal(SIGINT, on_signal, 0);
    util_on_signal(SIGHUP, on_signal, 0);
    util_on_signal(SIGCHLD, on_signal, SA_NOCLDSTOP);
    signal(SIGPIPE, SIG_IGN);
}

struct daemon {
    const char *cfg_path;
    cfg config;
    store *st;
    mail_source *src;
    mail_sink *sink;
    int failures;    /* consecutive failed passes, for the backoff */
    bool once;       /* serve --once: everything in this process, in order */
    pid_t resolver;  /* the child resolving due turns, or 0 */
    pid_t sender;    /* the child sending the outbox, or 0: sent here */
    int wake_fd;     /* the write end of the sender's wake-up pipe */
    int lock_fd;     /* DATABASE.lock, held while serving; -1 for a database in memory */
};

/* ---- one daemon per database ---- */

/* Whether the lock on fd is ours; a daemon just killed may leave its sender (which shares the
 * lock) a moment to end, so a start right after waits up to 3 s. */
static bool lock_taken(int fd)
{
    for (int i = 0; i < 30; i++) {
        if (flock(fd, LOCK_EX | LOCK_NB) == 0)
            return true;
        struct timespec ts = {0, 100 * 1000 * 1000L};
        nanosleep(&ts, NULL);
    }
    return false;
}

/* Takes DATABASE.lock (flock: it dies with the process, kill -9 included; the sender holds it
 * with us) and writes our pid in it; -1 with a clear message when another daemon holds it. */
static int take_lock(struct daemon *d)
{
    d->lock_fd = -1;
    const char *db = d->config.database;
    if (strcmp(db, ":memory:") == 0)
        return 0;
    char *path = str_format("%s.lock", db);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        log_error("cannot open %s: %s", path, strerror(errno));
        free(path);
        return -1;
    }
    if (!lock_taken(fd)) {
        char pid[32] = "";
        ssize_t n = read(fd, pid, sizeof pid - 1);
        pid[n > 0 ? n : 0] = '\0';
        pid[strcspn(pid, "\n")] = '\0';
        log_error("another pbemgm serve is running on the database %s%s%s (it holds %s): this "
                  "one does not start", db, pid[0] ? " as pid " : "", pid, path);
        close(fd);
        free(path);
        return -1;
    }
    char pid[32];
    int n = snprintf(pid, sizeof pid, "%d\n", (int)getpid());
    if (ftruncate(fd, 0) != 0 || write(fd, pid, (size_t)n) != n)
        log_warn("cannot write the pid into %s", path);
    free(path);
    d->lock_fd = fd;
    return 0;
}

static int open_all(struct daemon *d);
static void close_all(struct daemon *d);

/* A child with nothing of ours open (SQLite's connections must not cross a fork): our database
 * and mail connections are closed around the fork and opened again here. fork()'s result. */
static pid_t fork_bare(struct daemon *d)
{
    bool was_open = d->st != NULL;
    close_all(d);
    pid_t pid = fork();
    if (pid != 0 && was_open && open_all(d))
        log_error("cannot open the database and the mail servers again; will retry");
    return pid;
}

/* ---- due turns, resolved by a child process ---- */

/* The child's end, when it has ended: 0 done (or none running), 1 still running, -1 it failed. */
static int resolver_ended(struct daemon *d)
{
    if (d->resolver <= 0)
        return 0;
    int status = 0;
    pid_t r = waitpid(d->resolver, &status, WNOHANG);
    if (r == 0)
        return 1;
    d->resolver = 0;
    if (r < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        log_warn("resolving due turns failed (%s %d); tried again at the next pass",
                 r > 0 && WIFSIGNALED(status) ? "signal" : "status",
                 r > 0 && WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
        return -1;
    }
    return 0;
}

/* In the child (forked with nothing of the parent's open): its own connection to the
 * database, every due game resolved, then gone. */
static void resolve_in_child(struct daemon *d, pid_t parent)
{
    prctl(PR_SET_PDEATHSIG, SIGTERM); /* it ends with the daemon; nothing is written half */
    if (getppid() != parent)
        _exit(0);
    svc_inbox_crash_forget(); /* its crash is its own, not a mail's */
    signal(SIGTERM, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGCHLD, SIG_DFL);
    store *st = NULL;
    svc_result r = svc_store_open(&d->config, &st);
    if (r.kind == SVC_OK)
        r = svc_turns_due(&d->config, st, NULL);
    else
        log_error("resolver: %s", r.text);
    svc_store_close(st);
    _exit(r.kind == SVC_OK ? 0 : 1);
}

/* Due turns: resolved in a child process (one at a time) while this one goes on answering;
 * with --once, here and now. */
static int turns(struct daemon *d)
{
    if (d->once)
        return svc_turns_due(&d->config, d->st, NULL).kind == SVC_OK ? 0 : -1;
    int ended = resolver_ended(d);
    if (ended > 0)
        return 0;
    int64_t next = svc_turns_next_time(d->st);
    if (next <= 0 || next > util_now())
        return ended;
    pid_t parent = getpid();
    pid_t pid = fork_bare(d);
    if (pid == 0)
        resolve_in_child(d, parent);
    if (pid < 0) {
        log_warn("cannot start a resolver (%s): resolving here", strerror(errno));
        return svc_turns_due(&d->config, d->st, NULL).kind == SVC_OK ? 0 : -1;
    }
    d->resolver = pid;
    return ended;
}

static void stop_resolver(struct daemon *d)
{
    if (d->resolver <= 0)
        return;
    kill(d->resolver, SIGTERM); /* its transaction is not committed: nothing half-written */
    waitpid(d->resolver, NULL, 0);
    d->resolver = 0;
}

/* ---- the outbox, sent by a child process ---- */

/* The pause after `failures` failed attempts in a row: 2 s .. 300 s. */
static int backoff_seconds(int failures)
{
    int backoff = 1 << (failures < 9 ? failures : 9);
    return backoff < 300 ? backoff : 300;
}

/* At most `wait` seconds, and no later than `next` (a time; 0: none), at least 1 s. */
static int until(int wait, int64_t next)
{
    int64_t left = next - util_now();
    return next > 0 && left < wait ? (left > 1 ? (int)left : 1) : wait;
}

/* The sender's wait: until the next outbox retry is due, at most the poll interval. */
static int outbox_wait_seconds(const cfg *c, store *st, int failures)
{
    return failures > 0 ? backoff_seconds(failures)
                        : until(c->poll_interval, svc_outbox_next_time(st));
}

/* In the child: nothing of the parent's but stderr, the wake-up pipe (as fd 3) and the lock
 * (as fd 4: the database's lock is held while a sender of this daemon lives, so that no new
 * daemon frees the claims of a sender still sending). */
static int sender_own_descriptors(const struct daemon *d, int wake)
{
    closelog();
    int high_wake = fcntl(wake, F_DUPFD, 16);
    int high_lock = d->lock_fd >= 0 ? fcntl(d->lock_fd, F_DUPFD, 16) : -1;
    if (high_wake < 0 || dup2(high_wake, 3) != 3 ||
        (high_lock >= 0 && dup2(high_lock, 4) != 4))
        _exit(1);
    closefrom(5);
    log_setup(d->config.log_level, d->config.log_syslog);
    return 3;
}

/* The sender's loop: send what is due, then wait for a wake-up byte, a retry time or the poll
 * interval; it ends on SIGTERM (an exchange under way is cut off and retried later) or when
 * the daemon is gone (the pipe's other end closed). */
static void send_in_child(struct daemon *d, pid_t parent, int wake)
{
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent)
        _exit(0);
    svc_inbox_crash_forget();
    signal(SIGHUP, SIG_IGN); /* the daemon reloads, then starts a new sender */
    prctl(PR_SET_NAME, "pbemgm sender");
    signal(SIGCHLD, SIG_DFL);
    wake = sender_own_descriptors(d, wake);
    mail_source *src = NULL;
    mail_sink *sink = NULL;
    store *st = NULL;
    svc_result r = svc_store_open(&d->config, &st);
    if (r.kind == SVC_OK)
        r = svc_open_transport(&d->config, &src, &sink);
    if (r.kind != SVC_OK) {
        log_error("sender: %s", r.text);
        _exit(1);
    }
    svc_close_transport(src, NULL); /* (IMAP connects lazily: it never did) */
    int failures = 0;
    while (!stop_requested) {
        bool sent = svc_outbox_send_due(&d->config, st, sink, NULL).kind == SVC_OK;
        failures = sent ? 0 : failures + 1;
        struct pollfd p = {.fd = wake, .events = POLLIN};
        if (stop_requested ||
            poll(&p, 1, outbox_wait_seconds(&d->config, st, failures) * 1000) < 0)
            continue; /* (a signal) */
        char bytes[256];
        if (p.revents && read(wake, bytes, sizeof bytes) <= 0)
            break; /* the daemon is gone (the pipe's other end closed) */
    }
    svc_close_transport(NULL, sink);
    svc_store_close(st);
    _exit(0);
}

/* The sender's end, when it has ended: its claims on the outbox are released (no other process
 * sends while this daemon holds the lock), and a new one is started at the next pass. */
static void sender_reap(struct daemon *d, bool wait)
{
    int status = 0;
    if (d->sender <= 0 || waitpid(d->sender, &status, wait ? 0 : WNOHANG) == 0)
        return;
    if (!wait && (!WIFEXITED(status) || WEXITSTATUS(status) != 0))
        log_warn("the sender ended (%s %d); a new one starts",
                 WIFSIGNALED(status) ? "signal" : "status",
                 WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    d->sender = 0;
    close(d->wake_fd);
    d->wake_fd = -1;
    svc_result r = d->st ? svc_outbox_release_claims(d->st) : svc_ok();
    if (r.kind != SVC_OK)
        log_warn("cannot release the sender's outbox claims: %s", r.text);
}

/* Starts the sender when none runs; when it cannot be started, this process sends. */
static void sender_start(struct daemon *d)
{
    sender_reap(d, false);
    if (d->once || d->sender > 0)
        return;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        log_warn("cannot start the sender (%s): sending here", strerror(errno));
        return;
    }
    fcntl(fds[1], F_SETFL, O_NONBLOCK); /* a full pipe has its wake-up already */
    pid_t parent = getpid();
    pid_t pid = fork_bare(d);
    if (pid == 0) {
        close(fds[1]);
        send_in_child(d, parent, fds[0]);
    }
    close(fds[0]);
    if (pid < 0) {
        log_warn("cannot start the sender (%s): sending here", strerror(errno));
        close(fds[1]);
    } else {
        d->sender = pid;
        d->wake_fd = fds[1];
    }
}

static void sender_wake(struct daemon *d)
{
    char byte = 1;
    if (write(d->wake_fd, &byte, 1) < 0 && errno != EAGAIN)
        log_warn("cannot wake the sender: %s", strerror(errno));
}

static void sender_stop(struct daemon *d)
{
    if (d->sender <= 0)
        return;
    kill(d->sender, SIGTERM);
    sender_reap(d, true);
}

static int load_config(const char *path, cfg *out)
{
    char *err = NULL;
    if (!path) {
        cfg_defaults(out);
        return 0;
    }
    if (cfg_load(out, path, &err)) {
        log_error("%s", err);
        free(err);
        return -1;
    }
    return 0;
}

static int open_all(struct daemon *d)
{
    log_setup(d->config.log_level, d->config.log_syslog);
    svc_result r = svc_store_open(&d->config, &d->st);
    if (r.kind == SVC_OK)
        r = svc_open_transport(&d->config, &d->src, &d->sink);
    if (r.kind != SVC_OK) {
        log_error("%s", r.text);
        return -1;
    }
    return 0;
}

static void close_all(struct daemon *d)
{
    svc_close_transport(d->src, d->sink);
    svc_store_close(d->st);
    d->src = NULL;
    d->sink = NULL;
    d->st = NULL;
}

static void reload(struct daemon *d)
{
    cfg fresh;
    if (load_config(d->cfg_path, &fresh)) {
        log_error("reload refused: keeping the running configuration");
        cfg_free(&fresh);
        return;
    }
    sender_stop(d); /* the next pass starts one with the new configuration */
    close_all(d);
    cfg_free(&d->config);
    d->config = fresh;
    if (open_all(d))
        log_error("reload: could not reopen with the new configuration; will retry");
    else
        log_info("configuration reloaded from %s", d->cfg_path ? d->cfg_path : "defaults");
}

/* Processes what is stored, having the sender send each few answers as they are committed. */
static int process(struct daemon *d)
{
    enum { FEW = 8 };
    int done = 0;
    while (!stop_requested) {
        int k = 0;
        int most = d->sender > 0 ? FEW : 0;
        if (svc_inbox_process_some(&d->config, d->st, most, &k).kind != SVC_OK)
            return -1;
        done += k;
        if (k > 0 && d->sender > 0)
            sender_wake(d);
        if (d->sender <= 0 || k < FEW)
            break;
    }
    return done;
}

/* One pass: fetch, process, send. Returns 0, or -1 when something failed. */
static int pass(struct daemon *d)
{
    sender_start(d);
    if (!d->st && open_all(d))
        return -1;
    int rc = 0, in = 0, done = 0, sent = 0;
    int64_t t0 = util_now_ms();
    if (svc_inbox_fetch(&d->config, d->st, d->src, &in).kind != SVC_OK)
        rc = -1;
    int64_t t1 = util_now_ms();
    if (!stop_requested && (done = process(d)) < 0)
        rc = -1;
    int64_t t2 = util_now_ms();
    if (!stop_requested && turns(d) < 0)
        rc = -1;
    if (!d->st) /* (not opened again after starting the resolver: the next pass tries) */
        return -1;
    int64_t t3 = util_now_ms();
    if (d->sender > 0)
        sender_wake(d); /* (mail the GM's commands queued, a resolution's reports) */
    else if (!stop_requested &&
             svc_outbox_send_due(&d->config, d->st, d->sink, &sent).kind != SVC_OK)
        rc = -1;
    /* housekeeping: a bounded amount of stored mail trimmed, some free space given back */
    enum { TRIM_MOST = 256, RECLAIM_PAGES = 4096 };
    if (!stop_requested) /* (a failure is logged) */
        svc_trim_mail(&d->config, d->st, TRIM_MOST, RECLAIM_PAGES, NULL);
    if (in > 0 || done > 0 || sent > 0)
        log_debug("pass: %d stored in %lld ms, %d answered in %lld ms, turns %lld ms, %d sent in "
                  "%lld ms", in, (long long)(t1 - t0), done, (long long)(t2 - t1),
                  (long long)(t3 - t2), sent, (long long)(util_now_ms() - t3));
    return rc;
}

/* Seconds to wait: until the next poll, the next outbox retry, the next game's reminder or
 * deadline, the end of a password lock-out that holds a mail back, or the failure backoff. */
static int wait_seconds(struct daemon *d)
{
    if (d->failures > 0)
        return backoff_seconds(d->failures);
    if (!d->st)
        return d->config.poll_interval;
    int wait = until(d->config.poll_interval, svc_turns_next_time(d->st)); /* a deadline */
    wait = until(wait, svc_inbox_next_held(d->st)); /* a held mail to read */
    return d->sender > 0 ? wait : until(wait, svc_outbox_next_time(d->st)); /* a retry */
}

static void log_peak_memory(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) == 0)
        log_info("peak memory %ld KiB", ru.ru_maxrss);
}

int dmn_serve(const char *cfg_path, bool once)
{
    struct daemon d = {.cfg_path = cfg_path, .once = once, .wake_fd = -1};
    if (load_config(cfg_path, &d.config)) {
        cfg_free(&d.config);
        return 1;
    }
    install_signals();
    svc_transport_setup();
    int status = 0;
    log_setup(d.config.log_level, d.config.log_syslog);
    if (take_lock(&d) || open_all(&d)) {
        status = 1;
        goto out;
    }
    /* the lock is ours: claims on the outbox left now are those of a process that died */
    svc_result r = svc_outbox_release_claims(d.st);
    if (r.kind != SVC_OK)
        log_warn("cannot release old outbox claims: %s", r.text);
    svc_inbox_crash_setup(&d.config, d.st);
    log_info("serving (%s transport, database %s)%s",
             d.config.transport == CFG_TRANSPORT_IMAP ? "IMAP/SMTP" : "Maildir",
             d.config.database, once ? ", once" : "");
    while (!stop_requested) {
        if (reload_requested) {
            reload_requested = 0;
            reload(&d);
        }
        int rc = pass(&d);
        d.failures = rc ? d.failures + 1 : 0;
        if (once) {
            status = rc ? 1 : 0;
            break;
        }
        if (stop_requested)
            break;
        int secs = wait_seconds(&d);
        if (d.failures > 0 || !d.src) {
            struct timespec ts = {secs, 0};
            nanosleep(&ts, NULL);
        } else if ((r = svc_wait_mail(d.src, secs)).kind != SVC_OK) {
            log_warn("waiting for mail: %s", r.text);
            d.failures++;
        }
    }
    log_info("stopping");
    stop_resolver(&d);
    sender_stop(&d);
out:
    log_peak_memory();
    close_all(&d);
    if (d.lock_fd >= 0)
        close(d.lock_fd);
    cfg_free(&d.config);
    svc_transport_cleanup();
    return status;
}
