/* store: the SQLite database — games, players, inbound mail, the outbox, the audit log.
 * The only place SQL lives: every statement is in the table below, prepared once. */
#include "store/store.h"
#include "store/migrations.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

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

#define GAME_COLUMNS "id, name, title, status, turn, options, deadline_at, turn_hours, " \
                     "remind_hours, rounds_per_turn, stop_after_formation, one_round_turn, " \
                     "reminded_turn, grace_minutes, early_due_at, gm_address, gm_password_hash, " \
                     "paused_at, review, " \
                     "(SELECT COUNT(*) FROM held_mail h WHERE h.game_id = games.id), thread_id"
#define PLAYER_COLUMNS "id, game_id, seat, name, address, password_hash, nmr_count, seat_open, " \
                       "pictures"


static const char *const stmt_sql[S_COUNT] = {
    [S_TRIM_SENT_IDS] = "SELECT id FROM outbox WHERE status = 'sent' AND trimmed_at IS NULL AND "
                        "sent_at <= ?1 ORDER BY sent_at LIMIT ?2",
    [S_TRIM_SENT_RAW] = "SELECT raw FROM outbox WHERE id = ?1 AND status = 'sent'",
    [S_TRIM_SENT] = "UPDATE outbox SET raw = COALESCE(?2, raw), trimmed_at = ?3 "
                    "WHERE id = ?1 AND status = 'sent'",
    [S_TRIM_INBOUND_IDS] = "SELECT id FROM inbound WHERE status IN ('answered', 'ignored') AND "
                           "trimmed_at IS NULL AND processed_at <= ?1 ORDER BY processed_at "
                           "LIMIT ?2",
    [S_TRIM_INBOUND_RAW] = "SELECT raw FROM inbound WHERE id = ?1 AND "
                           "status IN ('answered', 'ignored')",
    [S_TRIM_INBOUND] = "UPDATE inbound SET raw = COALESCE(?2, raw), trimmed_at = ?3 "
                       "WHERE id = ?1 AND status IN ('answered', 'ignored')",
    [S_GAME_START] = "UPDATE games SET status = 'running', options = ?2, turn = 1 "
                     "WHERE id = ?1 AND status = 'forming'",
    [S_ACTION_ADD] = "INSERT INTO actions (game_id, seq, turn, json, at) VALUES (?1, "
                     "(SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?1), ?2, ?3, ?4)",
    [S_ACTION_EACH] = "SELECT seq, turn, json FROM actions WHERE game_id = ?1 AND seq >= ?2 "
                      "ORDER BY seq",
    [S_ACTION_LOG_CUTS] = "SELECT log_cuts FROM games WHERE id = ?1",
    [S_ORDERS_DROP_SECTION] = "DELETE FROM orders WHERE game_id = ?1 AND player_id = ?2 AND "
                              "turn = ?3 AND section = ?4",
    [S_ORDER_ADD] = "INSERT INTO orders (game_id, player_id, turn, section, position, text, "
                    "inbound_id, json) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    [S_ORDER_EACH] = "SELECT section, text, json, inbound_id FROM orders WHERE game_id = ?1 AND "
                     "player_id = ?2 AND turn = ?3 ORDER BY section, position",
    [S_GAME_CREATE] = "INSERT INTO games (name, title, created_at) VALUES (?1, ?2, ?3)",
    [S_GAME_FIND] = "SELECT " GAME_COLUMNS " FROM games WHERE name = ?1",
    [S_GAME_EACH] = "SELECT " GAME_COLUMNS " FROM games ORDER BY id",
    /* the running games whose next moment (a reminder, all orders in, the deadline: as
     * S_GAME_NEXT_TIME) has come */
    [S_GAME_EACH_DUE] = "SELECT " GAME_COLUMNS " FROM games WHERE status = 'running' AND "
                        "deadline_at IS NOT NULL AND paused_at IS NULL AND NOT EXISTS "
                        "(SELECT 1 FROM held_mail h WHERE h.game_id = games.id) AND "
                        "MIN(CASE WHEN reminded_turn < turn THEN deadline_at - remind_hours * 3600 "
                        "ELSE deadline_at END, COALESCE(early_due_at, deadline_at)) <= ?1 "
                        "ORDER BY id",
    [S_PLAYER_ADD] =
        "INSERT INTO players (game_id, seat, name, address, password_hash, created_at) "
        "SELECT ?1, (SELECT COALESCE(MAX(seat), 0) + 1 FROM players WHERE game_id = ?1), "
        "?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM games WHERE id = ?1 AND status = 'forming')",
    [S_PLAYER_FIND] = "SELECT " PLAYER_COLUMNS " FROM players WHERE game_id = ?1 AND name = ?2",
    [S_PLAYER_EACH] = "SELECT " PLAYER_COLUMNS " FROM players WHERE game_id = ?1 ORDER BY seat",
    [S_ORDER_COUNT] = "SELECT COUNT(*) FROM orders WHERE game_id = ?1 AND player_id = ?2 AND "
                      "turn = ?3",
    [S_ORDER_SECTION_SEATS] = "SELECT DISTINCT p.seat FROM orders o JOIN players p ON "
                              "p.id = o.player_id WHERE o.game_id = ?1 AND o.turn = ?2 AND "
                              "o.section = ?3",
    [S_ORDER_EACH_BEFORE] = "SELECT turn, section, text, json FROM orders WHERE game_id = ?1 AND "
                            "player_id = ?2 AND turn < ?3 ORDER BY turn DESC, section, position",
    [S_GAME_PACE] = "UPDATE games SET turn_hours = ?2, remind_hours = ?3, rounds_per_turn = ?4, "
                    "stop_after_formation = ?5, grace_minutes = ?6 WHERE id = ?1",
    [S_GAME_ONE_ROUND] = "UPDATE games SET one_round_turn = ?2 WHERE id = ?1",
    [S_GAME_DEADLINE] = "UPDATE games SET deadline_at = ?2 WHERE id = ?1",
    [S_GAME_REMINDED] = "UPDATE games SET reminded_turn = ?2 WHERE id = ?1",
    [S_GAME_NEXT_TURN] = "UPDATE games SET turn = turn + 1, deadline_at = ?2, early_due_at = NULL "
                         "WHERE id = ?1",
    [S_GAME_OVER] = "UPDATE games SET status = 'finished', deadline_at = NULL, "
                    "early_due_at = NULL WHERE id = ?1",
    [S_TURN_ADD] = "INSERT INTO turns (game_id, turn, resolved_at, rounds, report, context) "
                   "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    [S_TURN_REPORT] = "SELECT report FROM turns WHERE game_id = ?1 AND turn = ?2",
    [S_GAME_NEXT_TIME] = "SELECT MIN(MIN(CASE WHEN reminded_turn < turn THEN deadline_at - "
                         "remind_hours * 3600 ELSE deadline_at END, "
                         "COALESCE(early_due_at, deadline_at))) FROM games "
                         "WHERE status = 'running' AND deadline_at IS NOT NULL AND "
                         "paused_at IS NULL AND NOT EXISTS (SELECT 1 FROM held_mail h "
                         "WHERE h.game_id = games.id)",
    [S_SEAT_CHANGE_ADD] = "INSERT INTO seat_changes (game_id, seat, turn, old_name, old_address, "
                          "new_name, new_address, at) SELECT game_id, seat, "
                          "(SELECT turn FROM games WHERE id = players.game_id), name, address, "
                          "?2, ?3, ?4 FROM players WHERE id = ?1",
    [S_SEAT_CHANGE_UNDO] = "DELETE FROM seat_changes WHERE id = ?1",
    [S_SEAT_CHANGE_COUNT] = "SELECT COUNT(*) FROM seat_changes WHERE game_id = ?1 AND seat = ?2",
    [S_ORDER_MAIL_ADD] = "INSERT INTO order_mails (game_id, player_id, turn, inbound_id, at) "
                         "VALUES (?1, ?2, ?3, ?4, ?5)",
    [S_ORDER_MAIL_LAST] = "SELECT MAX(at) FROM order_mails WHERE game_id = ?1 AND "
                          "player_id = ?2 AND turn = ?3",
    [S_GAME_EARLY_DUE] = "UPDATE games SET early_due_at = ?2 WHERE id = ?1",

    [S_PLAYER_NMR] = "UPDATE players SET nmr_count = ?2, seat_open = ?3 WHERE id = ?1",
    [S_PLAYER_REPLACE] = "UPDATE players SET name = ?2, address = ?3, password_hash = ?4, "
                         "nmr_count = 0, seat_open = 0, thread_id = NULL WHERE id = ?1",
    [S_INBOUND_KNOWN] = "SELECT 1 FROM inbound WHERE source = ?1 "
                        "OR (?2 IS NOT NULL AND message_id = ?2 AND content_key = ?3)",
    [S_INBOUND_ADD] = "INSERT INTO inbound (source, message_id, received_at, size, raw, truncated, "
                      "content_key) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    [S_INBOUND_NEXT] = "SELECT id, source, message_id, received_at, size, raw, truncated, attempts, "
                       "failures, held_until FROM inbound WHERE status = 'received' AND "
                       "(held_until IS NULL OR held_until <= ?1) ORDER BY id LIMIT 1",
    [S_INBOUND_BUMP] = "UPDATE inbound SET attempts = attempts + 1 WHERE id = ?1",
    [S_INBOUND_FINISH] = "UPDATE inbound SET status = ?2, sender = ?3, subject = ?4, "
                         "player_id = ?5, outcome = ?6, processed_at = ?7 WHERE id = ?1",
    [S_INBOUND_COUNT] = "SELECT COUNT(*) FROM inbound WHERE status = ?1",
    [S_INBOUND_COUNT_ALL] = "SELECT COUNT(*) FROM inbound",
    [S_OUTBOX_ADD] = "INSERT INTO outbox (inbound_id, message_id, mail_from, recipients, raw, "
                     "created_at, next_attempt_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
    [S_OUTBOX_DUE] = "SELECT id, message_id, mail_from, recipients, raw, attempts FROM outbox "
                     "WHERE status = 'pending' AND claimed_by IS NULL AND next_attempt_at <= ?1 "
                     "ORDER BY next_attempt_at, id LIMIT 1",
    [S_OUTBOX_SENT] = "UPDATE outbox SET status = 'sent', sent_at = ?2, claimed_by = NULL, "
                      "attempts = attempts + 1, last_error = NULL WHERE id = ?1",
    [S_OUTBOX_RETRY] = "UPDATE outbox SET attempts = attempts + 1, last_error = ?2, "
                       "next_attempt_at = ?3, claimed_by = NULL, status = CASE WHEN ?4 THEN "
                       "'failed' ELSE 'pending' END WHERE id = ?1",
    [S_OUTBOX_NEXT_TIME] = "SELECT MIN(next_attempt_at) FROM outbox WHERE status = 'pending' "
                           "AND claimed_by IS NULL",
    [S_OUTBOX_COUNT] = "SELECT COUNT(*) FROM outbox WHERE status = ?1 OR ?1 IS NULL",
    [S_AUDIT_COUNT] = "SELECT COUNT(*) FROM audit WHERE action = ?1",
    [S_AUDIT_FIND] = "SELECT COUNT(*) FROM audit WHERE action = ?1 AND game_id = ?2 AND "
                     "detail = ?3",
    [S_GAME_SET_GM] = "UPDATE games SET gm_address = COALESCE(?2, gm_address), "
                      "gm_password_hash = COALESCE(?3, gm_password_hash) WHERE id = ?1",
    [S_GAME_SET_PAUSED] = "UPDATE games SET paused_at = ?2 WHERE id = ?1",
    [S_GAME_SET_REVIEW] = "UPDATE games SET review = ?2 WHERE id = ?1",
    [S_GAME_SET_THREAD] = "UPDATE games SET thread_id = ?2 WHERE id = ?1 AND thread_id IS NULL",
    [S_GAME_THREAD] = "SELECT thread_id FROM games WHERE id = ?1",
    [S_GAME_STAMP] =
        "SELECT (SELECT COUNT(*) || ':' || IFNULL(MAX(seq), 0) || ':' || "
        "IFNULL(SUM(length(json)), 0) FROM actions WHERE game_id = ?1) || '|' || "
        "(SELECT COUNT(*) || ':' || IFNULL(MAX(id), 0) FROM orders WHERE game_id = ?1) || '|' || "
        "(SELECT COUNT(*) || ':' || IFNULL(MAX(id), 0) || ':' || IFNULL(SUM(nmr_count), 0) || ':' "
        "|| IFNULL(SUM(seat_open), 0) || ':' || IFNULL(SUM(pictures), 0) FROM players "
        "WHERE game_id = ?1) || '|' || "
        "(SELECT COUNT(*) || ':' || IFNULL(MAX(i.id), 0) FROM inbound i JOIN players p "
        "ON i.player_id = p.id WHERE p.game_id = ?1) || '|' || "
        "(SELECT IFNULL(MAX(id), 0) FROM audit WHERE game_id = ?1) || '|' || "
        "(SELECT turn || ':' || status || ':' || review || ':' || IFNULL(paused_at, 0) || ':' || "
        "one_round_turn || ':' || rounds_per_turn || ':' || stop_after_formation || ':' || "
        "IFNULL(options, '') || ':' || IFNULL(gm_address, '') FROM games WHERE id = ?1) || '|' || "
        "(SELECT COUNT(*) FROM held_mail WHERE game_id = ?1)",
    [S_PLAYER_SET_PICTURES] = "UPDATE players SET pictures = ?2 WHERE id = ?1",
    [S_HELD_ADD] = "INSERT INTO held_mail (game_id, turn, to_addr, to_name, subject, body, "
                   "created_at, message_id, raw) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    [S_HELD_EACH] = "SELECT turn, to_addr, to_name, subject, body, message_id, raw FROM held_mail "
                    "WHERE game_id = ?1 ORDER BY id",
    [S_HELD_DROP] = "DELETE FROM held_mail WHERE game_id = ?1",
    [S_AUDIT_ADD] = "INSERT INTO audit (at, actor, action, game_id, detail, origin, reason) "
                       "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    [S_AUDIT_EACH] = "SELECT at, actor, action, detail, origin, reason FROM audit "
                     "WHERE game_id = ?1 ORDER BY id",
    [S_CUT_ACTIONS] = "DELETE FROM actions WHERE game_id = ?1 AND turn >= ?2",
    [S_CUT_TURNS] = "DELETE FROM turns WHERE game_id = ?1 AND turn >= ?2",
    [S_CUT_ORDERS] = "DELETE FROM orders WHERE game_id = ?1 AND turn > ?2",
    [S_CUT_ORDER_MAILS] = "DELETE FROM order_mails WHERE game_id = ?1 AND turn > ?2",
    [S_CUT_GAME] = "UPDATE games SET turn = ?2, status = 'running', deadline_at = ?3, "
                   "early_due_at = NULL, one_round_turn = 0, "
                   "reminded_turn = MIN(reminded_turn, ?2 - 1) WHERE id = ?1",
    [S_TURN_RESOLVED_AT] = "SELECT resolved_at FROM turns WHERE game_id = ?1 AND turn = ?2",
    [S_TURN_CONTEXT] = "SELECT context FROM turns WHERE game_id = ?1 AND turn = ?2",
    [S_TURN_SET_CONTEXT] = "UPDATE turns SET context = ?3 WHERE game_id = ?1 AND turn = ?2",
    [S_SYNC_NORMAL] = "PRAGMA synchronous = NORMAL",
    [S_SYNC_FULL] = "PRAGMA synchronous = FULL",
    [S_INBOUND_CRASHED] = "UPDATE inbound SET failures = failures + 1 WHERE id = ?1",
    [S_INBOUND_EACH] = "SELECT id, received_at, status, attempts, failures, sender, subject, "
                       "outcome, source, held_until FROM inbound WHERE ?1 IS NULL OR status = ?1 "
                       "ORDER BY id",
    [S_INBOUND_RETRY] = "UPDATE inbound SET status = 'received', failures = 0, attempts = 0, "
                        "outcome = NULL, processed_at = NULL WHERE id = ?1 AND status = 'failed'",
    [S_INBOUND_STATUS] = "SELECT status FROM inbound WHERE id = ?1",
    [S_INBOUND_REDACT] = "UPDATE inbound SET raw = ?2 WHERE id = ?1",
    [S_INBOUND_ANSWERED_FROM] = "SELECT COUNT(*) FROM inbound WHERE sender = ?1 COLLATE NOCASE "
                                "AND processed_at > ?2 AND status = 'answered'",
    [S_INBOUND_ANSWERED_GAME] = "SELECT COUNT(*) FROM inbound i JOIN players p ON "
                                "i.player_id = p.id WHERE p.game_id = ?1 AND "
                                "i.processed_at > ?2 AND i.status = 'answered'",
    [S_OUTBOX_CLAIM] = "UPDATE outbox SET claimed_by = ?2 WHERE id = ?1 AND status = 'pending' "
                       "AND claimed_by IS NULL",
    [S_OUTBOX_RELEASE] = "UPDATE outbox SET claimed_by = NULL WHERE claimed_by IS NOT NULL",
    [S_AUTH_FAIL_ADD] = "INSERT INTO auth_failures (at, player, sender) VALUES (?1, ?2, ?3)",
    [S_AUTH_FAIL_PLAYER] = "SELECT COUNT(*) FROM auth_failures WHERE player = ?1 AND at > ?2",
    [S_AUTH_FAIL_SENDER] = "SELECT COUNT(*) FROM auth_failures WHERE sender = ?1 AND at > ?2",
    [S_AUTH_FAIL_NTH_PLAYER] = "SELECT at FROM auth_failures WHERE player = ?1 AND at > ?2 "
                               "ORDER BY at, id LIMIT 1 OFFSET ?3",
    [S_AUTH_FAIL_NTH_SENDER] = "SELECT at FROM auth_failures WHERE sender = ?1 AND at > ?2 "
                               "ORDER BY at, id LIMIT 1 OFFSET ?3",
    [S_INBOUND_HOLD] = "UPDATE inbound SET held_until = ?2, sender = ?3, subject = ?4, "
                       "outcome = ?5 WHERE id = ?1 AND status = 'received'",
    [S_GAME_FIND_THREAD] = "SELECT " GAME_COLUMNS " FROM games WHERE thread_id = ?1 OR id = "
                           "(SELECT game_id FROM players WHERE thread_id = ?1)",
    [S_PLAYER_THREAD] = "SELECT id, thread_id FROM players WHERE game_id = ?1 AND "
                        "address = ?2 COLLATE NOCASE ORDER BY seat LIMIT 1",
    [S_PLAYER_SET_THREAD] = "UPDATE players SET thread_id = ?2 WHERE id = ?1 AND thread_id IS NULL",
    [S_INBOUND_NEXT_HELD] = "SELECT MIN(held_until) FROM inbound WHERE status = 'received' AND "
                            "held_until IS NOT NULL",
};

