/* test_import: an 18xx.games game file imported (xg_import) — a small file made by hand: the
 * auction's purchases and bids told apart, the B&O's par and a company's, undo (the last action;
 * back to an action_id), redo, a redo's stack cleared by a new action, standing instructions and
 * their auto actions; ids with gaps and hotseat players without ids; and bad files refused
 * whole with the reason, nothing kept. Run from the
 * source tree (its titles in config/games). */
#include "../helpers.h"
#include "engine/game.h"
#include "util/util.h"
#include "xgames/xgames.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_title(const char *name, void *ctx)
{
    (void)ctx;
    char path[128];
    snprintf(path, sizeof path, "config/games/%s.json", name);
    return util_read_file(path, NULL);
}

#define HEAD(TITLE, RULES)                                                                    \
    "{\"id\":1,\"title\":\"" TITLE "\",\"players\":[{\"id\":11,\"name\":\"Ann Lee\"},"         \
    "{\"id\":12,\"name\":\"Bob\"},{\"id\":13,\"name\":\"Bob!\"}],"                            \
    "\"settings\":{\"optional_rules\":[" RULES "]},"
#define P(ID, SEAT, REST)                                                                     \
    "{\"id\":" #ID ",\"entity\":" #SEAT ",\"entity_type\":\"player\"," REST "}"

/* Ann (11), Bob (12), Bob! (13). Kept: 1 2 5 6 9 12 13 14 (+ an auto buy) 15 (+ an auto buy);
 * undone: 7 (by 8, not restored: 9 cleared the redo stack); 9 undone by 10, restored by 11. */
static const char GAME[] =
    HEAD("1830", "\"optional_6_train\"") "\"actions\":["
    P(1, 11, "\"type\":\"bid\",\"company\":\"SV\",\"price\":20") ","        /* buys SV */
    P(2, 12, "\"type\":\"bid\",\"company\":\"DH\",\"price\":75") ","        /* bids on D&H */
    P(3, 13, "\"type\":\"undo\"") ","
    P(4, 13, "\"type\":\"redo\"") ","
    P(5, 13, "\"type\":\"bid\",\"company\":\"CS\",\"price\":40") ","        /* buys C&StL;
                                                                            * D&H to Bob */
    P(6, 11, "\"type\":\"bid\",\"company\":\"MH\",\"price\":110") ","
    P(7, 12, "\"type\":\"pass\"") ","
    P(8, 12, "\"type\":\"undo\",\"action_id\":6") ","
    P(9, 12, "\"type\":\"bid\",\"company\":\"CA\",\"price\":160") ","
    P(10, 13, "\"type\":\"undo\"") ","
    P(11, 13, "\"type\":\"redo\"") ","
    P(12, 13, "\"type\":\"bid\",\"company\":\"BO\",\"price\":220") ","
    P(13, 13, "\"type\":\"par\",\"corporation\":\"B&O\",\"share_price\":\"100,0,6\"") ","
    P(14, 11, "\"type\":\"par\",\"corporation\":\"NYC\",\"share_price\":\"67,5,6\","
              "\"auto_actions\":[{\"type\":\"buy_shares\",\"entity\":12,\"entity_type\":"
              "\"player\",\"shares\":[\"NYC_1\"],\"percent\":10}]") ","
    P(15, 13, "\"type\":\"program_buy_shares\",\"corporation\":\"NYC\","
              "\"until_condition\":\"float\",\"auto_actions\":[{\"type\":\"buy_shares\","
              "\"entity\":13,\"entity_type\":\"player\",\"shares\":[\"NYC_2\"],\"percent\":10}]")
    "],\"result\":{\"11\":700,\"12\":600,\"13\":500}}";

