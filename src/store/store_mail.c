/* store_mail: the mail kept in the database — inbound mail (its processing, holds and retries),
 * wrong passwords, the outbox, and the mail held for a GM's review. */
#include "store/store_internal.h"
#include "util/util.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- inbound mail ---- */

bool store_inbound_known(store *st, const char *source, const char *message_id,
                         const char *content_key)
{
    sqlite3_stmt *s = stmt(st, S_INBOUND_KNOWN);
    bind_text(s, 1, source);
    bind_text(s, 2, message_id);
    bind_text(s, 3, content_key);
    bool known = sqlite3_step(s) == SQLITE_ROW;
    sqlite3_reset(s);
    return known;
}

int store_inbound_add(store *st, const store_new_mail *m, int64_t *id)
{
    if (store_inbound_known(st, m->source, m->message_id, m->content_key))
        return STORE_DUPLICATE;
    sqlite3_stmt *s = stmt(st, S_INBOUND_ADD);
    bind_text(s, 1, m->source);
    bind_text(s, 2, m->message_id);
    sqlite3_bind_int64(s, 3, util_now());
    sqlite3_bind_int64(s, 4, m->size);
    sqlite3_bind_blob64(s, 5, m->raw, m->raw_len, SQLITE_TRANSIENT);
    sqlite3_bind_int(s, 6, m->truncated);
    bind_text(s, 7, m->content_key);
    int rc = run(st, s);
    if (rc == STORE_OK && sqlite3_changes(st->db) == 0)
        return STORE_NOT_FOUND; /* no game still forming: its seating is fixed */
    if (rc == STORE_OK && id)
        *id = sqlite3_last_insert_rowid(st->db);
    return rc;
}

int store_inbound_next_pending(store *st, store_inbound *out)
{
    sqlite3_stmt *s = stmt(st, S_INBOUND_NEXT);
    sqlite3_bind_int64(s, 1, util_now());
    int rc = sqlite3_step(s);
    if (rc == SQLITE_ROW) {
        out->id = sqlite3_column_int64(s, 0);
        out->source = col_text(s, 1);
        out->message_id = col_text(s, 2);
        out->received_at = sqlite3_column_int64(s, 3);
        out->size = sqlite3_column_int64(s, 4);
        out->raw = col_blob(s, 5, &out->raw_len);
        out->truncated = sqlite3_column_int(s, 6) != 0;
        out->attempts = sqlite3_column_int(s, 7);
        out->failures = sqlite3_column_int(s, 8);
        out->held_until = sqlite3_column_int64(s, 9);
    }
    sqlite3_reset(s);
    return rc == SQLITE_ROW ? STORE_OK : rc == SQLITE_DONE ? STORE_NOT_FOUND : STORE_ERROR;
}

int store_inbound_crashed(store *st, int64_t id)
{
    sqlite3_stmt *s = stmt(st, S_INBOUND_CRASHED);
    sqlite3_bind_int64(s, 1, id);
    return run(st, s);
}

int store_inbound_each(store *st, const char *status, store_inbound_fn fn, void *arg)
{
    sqlite3_stmt *s = stmt(st, S_INBOUND_EACH);
    bind_text(s, 1, status);
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        store_inbound_row r = {
            .id = sqlite3_column_int64(s, 0),
            .received_at = sqlite3_column_int64(s, 1),
            .status = (const char *)sqlite3_column_text(s, 2),
            .attempts = sqlite3_column_int(s, 3),
            .failures = sqlite3_column_int(s, 4),
            .sender = (const char *)sqlite3_column_text(s, 5),
            .subject = (const char *)sqlite3_column_text(s, 6),
            .outcome = (const char *)sqlite3_column_text(s, 7),
            .source = (const char *)sqlite3_column_text(s, 8),
            .held_until = sqlite3_column_int64(s, 9),
        };
        fn(&r, arg);
    }
    sqlite3_reset(s);
    return rc == SQLITE_DONE ? STORE_OK : STORE_ERROR;
}

int store_inbound_retry(store *st, int64_t id)
{
    sqlite3_stmt *s = stmt(st, S_INBOUND_STATUS);
    sqlite3_bind_int64(s, 1, id);
    int rc = sqlite3_step(s);
    bool failed = rc == SQLITE_ROW && strcmp((const char *)sqlite3_column_text(s, 0), "failed") == 0;
    sqlite3_reset(s);
    if (rc != SQLITE_ROW)
        return rc == SQLITE_DONE ? STORE_NOT_FOUND : STORE_ERROR;
    if (!failed)
        return STORE_DUPLICATE;
    s = stmt(st, S_INBOUND_RETRY);
    sqlite3_bind_int64(s, 1, id);
    return run(st, s);
}

int store_inbound_redact(store *st, int64_t id, const char *raw, size_t raw_len)
{
    sqlite3_stmt *s = stmt(st, S_INBOUND_REDACT);
    sqlite3_bind_int64(s, 1, id);
    sqlite3_bind_blob64(s, 2, raw, raw_len, SQLITE_TRANSIENT);
    return run(st, s);
}

