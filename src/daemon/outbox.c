/* outbox: sending the mail queued in the database (service/mailq.c queues it), with retries.
 * A mail leaves 'pending' only when the sink accepted it; a temporary failure waits with exponential backoff,
 * a permanent one (or too many) gives it up and says so in the audit log. */
#include "daemon/daemon.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <cJSON.h>
#include <stdlib.h>

int64_t dmn_retry_delay(const cfg *c, int attempts)
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
    int64_t next = util_now() + dmn_retry_delay(c, m->attempts);
    if (store_outbox_mark_retry(st, m->id, err, next, give_up) != STORE_OK)
        return -1;
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

int dmn_drain_outbox(const cfg *c, store *st, mail_sink *sink)
{
    int sent = 0;
    for (;;) {
        store_outgoing m = {0};
        int rc = store_outbox_next_due(st, util_now(), &m);
        if (rc == STORE_NOT_FOUND)
            return sent;
        if (rc != STORE_OK)
            return -1;
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
            db_rc = store_outbox_mark_sent(st, m.id) == STORE_OK ? 0 : -1;
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
