/* store: the SQLite database — games, players, inbound mail, the outbox, the audit log.
 * The only place SQL lives: every statement is in the table below, prepared once. This file
 * opens, migrates, and closes the database, runs its transactions and keeps it small on disk;
 * the statements' callers are grouped by table: store_games.c (games, players, seats),
 * store_turns.c (the action log, orders, turns), store_mail.c (inbound mail, wrong passwords,
 * the outbox, held mail), store_audit.c (the audit log, trimming kept mail). */
#include "store/store_internal.h"
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

#define GAME_COLUMNS "id, name, title, status, turn, options, deadline_at, turn_hours, " \
                     "remind_hours, rounds_per_turn, stop_after_formation, one_round_turn, " \
                     "reminded_turn, grace_minutes, early_due_at, gm_address, gm_password_hash, " \
                     "paused_at, review, " \
                     "(SELECT COUNT(*) FROM held_mail h WHERE h.game_id = games.id), thread_id, " \
                     "imported_from"
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
    [S_GAME_SET_IMPORTED] = "UPDATE games SET options = ?2, imported_from = ?3 WHERE id = ?1 "
                            "AND status = 'forming'",
    [S_PLAYER_SET_ADDRESS] = "UPDATE players SET address = ?2, password_hash = COALESCE(?3, "
                             "password_hash), thread_id = NULL WHERE id = ?1",
    [S_INBOUND_NEXT_HELD] = "SELECT MIN(held_until) FROM inbound WHERE status = 'received' AND "
                            "held_until IS NOT NULL",
};

const char *store_errmsg(store *st)
{
    return st->error[0] ? st->error : sqlite3_errmsg(st->db);
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
