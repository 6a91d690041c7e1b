/* Tests for the layer's choice of the city of a station that stood on a hex before its first
 * tile (issue 31: 1856's W&SR station on I12, the printed OO hex without track): LAY's
 * station_city puts it in the chosen city of the new tile (Rails' relayBaseTokens, 18xx.games'
 * "must choose city for token"); without it the tile's numbering decides, as before. Through
 * eng_apply on config/games/1856.json, routes permissive so any company may lay there. */
#include "game_fixture.h"

static int setup(void **state)
{
    (void)state;
    return (title = tf_load_title("1856")) ? 0 : -1;
}

#define hex(id) tf_hex(title, (id))

/* Bob's W&SR bought by LPS, its free station placed in I12's printed city 0 without a tile,
 * LPS done: the next company (WR or GT) operates, its track step due. */
static eng_game *station_waiting(void)
{
    eng_game *g = new_game("PermissiveRoutes=yes", 4);
    static const char *const order[] = {"Flos", "W&SR", "TCC", "Ship", "Brdg", "Tunn"};
    for (int i = 0; i < 6; i++)
        must(g, buy_item(order[i]));
    static const char *const majors[] = {"LPS", "WR", "GT"}; /* floated at par 100 */
    for (int m = 0; m < 3; m++) {
        give(g, majors[m], 20, true, m);
        eng_set_par(g, co(majors[m]), 100);
        for (int k = 0; k < 4; k++)
            give(g, majors[m], 10, false, m);
        g->co[co(majors[m])].cash += 1200, g->bank -= 1200;
        eng_check_float(g, co(majors[m]));
    }
    g->phase = phase("3");
    for (int k = 0; k < g->nplayers && g->round == ENG_ROUND_STOCK; k++)
        must(g, pass());
    for (int k = 0; k < 4 && g->operating != co("LPS"); k++)
        must(g, (eng_action){.kind = ENG_ACT_DONE});
    must(g, (eng_action){.kind = ENG_ACT_BUY_PRIVATE, .company = co("W&SR"), .price = 80});
    must(g, (eng_action){.kind = ENG_ACT_PRIVATE_TOKEN, .company = co("W&SR"), .city = 0});
    must(g, (eng_action){.kind = ENG_ACT_DONE});
    assert_int_not_equal(g->operating, co("LPS"));
    return g;
}

/* Tile 59 on I12 in the first rotation that fits, the waiting station to `station_city`. */
static int lay_59(eng_game *g, int station_city, char *why)
{
    for (int rot = 0; rot < 6; rot++) {
        eng_action a = {.kind = ENG_ACT_LAY_TILE, .hex = hex("I12"),
                        .tile = eng_tile_index(title, "59"), .rot = rot,
                        .station_city = station_city};
        if (try_act(g, a, why) == 0)
            return rot;
        if (!strstr(why, "rotation"))
            return -1;
    }
    return -1;
}

/* The city of I12 where LPS's station stands; -1 none. */
static int lps_city(const eng_game *g)
{
    for (int c = 0; c < ENG_MAX_CITIES; c++)
        for (int s = 0; s < ENG_MAX_SLOTS; s++)
            if (g->board->tokens[hex("I12")][c][s] == co("LPS"))
                return c;
    return -1;
}

static void test_layer_chooses_the_city(void **state)
{
    (void)state;
    char why[256];
    eng_game *g = station_waiting(), *other = eng_game_copy(g);
    assert_true(lay_59(g, 0, why) >= 0); /* the tile's numbering */
    int fixed = lps_city(g);
    assert_true(fixed == 0 || fixed == 1);
    assert_true(lay_59(other, 2 - fixed, why) >= 0); /* the other city (1-based) */
    assert_int_equal(lps_city(other), 1 - fixed);
    char *json = eng_action_to_json(other, &(eng_action){.kind = ENG_ACT_LAY_TILE,
                                                         .hex = hex("I12"), .tile = 0,
                                                         .station_city = 2});
    assert_non_null(strstr(json, "\"station_city\":2"));
    eng_action back;
    assert_int_equal(eng_action_from_json(other, json, &back, why, sizeof why), 0);
    assert_int_equal(back.station_city, 2);
    free(json);
    eng_game_free(other);
    eng_game_free(g);
}

static void test_choice_refused_clearly(void **state)
{
    (void)state;
    char why[256];
    eng_game *g = station_waiting();
    assert_int_equal(lay_59(g, 3, why), -1);
    assert_non_null(strstr(why, "tile 59 has no city 3"));
    eng_game_free(g);
    g = new_game("PermissiveRoutes=yes", 4); /* no station on I12: nothing to choose */
    g->phase = phase("3");
    int refusals = 0;
    for (int rot = 0; rot < 6; rot++)
        if (eng_lay_tile_relay(g->board, ENG_NONE, hex("I12"), eng_tile_index(title, "59"), rot,
                               eng_lay_colors(g), 1, why, sizeof why))
            refusals += strstr(why, "no station on I12 waits for a city of the tile") != NULL;
    assert_true(refusals > 0);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layer_chooses_the_city),
        cmocka_unit_test(test_choice_refused_clearly),
    };
    return cmocka_run_group_tests(tests, setup, group_teardown);
}