struct store {
    sqlite3 *db;
    sqlite3_stmt *stmt[S_COUNT];
    char error[256]; /* the last failed statement's message (a later rollback keeps it) */
};

const char *store_errmsg(store *st)
{
    return st->error[0] ? st->error : sqlite3_errmsg(st->db);
}

/* Why the database failed, said plainly when the disk is full (SQLite may call that an I/O
 * error: its system errno tells). */
static void reason(sqlite3 *db, int rc, char *out, size_t len)
{
    bool full = (rc & 0xff) == SQLITE_FULL || (db && sqlite3_system_errno(db) == ENOSPC);
    snprintf(out, len, "%s%s%s", full ? "the disk is full (" : "",
             db ? sqlite3_errmsg(db) : "cannot open", full ? ")" : "");
}

/* Remembers why a statement failed: SQLite's own message is replaced by the next call's. */
static void note_error(store *st, int rc)
{
    reason(st->db, rc, st->error, sizeof st->error);
}

/* Returns the statement, reset and with its bindings cleared. */
static sqlite3_stmt *stmt(store *st, enum stmt_id id)
{
    sqlite3_stmt *s = st->stmt[id];
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    return s;
}

static void bind_text(sqlite3_stmt *s, int i, const char *v)
{
    if (v)
        sqlite3_bind_text(s, i, v, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(s, i);
}

static void bind_id(sqlite3_stmt *s, int i, int64_t v)
{
    if (v > 0)
        sqlite3_bind_int64(s, i, v);
    else
        sqlite3_bind_null(s, i);
}

static char *col_text(sqlite3_stmt *s, int i)
{
    const unsigned char *t = sqlite3_column_text(s, i);
    return t ? xstrdup((const char *)t) : NULL;
}

static char *col_blob(sqlite3_stmt *s, int i, size_t *len)
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
static int run(store *st, sqlite3_stmt *s)
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

static int64_t count_of(sqlite3_stmt *s)
{
    int64_t n = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int64(s, 0) : -1;
    sqlite3_reset(s);
    return n;
}

static int exec(store *st, const char *sql, buf *err)
{
    char *msg = NULL;
    int rc = sqlite3_exec(st->db, sql, NULL, NULL, &msg);
    if (rc == SQLITE_OK)
        return 0;
    note_error(st, rc);
    buf_printf(err, "%s", st->error);
    sqlite3_free(msg);
    return -1;
}

int store_schema_version(store *st)
{
    sqlite3_stmt *s;
    int v = -1;
    if (sqlite3_prepare_v2(st->db, "PRAGMA user_version", -1, &s, NULL) == SQLITE_OK) {
        if (sqlite3_step(s) == SQLITE_ROW)
            v = sqlite3_column_int(s, 0);
        sqlite3_finalize(s);
    }
    return v;
}

/* Applies the migrations newer than the database, each in its own transaction. */
static int migrate(store *st, buf *err)
{
    int have = store_schema_version(st);
    for (int i = 0; i < store_migration_count; i++) {
        const struct store_migration *m = &store_migrations[i];
        if (m->version <= have)
            continue;
        buf sql;
        buf_init(&sql);
        buf_printf(&sql, "BEGIN IMMEDIATE;\n%s\nPRAGMA user_version = %d;\nCOMMIT;", m->sql,
                   m->version);
        int rc = exec(st, sql.data, err);
        buf_free(&sql);
        if (rc) {
            exec(st, "ROLLBACK", err);
            buf_printf(err, " (in migration %s)", m->name);
            return -1;
        }
    }
    return 0;
}

static int prepare_all(store *st, buf *err)
{
    for (int i = 0; i < S_COUNT; i++)
        if (sqlite3_prepare_v3(st->db, stmt_sql[i], -1, SQLITE_PREPARE_PERSISTENT, &st->stmt[i],
                               NULL) != SQLITE_OK) {
            buf_printf(err, "preparing statement %d: %s", i, sqlite3_errmsg(st->db));
            return -1;
        }
    return 0;
}

/* The database holds every mail's text: only its owner may read it. A new file is created
 * 0600 (SQLite gives its -wal and -shm files the same mode); an existing one open to others is
 * closed to them. */
static int private_file(const char *path, buf *err)
{
    if (strcmp(path, ":memory:") == 0 || strncmp(path, "file:", 5) == 0)
        return 0;
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        buf_printf(err, "%s: %s", path, strerror(errno));
        return -1;
    }
    struct stat sb;
    if (fstat(fd, &sb) == 0 && (sb.st_mode & 077) && fchmod(fd, sb.st_mode & 0700) == 0)
        log_info("%s was readable by others: now by its owner only", path);
    close(fd);
    return 0;
}

