/* store_games: the games, their players and seats (the games, players and seat_changes
 * tables): created, found, listed, their settings and threads, a seat given to another. */
#include "store/store_internal.h"
#include "util/util.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    g->imported_from = col_text(s, 21);
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
    free(g->imported_from);
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

int store_game_start(store *st, int64_t game_id, const char *options)
{
    sqlite3_stmt *s = stmt(st, S_GAME_START);
    sqlite3_bind_int64(s, 1, game_id);
    bind_text(s, 2, options);
    int rc = run(st, s);
    return rc == STORE_OK && sqlite3_changes(st->db) == 0 ? STORE_NOT_FOUND : rc;
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

/* An UPDATE of one row by its id (?1) with two texts (?2, ?3): STORE_NOT_FOUND when it changed
 * none. */
static int update_texts(store *st, int which, int64_t id, const char *a, const char *b)
{
    sqlite3_stmt *s = stmt(st, which);
    sqlite3_bind_int64(s, 1, id);
    bind_text(s, 2, a);
    bind_text(s, 3, b);
    int rc = run(st, s);
    return rc == STORE_OK && sqlite3_changes(st->db) == 0 ? STORE_NOT_FOUND : rc;
}

int store_game_set_imported(store *st, int64_t game_id, const char *options, const char *from)
{
    return update_texts(st, S_GAME_SET_IMPORTED, game_id, options, from);
}

int store_player_set_address(store *st, int64_t player_id, const char *address,
                             const char *password_hash)
{
    return update_texts(st, S_PLAYER_SET_ADDRESS, player_id, address, password_hash);
}
