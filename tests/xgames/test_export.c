/* Tests for the export of a game as an 18xx.games file (src/xgames/export*.c): the ids
 * 18xx.games gives shares (the director's certificate 0; a presidency changing hands swaps the
 * new president's first shares for it; a partial sale of the director's certificate), tiles
 * (a copy taken off the map goes to the end of the box), trains (the bank's copies in order,
 * a rust) and cities (a printed hex's, a tile drawn otherwise there); rotations; a short game's
 * file (the auction as bids, pars at their market spaces, the private's share); a title without
 * 18xx.games and a GM's correction refused; the warning of rules other than 18xx.games'. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "util/util.h"
#include "xgames/export_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[] = {"Ann", "Bob", "Cy", "Dee"};

static char *read_games_file(const char *name, void *ctx)
{
    (void)ctx;
    char path[256];
    snprintf(path, sizeof path, "config/games/%s.json", name);
    return util_read_file(path, NULL);
}

/* 1830 without its "18xx.games" section. */
static char *read_without_section(const char *name, void *ctx)
{
    char *text = read_games_file(name, ctx);
    cJSON *o = text ? cJSON_Parse(text) : NULL;
    free(text);
    cJSON_DeleteItemFromObject(o, "18xx.games");
    char *out = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    return out;
}

/* A writer on a new 1830 game of four, its ids followed from the start. */
static xg_writer *new_writer(void)
{
    char *err = NULL, why[256];
    eng_title *t = eng_title_load("1830", read_games_file, NULL, &err);
    assert_non_null(t);
    eng_options o;
    eng_options_default(t, &o);
    xg_writer *x = xcalloc(1, sizeof *x);
    x->t = t;
    x->g = eng_game_new(t, &o, names, 4, why, sizeof why);
    assert_non_null(x->g);
    x->before = x->g;
    assert_int_equal(xg_ids_init(x), 0);
    return x;
}

static void free_writer(xg_writer *x)
{
    xg_ids_free(x);
    eng_game_free(x->g);
    eng_title_free((eng_title *)x->t);
    free(x);
}

static int company(const xg_writer *x, const char *id)
{
    int c = eng_company_index(x->t, id);
    assert_true(c >= 0);
    return c;
}

/* The holder's shares as "i,j,k". */
static const char *holding(const xg_writer *x, int c, int holder)
{
    static char out[64];
    out[0] = 0;
    const xg_shares *s = &x->shares[c];
    for (int i = 0; i < s->n[holder]; i++) {
        size_t at = strlen(out);
        snprintf(out + at, sizeof out - at, "%s%d", i ? "," : "", s->list[holder][i]);
    }
    return out;
}

static void buy(xg_writer *x, int c, int player)
{
    int share = xg_share_to_buy(x, c, XG_IPO, false);
    assert_true(share > 0);
    xg_shares_buy(x, c, player, XG_IPO, share);
}

static void test_shares_and_presidency(void **state)
{
    (void)state;
    xg_writer *x = new_writer();
    int prr = company(x, "PRR");
    assert_int_equal(xg_share_to_buy(x, prr, XG_IPO, true), 0);
    xg_shares_buy(x, prr, 0, XG_IPO, 0); /* Ann starts it */
    buy(x, prr, 0);                      /* PRR_1 */
    for (int k = 0; k < 3; k++)
        buy(x, prr, 1);                  /* Bob: 2, 3, 4: 30%, as much as Ann */
    assert_string_equal(holding(x, prr, 0), "0,1");
    buy(x, prr, 1);                      /* 5: Bob 40% — his first two shares go to Ann */
    assert_string_equal(holding(x, prr, 0), "1,2,3");
    assert_string_equal(holding(x, prr, 1), "4,5,0");
    char id[32];
    xg_share_id(x->t, prr, 5, id, sizeof id);
    assert_string_equal(id, "PRR_5");
    /* Bob sells 30%: his two shares and the director's certificate, 10% of it kept: Ann
     * presides; her first two shares go to the pool, which gives Bob one back */
    cJSON *ids = xg_shares_sell(x, prr, 1, 30);
    char *text = cJSON_PrintUnformatted(ids);
    assert_string_equal(text, "[\"PRR_4\",\"PRR_5\",\"PRR_0\"]");
    free(text);
    cJSON_Delete(ids);
    assert_string_equal(holding(x, prr, 0), "3,0");
    assert_string_equal(holding(x, prr, 1), "4");
    assert_string_equal(holding(x, prr, XG_POOL), "5,1,2");
    free_writer(x);
}