/* Waiting for another connection's write: short, even sleeps up to 10 s. (SQLite's own wait
 * sleeps longer and longer, so a process that writes often, as the daemon answering a flood,
 * keeps the lock from one that writes now and then, as the sender.) */
static int busy_wait(void *unused, int count)
{
    (void)unused;
    enum { SLEEP_US = 250, MOST_US = 10 * 1000 * 1000 };
    if ((long)count * SLEEP_US >= MOST_US)
        return 0;
    struct timespec ts = {0, SLEEP_US * 1000L};
    nanosleep(&ts, NULL);
    return 1;
}

static int64_t pragma_int(store *st, const char *sql)
{
    sqlite3_stmt *s;
    int64_t v = -1;
    if (sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) == SQLITE_OK) {
        if (sqlite3_step(s) == SQLITE_ROW)
            v = sqlite3_column_int64(s, 0);
        sqlite3_finalize(s);
    }
    return v;
}

/* A database made before auto_vacuum was set (migration 013) is rebuilt once by VACUUM for it
 * to take effect: that takes a while and as much free disk again as the database. When it
 * cannot be done now (another connection reads, the disk is full), the next start tries. */
static void incremental_vacuum_on(store *st, const char *path)
{
    enum { INCREMENTAL = 2 };
    if (pragma_int(st, "PRAGMA auto_vacuum") == INCREMENTAL)
        return;
    log_info("%s: rebuilding the database once (VACUUM) for incremental vacuum", path);
    buf e;
    buf_init(&e);
    if (exec(st, "PRAGMA auto_vacuum = INCREMENTAL; VACUUM;", &e))
        log_warn("%s: cannot rebuild the database now (%s); the next start tries again", path,
                 e.data ? e.data : "");
    buf_free(&e);
}

