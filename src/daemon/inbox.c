/* inbox: taking mail in. Ingest stores each fetched mail exactly once (deduplicated on its
 * source and its Message-ID) and only then acknowledges it to the source. Processing (the
 * service's svc_handle_mail) turns a stored mail into its outcome and its replies in one
 * transaction, so a reply is queued if and only if the mail is recorded as dealt with. A mail that crashed processing too often is
 * set aside as 'failed' and the GM is told. */
#include "daemon/daemon.h"
#include "mail/message.h"
#include "service/service.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <stdlib.h>

/* ---- ingest ---- */

static int store_item(store *st, const mail_item *item)
{
    char *message_id = mail_header_message_id(item->raw, item->raw_len);
    if (store_begin(st) != STORE_OK) {
        free(message_id);
        return -1;
    }
    int rc = store_inbound_add(st, item->source, message_id, (int64_t)item->size, item->raw,
                               item->raw_len, item->truncated, NULL);
    if (rc == STORE_OK && store_commit(st) == STORE_OK) {
        log_debug("stored %s (%s)", item->source, message_id ? message_id : "no Message-ID");
        free(message_id);
        return 1;
    }
    store_rollback(st);
    if (rc == STORE_DUPLICATE)
        log_info("mail %s (%s) is stored already", item->source,
                 message_id ? message_id : "no Message-ID");
    free(message_id);
    return rc == STORE_DUPLICATE ? 0 : -1;
}

int dmn_ingest(const cfg *c, store *st, mail_source *src)
{
    char **keys = NULL;
    size_t n = 0;
    char *err = NULL;
    if (mail_source_pending(src, &keys, &n, &err)) {
        log_error("fetching mail: %s", err);
        free(err);
        return -1;
    }
    int stored = 0;
    for (size_t i = 0; i < n; i++) {
        mail_item item = {0};
        if (mail_source_fetch(src, keys[i], (size_t)c->max_message_bytes, &item, &err)) {
            log_error("fetching mail %s: %s", keys[i], err);
            free(err);
            mail_keys_free(keys, n);
            return -1;
        }
        int rc = store_item(st, &item);
        mail_item_clear(&item);
        if (rc < 0) {
            log_error("storing mail %s: %s", keys[i], store_errmsg(st));
            mail_keys_free(keys, n);
            return -1;
        }
        stored += rc;
        /* Committed (or known): only now may the source forget it. */
        if (mail_source_ack(src, keys[i], &err)) {
            log_error("acknowledging mail %s: %s", keys[i], err);
            free(err);
            mail_keys_free(keys, n);
            return -1;
        }
    }
    mail_keys_free(keys, n);
    return stored;
}

/* ---- processing ---- */

/* A mail that processing has failed on too often: set it aside and tell the GM. */
static int set_aside(const cfg *c, store *st, const store_inbound *m)
{
    if (store_begin(st) != STORE_OK)
        return -1;
    char *body = str_format(
        "pbemgm could not process stored mail #%lld (%s) after %d attempts and has set it "
        "aside.\nIt is kept in the database (table inbound, status 'failed').\n",
        (long long)m->id, m->source, m->attempts);
    svc_mail note = {c->gm_address, c->gm_name, "pbemgm: a mail could not be processed", body,
                     NULL, NULL, "auto-generated", 0, NULL, NULL, 0};
    int rc = store_inbound_finish(st, m->id, "failed", NULL, NULL, 0, "processing failed") ||
             svc_queue_mail(c, st, 0, &note) ||
             store_audit(st, "daemon", "mail_set_aside", 0, m->source);
    free(body);
    if (rc || store_commit(st) != STORE_OK) {
        store_rollback(st);
        return -1;
    }
    log_error("mail %lld set aside after %d failed attempts", (long long)m->id, m->attempts);
    return 0;
}

static int process_one(const cfg *c, store *st, store_inbound *m)
{
    if (m->attempts >= c->max_processing_attempts)
        return set_aside(c, st, m);
    /* Count the attempt first, in its own commit: a mail that kills the process is noticed. */
    if (store_inbound_bump_attempts(st, m->id) != STORE_OK)
        return -1;
    if (store_begin(st) != STORE_OK)
        return -1;
    if (svc_handle_mail(c, st, m) || store_commit(st) != STORE_OK) {
        log_error("processing mail %lld: %s", (long long)m->id, store_errmsg(st));
        store_rollback(st);
        return -1;
    }
    return 0;
}

int dmn_process_pending(const cfg *c, store *st)
{
    int done = 0;
    for (;;) {
        store_inbound m = {0};
        int rc = store_inbound_next_pending(st, &m);
        if (rc == STORE_NOT_FOUND)
            return done;
        if (rc != STORE_OK)
            return -1;
        rc = process_one(c, st, &m);
        store_inbound_clear(&m);
        if (rc)
            return -1;
        done++;
    }
}