int64_t store_inbound_answered_from(store *st, const char *sender, int64_t since)
{
    sqlite3_stmt *s = stmt(st, S_INBOUND_ANSWERED_FROM);
    bind_text(s, 1, sender);
    sqlite3_bind_int64(s, 2, since);
    return count_of(s);
}

int64_t store_inbound_answered_in_game(store *st, int64_t game_id, int64_t since)
{
    sqlite3_stmt *s = stmt(st, S_INBOUND_ANSWERED_GAME);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int64(s, 2, since);
    return count_of(s);
}

/* ---- wrong passwords ---- */

int store_auth_failure_add(store *st, const char *player, const char *sender)
{
    sqlite3_stmt *s = stmt(st, S_AUTH_FAIL_ADD);
    sqlite3_bind_int64(s, 1, util_now());
    bind_text(s, 2, player);
    bind_text(s, 3, sender);
    return run(st, s);
}

int64_t store_auth_failures(store *st, const char *player, const char *sender, int64_t since)
{
    sqlite3_stmt *s = stmt(st, player ? S_AUTH_FAIL_PLAYER : S_AUTH_FAIL_SENDER);
    bind_text(s, 1, player ? player : sender);
    sqlite3_bind_int64(s, 2, since);
    return count_of(s);
}

int64_t store_auth_failure_nth(store *st, const char *player, const char *sender,
                                int64_t since, int64_t n)
{
    sqlite3_stmt *s = stmt(st, player ? S_AUTH_FAIL_NTH_PLAYER : S_AUTH_FAIL_NTH_SENDER);
    bind_text(s, 1, player ? player : sender);
    sqlite3_bind_int64(s, 2, since);
    sqlite3_bind_int64(s, 3, n);
    int64_t at = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int64(s, 0) : 0;
    sqlite3_reset(s);
    return at;
}

int store_inbound_hold(store *st, int64_t id, int64_t until, const char *sender,
                       const char *subject, const char *outcome)
{
    sqlite3_stmt *s = stmt(st, S_INBOUND_HOLD);
    sqlite3_bind_int64(s, 1, id);
    sqlite3_bind_int64(s, 2, until);
    bind_text(s, 3, sender);
    bind_text(s, 4, subject);
    bind_text(s, 5, outcome);
    int rc = run(st, s);
    return rc == STORE_OK && sqlite3_changes(st->db) == 0 ? STORE_NOT_FOUND : rc;
}

/* The one time a statement without parameters reads (the earliest of something), 0: none. */
static int64_t time_of(store *st, int which)
{
    sqlite3_stmt *s = stmt(st, which);
    int64_t t = 0;
    if (sqlite3_step(s) == SQLITE_ROW && sqlite3_column_type(s, 0) != SQLITE_NULL)
        t = sqlite3_column_int64(s, 0);
    sqlite3_reset(s);
    return t;
}

int64_t store_inbound_next_held(store *st)
{
    return time_of(st, S_INBOUND_NEXT_HELD);
}

int store_inbound_bump_attempts(store *st, int64_t id)
{
    sqlite3_stmt *s = stmt(st, S_INBOUND_BUMP);
    sqlite3_bind_int64(s, 1, id);
    return run(st, s);
}

int store_inbound_finish(store *st, int64_t id, const char *status, const char *sender,
                         const char *subject, int64_t player_id, const char *outcome)
{
    sqlite3_stmt *s = stmt(st, S_INBOUND_FINISH);
    sqlite3_bind_int64(s, 1, id);
    bind_text(s, 2, status);
    bind_text(s, 3, sender);
    bind_text(s, 4, subject);
    bind_id(s, 5, player_id);
    bind_text(s, 6, outcome);
    sqlite3_bind_int64(s, 7, util_now());
    return run(st, s);
}

void store_inbound_clear(store_inbound *m)
{
    free(m->source);
    free(m->message_id);
    free(m->raw);
    memset(m, 0, sizeof *m);
}

int64_t store_inbound_count(store *st, const char *status)
{
    sqlite3_stmt *s = stmt(st, status ? S_INBOUND_COUNT : S_INBOUND_COUNT_ALL);
    if (status)
        bind_text(s, 1, status);
    return count_of(s);
}

/* ---- the outbox ---- */

int store_outbox_add(store *st, int64_t inbound_id, const char *message_id,
                     const char *mail_from, const char *recipients_json, const char *raw,
                     size_t raw_len, int64_t *id)
{
    sqlite3_stmt *s = stmt(st, S_OUTBOX_ADD);
    bind_id(s, 1, inbound_id);
    bind_text(s, 2, message_id);
    bind_text(s, 3, mail_from);
    bind_text(s, 4, recipients_json);
    sqlite3_bind_blob64(s, 5, raw, raw_len, SQLITE_TRANSIENT);
    sqlite3_bind_int64(s, 6, util_now());
    int rc = run(st, s);
    if (rc == STORE_OK && sqlite3_changes(st->db) == 0)
        return STORE_NOT_FOUND; /* no game still forming: its seating is fixed */
    if (rc == STORE_OK && id)
        *id = sqlite3_last_insert_rowid(st->db);
    return rc;
}