store *store_open(const char *path, char **err)
{
    store *st = xcalloc(1, sizeof *st);
    buf e;
    buf_init(&e);
    if (private_file(path, &e))
        goto fail;
    int rc = sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    if (rc != SQLITE_OK) {
        note_error(st, rc);
        buf_printf(&e, "%s: %s", path, st->error);
        goto fail;
    }
    sqlite3_busy_handler(st->db, busy_wait, NULL);
    /* synchronous=FULL: a commit is on disk before we tell the mail server we have the mail.
     * auto_vacuum first: a new database is made with it (an old one ignores it here). */
    if (exec(st, "PRAGMA auto_vacuum = INCREMENTAL; PRAGMA journal_mode = WAL; "
                 "PRAGMA synchronous = FULL;", &e))
        goto fail;
    /* foreign keys on after the migrations: one may rebuild a table others refer to */
    if (migrate(st, &e) || exec(st, "PRAGMA foreign_keys = ON;", &e) || prepare_all(st, &e))
        goto fail;
    incremental_vacuum_on(st, path);
    buf_free(&e);
    return st;
fail:
    *err = buf_steal(&e);
    buf_free(&e);
    store_close(st);
    return NULL;
}

void store_close(store *st)
{
    if (!st)
        return;
    for (int i = 0; i < S_COUNT; i++)
        sqlite3_finalize(st->stmt[i]);
    sqlite3_close(st->db);
    free(st);
}

/* A transaction statement; its failure's reason kept (a later rollback does not replace it). */
static int exec_tx(store *st, const char *sql)
{
    int rc = sqlite3_exec(st->db, sql, NULL, NULL, NULL);
    if (rc == SQLITE_OK)
        return STORE_OK;
    note_error(st, rc);
    return STORE_ERROR;
}

