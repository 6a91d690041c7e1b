/* daemon: the long-running loop. Each pass: fetch and store new mail, process what is stored,
 * send what is due in the outbox, then wait (IMAP IDLE / inotify / sleep) until new mail or the
 * next retry. SIGTERM and SIGINT end it after the current step; SIGHUP reloads the
 * configuration (a bad new one is refused and the old one kept). Failures of the mail servers
 * are retried with growing pauses; nothing is dropped. */
#include "daemon/daemon.h"
#include "service/service.h"
#include "util/log.h"
#include "util/util.h"

#include <curl/curl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static volatile sig_atomic_t stop_requested;
static volatile sig_atomic_t reload_requested;

static void on_signal(int sig)
{
    if (sig == SIGHUP)
        reload_requested = 1;
    else
        stop_requested = 1;
}

static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: a signal ends a wait at once */
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

struct daemon {
    const char *cfg_path;
    cfg config;
    store *st;
    mail_source *src;
    mail_sink *sink;
    int failures;    /* consecutive failed passes, for the backoff */
};

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
    char *err = NULL;
    log_setup(d->config.log_level, d->config.log_syslog);
    d->st = store_open(d->config.database, &err);
    if (!d->st || svc_open_transport(&d->config, &d->src, &d->sink, &err)) {
        log_error("%s", err ? err : "cannot start");
        free(err);
        return -1;
    }
    return 0;
}

static void close_all(struct daemon *d)
{
    mail_source_close(d->src);
    mail_sink_close(d->sink);
    store_close(d->st);
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
    close_all(d);
    cfg_free(&d->config);
    d->config = fresh;
    if (open_all(d))
        log_error("reload: could not reopen with the new configuration; will retry");
    else
        log_info("configuration reloaded from %s", d->cfg_path ? d->cfg_path : "defaults");
}

/* One pass: fetch, process, send. Returns 0, or -1 when something failed. */
static int pass(struct daemon *d)
{
    if (!d->st && open_all(d))
        return -1;
    int rc = 0;
    if (dmn_ingest(&d->config, d->st, d->src) < 0)
        rc = -1;
    if (!stop_requested && dmn_process_pending(&d->config, d->st) < 0)
        rc = -1;
    if (!stop_requested && svc_turns_due(&d->config, d->st) < 0)
        rc = -1;
    if (!stop_requested && dmn_drain_outbox(&d->config, d->st, d->sink) < 0)
        rc = -1;
    return rc;
}

/* Seconds to wait: until the next poll, the next outbox retry, the next game's reminder or
 * deadline, or the failure backoff. */
static int wait_seconds(struct daemon *d)
{
    if (d->failures > 0) {
        int backoff = 1 << (d->failures < 9 ? d->failures : 9); /* 2 s .. 512 s */
        return backoff < 300 ? backoff : 300;
    }
    int wait = d->config.poll_interval;
    int64_t next[2] = {d->st ? store_outbox_next_time(d->st) : 0,
                       d->st ? store_game_next_time(d->st) : 0}; /* a retry; a deadline */
    for (int k = 0; k < 2; k++) {
        int64_t until = next[k] - util_now();
        if (next[k] > 0 && until < wait)
            wait = until > 1 ? (int)until : 1;
    }
    return wait;
}

static void log_peak_memory(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) == 0)
        log_info("peak memory %ld KiB", ru.ru_maxrss);
}

int dmn_serve(const char *cfg_path, bool once)
{
    struct daemon d = {.cfg_path = cfg_path};
    if (load_config(cfg_path, &d.config)) {
        cfg_free(&d.config);
        return 1;
    }
    install_signals();
    curl_global_init(CURL_GLOBAL_DEFAULT);
    int status = 0;
    if (open_all(&d)) {
        status = 1;
        goto out;
    }
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
        char *err = NULL;
        int secs = wait_seconds(&d);
        if (d.failures > 0 || !d.src) {
            struct timespec ts = {secs, 0};
            nanosleep(&ts, NULL);
        } else if (mail_source_wait(d.src, secs, &err)) {
            log_warn("waiting for mail: %s", err);
            free(err);
            d.failures++;
        }
    }
    log_info("stopping");
out:
    log_peak_memory();
    close_all(&d);
    cfg_free(&d.config);
    curl_global_cleanup();
    return status;
}
