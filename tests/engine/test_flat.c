/* Tests for a title's flat layout (title.h's geometry, "layout": "flat"), on 1856's printed map:
 * neighbours by flat edges (0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE), a tile's exits turning with its
 * rotation as 18xx.games' do, an upgrade keeping the old track, a run across several flat
 * hexes with its revenue; and the pointy default unchanged (1830, 1835). */
#include "game_fixture.h"
#include "engine/routes.h"

#include <stdlib.h>

static int setup_1856(void **state)
{
    (void)state;
    title = tf_load_title("1856");
    return 0;
}

/* Hexes by name. */
static int hx(const char *id)
{
    return tf_hex(title, id);
}

/* Every neighbour's neighbour across the opposite edge is the hex itself, and neighbours are
 * one hex apart. */
static void check_symmetric(const eng_title *t)
{
    for (int h = 0; h < t->nhexes; h++)
        for (int e = 0; e < 6; e++) {
            int n = eng_neighbor(t, h, e);
            if (n < 0)
                continue;
            assert_int_equal(eng_neighbor(t, n, (e + 3) % 6), h);
            assert_int_equal(eng_hex_distance(t, h, n), 1);
        }
}

static void test_neighbours(void **state)
{
    (void)state;
    assert_int_equal(title->layout, ENG_LAYOUT_FLAT);
    /* K12: K10 north, K14 south, the J and L columns between */
    static const char *const around[6] = {"K14", "J13", "J11", "K10", "L11", "L13"};
    for (int e = 0; e < 6; e++)
        assert_int_equal(eng_neighbor(title, hx("K12"), e), hx(around[e]));
    check_symmetric(title);
    /* along a column two numbers make one hex; across, a letter and a number */
    assert_int_equal(eng_hex_distance(title, hx("F15"), hx("F9")), 3);
    assert_int_equal(eng_hex_distance(title, hx("F15"), hx("I12")), 3);
    assert_int_equal(eng_hex_distance(title, hx("A20"), hx("Q8")), 16);
}

/* A tile's edge e lies on map edge (e + r) mod 6: 18xx.games' tile 57 (a:0 and a:3 to its
 * city) runs S-N at rotation 0 and SW-NE at rotation 1, as 18xx.games and the printed map
 * draw it. */
static void test_rotation_of_exits(void **state)
{
    (void)state;
    const eng_track *t57 = &title->tiles[tf_tile(title, "57")].track;
    assert_int_equal(eng_track_edges(t57, 0), (1u << 0) | (1u << 3));
    assert_int_equal(eng_track_edges(t57, 1), (1u << 1) | (1u << 4));
    const eng_track *t7 = &title->tiles[tf_tile(title, "7")].track; /* a:0, b:1 */
    assert_int_equal(eng_track_edges(t7, 2), (1u << 2) | (1u << 3));
    assert_int_equal(eng_track_edges(t7, 5), (1u << 5) | (1u << 0));
    /* St. Thomas (F17, an empty city at the south of its column): 57 at rotation 0 would run
     * off the map to the south; at rotation 1 it joins E18 (SW) and G16 (NE) */
    eng_board *b = eng_starting_board(title);
    char why[256] = "";
    unsigned yellow = 1u << ENG_YELLOW;
    int f17 = hx("F17"), t57i = tf_tile(title, "57");
    assert_int_equal(eng_lay_tile(b, ENG_NONE, f17, t57i, 0, yellow, why, sizeof why), -1);
    assert_string_equal(why, "track would run off the map on the south side");
    assert_int_equal(eng_lay_tile(b, ENG_NONE, f17, t57i, 1, yellow, why, sizeof why), 0);
    int rot;
    const eng_track *tr = eng_board_track(b, f17, &rot);
    assert_int_equal(eng_neighbor(title, f17, 1), hx("E18"));
    assert_int_equal(eng_neighbor(title, f17, 4), hx("G16"));
    assert_int_equal(eng_track_joined(tr, rot, 1, -1), 1u << 4); /* SW through the city to NE */
    eng_board_free(b);
}

/* The edge of hex a facing hex b. */
static int facing(const char *a, const char *b)
{
    for (int e = 0; e < 6; e++)
        if (eng_neighbor(title, hx(a), e) == hx(b))
            return e;
    fail_msg("%s and %s are not neighbours", a, b);
    return -1;
}

/* Lays the tile whose track touches exactly the edges facing n1 and n2; the rotation found. */
static int lay_joining(eng_board *b, const char *hex, const char *tile, const char *n1,
                       const char *n2, unsigned colors)
{
    unsigned want = (1u << facing(hex, n1)) | (1u << facing(hex, n2));
    const eng_tile *t = &title->tiles[tf_tile(title, tile)];
    char why[256] = "";
    for (int rot = 0; rot < 6; rot++)
        if (eng_track_edges(&t->track, rot) == want &&
            eng_lay_tile(b, ENG_NONE, hx(hex), tf_tile(title, tile), rot, colors, why,
                         sizeof why) == 0)
            return rot;
    fail_msg("cannot lay %s on %s joining %s and %s: %s", tile, hex, n1, n2, why);
    return -1;
}