int store_begin(store *st)
{
    st->error[0] = '\0';
    return exec_tx(st, "BEGIN IMMEDIATE");
}

int store_begin_read(store *st)
{
    return exec_tx(st, "BEGIN DEFERRED");
}

int store_commit(store *st)
{
    return exec_tx(st, "COMMIT");
}

void store_rollback(store *st)
{
    if (sqlite3_get_autocommit(st->db) == 0) /* (SQLite may have rolled back already) */
        sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
}

int store_begin_step(store *st)
{
    st->error[0] = '\0';
    return exec_tx(st, "SAVEPOINT step");
}

int store_keep_step(store *st)
{
    return exec_tx(st, "RELEASE step");
}

void store_undo_step(store *st)
{
    if (sqlite3_get_autocommit(st->db) == 0) /* (an error may have rolled back it all) */
        sqlite3_exec(st->db, "ROLLBACK TO step; RELEASE step", NULL, NULL, NULL);
}

/* ---- games and players ---- */

int store_game_create(store *st, const char *name, const char *title, int64_t *id)
{
    sqlite3_stmt *s = stmt(st, S_GAME_CREATE);
    bind_text(s, 1, name);
    bind_text(s, 2, title);
    sqlite3_bind_int64(s, 3, util_now());
    int rc = run(st, s);
    if (rc == STORE_OK && sqlite3_changes(st->db) == 0)
        return STORE_NOT_FOUND; /* no game still forming: its seating is fixed */
    if (rc == STORE_OK && id)
        *id = sqlite3_last_insert_rowid(st->db);
    return rc;
}

static void read_game(sqlite3_stmt *s, store_game *g)
{
    g->id = sqlite3_column_int64(s, 0);
    g->name = col_text(s, 1);
    g->title = col_text(s, 2);
    g->status = col_text(s, 3);
    g->turn = sqlite3_column_int(s, 4);
    g->options = col_text(s, 5);
    g->deadline_at = sqlite3_column_int64(s, 6);
    g->turn_hours = sqlite3_column_int(s, 7);
    g->remind_hours = sqlite3_column_int(s, 8);
    g->rounds_per_turn = sqlite3_column_int(s, 9);
    g->stop_after_formation = sqlite3_column_int(s, 10) != 0;
    g->one_round_turn = sqlite3_column_int(s, 11);
    g->grace_minutes = sqlite3_column_int(s, 13);
    g->early_due_at = sqlite3_column_int64(s, 14);
    g->reminded_turn = sqlite3_column_int(s, 12);
    g->gm_address = col_text(s, 15);
    g->gm_password_hash = col_text(s, 16);
    g->paused_at = sqlite3_column_int64(s, 17);
    g->review = sqlite3_column_int(s, 18) != 0;
    g->held = sqlite3_column_int(s, 19);
    g->thread_id = col_text(s, 20);
}

/* The one game a statement finds by one text key. */
static int game_by(store *st, int which, const char *key, store_game *out)
{
    sqlite3_stmt *s = stmt(st, which);
    bind_text(s, 1, key);
    int rc = sqlite3_step(s);
    if (rc == SQLITE_ROW)
        read_game(s, out);
    sqlite3_reset(s);
    return rc == SQLITE_ROW ? STORE_OK : rc == SQLITE_DONE ? STORE_NOT_FOUND : STORE_ERROR;
}

int store_game_find(store *st, const char *name, store_game *out)
{
    return game_by(st, S_GAME_FIND, name, out);
}

int store_game_find_thread(store *st, const char *message_id, store_game *out)
{
    return game_by(st, S_GAME_FIND_THREAD, message_id, out);
}

/* Calls fn for each game the statement (bound) yields. */
static int each_game(sqlite3_stmt *s, void (*fn)(const store_game *, void *), void *ctx)
{
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        store_game g;
        read_game(s, &g);
        fn(&g, ctx);
        store_game_clear(&g);
    }
    sqlite3_reset(s);
    return rc == SQLITE_DONE ? STORE_OK : STORE_ERROR;
}

int store_game_each(store *st, void (*fn)(const store_game *, void *), void *ctx)
{
    return each_game(stmt(st, S_GAME_EACH), fn, ctx);
}

int store_game_each_due(store *st, int64_t now, void (*fn)(const store_game *, void *),
                        void *ctx)
{
    sqlite3_stmt *s = stmt(st, S_GAME_EACH_DUE);
    sqlite3_bind_int64(s, 1, now);
    return each_game(s, fn, ctx);
}

void store_game_clear(store_game *g)
{
    free(g->name);
    free(g->title);
    free(g->status);
    free(g->options);
    free(g->gm_address);
    free(g->gm_password_hash);
    free(g->thread_id);
    memset(g, 0, sizeof *g);
}

int store_player_add(store *st, int64_t game_id, const char *name, const char *address,
                     const char *password_hash, int64_t *id)
{
    sqlite3_stmt *s = stmt(st, S_PLAYER_ADD);
    sqlite3_bind_int64(s, 1, game_id);
    bind_text(s, 2, name);
    bind_text(s, 3, address);
    bind_text(s, 4, password_hash);
    sqlite3_bind_int64(s, 5, util_now());
    int rc = run(st, s);
    if (rc == STORE_OK && sqlite3_changes(st->db) == 0)
        return STORE_NOT_FOUND; /* no game still forming: its seating is fixed */
    if (rc == STORE_OK && id)
        *id = sqlite3_last_insert_rowid(st->db);
    return rc;
}

static void read_player(sqlite3_stmt *s, store_player *p)
{
    p->id = sqlite3_column_int64(s, 0);
    p->game_id = sqlite3_column_int64(s, 1);
    p->seat = sqlite3_column_int(s, 2);
    p->name = col_text(s, 3);
    p->address = col_text(s, 4);
    p->password_hash = col_text(s, 5);
    p->nmr_count = sqlite3_column_int(s, 6);
    p->seat_open = sqlite3_column_int(s, 7) != 0;
    p->pictures = sqlite3_column_int(s, 8) != 0;
}

int store_player_find(store *st, int64_t game_id, const char *name, store_player *out)
{
    sqlite3_stmt *s = stmt(st, S_PLAYER_FIND);
    sqlite3_bind_int64(s, 1, game_id);
    bind_text(s, 2, name);
    int rc = sqlite3_step(s);
    if (rc == SQLITE_ROW)
        read_player(s, out);
    sqlite3_reset(s);
    return rc == SQLITE_ROW ? STORE_OK : rc == SQLITE_DONE ? STORE_NOT_FOUND : STORE_ERROR;
}

int store_player_each(store *st, int64_t game_id, void (*fn)(const store_player *, void *),
                      void *ctx)
{
    sqlite3_stmt *s = stmt(st, S_PLAYER_EACH);
    sqlite3_bind_int64(s, 1, game_id);
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        store_player p;
        read_player(s, &p);
        fn(&p, ctx);
        store_player_clear(&p);
    }
    sqlite3_reset(s);
    return rc == SQLITE_DONE ? STORE_OK : STORE_ERROR;
}