static void test_tile_copies(void **state)
{
    (void)state;
    xg_writer *x = new_writer();
    int e19 = eng_hex_index(x->t, "E19"), h16 = eng_hex_index(x->t, "H16");
    int t57 = eng_tile_index(x->t, "57"), t14 = eng_tile_index(x->t, "14");
    char id[32];
    xg_tile_lay(x, e19, t57, id, sizeof id);
    assert_string_equal(id, "57-0");
    x->g->board->tile[e19] = t57;
    xg_tile_lay(x, h16, t57, id, sizeof id);
    assert_string_equal(id, "57-1");
    x->g->board->tile[h16] = t57;
    xg_tile_lay(x, e19, t14, id, sizeof id); /* 57-0 goes back, behind 57-2 and 57-3 */
    assert_string_equal(id, "14-0");
    x->g->board->tile[e19] = t14;
    const char *want[] = {"57-2", "57-3", "57-0"};
    for (int k = 0; k < 3; k++) {
        int hex = eng_hex_index(x->t, k == 0 ? "B10" : k == 1 ? "H4" : "H10");
        xg_tile_lay(x, hex, t57, id, sizeof id);
        assert_string_equal(id, want[k]);
    }
    free_writer(x);
}

static void test_rotations_and_cities(void **state)
{
    (void)state;
    xg_writer *x = new_writer();
    const eng_title *t = x->t;
    int e11 = eng_hex_index(t, "E11"), g19 = eng_hex_index(t, "G19");
    assert_int_equal(xg_rotation_there(t, e11, eng_tile_index(t, "59"), 4), 2);
    assert_int_equal(xg_rotation_there(t, e11, eng_tile_index(t, "67"), 4), 0);
    assert_int_equal(xg_rotation_there(t, e11, eng_tile_index(t, "67"), 1), 3);
    assert_int_equal(xg_rotation_there(t, e11, eng_tile_index(t, "57"), 5), 5);
    char id[48];
    xg_city_id(x, g19, 0, id, sizeof id); /* the printed New York: its cities drawn the other
                                           * way round on 18xx.games */
    assert_string_equal(id, "G19-0-1");
    xg_city_id(x, eng_hex_index(t, "D14"), 0, id, sizeof id);
    assert_string_equal(id, "D14-0-0");
    x->g->board->tile[e11] = eng_tile_index(t, "67");
    x->laid_copy[e11] = 0;
    xg_city_id(x, e11, 0, id, sizeof id);
    assert_string_equal(id, "67-0-1");
    free_writer(x);
}

/* A flat title (1856) holds every tile as 18xx.games' code, edge for edge: a rotation there is
 * the same rotation here, both ways (docs/titles.md, Layout). */
static void test_flat_title_rotations(void **state)
{
    (void)state;
    char *err = NULL;
    eng_title *t = eng_title_load("1856", read_games_file, NULL, &err);
    if (!t)
        fail_msg("1856: %s", err);
    assert_int_equal(t->layout, ENG_LAYOUT_FLAT);
    int hex = eng_hex_index(t, "F17"), tile = eng_tile_index(t, "5");
    for (int r = 0; r < 6; r++)
        assert_int_equal(xg_rotation_there(t, hex, tile, r), r);
    eng_title_free(t);
}

static void test_train_copies(void **state)
{
    (void)state;
    xg_writer *x = new_writer();
    int two = eng_train_index(x->t, "2"), three = eng_train_index(x->t, "3");
    int nyc = company(x, "NYC"), prr = company(x, "PRR");
    for (int k = 0; k < 3; k++)
        xg_trains_move_to(x, k == 1 ? prr : nyc, (xg_train){two, x->trains_sold[two]++});
    xg_trains_move_to(x, nyc, (xg_train){three, x->trains_sold[three]++});
    char id[32];
    xg_train_id(x->t, x->held[nyc][xg_held_train(x, nyc, two)], id, sizeof id);
    assert_string_equal(id, "2-0");
    xg_train_id(x->t, x->held[prr][0], id, sizeof id);
    assert_string_equal(id, "2-1");
    xg_trains_move_to(x, ENG_NONE, xg_trains_take(x, nyc, xg_held_train(x, nyc, three)));
    xg_train_id(x->t, x->pool[xg_pool_train(x, three)], id, sizeof id);
    assert_string_equal(id, "3-0");
    xg_trains_rust(x, two);
    assert_int_equal(x->nheld[nyc], 0);
    assert_int_equal(x->nheld[prr], 0);
    assert_int_equal(x->npool, 1);
    free_writer(x);
}

/* ---- whole files ---- */

static char *export(const char *options, const char *const *actions, int n, char **warning,
                    char *why, size_t len, eng_title_reader read)
{
    xg_source src = {"1830", options, 4, names, n, actions, NULL};
    return xg_export(&src, read, NULL, warning, why, len);
}

/* The start packet bought in order, B&O at 100, then stock round 1: Cy starts PRR at 67 (Ann
 * holds PRR_1 with the C&A), Dee buys a PRR share. */
