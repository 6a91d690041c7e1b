/* store_audit: the audit log, and the retention of kept mail (sent and answered mail trimmed
 * to its headers after a while). */
#include "store/store_internal.h"
#include "util/util.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the audit log ---- */

int store_audit(store *st, const char *actor, const char *action, int64_t game_id,
                const char *detail)
{
    store_audit_entry e = {0, actor, action, detail, NULL, NULL};
    return store_audit_add(st, &e, game_id);
}

int64_t store_audit_count(store *st, const char *action)
{
    sqlite3_stmt *s = stmt(st, S_AUDIT_COUNT);
    bind_text(s, 1, action);
    return count_of(s);
}

bool store_audit_has(store *st, const char *action, int64_t game_id, const char *detail)
{
    sqlite3_stmt *s = stmt(st, S_AUDIT_FIND);
    bind_text(s, 1, action);
    sqlite3_bind_int64(s, 2, game_id);
    bind_text(s, 3, detail);
    return count_of(s) > 0;
}

int store_audit_add(store *st, const store_audit_entry *e, int64_t game_id)
{
    sqlite3_stmt *s = stmt(st, S_AUDIT_ADD);
    sqlite3_bind_int64(s, 1, util_now());
    bind_text(s, 2, e->actor);
    bind_text(s, 3, e->action);
    bind_id(s, 4, game_id);
    bind_text(s, 5, e->detail);
    bind_text(s, 6, e->origin);
    bind_text(s, 7, e->reason);
    return run(st, s);
}

int store_audit_each(store *st, int64_t game_id, void (*fn)(const store_audit_entry *, void *),
                     void *ctx)
{
    sqlite3_stmt *s = stmt(st, S_AUDIT_EACH);
    sqlite3_bind_int64(s, 1, game_id);
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        store_audit_entry e = {sqlite3_column_int64(s, 0),
                               (const char *)sqlite3_column_text(s, 1),
                               (const char *)sqlite3_column_text(s, 2),
                               (const char *)sqlite3_column_text(s, 3),
                               (const char *)sqlite3_column_text(s, 4),
                               (const char *)sqlite3_column_text(s, 5)};
        fn(&e, ctx);
    }
    sqlite3_reset(s);
    return rc == SQLITE_DONE ? STORE_OK : STORE_ERROR;
}

/* ---- keeping the database small ---- */

/* The ids of at most most rows the statement (bound ?1 = before) yields. */
static int trim_ids(store *st, enum stmt_id which, int64_t before, int most, int64_t *ids)
{
    sqlite3_stmt *s = stmt(st, which);
    sqlite3_bind_int64(s, 1, before);
    sqlite3_bind_int(s, 2, most);
    int n = 0, rc;
    while (n < most && (rc = sqlite3_step(s)) == SQLITE_ROW)
        ids[n++] = sqlite3_column_int64(s, 0);
    sqlite3_reset(s);
    return n;
}

/* Trims one row: reads its raw, keeps what trim keeps, marks it trimmed. */
static int trim_row(store *st, enum stmt_id read, enum stmt_id write, int64_t id,
                    store_trim_fn trim, int64_t now)
{
    sqlite3_stmt *s = stmt(st, read);
    sqlite3_bind_int64(s, 1, id);
    int rc = sqlite3_step(s);
    if (rc != SQLITE_ROW) {
        sqlite3_reset(s);
        return rc == SQLITE_DONE ? STORE_OK : STORE_ERROR;
    }
    size_t len, kept_len = 0;
    char *raw = col_blob(s, 0, &len);
    sqlite3_reset(s);
    char *kept = trim ? trim(raw, len, &kept_len) : NULL;
    free(raw);
    s = stmt(st, write);
    sqlite3_bind_int64(s, 1, id);
    if (kept)
        sqlite3_bind_blob64(s, 2, kept, kept_len, SQLITE_TRANSIENT);
    sqlite3_bind_int64(s, 3, now);
    rc = run(st, s);
    free(kept);
    return rc;
}

int store_trim_mails(store *st, int64_t sent_before, int64_t inbound_before, int most,
                     store_trim_fn trim_sent, store_trim_fn trim_inbound)
{
    if (most <= 0)
        return 0;
    /* which rows, read first: a pass with nothing to trim takes no write lock (each row's
     * status is checked again in the transaction) */
    int64_t *ids = xmalloc((size_t)most * sizeof *ids);
    int nsent = trim_ids(st, S_TRIM_SENT_IDS, sent_before, most, ids);
    int nin = trim_ids(st, S_TRIM_INBOUND_IDS, inbound_before, most - nsent, ids + nsent);
    if (nsent + nin == 0) {
        free(ids);
        return 0;
    }
    int64_t now = util_now();
    int rc = store_begin(st);
    for (int i = 0; rc == STORE_OK && i < nsent + nin; i++)
        rc = i < nsent ? trim_row(st, S_TRIM_SENT_RAW, S_TRIM_SENT, ids[i], trim_sent, now)
                       : trim_row(st, S_TRIM_INBOUND_RAW, S_TRIM_INBOUND, ids[i], trim_inbound,
                                  now);
    free(ids);
    if (rc == STORE_OK && (rc = store_commit(st)) == STORE_OK)
        return nsent + nin;
    store_rollback(st);
    return -1;
}