void store_player_clear(store_player *p)
{
    free(p->name);
    free(p->address);
    if (p->password_hash)
        explicit_bzero(p->password_hash, strlen(p->password_hash));
    free(p->password_hash);
    memset(p, 0, sizeof *p);
}

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

int store_game_start(store *st, int64_t game_id, const char *options)
{
    sqlite3_stmt *s = stmt(st, S_GAME_START);
    sqlite3_bind_int64(s, 1, game_id);
    bind_text(s, 2, options);
    int rc = run(st, s);
    return rc == STORE_OK && sqlite3_changes(st->db) == 0 ? STORE_NOT_FOUND : rc;
}

/* ---- the action log ---- */

int store_action_append(store *st, int64_t game_id, int turn, const char *json)
{
    sqlite3_stmt *s = stmt(st, S_ACTION_ADD);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int(s, 2, turn);
    bind_text(s, 3, json);
    sqlite3_bind_int64(s, 4, util_now());
    return run(st, s);
}

int store_action_each(store *st, int64_t game_id,
                      int (*fn)(int64_t seq, int turn, const char *json, void *), void *ctx)
{
    return store_action_each_from(st, game_id, 1, fn, ctx);
}

int store_action_log_cuts(store *st, int64_t game_id, int64_t *cuts)
{
    sqlite3_stmt *s = stmt(st, S_ACTION_LOG_CUTS);
    sqlite3_bind_int64(s, 1, game_id);
    int rc = sqlite3_step(s);
    if (rc == SQLITE_ROW)
        *cuts = sqlite3_column_int64(s, 0);
    sqlite3_reset(s);
    return rc == SQLITE_ROW ? STORE_OK : rc == SQLITE_DONE ? STORE_NOT_FOUND : STORE_ERROR;
}

int store_action_each_from(store *st, int64_t game_id, int64_t from,
                           int (*fn)(int64_t seq, int turn, const char *json, void *), void *ctx)
{
    sqlite3_stmt *s = stmt(st, S_ACTION_EACH);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int64(s, 2, from);
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(s)) == SQLITE_ROW)
        stop = fn(sqlite3_column_int64(s, 0), sqlite3_column_int(s, 1),
                  (const char *)sqlite3_column_text(s, 2), ctx);
    sqlite3_reset(s);
    return stop ? stop : rc == SQLITE_DONE ? STORE_OK : STORE_ERROR;
}

/* ---- orders ---- */

int store_orders_replace(store *st, int64_t game_id, int64_t player_id, int turn,
                         const char *section, const char *const *texts,
                         const char *const *jsons, int n, int64_t inbound_id)
{
    sqlite3_stmt *s = stmt(st, S_ORDERS_DROP_SECTION);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int64(s, 2, player_id);
    sqlite3_bind_int(s, 3, turn);
    bind_text(s, 4, section);
    int rc = run(st, s);
    for (int i = 0; i < n && rc == STORE_OK; i++) {
        s = stmt(st, S_ORDER_ADD);
        sqlite3_bind_int64(s, 1, game_id);
        sqlite3_bind_int64(s, 2, player_id);
        sqlite3_bind_int(s, 3, turn);
        bind_text(s, 4, section);
        sqlite3_bind_int(s, 5, i + 1);
        bind_text(s, 6, texts[i]);
        bind_id(s, 7, inbound_id);
        bind_text(s, 8, jsons ? jsons[i] : NULL);
        rc = run(st, s);
    }
    return rc;
}

int store_orders_each(store *st, int64_t game_id, int64_t player_id, int turn,
                      store_order_fn fn, void *ctx)
{
    sqlite3_stmt *s = stmt(st, S_ORDER_EACH);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int64(s, 2, player_id);
    sqlite3_bind_int(s, 3, turn);
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        store_order o = {turn, (const char *)sqlite3_column_text(s, 0),
                         (const char *)sqlite3_column_text(s, 1),
                         (const char *)sqlite3_column_text(s, 2), sqlite3_column_int64(s, 3)};
        fn(&o, ctx);
    }
    sqlite3_reset(s);
    return rc == SQLITE_DONE ? STORE_OK : STORE_ERROR;
}

int store_order_section_seats(store *st, int64_t game_id, int turn, const char *section,
                              uint64_t *seats)
{
    sqlite3_stmt *s = stmt(st, S_ORDER_SECTION_SEATS);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int(s, 2, turn);
    bind_text(s, 3, section);
    *seats = 0;
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        int seat = sqlite3_column_int(s, 0);
        if (seat >= 1 && seat <= 64)
            *seats |= (uint64_t)1 << (seat - 1);
    }
    sqlite3_reset(s);
    return rc == SQLITE_DONE ? STORE_OK : STORE_ERROR;
}

int store_orders_count(store *st, int64_t game_id, int64_t player_id, int turn)
{
    sqlite3_stmt *s = stmt(st, S_ORDER_COUNT);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int64(s, 2, player_id);
    sqlite3_bind_int(s, 3, turn);
    return (int)count_of(s);
}

int store_orders_each_before(store *st, int64_t game_id, int64_t player_id, int turn,
                             store_order_fn fn, void *ctx)
{
    sqlite3_stmt *s = stmt(st, S_ORDER_EACH_BEFORE);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int64(s, 2, player_id);
    sqlite3_bind_int(s, 3, turn);
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        store_order o = {sqlite3_column_int(s, 0), (const char *)sqlite3_column_text(s, 1),
                         (const char *)sqlite3_column_text(s, 2),
                         (const char *)sqlite3_column_text(s, 3), 0};
        fn(&o, ctx);
    }
    sqlite3_reset(s);
    return rc == SQLITE_DONE ? STORE_OK : STORE_ERROR;
}

int store_order_mail_add(store *st, int64_t game_id, int64_t player_id, int turn,
                         int64_t inbound_id)
{
    sqlite3_stmt *s = stmt(st, S_ORDER_MAIL_ADD);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int64(s, 2, player_id);
    sqlite3_bind_int(s, 3, turn);
    bind_id(s, 4, inbound_id);
    sqlite3_bind_int64(s, 5, util_now());
    return run(st, s);
}

int store_order_mail_last(store *st, int64_t game_id, int64_t player_id, int turn,
                          int64_t *at)
{
    sqlite3_stmt *s = stmt(st, S_ORDER_MAIL_LAST);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int64(s, 2, player_id);
    sqlite3_bind_int(s, 3, turn);
    int rc = sqlite3_step(s);
    bool found = rc == SQLITE_ROW && sqlite3_column_type(s, 0) != SQLITE_NULL;
    *at = found ? sqlite3_column_int64(s, 0) : 0;
    sqlite3_reset(s);
    if (rc != SQLITE_ROW)
        return STORE_ERROR;
    return found ? STORE_OK : STORE_NOT_FOUND;
}