static void imports_the_game(void **state)
{
    (void)state;
    xg_game x;
    char why[512];
    int rc = xg_import(GAME, read_title, NULL, &x, why, sizeof why);
    if (rc)
        fail_msg("refused: %s", why);
    assert_string_equal(x.title, "1830");
    assert_non_null(strstr(x.options, "WithOptional6Train=yes"));
    assert_int_equal(x.nplayers, 3);
    assert_string_equal(x.names[0], "Ann_Lee");
    assert_string_equal(x.names[1], "Bob");
    assert_string_equal(x.names[2], "Bob_");
    assert_string_equal(x.file_names[2], "Bob!");
    assert_int_equal(x.nkept, 9);   /* 1 2 5 6 9 12 13 14 15 */
    assert_int_equal(x.nauto, 2);
    assert_int_equal(x.nundone, 1); /* 7 */
    assert_int_equal(x.nprograms, 1);
    const eng_game *g = x.g;
    const eng_title *t = x.t;
    int sv = eng_company_index(t, "SV"), dh = eng_company_index(t, "DH");
    int mh = eng_company_index(t, "MH"), ca = eng_company_index(t, "CA");
    int bo = eng_company_index(t, "B&O"), nyc = eng_company_index(t, "NYC");
    assert_int_equal(g->co[sv].owner, 0);
    assert_int_equal(g->co[dh].owner, 1); /* Bob's bid, the only one, once D&H came first */
    assert_int_equal(g->co[mh].owner, 0);
    assert_int_equal(g->co[ca].owner, 1); /* 9, restored by the redo */
    assert_int_equal(g->co[bo].par, 100);
    assert_int_equal(g->co[nyc].par, 67);
    assert_int_equal(g->co[nyc].director, 0);
    assert_int_equal(eng_percent_held(g, nyc, 1), 10); /* the auto actions */
    assert_int_equal(eng_percent_held(g, nyc, 2), 10);
    assert_int_equal(g->players[1].cash, 800 - 75 - 160 - 67);
    /* the engine's actions, each from its file action: a purchase, a bid, ... */
    const char *want[][2] = {
        {"1", "buy_item"}, {"2", "\"bid\""}, {"5", "buy_item"}, {"6", "buy_item"},
        {"9", "buy_item"}, {"12", "buy_item"}, {"13", "\"par\""}, {"14", "\"buy\""},
        {"14", "\"pass\""}, {"14", "\"buy\""}, {"15", "\"pass\""}, {"15", "\"buy\""},
        {"15", "\"pass\""}, /* at the file's end: Bob! may do nothing more in stock round 1 */
    };
    assert_int_equal(x.nactions, (int)(sizeof want / sizeof *want));
    for (int i = 0; i < x.nactions; i++) {
        assert_int_equal(x.from_id[i], atoi(want[i][0]));
        if (!strstr(x.actions[i], want[i][1]))
            fail_msg("action %d: %s, not %s", i, x.actions[i], want[i][1]);
    }
    assert_false(x.over);
    assert_true(x.has_result);
    assert_int_equal(x.result[2], 500);
    xg_game_clear(&x);
}

/* A file refused: -1, the reason holding `words`, nothing kept. */
static void refused(const char *file, const char *words)
{
    xg_game x;
    char why[512];
    assert_int_equal(xg_import(file, read_title, NULL, &x, why, sizeof why), -1);
    if (!strstr(why, words))
        fail_msg("why: \"%s\" lacks \"%s\"", why, words);
    assert_null(x.g);
    assert_null(x.t);
    assert_null(x.actions);
    assert_int_equal(x.nactions, 0);
}

static void refuses_bad_files(void **state)
{
    (void)state;
    refused("{\"title\": \"1830\", ", "not JSON");
    refused("{\"title\":\"1830\",\"players\":[]}", "lacks its actions");
    refused(HEAD("18Chesapeake", "") "\"actions\":[]}",
            "18xx.games title 18Chesapeake: pbemgm has no title that plays it");
    refused(HEAD("../1830", "") "\"actions\":[]}", "pbemgm has no title that plays it");
    refused(HEAD("1830", "\"optional_6_train\",\"double_dip\"") "\"actions\":[]}",
            "optional rule double_dip");
    refused(HEAD("1830", "") "\"actions\":[" P(3, 11, "\"type\":\"pass\"") ","
            P(1, 12, "\"type\":\"pass\"") "]}",
            "action 3 (pass): its id is above the last action's (1), so 18xx.games stops "
            "before it");
    refused(HEAD("1830", "") "\"actions\":[" P(1, 11, "\"type\":\"buy_train\"") "]}",
            "action 1 (buy_train): ");
    refused(HEAD("1830", "") "\"actions\":[" P(1, 11, "\"type\":\"message\",\"message\":\"hi\"")
            "," P(2, 11, "\"type\":\"take_loan\"") "]}",
            "action 2 (take_loan): 1830 has no loans");
    refused(HEAD("1830", "") "\"actions\":[" P(1, 11, "\"type\":\"short_sell\"") "]}",
            "action 1 (short_sell): pbemgm has no form for an action of this type");
    /* a loan, a destination check, a special purchase where the title has none: refused at
     * that action, never a crash */
    refused(HEAD("1830", "") "\"actions\":[" P(1, 11, "\"type\":\"take_loan\",\"loan\":0") "]}",
            "action 1 (take_loan): ");
    refused(HEAD("1830", "") "\"actions\":["
            P(1, 11, "\"type\":\"destination_connection\",\"corporations\":[\"XX\"]") "]}",
            "action 1 (destination_connection): pbemgm has no corporation XX");
    refused(HEAD("1830", "") "\"actions\":["
            P(1, 11, "\"type\":\"special_buy\",\"description\":\"Bridge Token\"") "]}",
            "action 1 (special_buy): ");
    /* an illegal move: a bid below the private's price; the engine's why follows */
    refused(HEAD("1830", "") "\"actions\":["
            P(1, 11, "\"type\":\"bid\",\"company\":\"CA\",\"price\":100") "]}",
            "action 1 (bid): a bid on C&A must be at least 165");
    refused(HEAD("1830", "") "\"actions\":[" P(1, 11, "\"type\":\"redo\"") "]}",
            "action 1 (redo): there is nothing undone to redo");
    refused(HEAD("1830", "") "\"actions\":["
            P(1, 11, "\"type\":\"undo\",\"action_id\":7") "]}",
            "action 1 (undo): it goes back to action 7");
}