/* GW from London (F15, 30): south to St. Thomas (F17, 5: 20) and north-east over G14 (8, a
 * gentle curve from its south-west to its north) to G12 (57: 20). A 2-train earns 50, a
 * 3-train 70, the run crossing four flat hexes. */
static void test_run_across_flat_hexes(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    unsigned yellow = 1u << ENG_YELLOW;
    assert_int_equal(lay_joining(g->board, "F17", "5", "F15", "G16", yellow), 3);
    assert_int_equal(lay_joining(g->board, "G14", "8", "F15", "G12", yellow), 1);
    assert_int_equal(lay_joining(g->board, "G12", "57", "G14", "G10", yellow), 0);
    char why[256];
    if (eng_place_station(g->board, NULL, co("GW"), hx("F15"), 0, why, sizeof why))
        fail_msg("GW's home: %s", why);
    eng_reach reach;
    eng_reach_compute(g->board, co("GW"), &reach);
    assert_true(reach.cities[hx("G12")] & 1u);
    assert_true(reach.cities[hx("F17")] & 1u);
    assert_true(reach.edges[hx("G10")] & (1u << 0)); /* new track may go on north from G12 */
    eng_reach_free(&reach);
    give_train(g, "GW", "2");
    eng_run run, all;
    assert_int_equal(eng_best_run_fresh(g, co("GW"), &run), 50);
    give_train(g, "GW", "3");
    g->co[co("GW")].trains[0] = train("3");
    g->co[co("GW")].ntrains = 1;
    assert_int_equal(eng_best_run_fresh(g, co("GW"), &run), 70);
    assert_int_equal(eng_best_run_exhaustive(g, co("GW"), &all), 70);
    assert_int_equal(run.trains[0].nstops, 3);
    eng_game_free(g);
}

/* Upgrading in a flat hex keeps the old track: St. Thomas's 5 (N and NE, rotation 3) to 15
 * (18xx.games: edges 0, 1, 2, 3): at rotation 0 it loses NE, at 3 it runs off the map to the
 * south, at 1 (SW, NW, N, NE) it is laid. */
static void test_upgrade_in_a_flat_hex(void **state)
{
    (void)state;
    eng_board *b = eng_starting_board(title);
    unsigned yellow = 1u << ENG_YELLOW, green = 1u << ENG_GREEN;
    lay_joining(b, "F17", "5", "F15", "G16", yellow);
    char why[256] = "";
    int t15 = tf_tile(title, "15");
    assert_int_equal(eng_lay_tile(b, ENG_NONE, hx("F17"), t15, 0, green, why, sizeof why), -1);
    assert_non_null(strstr(why, "does not keep the track"));
    assert_int_equal(eng_lay_tile(b, ENG_NONE, hx("F17"), t15, 3, green, why, sizeof why), -1);
    assert_string_equal(why, "track would run off the map on the south side");
    eng_lay lay;
    assert_int_equal(eng_lay_check(b, ENG_NONE, hx("F17"), t15, 2, green, &lay, why, sizeof why),
                     0);
    assert_int_equal(eng_lay_tile(b, ENG_NONE, hx("F17"), t15, 1, green, why, sizeof why), 0);
    int rot;
    const eng_track *tr = eng_board_track(b, hx("F17"), &rot);
    unsigned edges = eng_track_edges(tr, rot);
    assert_int_equal(edges, 0x1eu); /* SW, NW, N, NE */
    eng_board_free(b);
}

/* The pointy default: a title without "layout" (1830, 1835) keeps its neighbours: 1835's L14
 * has L12 west and L16 east, K13 and K15 above, M13 and M15 below. */
static void test_pointy_default(void **state)
{
    (void)state;
    eng_title *t = tf_load_title("1835");
    assert_int_equal(t->layout, ENG_LAYOUT_POINTY);
    static const char *const around[6] = {"M13", "L12", "K13", "K15", "L16", "M15"};
    for (int e = 0; e < 6; e++) {
        int n = eng_neighbor(t, tf_hex(t, "L14"), e);
        if (n >= 0)
            assert_string_equal(t->hexes[n].id, around[e]);
    }
    check_symmetric(t);
    eng_title_free(t);
    t = tf_load_title("1830");
    assert_int_equal(t->layout, ENG_LAYOUT_POINTY);
    check_symmetric(t);
    eng_title_free(t);
}

/* A layout the engine does not know is refused, naming it. */
static void test_unknown_layout(void **state)
{
    (void)state;
    char *json = tf_json_of("1856");
    char *at = strstr(json, "\"layout\": \"flat\"");
    assert_non_null(at);
    memcpy(at, "\"layout\": \"odd\" ", 16);
    char *err = NULL;
    eng_title *t = eng_title_parse(json, &err);
    assert_null(t);
    assert_non_null(strstr(err, "title.layout"));
    free(err);
    free(json);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_neighbours),
        cmocka_unit_test(test_rotation_of_exits),
        cmocka_unit_test(test_run_across_flat_hexes),
        cmocka_unit_test(test_upgrade_in_a_flat_hex),
        cmocka_unit_test(test_pointy_default),
        cmocka_unit_test(test_unknown_layout),
    };
    return cmocka_run_group_tests_name("flat", tests, setup_1856, group_teardown);
}
