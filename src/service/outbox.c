/* outbox: sending the mail queued in the database (service/mailq.c queues it), with retries.
 * A mail leaves 'pending' only when the sink accepted it; a temporary failure waits with
 * exponential backoff, a permanent one (or too many) gives it up and says so in the audit log.
 * Each row is claimed (a committed mark naming this process) before it is handed to the
 * server, so no two processes ever send one row; a row whose sending cannot be claimed or
 * recorded (the disk is full) is not sent, and nothing more is sent until the store records
 * again: a mail the server took but the store could not mark is remembered here and marked
 * first at the next pass, never sent again. */
#include "service/service.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int64_t svc_outbox_retry_delay(const cfg *c, int attempts)
{
    int64_t delay = c->retry_base;
    for (int i = 0; i < attempts && delay < c->retry_max; i++)
        delay *= 2;
    return delay < c->retry_max ? delay : c->retry_max;
}

/* The recipients JSON array as a list of strings pointing into the parsed JSON. */
static size_t recipients_of(const cJSON *arr, const char **out, size_t max)
{
    size_t n = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, arr)
    {
        if (cJSON_IsString(r) && n < max)
            out[n++] = r->valuestring;
    }
    return n;
}

static int record_failure(const cfg *c, store *st, const store_outgoing *m, int send_rc,
                          const char *err)
{
    bool give_up = send_rc == MAIL_SEND_REJECTED || m->attempts + 1 >= c->max_attempts;
    int64_t next = util_now() + svc_outbox_retry_delay(c, m->attempts);
    if (store_outbox_mark_retry(st, m->id, err, next, give_up) != STORE_OK) {
        log_error("outbox: the failed attempt to send %s cannot be recorded (%s)", m->message_id,
                  store_errmsg(st));
        return -1;
    }
    if (give_up) {
        log_error("outbox: giving up mail %s after %d attempts: %s", m->message_id,
                  m->attempts + 1, err);
        store_audit(st, "daemon", "mail_given_up", 0, err);
    } else {
        log_warn("outbox: mail %s not sent (attempt %d), next try in %llds: %s", m->message_id,
                 m->attempts + 1, (long long)(next - util_now()), err);
    }
    return 0;
}

/* The rows the server accepted whose sending the store could not record yet (this process
 * holds their claims, so no one sends them meanwhile). */
#define MAX_UNRECORDED 64
static int64_t unrecorded[MAX_UNRECORDED];
static int nunrecorded;

static const char *claim_owner(void)
{
    static char owner[64];
    static pid_t of; /* (a child's claims are its own) */
    if (of != getpid() && (of = getpid()))
        snprintf(owner, sizeof owner, "pid %d since %lld", (int)getpid(),
                 (long long)util_now_ms());
    return owner;
}

/* Marks the rows sent but not recorded yet; -1 while the store still cannot. */
static int record_unrecorded(store *st)
{
    while (nunrecorded > 0) {
        if (store_outbox_mark_sent(st, unrecorded[nunrecorded - 1]) != STORE_OK) {
            log_error("outbox: %d sent mail(s) still cannot be recorded as sent (%s): nothing "
                      "more is sent until they are", nunrecorded, store_errmsg(st));
            return -1;
        }
        log_info("outbox: mail #%lld recorded as sent at last",
                 (long long)unrecorded[nunrecorded - 1]);
        nunrecorded--;
    }
    return 0;
}

static int sent_not_recorded(store *st, const store_outgoing *m)
{
    log_error("outbox: mail %s was sent, but that cannot be recorded (%s): it is not sent "
              "again, and nothing more is sent until the store records again",
              m->message_id, store_errmsg(st));
    if (nunrecorded < MAX_UNRECORDED)
        unrecorded[nunrecorded++] = m->id;
    return -1;
}

/* Sends what is due: the number sent, or -1 (logged). */
static int send_due(const cfg *c, store *st, mail_sink *sink)
{
    int sent = 0;
    if (record_unrecorded(st))
        return -1;
    for (;;) {
        store_outgoing m = {0};
        int rc = store_outbox_next_due(st, util_now(), &m);
        if (rc == STORE_NOT_FOUND)
            return sent;
        if (rc != STORE_OK)
            return -1;
        rc = store_outbox_claim(st, m.id, claim_owner());
        if (rc != STORE_OK) {
            if (rc != STORE_NOT_FOUND)
                log_error("outbox: mail %s is not sent: its sending cannot be recorded (%s)",
                          m.message_id, store_errmsg(st));
            store_outgoing_clear(&m);
            if (rc == STORE_NOT_FOUND)
                continue; /* another process has it */
            return -1;
        }
        cJSON *arr = cJSON_Parse(m.recipients);
        const char *rcpts[64];
        size_t n = recipients_of(arr, rcpts, 64);
        char *err = NULL;
        int send_rc = n ? mail_sink_send(sink, m.mail_from, rcpts, n, m.message_id, m.raw,
                                         m.raw_len, &err)
                        : MAIL_SEND_REJECTED;
        cJSON_Delete(arr);
        int db_rc;
        if (send_rc == MAIL_SENT) {
            db_rc = store_outbox_mark_sent(st, m.id) == STORE_OK ? 0 : sent_not_recorded(st, &m);
            if (!db_rc) {
                sent++;
                log_debug("outbox: sent %s", m.message_id);
            }
        } else {
            db_rc = record_failure(c, st, &m, send_rc, err ? err : "no recipients");
        }
        free(err);
        store_outgoing_clear(&m);
        if (db_rc)
            return -1;
        if (send_rc == MAIL_SEND_RETRY)
            return sent; /* the server is unwell: leave the rest for later */
    }
}

svc_result svc_outbox_send_due(const cfg *c, store *st, mail_sink *sink, int *sent)
{
    int n = send_due(c, st, sink);
    if (sent)
        *sent = n < 0 ? 0 : n;
    return n < 0 ? svc_failed("sending the outbox failed (logged)") : svc_ok();
}

svc_result svc_outbox_release_claims(store *st)
{
    return store_outbox_release_claims(st) == STORE_OK ? svc_ok() : svc_store_failed(st);
}

int64_t svc_outbox_next_time(store *st)
{
    return store_outbox_next_time(st);
}