/* ---- turns ---- */

static int update_game(store *st, int which, int64_t game_id, int64_t value)
{
    sqlite3_stmt *s = stmt(st, which);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int64(s, 2, value);
    int rc = run(st, s);
    return rc == STORE_OK && sqlite3_changes(st->db) == 0 ? STORE_NOT_FOUND : rc;
}

int store_game_set_early_due(store *st, int64_t game_id, int64_t at)
{
    sqlite3_stmt *s = stmt(st, S_GAME_EARLY_DUE);
    sqlite3_bind_int64(s, 1, game_id);
    bind_id(s, 2, at);
    return run(st, s);
}

int store_game_set_pace(store *st, int64_t game_id, const store_game *pace)
{
    sqlite3_stmt *s = stmt(st, S_GAME_PACE);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int(s, 2, pace->turn_hours);
    sqlite3_bind_int(s, 3, pace->remind_hours);
    sqlite3_bind_int(s, 4, pace->rounds_per_turn);
    sqlite3_bind_int(s, 5, pace->stop_after_formation);
    sqlite3_bind_int(s, 6, pace->grace_minutes);
    int rc = run(st, s);
    return rc == STORE_OK && sqlite3_changes(st->db) == 0 ? STORE_NOT_FOUND : rc;
}

int store_game_set_one_round(store *st, int64_t game_id, int turn)
{
    return update_game(st, S_GAME_ONE_ROUND, game_id, turn);
}

int store_game_set_deadline(store *st, int64_t game_id, int64_t deadline_at)
{
    return update_game(st, S_GAME_DEADLINE, game_id, deadline_at);
}

int store_game_set_reminded(store *st, int64_t game_id, int turn)
{
    return update_game(st, S_GAME_REMINDED, game_id, turn);
}

int store_game_next_turn(store *st, int64_t game_id, int64_t deadline_at)
{
    return update_game(st, S_GAME_NEXT_TURN, game_id, deadline_at);
}

int store_game_over(store *st, int64_t game_id)
{
    sqlite3_stmt *s = stmt(st, S_GAME_OVER);
    sqlite3_bind_int64(s, 1, game_id);
    return run(st, s);
}

int store_turn_add(store *st, int64_t game_id, int turn, int rounds, const char *report,
                   const char *context)
{
    sqlite3_stmt *s = stmt(st, S_TURN_ADD);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int(s, 2, turn);
    sqlite3_bind_int64(s, 3, util_now());
    sqlite3_bind_int(s, 4, rounds);
    bind_text(s, 5, report);
    bind_text(s, 6, context);
    return run(st, s);
}

/* One text of a resolved turn (its report, its context), by the statement that reads it. */
static int turn_text(store *st, int which, int64_t game_id, int turn, char **out)
{
    sqlite3_stmt *s = stmt(st, which);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int(s, 2, turn);
    int rc = sqlite3_step(s);
    *out = rc == SQLITE_ROW ? col_text(s, 0) : NULL;
    sqlite3_reset(s);
    return rc == SQLITE_ROW ? STORE_OK : rc == SQLITE_DONE ? STORE_NOT_FOUND : STORE_ERROR;
}

int store_turn_context(store *st, int64_t game_id, int turn, char **context)
{
    return turn_text(st, S_TURN_CONTEXT, game_id, turn, context);
}

int store_turn_set_context(store *st, int64_t game_id, int turn, const char *context)
{
    sqlite3_stmt *s = stmt(st, S_TURN_SET_CONTEXT);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int(s, 2, turn);
    bind_text(s, 3, context);
    return run(st, s);
}

int store_turn_report(store *st, int64_t game_id, int turn, char **report)
{
    return turn_text(st, S_TURN_REPORT, game_id, turn, report);
}

int store_player_set_nmr(store *st, int64_t player_id, int nmr_count, bool seat_open)
{
    sqlite3_stmt *s = stmt(st, S_PLAYER_NMR);
    sqlite3_bind_int64(s, 1, player_id);
    sqlite3_bind_int(s, 2, nmr_count);
    sqlite3_bind_int(s, 3, seat_open);
    return run(st, s);
}

int store_seat_change_count(store *st, int64_t game_id, int seat)
{
    sqlite3_stmt *s = stmt(st, S_SEAT_CHANGE_COUNT);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int(s, 2, seat);
    return (int)count_of(s);
}

/* The seat's change is recorded (who left, who came, in which turn), then the row renamed; a
 * refused rename takes the record back. */
int store_player_replace(store *st, int64_t player_id, const char *name, const char *address,
                         const char *password_hash)
{
    sqlite3_stmt *s = stmt(st, S_SEAT_CHANGE_ADD);
    sqlite3_bind_int64(s, 1, player_id);
    bind_text(s, 2, name);
    bind_text(s, 3, address);
    sqlite3_bind_int64(s, 4, util_now());
    int rc = run(st, s);
    if (rc != STORE_OK)
        return rc;
    int64_t change = sqlite3_last_insert_rowid(st->db);
    s = stmt(st, S_PLAYER_REPLACE);
    sqlite3_bind_int64(s, 1, player_id);
    bind_text(s, 2, name);
    bind_text(s, 3, address);
    bind_text(s, 4, password_hash);
    rc = run(st, s);
    if (rc != STORE_OK) {
        s = stmt(st, S_SEAT_CHANGE_UNDO);
        sqlite3_bind_int64(s, 1, change);
        run(st, s);
    }
    return rc;
}

int64_t store_game_next_time(store *st)
{
    return count_of(stmt(st, S_GAME_NEXT_TIME));
}

bool store_audit_has(store *st, const char *action, int64_t game_id, const char *detail)
{
    sqlite3_stmt *s = stmt(st, S_AUDIT_FIND);
    bind_text(s, 1, action);
    sqlite3_bind_int64(s, 2, game_id);
    bind_text(s, 3, detail);
    return count_of(s) > 0;
}

/* ---- the GM's desk ---- */

int store_game_set_gm(store *st, int64_t game_id, const char *address, const char *password_hash)
{
    sqlite3_stmt *s = stmt(st, S_GAME_SET_GM);
    sqlite3_bind_int64(s, 1, game_id);
    bind_text(s, 2, address);
    bind_text(s, 3, password_hash);
    return run(st, s);
}

int store_game_set_paused(store *st, int64_t game_id, int64_t paused_at)
{
    sqlite3_stmt *s = stmt(st, S_GAME_SET_PAUSED);
    sqlite3_bind_int64(s, 1, game_id);
    bind_id(s, 2, paused_at);
    return run(st, s);
}

