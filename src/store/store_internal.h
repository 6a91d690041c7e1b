/* store_internal: what the files of the store share (store.c and store_*.c) — the database
 * handle, the ids of the statements (their SQL is the one table in store.c, prepared once), and
 * the small helpers every statement's caller uses. Not for use outside src/store. */
#ifndef PBEMGM_STORE_INTERNAL_H
#define PBEMGM_STORE_INTERNAL_H

#include "store/store.h"
#include "util/util.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum stmt_id {
    S_GAME_CREATE,
    S_GAME_FIND,
    S_GAME_EACH,
    S_PLAYER_ADD,
    S_PLAYER_FIND,
    S_PLAYER_EACH,
    S_INBOUND_KNOWN,
    S_INBOUND_ADD,
    S_INBOUND_NEXT,
    S_INBOUND_BUMP,
    S_INBOUND_FINISH,
    S_INBOUND_COUNT,
    S_INBOUND_COUNT_ALL,
    S_OUTBOX_ADD,
    S_OUTBOX_DUE,
    S_OUTBOX_SENT,
    S_OUTBOX_RETRY,
    S_OUTBOX_NEXT_TIME,
    S_OUTBOX_COUNT,
    S_AUDIT_COUNT,
    S_AUDIT_FIND,
    S_GAME_START,
    S_ACTION_ADD,
    S_ACTION_EACH,
    S_ACTION_LOG_CUTS,
    S_ORDERS_DROP_SECTION,
    S_ORDER_ADD,
    S_ORDER_EACH,
    S_ORDER_COUNT,
    S_ORDER_EACH_BEFORE,
    S_GAME_PACE,
    S_GAME_ONE_ROUND,
    S_GAME_DEADLINE,
    S_GAME_REMINDED,
    S_GAME_NEXT_TURN,
    S_GAME_OVER,
    S_TURN_ADD,
    S_TURN_REPORT,
    S_PLAYER_NMR,
    S_PLAYER_REPLACE,
    S_GAME_NEXT_TIME,
    S_GAME_EACH_DUE,
    S_SEAT_CHANGE_ADD,
    S_SEAT_CHANGE_COUNT,
    S_SEAT_CHANGE_UNDO,
    S_ORDER_MAIL_ADD,
    S_ORDER_MAIL_LAST,
    S_GAME_EARLY_DUE,
    S_GAME_SET_GM,
    S_GAME_SET_PAUSED,
    S_GAME_SET_REVIEW,
    S_GAME_SET_THREAD,
    S_GAME_STAMP,
    S_GAME_THREAD,
    S_PLAYER_SET_PICTURES,
    S_HELD_ADD,
    S_HELD_EACH,
    S_HELD_DROP,
    S_AUDIT_ADD,
    S_AUDIT_EACH,
    S_CUT_ACTIONS,
    S_CUT_TURNS,
    S_CUT_ORDERS,
    S_CUT_ORDER_MAILS,
    S_CUT_GAME,
    S_TURN_RESOLVED_AT,
    S_TURN_CONTEXT,
    S_TURN_SET_CONTEXT,
    S_SYNC_NORMAL,
    S_SYNC_FULL,
    S_INBOUND_CRASHED,
    S_INBOUND_EACH,
    S_INBOUND_RETRY,
    S_INBOUND_STATUS,
    S_INBOUND_REDACT,
    S_INBOUND_ANSWERED_FROM,
    S_INBOUND_ANSWERED_GAME,
    S_OUTBOX_CLAIM,
    S_OUTBOX_RELEASE,
    S_AUTH_FAIL_ADD,
    S_AUTH_FAIL_PLAYER,
    S_AUTH_FAIL_SENDER,
    S_AUTH_FAIL_NTH_PLAYER,
    S_AUTH_FAIL_NTH_SENDER,
    S_INBOUND_HOLD,
    S_INBOUND_NEXT_HELD,
    S_GAME_SET_IMPORTED,
    S_PLAYER_SET_ADDRESS,
    S_GAME_FIND_THREAD,
    S_PLAYER_THREAD,
    S_ORDER_SECTION_SEATS,
    S_PLAYER_SET_THREAD,
    S_TRIM_SENT_IDS,
    S_TRIM_SENT_RAW,
    S_TRIM_SENT,
    S_TRIM_INBOUND_IDS,
    S_TRIM_INBOUND_RAW,
    S_TRIM_INBOUND,
    S_COUNT
};

struct store {
    sqlite3 *db;
    sqlite3_stmt *stmt[S_COUNT];
    char error[256]; /* the last failed statement's message (a later rollback keeps it) */
};

/* Why the database failed, said plainly when the disk is full (SQLite may call that an I/O
 * error: its system errno tells). */
static inline void reason(sqlite3 *db, int rc, char *out, size_t len)
{
    bool full = (rc & 0xff) == SQLITE_FULL || (db && sqlite3_system_errno(db) == ENOSPC);
    snprintf(out, len, "%s%s%s", full ? "the disk is full (" : "",
             db ? sqlite3_errmsg(db) : "cannot open", full ? ")" : "");
}

/* Remembers why a statement failed: SQLite's own message is replaced by the next call's. */
static inline void note_error(store *st, int rc)
{
    reason(st->db, rc, st->error, sizeof st->error);
}

/* Returns the statement, reset and with its bindings cleared. */
static inline sqlite3_stmt *stmt(store *st, enum stmt_id id)
{
    sqlite3_stmt *s = st->stmt[id];
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    return s;
}

static inline void bind_text(sqlite3_stmt *s, int i, const char *v)
{
    if (v)
        sqlite3_bind_text(s, i, v, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(s, i);
}

static inline void bind_id(sqlite3_stmt *s, int i, int64_t v)
{
    if (v > 0)
        sqlite3_bind_int64(s, i, v);
    else
        sqlite3_bind_null(s, i);
}

static inline char *col_text(sqlite3_stmt *s, int i)
{
    const unsigned char *t = sqlite3_column_text(s, i);
    return t ? xstrdup((const char *)t) : NULL;
}

static inline char *col_blob(sqlite3_stmt *s, int i, size_t *len)
{
    const void *b = sqlite3_column_blob(s, i);
    size_t n = (size_t)sqlite3_column_bytes(s, i);
    char *copy = xmalloc(n + 1);
    if (n)
        memcpy(copy, b, n);
    copy[n] = '\0';
    *len = n;
    return copy;
}

/* Steps a statement that returns no rows. */
static inline int run(store *st, sqlite3_stmt *s)
{
    int rc = sqlite3_step(s);
    sqlite3_reset(s);
    if (rc == SQLITE_DONE)
        return STORE_OK;
    if (rc == SQLITE_CONSTRAINT)
        return STORE_DUPLICATE;
    note_error(st, rc);
    return STORE_ERROR;
}

static inline int64_t count_of(sqlite3_stmt *s)
{
    int64_t n = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int64(s, 0) : -1;
    sqlite3_reset(s);
    return n;
}

#endif
