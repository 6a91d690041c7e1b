/* store_turns: a game's play — its action log, the players' orders and the mails that brought
 * them, the turns resolved (their reports and contexts), and a game cut back to a turn. */
#include "store/store_internal.h"
#include "util/util.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