/* Ids with gaps (18xx.games' own files skip some) and players named without ids (its hotseat
 * games: the name is the id) are taken. */
static void takes_gaps_and_hotseat_players(void **state)
{
    (void)state;
    xg_game x;
    char why[512];
    static const char file[] =
        "{\"title\":\"1830\",\"players\":[{\"name\":\"Ann\"},{\"name\":\"Bob\"},"
        "{\"name\":\"Cy\"}],\"actions\":["
        "{\"id\":2,\"entity\":\"Ann\",\"type\":\"bid\",\"company\":\"SV\",\"price\":20},"
        "{\"id\":6,\"entity\":\"Bob\",\"type\":\"pass\"}],\"result\":{\"Cy\":800}}";
    if (xg_import(file, read_title, NULL, &x, why, sizeof why))
        fail_msg("refused: %s", why);
    assert_int_equal(x.nactions, 2);
    assert_int_equal(x.from_id[1], 6);
    assert_int_equal(x.g->current, 2); /* Cy's turn */
    assert_false(x.has_result);        /* (Ann's and Bob's are not given) */
    assert_int_equal(x.result[2], 800);
    xg_game_clear(&x);
}

/* Ids falling back or repeated are played in the file's order, as 18xx.games plays them (1856's
 * hotseat001); an undo's action_id is the first action of that id. */
static void takes_ids_in_the_files_order(void **state)
{
    (void)state;
    xg_game x;
    char why[512];
    static const char file[] = HEAD("1830", "") "\"actions\":["
        P(5, 11, "\"type\":\"bid\",\"company\":\"SV\",\"price\":20") ","
        P(2, 12, "\"type\":\"bid\",\"company\":\"DH\",\"price\":75") ","
        P(2, 13, "\"type\":\"undo\",\"action_id\":5") ","
        P(6, 12, "\"type\":\"pass\"") "]}";
    if (xg_import(file, read_title, NULL, &x, why, sizeof why))
        fail_msg("refused: %s", why);
    /* 5 kept; Bob's bid undone (back to the first action of id 5); Bob passed */
    assert_int_equal(x.nkept, 2);
    assert_int_equal(x.from_id[0], 5);
    assert_int_equal(x.from_id[1], 6);
    assert_int_equal(x.g->co[eng_company_index(x.t, "SV")].owner, 0);
    xg_game_clear(&x);
}

/* The bid refused names the id and the type, and the engine's reason. */
static void illegal_move_says_why(void **state)
{
    (void)state;
    xg_game x;
    char why[512];
    assert_int_equal(xg_import(HEAD("1830", "") "\"actions\":["
                               P(1, 11, "\"type\":\"bid\",\"company\":\"SV\",\"price\":20") ","
                               P(2, 11, "\"type\":\"bid\",\"company\":\"CS\",\"price\":40") "]}",
                               read_title, NULL, &x, why, sizeof why),
                     -1);
    /* Ann bought SV: it is Bob's turn, and Ann has more to do than pass */
    assert_non_null(strstr(why, "action 2 (bid): "));
    assert_non_null(strstr(why, "Bob"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(imports_the_game),
        cmocka_unit_test(refuses_bad_files),
        cmocka_unit_test(illegal_move_says_why),
        cmocka_unit_test(takes_gaps_and_hotseat_players),
        cmocka_unit_test(takes_ids_in_the_files_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