int store_outbox_next_due(store *st, int64_t now, store_outgoing *out)
{
    sqlite3_stmt *s = stmt(st, S_OUTBOX_DUE);
    sqlite3_bind_int64(s, 1, now);
    int rc = sqlite3_step(s);
    if (rc == SQLITE_ROW) {
        out->id = sqlite3_column_int64(s, 0);
        out->message_id = col_text(s, 1);
        out->mail_from = col_text(s, 2);
        out->recipients = col_text(s, 3);
        out->raw = col_blob(s, 4, &out->raw_len);
        out->attempts = sqlite3_column_int(s, 5);
    }
    sqlite3_reset(s);
    return rc == SQLITE_ROW ? STORE_OK : rc == SQLITE_DONE ? STORE_NOT_FOUND : STORE_ERROR;
}

/* Called the moment the server has accepted a mail. Until this commit is in the WAL, a kill of
 * the process means sending the mail again, so it must be quick: it skips the fsync (in WAL
 * mode the commit still survives the process dying; only a power cut could lose it, and that
 * costs a second copy under the same Message-ID, never a lost mail). */
/* A mark of the sending, quick (see store_outbox_mark_sent). */
static int run_quick(store *st, sqlite3_stmt *s)
{
    run(st, stmt(st, S_SYNC_NORMAL));
    int rc = run(st, s);
    run(st, stmt(st, S_SYNC_FULL));
    return rc;
}

int store_outbox_claim(store *st, int64_t id, const char *owner)
{
    sqlite3_stmt *s = stmt(st, S_OUTBOX_CLAIM);
    sqlite3_bind_int64(s, 1, id);
    bind_text(s, 2, owner);
    int rc = run_quick(st, s);
    if (rc != STORE_OK)
        return rc;
    return sqlite3_changes(st->db) == 1 ? STORE_OK : STORE_NOT_FOUND;
}

int store_outbox_release_claims(store *st)
{
    return run(st, stmt(st, S_OUTBOX_RELEASE));
}

int store_outbox_mark_sent(store *st, int64_t id)
{
    sqlite3_stmt *s = stmt(st, S_OUTBOX_SENT);
    sqlite3_bind_int64(s, 1, id);
    sqlite3_bind_int64(s, 2, util_now());
    return run_quick(st, s);
}

int store_outbox_mark_retry(store *st, int64_t id, const char *error, int64_t next_attempt_at,
                            bool give_up)
{
    sqlite3_stmt *s = stmt(st, S_OUTBOX_RETRY);
    sqlite3_bind_int64(s, 1, id);
    bind_text(s, 2, error);
    sqlite3_bind_int64(s, 3, next_attempt_at);
    sqlite3_bind_int(s, 4, give_up);
    return run(st, s);
}

int64_t store_outbox_next_time(store *st)
{
    return time_of(st, S_OUTBOX_NEXT_TIME);
}

int64_t store_outbox_count(store *st, const char *status)
{
    sqlite3_stmt *s = stmt(st, S_OUTBOX_COUNT);
    bind_text(s, 1, status);
    return count_of(s);
}

void store_outgoing_clear(store_outgoing *m)
{
    free(m->message_id);
    free(m->mail_from);
    free(m->recipients);
    free(m->raw);
    memset(m, 0, sizeof *m);
}

int store_held_add(store *st, int64_t game_id, const store_held *h)
{
    sqlite3_stmt *s = stmt(st, S_HELD_ADD);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int(s, 2, h->turn);
    bind_text(s, 3, h->to_addr);
    bind_text(s, 4, h->to_name);
    bind_text(s, 5, h->subject);
    bind_text(s, 6, h->body);
    sqlite3_bind_int64(s, 7, util_now());
    bind_text(s, 8, h->message_id);
    if (h->raw)
        sqlite3_bind_blob64(s, 9, h->raw, h->raw_len, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(s, 9);
    return run(st, s);
}

int store_held_each(store *st, int64_t game_id, store_held_fn fn, void *ctx)
{
    sqlite3_stmt *s = stmt(st, S_HELD_EACH);
    sqlite3_bind_int64(s, 1, game_id);
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(s)) == SQLITE_ROW) {
        store_held h = {sqlite3_column_int(s, 0), (const char *)sqlite3_column_text(s, 1),
                        (const char *)sqlite3_column_text(s, 2),
                        (const char *)sqlite3_column_text(s, 3),
                        (const char *)sqlite3_column_text(s, 4),
                        (const char *)sqlite3_column_text(s, 5),
                        (const char *)sqlite3_column_blob(s, 6),
                        (size_t)sqlite3_column_bytes(s, 6)};
        stop = fn(&h, ctx);
    }
    sqlite3_reset(s);
    return stop ? stop : rc == SQLITE_DONE ? STORE_OK : STORE_ERROR;
}

int store_held_drop(store *st, int64_t game_id)
{
    sqlite3_stmt *s = stmt(st, S_HELD_DROP);
    sqlite3_bind_int64(s, 1, game_id);
    return run(st, s);
}
