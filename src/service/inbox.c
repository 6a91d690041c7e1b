/* inbox: taking mail in. Ingest stores each fetched mail exactly once (deduplicated on its source,
 * or its Message-ID together with its content) and only then acknowledges it to the source: mail
 * comes in batches (bounded by the source), each stored in one transaction and acknowledged in one
 * step after its commit, so a crash in between has the whole batch fetched again and recognised as
 * known. Processing (the service's svc_handle_mail) turns a stored mail into its outcome and its
 * replies in one transaction, so a reply is queued if and only if the mail is recorded as dealt
 * with (a few mails share a transaction, each its own step of it). A mail that crashed processing too often (a fatal signal while it was being processed:
 * noted by a signal handler in DATABASE.crash, counted at the next start) is set aside as 'failed'
 * and the GM is told; an operator's kill is not counted. */
#include "mail/message.h"
#include "service/service.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- crashes ---- */

static char crash_path[4096];             /* DATABASE.crash */
static volatile sig_atomic_t crash_mail;  /* the mail being processed, or 0 */

/* A fatal signal while a mail is processed: its id into DATABASE.crash (only async-signal-safe
 * calls), then the signal's own end. */
static void on_fatal(int sig)
{
    if (crash_mail > 0 && crash_path[0]) {
        char digits[24], *p = digits + sizeof digits;
        long id = (long)crash_mail;
        *--p = '\n';
        do
            *--p = (char)('0' + id % 10);
        while ((id /= 10) > 0);
        int fd = open(crash_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (fd >= 0) {
            ssize_t w = write(fd, p, (size_t)(digits + sizeof digits - p));
            (void)w;
            close(fd);
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

void svc_inbox_crash_setup(const cfg *c, store *st)
{
    if (strcmp(c->database, ":memory:") == 0)
        return;
    snprintf(crash_path, sizeof crash_path, "%s.crash", c->database);
    char *text = util_read_file(crash_path, NULL);
    if (text) {
        long long id = atoll(text);
        if (id > 0 && store_inbound_crashed(st, id) == STORE_OK) {
            log_error("processing mail %lld crashed the daemon: counted against it", id);
            unlink(crash_path);
        } else if (id <= 0) {
            unlink(crash_path);
        }
        free(text);
    }
    for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
        util_on_signal(fatal_signals[i], on_fatal, SA_RESETHAND);
}

void svc_inbox_crash_forget(void)
{
    crash_mail = 0;
    crash_path[0] = '\0';
    for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
        signal(fatal_signals[i], SIG_DFL);
}

/* Tests only: a mail holding PBEMGM_TEST_CRASH_ON crashes processing; PBEMGM_TEST_PROCESS_PAUSE
 * seconds pass while each mail is processed (time to kill the process then). */
static void test_hooks(const store_inbound *m)
{
    const char *crash = getenv("PBEMGM_TEST_CRASH_ON"), *pause = getenv("PBEMGM_TEST_PROCESS_PAUSE");
    if (crash && *crash && strstr(m->raw, crash))
        abort();
    if (pause)
        sleep((unsigned)atoi(pause));
}

/* ---- ingest ---- */

/* Adds one fetched mail inside the batch's transaction: 1 stored, 0 known already, -1 failed. */
static int add_item(store *st, const mail_item *item)
{
    char *message_id = mail_header_message_id(item->raw, item->raw_len);
    char *key = mail_content_key(item->raw, item->raw_len);
    store_new_mail m = {item->source, message_id, key, (int64_t)item->size, item->raw,
                        item->raw_len, item->truncated};
    int rc = store_inbound_add(st, &m, NULL);
    if (rc == STORE_DUPLICATE)
        log_info("mail %s (%s) is stored already", item->source,
                 message_id ? message_id : "no Message-ID");
    free(key);
    free(message_id);
    return rc == STORE_OK ? 1 : rc == STORE_DUPLICATE ? 0 : -1;
}

/* Stores a batch in one transaction: the number newly stored, or -1 (nothing stored). */
static int store_batch(store *st, const mail_batch *b)
{
    if (store_begin(st) != STORE_OK)
        return -1;
    int stored = 0;
    for (size_t i = 0; i < b->n; i++) {
        int rc = add_item(st, &b->item[i]);
        if (rc < 0) {
            store_rollback(st);
            return -1;
        }
        stored += rc;
    }
    if (store_commit(st) != STORE_OK) {
        store_rollback(st);
        return -1;
    }
    log_debug("stored %d of a batch of %zu, from %s", stored, b->n, b->n ? b->item[0].source : "");
    return stored;
}

/* Fetches, stores and acknowledges one batch from the start of keys[0..n): the number of
 * keys it took (at least one), or -1. *stored counts the mails newly stored. */
static int take_batch(const cfg *c, store *st, mail_source *src, char *const *keys, size_t n,
                      int *stored)
{
    mail_batch *b = xcalloc(1, sizeof *b);
    char *err = NULL;
    int rc = -1;
    if (mail_source_fetch_batch(src, keys, n, (size_t)c->max_message_bytes, b, &err)) {
        log_error("fetching mail %s: %s", keys[0], err);
    } else if ((rc = store_batch(st, b)) < 0) {
        log_error("storing mail %s: %s", keys[0], store_errmsg(st));
    } else {
        *stored += rc;
        /* committed (or known): only now may the source forget them */
        rc = mail_source_ack_batch(src, keys, b->n, &err) ? -1 : (int)b->n;
        if (rc < 0)
            log_error("acknowledging mail %s: %s", keys[0], err);
    }
    free(err);
    mail_batch_clear(b);
    free(b);
    return rc;
}

svc_result svc_inbox_fetch(const cfg *c, store *st, mail_source *src, int *stored)
{
    char **keys = NULL;
    size_t n = 0;
    char *err = NULL;
    int count = 0, rc = 0;
    if (stored)
        *stored = 0;
    if (mail_source_pending(src, &keys, &n, &err)) {
        log_error("fetching mail: %s", err);
        svc_result r = svc_failed("fetching mail: %s", err);
        free(err);
        return r;
    }
    for (size_t i = 0; i < n; i += (size_t)rc)
        if ((rc = take_batch(c, st, src, keys + i, n - i, &count)) <= 0)
            break;
    mail_keys_free(keys, n);
    if (stored)
        *stored = count;
    return rc < 0 ? svc_failed("fetching, storing or acknowledging mail failed (logged)")
                  : svc_ok();
}

/* ---- processing ---- */

/* A mail that crashed processing too often: set it aside and tell the GM. */
static int set_aside(const cfg *c, store *st, const store_inbound *m)
{
    char *body = str_format(
        "pbemgm could not process stored mail #%lld (%s): it crashed the daemon %d times, so "
        "it has been set aside.\nIt is kept in the database: \"pbemgm mail list --failed\" "
        "lists such mail, \"pbemgm mail retry %lld\" processes it again.\n",
        (long long)m->id, m->source, m->failures, (long long)m->id);
    mail_outgoing note = {.to_addr = c->gm_address, .to_name = c->gm_name,
                          .subject = "pbemgm: a mail could not be processed", .body = body,
                          .auto_submitted = "auto-generated"};
    int rc = store_inbound_finish(st, m->id, "failed", NULL, NULL, 0, "processing failed") ||
             svc_queue_mail(c, st, 0, 0, &note).kind != SVC_OK ||
             store_audit(st, "daemon", "mail_set_aside", 0, m->source);
    free(body);
    if (!rc)
        log_error("mail %lld set aside: processing it crashed %d times", (long long)m->id,
                  m->failures);
    return rc ? -1 : 0;
}

/* One mail, as one step of its group's transaction: its outcome and its replies, or nothing. */
static int process_one(const cfg *c, store *st, store_inbound *m)
{
    if (store_begin_step(st) != STORE_OK) {
        log_error("processing mail %lld: %s", (long long)m->id, store_errmsg(st));
        return -1;
    }
    int rc;
    if (m->failures >= c->max_processing_attempts) {
        rc = set_aside(c, st, m);
    } else {
        crash_mail = (sig_atomic_t)m->id;
        test_hooks(m);
        rc = store_inbound_bump_attempts(st, m->id) != STORE_OK ||
             svc_handle_mail(c, st, m).kind != SVC_OK;
        crash_mail = 0;
    }
    if (rc || store_keep_step(st) != STORE_OK) {
        log_error("processing mail %lld: %s", (long long)m->id, store_errmsg(st));
        store_undo_step(st);
        return -1;
    }
    return 0;
}

/* Up to `want` stored mails in one transaction, each mail a step of it: one commit, one write
 * to the disk, for the group (the commit was most of a mail's time while the mail servers
 * wrote to the same disk). A mail whose processing fails is undone alone; the others done
 * before it are kept. The number processed, or -1. A crash loses the group's work, never a
 * mail: its mails are still stored unprocessed, and no reply of theirs was sent. */
static int process_group(const cfg *c, store *st, int want)
{
    if (store_begin(st) != STORE_OK) {
        log_error("processing mail: %s", store_errmsg(st));
        return -1;
    }
    int done = 0, rc = 0;
    while (done < want) {
        store_inbound m = {0};
        rc = store_inbound_next_pending(st, &m);
        if (rc == STORE_NOT_FOUND) {
            rc = 0;
            break;
        }
        rc = rc == STORE_OK ? process_one(c, st, &m) : -1;
        store_inbound_clear(&m);
        if (rc)
            break;
        done++;
    }
    if (store_commit(st) != STORE_OK) {
        log_error("processing mail: %s", store_errmsg(st));
        store_rollback(st);
        return -1;
    }
    return rc ? -1 : done;
}

svc_result svc_inbox_process_pending(const cfg *c, store *st, int *done)
{
    return svc_inbox_process_some(c, st, 0, done);
}

svc_result svc_inbox_process_some(const cfg *c, store *st, int most, int *done)
{
    enum { GROUP = 8 }; /* (the mails of one commit) */
    int count = 0;
    svc_result r = svc_ok();
    while (!most || count < most) {
        int want = most && most - count < GROUP ? most - count : GROUP;
        int k = process_group(c, st, want);
        if (k < 0) {
            r = svc_failed("processing mail failed (logged)");
            break;
        }
        count += k;
        if (k < want)
            break;
    }
    if (done)
        *done = count;
    return r;
}

int64_t svc_inbox_next_held(store *st)
{
    return store_inbound_next_held(st);
}