static const char *const opening[] = {
    "{\"type\":\"buy_item\",\"seat\":1,\"item\":\"SVNRR\"}",
    "{\"type\":\"buy_item\",\"seat\":2,\"item\":\"C&StL\"}",
    "{\"type\":\"buy_item\",\"seat\":3,\"item\":\"D&H\"}",
    "{\"type\":\"buy_item\",\"seat\":4,\"item\":\"M&H\"}",
    "{\"type\":\"buy_item\",\"seat\":1,\"item\":\"C&A\"}",
    "{\"type\":\"buy_item\",\"seat\":2,\"item\":\"BO\"}",
    "{\"type\":\"par\",\"seat\":2,\"company\":\"B&O\",\"price\":100}",
    "{\"type\":\"buy\",\"seat\":3,\"company\":\"PRR\",\"from\":\"ipo\",\"par\":67}",
    "{\"type\":\"pass\",\"seat\":3}",
    "{\"type\":\"buy\",\"seat\":4,\"company\":\"PRR\",\"from\":\"ipo\"}",
    "{\"type\":\"pass\",\"seat\":4}",
};

static const cJSON *action_at(const cJSON *file, int i)
{
    return cJSON_GetArrayItem(cJSON_GetObjectItem(file, "actions"), i);
}

static const char *text_of(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static void test_opening_file(void **state)
{
    (void)state;
    char why[512], *warning = NULL;
    char *json = export("LeaveAuctionOnPass=yes, DividendRounding=down", opening, 11, &warning,
                        why, sizeof why, read_games_file);
    assert_non_null(json);
    cJSON *f = cJSON_Parse(json);
    assert_string_equal(text_of(f, "title"), "1830");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(f, "players")), 4);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(f, "actions")), 9);
    static const char *const sym[] = {"SV", "CS", "DH", "MH", "CA", "BO"};
    static const int price[] = {20, 40, 70, 110, 160, 220};
    for (int i = 0; i < 6; i++) {
        const cJSON *a = action_at(f, i);
        assert_string_equal(text_of(a, "type"), "bid");
        assert_string_equal(text_of(a, "company"), sym[i]);
        assert_int_equal(cJSON_GetObjectItem(a, "price")->valueint, price[i]);
        assert_int_equal(cJSON_GetObjectItem(a, "id")->valueint, i + 1);
        assert_int_equal(cJSON_GetObjectItem(a, "entity")->valueint, i % 4 + 1);
    }
    assert_string_equal(text_of(action_at(f, 6), "share_price"), "100,0,6");
    assert_string_equal(text_of(action_at(f, 7), "share_price"), "67,5,6");
    assert_string_equal(text_of(action_at(f, 7), "corporation"), "PRR");
    const cJSON *bought = action_at(f, 8); /* no pass between: 18xx.games ends a buyer's turn
                                            * in the first stock round (no sale is allowed) */
    assert_string_equal(text_of(bought, "type"), "buy_shares");
    assert_string_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(bought, "shares"), 0)->valuestring,
                        "PRR_2");
    assert_null(cJSON_GetObjectItem(f, "status"));
    cJSON_Delete(f);
    free(json);
    free(warning);
}

static void test_warning_of_other_rules(void **state)
{
    (void)state;
    char why[512], *warning = NULL;
    char *json = export("", opening, 11, &warning, why, sizeof why, read_games_file);
    assert_non_null(json);
    assert_non_null(warning);
    assert_non_null(strstr(warning, "LeaveAuctionOnPass=yes"));
    free(json);
    free(warning);
    char *err = NULL;
    eng_title *t = eng_title_load("1830", read_games_file, NULL, &err);
    json = export(t->xgames.options, opening, 11, &warning, why, sizeof why, read_games_file);
    assert_non_null(json);
    assert_null(warning); /* 18xx.games' own rules: nothing to say */
    free(json);
    eng_title_free(t);
}

static void test_title_without_18xx_games_refused(void **state)
{
    (void)state;
    char why[512], *warning = NULL;
    char *json = export("", opening, 11, &warning, why, sizeof why, read_without_section);
    assert_null(json);
    assert_non_null(strstr(why, "not a title of 18xx.games"));
}

static void test_adjust_refused(void **state)
{
    (void)state;
    xg_writer *x = new_writer();
    eng_action adj = {.kind = ENG_ACT_ADJUST, .player = 0, .adjust = ENG_ADJ_CASH, .target = 0,
                      .amount = 10};
    char *text = eng_action_to_json(x->g, &adj);
    const char *log[] = {opening[0], text};
    char why[512], *warning = NULL;
    char *json = export("", log, 2, &warning, why, sizeof why, read_games_file);
    assert_null(json);
    assert_non_null(strstr(why, "action 2 (adjust)"));
    assert_non_null(strstr(why, "ADJUST"));
    free(text);
    free_writer(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shares_and_presidency),
        cmocka_unit_test(test_tile_copies),
        cmocka_unit_test(test_rotations_and_cities),
        cmocka_unit_test(test_flat_title_rotations),
        cmocka_unit_test(test_train_copies),
        cmocka_unit_test(test_opening_file),
        cmocka_unit_test(test_warning_of_other_rules),
        cmocka_unit_test(test_title_without_18xx_games_refused),
        cmocka_unit_test(test_adjust_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