int store_game_set_review(store *st, int64_t game_id, bool review)
{
    sqlite3_stmt *s = stmt(st, S_GAME_SET_REVIEW);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int(s, 2, review);
    return run(st, s);
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

int store_game_set_thread(store *st, int64_t game_id, const char *message_id)
{
    sqlite3_stmt *s = stmt(st, S_GAME_SET_THREAD);
    sqlite3_bind_int64(s, 1, game_id);
    bind_text(s, 2, message_id);
    return run(st, s);
}

int store_game_stamp(store *st, int64_t game_id, char **stamp)
{
    sqlite3_stmt *s = stmt(st, S_GAME_STAMP);
    sqlite3_bind_int64(s, 1, game_id);
    int rc = sqlite3_step(s);
    *stamp = rc == SQLITE_ROW ? col_text(s, 0) : NULL;
    sqlite3_reset(s);
    return rc == SQLITE_ROW && *stamp ? STORE_OK : STORE_ERROR;
}

int store_player_thread(store *st, int64_t game_id, const char *address, int64_t *player_id,
                        char **message_id)
{
    sqlite3_stmt *s = stmt(st, S_PLAYER_THREAD);
    sqlite3_bind_int64(s, 1, game_id);
    bind_text(s, 2, address);
    int rc = sqlite3_step(s);
    *player_id = rc == SQLITE_ROW ? sqlite3_column_int64(s, 0) : 0;
    *message_id = rc == SQLITE_ROW ? col_text(s, 1) : NULL;
    sqlite3_reset(s);
    return rc == SQLITE_ROW ? STORE_OK : rc == SQLITE_DONE ? STORE_NOT_FOUND : STORE_ERROR;
}

int store_player_set_thread(store *st, int64_t player_id, const char *message_id)
{
    sqlite3_stmt *s = stmt(st, S_PLAYER_SET_THREAD);
    sqlite3_bind_int64(s, 1, player_id);
    bind_text(s, 2, message_id);
    return run(st, s);
}

int store_game_thread(store *st, int64_t game_id, char **message_id)
{
    sqlite3_stmt *s = stmt(st, S_GAME_THREAD);
    sqlite3_bind_int64(s, 1, game_id);
    int rc = sqlite3_step(s);
    *message_id = rc == SQLITE_ROW ? col_text(s, 0) : NULL;
    sqlite3_reset(s);
    return rc == SQLITE_ROW ? STORE_OK : rc == SQLITE_DONE ? STORE_NOT_FOUND : STORE_ERROR;
}

int store_player_set_pictures(store *st, int64_t player_id, bool pictures)
{
    sqlite3_stmt *s = stmt(st, S_PLAYER_SET_PICTURES);
    sqlite3_bind_int64(s, 1, player_id);
    sqlite3_bind_int(s, 2, pictures);
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

int store_game_cut(store *st, int64_t game_id, int turn, int64_t deadline_at)
{
    static const enum stmt_id cuts[] = {S_CUT_ACTIONS, S_CUT_TURNS, S_CUT_ORDERS,
                                        S_CUT_ORDER_MAILS, S_HELD_DROP};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        sqlite3_stmt *s = stmt(st, cuts[i]);
        sqlite3_bind_int64(s, 1, game_id);
        if (cuts[i] != S_HELD_DROP)
            sqlite3_bind_int(s, 2, turn);
        if (run(st, s) != STORE_OK)
            return STORE_ERROR;
    }
    sqlite3_stmt *s = stmt(st, S_CUT_GAME);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int(s, 2, turn);
    bind_id(s, 3, deadline_at);
    return run(st, s);
}

int store_turn_resolved_at(store *st, int64_t game_id, int turn, int64_t *at)
{
    sqlite3_stmt *s = stmt(st, S_TURN_RESOLVED_AT);
    sqlite3_bind_int64(s, 1, game_id);
    sqlite3_bind_int(s, 2, turn);
    int rc = sqlite3_step(s);
    if (rc == SQLITE_ROW)
        *at = sqlite3_column_int64(s, 0);
    sqlite3_reset(s);
    return rc == SQLITE_ROW ? STORE_OK : rc == SQLITE_DONE ? STORE_NOT_FOUND : STORE_ERROR;
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

int64_t store_reclaim(store *st, int pages)
{
    if (pragma_int(st, "PRAGMA freelist_count") == 0)
        return 0; /* (nothing to give back: no write) */
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA incremental_vacuum(%d)", pages > 0 ? pages : 0);
    sqlite3_stmt *s;
    int rc = sqlite3_prepare_v2(st->db, sql, -1, &s, NULL);
    if (rc == SQLITE_OK) {
        while ((rc = sqlite3_step(s)) == SQLITE_ROW)
            ;
        sqlite3_finalize(s);
    }
    if (rc != SQLITE_DONE && rc != SQLITE_OK) {
        note_error(st, rc);
        return -1;
    }
    return pragma_int(st, "PRAGMA freelist_count");
}

int store_checkpoint(store *st)
{
    int rc = sqlite3_wal_checkpoint_v2(st->db, NULL, SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
    if (rc == SQLITE_OK)
        return STORE_OK;
    note_error(st, rc);
    return STORE_ERROR;
}

int store_size(store *st, int64_t *used, int64_t *free_bytes)
{
    int64_t pages = pragma_int(st, "PRAGMA page_count");
    int64_t freel = pragma_int(st, "PRAGMA freelist_count");
    int64_t size = pragma_int(st, "PRAGMA page_size");
    if (pages < 0 || freel < 0 || size < 0)
        return STORE_ERROR;
    *used = (pages - freel) * size;
    *free_bytes = freel * size;
    return STORE_OK;
}

int store_backup(store *st, const char *path, char **err)
{
    /* the file is made here, exclusively: an existing one (another database, a backup of
     * yesterday) is never written over */
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        *err = errno == EEXIST ? str_format("%s exists: not overwritten (remove it, or name "
                                            "another file)", path)
                               : str_format("%s: %s", path, strerror(errno));
        return -1;
    }
    close(fd);
    sqlite3 *to = NULL;
    int rc = sqlite3_open_v2(path, &to, SQLITE_OPEN_READWRITE, NULL);
    sqlite3_backup *b = rc == SQLITE_OK ? sqlite3_backup_init(to, "main", st->db, "main") : NULL;
    if (b) {
        /* all of it in one step: the copy is one snapshot (a step at a time would start again
         * whenever another connection writes) */
        while ((rc = sqlite3_backup_step(b, -1)) == SQLITE_BUSY || rc == SQLITE_LOCKED)
            sqlite3_sleep(50);
        sqlite3_backup_finish(b);
    }
    if (rc == SQLITE_DONE)
        rc = sqlite3_exec(to, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);
    else if (rc == SQLITE_OK)
        rc = sqlite3_errcode(to);
    if (rc != SQLITE_OK) {
        char why[256];
        reason(to, rc, why, sizeof why);
        *err = str_format("%s: %s", path, why);
    }
    sqlite3_close(to);
    if (rc != SQLITE_OK)
        unlink(path);
    return rc == SQLITE_OK ? 0 : -1;
}
