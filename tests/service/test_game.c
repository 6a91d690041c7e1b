/* Tests for src/service/game.c (issue 15): a game rebuilt from the states the process keeps is
 * the game a whole replay rebuilds — after new turns, after a rollback and a different turn in
 * its place, after a player is replaced — and the worth history goes with it. */
#include "mail_fixture.h"
#include "report/state.h"
#include "util/buf.h"

#include <sqlite3.h>

/* The game as text: the report's state, every tile on the board, the worth history. */
static char *fingerprint_of(struct fixture *f, bool kept)
{
    if (!kept)
        svc_games_forget();
    store_game g = game(f);
    svc_game dg;
    svc_result loaded = svc_game_load(f->st, &g, &dg);
    if (loaded.kind != SVC_OK)
        fail_msg("load: %s", loaded.text);
    cJSON *state = rep_state_json(dg.g);
    char *json = cJSON_PrintUnformatted(state);
    buf b;
    buf_init(&b);
    buf_printf(&b, "%s\nturn %d round %d phase %d current %d\n", json, g.turn, dg.g->round,
               dg.g->phase, dg.g->current);
    for (int h = 0; h < dg.t->nhexes; h++)
        if (dg.g->board->tile[h] >= 0)
            buf_printf(&b, "%s:%d/%d ", dg.t->hexes[h].id, dg.g->board->tile[h],
                       dg.g->board->rot[h]);
    for (int k = 0; k < dg.nworth; k++)
        for (int p = 0; p < dg.nplayers; p++)
            buf_printf(&b, "%d%c", dg.worth[k][p], p + 1 < dg.nplayers ? ',' : ';');
    free(json);
    cJSON_Delete(state);
    svc_game_unload(&dg);
    store_game_clear(&g);
    return buf_steal(&b);
}

static void same_either_way(struct fixture *f, const char *when)
{
    char *kept = fingerprint_of(f, true), *whole = fingerprint_of(f, false);
    if (strcmp(kept, whole) != 0)
        fail_msg("%s: the kept state differs from the replay:\n%s\n---\n%s", when, kept, whole);
    char *again = fingerprint_of(f, true); /* from the state kept by the whole replay */
    assert_string_equal(again, whole);
    free(kept);
    free(whole);
    free(again);
}

static void resolve(struct fixture *f)
{
    store_game g = game(f);
    assert_int_equal(store_begin(f->st), STORE_OK);
    svc_result r = svc_resolve_turn(&f->c, f->st, &g);
    if (r.kind != SVC_OK)
        fail_msg("resolve: %s", r.text);
    assert_int_equal(store_commit(f->st), STORE_OK);
    store_game_clear(&g);
}

/* A GM command that must be carried out. */
static void gm_does(struct fixture *f, const char *line, const char *reason)
{
    char *told = NULL;
    if (desk(f, line, reason, NULL, &told) != 0)
        fail_msg("%s: %s", line, told);
    free(told);
}

static void test_a_kept_state_is_the_replayed_state(void **state)
{
    struct fixture *f = *state;
    same_either_way(f, "at the start");
    for (int t = 1; t <= 4; t++) {
        resolve(f);
        same_either_way(f, "after a turn");
    }
    char *before = fingerprint_of(f, true);
    gm_does(f, "ROLLBACK 3", "a wrong ruling");
    same_either_way(f, "after the rollback");
    char *rolled = fingerprint_of(f, true);
    if (strcmp(before, rolled) == 0)
        fail_msg("the rollback changed nothing:\n%s", rolled);
    resolve(f); /* turn 3 again, the same number of actions or not: the log is checked */
    same_either_way(f, "after the turn played again");
    gm_does(f, "REPLACE alice dora dora@pbem.test", "alice left");
    same_either_way(f, "after a replacement");
    resolve(f);
    same_either_way(f, "after a turn with the new player");
    free(before);
    free(rolled);
}

/* The log changed by hand (one row, by `sql`) behind the state this process keeps: the state
 * kept is not used, and the whole replay agrees with the kept one after. */
static void log_changed_behind(struct fixture *f, const char *sql)
{
    char *kept = fingerprint_of(f, true);
    char *err = NULL;
    sqlite3 *db;
    assert_int_equal(sqlite3_open(f->c.database, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, &err), SQLITE_OK);
    assert_int_equal(sqlite3_changes(db), 1);
    sqlite3_close(db);
    char *now = fingerprint_of(f, true);
    if (strcmp(kept, now) == 0)
        fail_msg("the state kept was used for a changed log (%s):\n%s", sql, now);
    same_either_way(f, "after the change");
    free(kept);
    free(now);
}

/* Another process (the command line beside the daemon) may change the log behind a state this
 * process keeps, keeping its length: the last action's fingerprint sees it, and the log is
 * replayed whole. */
static void test_a_log_changed_behind_the_kept_state(void **state)
{
    struct fixture *f = *state;
    resolve(f);
    gm_does(f, "ADJUST CASH alice +10", "a payment missed");
    log_changed_behind(f, "UPDATE actions SET json = replace(json, '10', '25') "
                          "WHERE seq = (SELECT MAX(seq) FROM actions)");
}

/* The same behind the state kept, but an earlier action: the last action, and the length, are
 * as they were; the store's count of the log's changes other than appends sees it. */
static void test_an_earlier_action_changed_behind_the_kept_state(void **state)
{
    struct fixture *f = *state;
    gm_does(f, "ADJUST CASH alice +10", "a payment missed");
    resolve(f);
    log_changed_behind(f, "UPDATE actions SET json = replace(json, '10', '25') "
                          "WHERE json LIKE '%adjust%'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_a_kept_state_is_the_replayed_state, setup_started,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_log_changed_behind_the_kept_state, setup_started,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_an_earlier_action_changed_behind_the_kept_state,
                                        setup_started, teardown),
    };
    return cmocka_run_group_tests_name("game", tests, NULL, NULL);
}
