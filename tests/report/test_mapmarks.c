/* The map's marks of a game (report/mapmarks.c, drawn by mapdraw.c; issue 31): a private's
 * marker on the map (1856's port, for the major that placed it) and the destination of each
 * major started in escrow that has not reached it; none in 1835; the picture with marks differs
 * from the one without, and both are PNGs. 18GA's home that blocks until its company floats
 * (issue 32), and the legend's lines for 18GA's neutral stations and 18Kaas's Ruhr. */
#include "../engine/game_fixture.h"
#include "report/mapdraw.h"

#include <stdlib.h>

static void test_no_marks_in_1835(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    rpt_map_marks m;
    rpt_map_marks_of(g, &m);
    assert_int_equal(m.n, 0);
    eng_game_free(g);
}

/* An 1856 game: LPS started in escrow, not at its destination; the port placed for it. */
static eng_game *lps_with_the_port(void)
{
    eng_game *g = new_game(NULL, 4);
    int lps = co("LPS"), ship = co("Ship");
    g->co[lps].started = true;
    g->co[lps].capital = ENG_CAPITAL_ESCROW;
    g->co[ship].marker_placed = true;
    g->co[ship].marker_hex = eng_hex_index(title, "C14");
    g->co[ship].marker_user = lps;
    return g;
}

static void test_the_port_and_a_destination_in_1856(void **state)
{
    (void)state;
    eng_title *t1835 = title;
    title = tf_load_title("1856");
    eng_game *g = lps_with_the_port();
    rpt_map_marks m;
    rpt_map_marks_of(g, &m);
    assert_int_equal(m.n, 2);
    assert_int_equal(m.v[0].kind, RPT_MARK_MARKER);
    assert_int_equal(m.v[0].hex, eng_hex_index(title, "C14"));
    assert_int_equal(m.v[0].company, co("LPS"));
    assert_string_equal(m.v[0].label, "Port +20");
    assert_int_equal(m.v[1].kind, RPT_MARK_DESTINATION);
    assert_int_equal(m.v[1].hex, eng_hex_index(title, "F17"));
    g->co[co("LPS")].destination_reached = true; /* reached: no longer shown */
    rpt_map_marks_of(g, &m);
    assert_int_equal(m.n, 1);
    g->co[co("LPS")].destination_reached = false;
    rpt_map_marks_of(g, &m);
    size_t plain_len = 0, marked_len = 0;
    char *err = NULL;
    unsigned char *plain = rpt_map_png(g->board, NULL, "test", &plain_len, &err);
    unsigned char *marked = rpt_map_png_marked(g->board, NULL, &m, "test", &marked_len, &err);
    assert_non_null(plain);
    assert_non_null(marked);
    assert_memory_equal(marked, "\x89PNG", 4);
    assert_true(plain_len != marked_len || memcmp(plain, marked, plain_len) != 0);
    free(plain);
    free(marked);
    eng_game_free(g);
    eng_title_free(title);
    title = t1835;
}

/* Issue 32: 18GA's ACL has its home on Jacksonville from the start, blocking runs until it
 * floats: the map marks it ("blocks", in its colours) until then; the map's neutral stations
 * and 18Kaas's Ruhr each have a legend line (the picture a line taller). */
static void test_acls_home_blocks_until_it_floats(void **state)
{
    (void)state;
    eng_title *t1835 = title;
    title = tf_load_title("18GA");
    eng_game *g = new_game(NULL, 3);
    rpt_map_marks m;
    rpt_map_marks_of(g, &m);
    assert_int_equal(m.n, 1);
    assert_int_equal(m.v[0].kind, RPT_MARK_BLOCKING);
    assert_int_equal(m.v[0].hex, eng_hex_index(title, "J12"));
    assert_int_equal(m.v[0].company, co("ACL"));
    assert_string_equal(m.v[0].label, "blocks");
    size_t len = 0;
    char *err = NULL;
    unsigned char *png = rpt_map_png_marked(g->board, NULL, &m, "test", &len, &err);
    assert_non_null(png);
    free(png);
    g->co[co("ACL")].floated = true;
    rpt_map_marks_of(g, &m);
    assert_int_equal(m.n, 0);
    eng_game_free(g);
    eng_title_free(title);
    title = t1835;
}

static void test_a_legend_line_for_neutral_stations_and_the_ruhr(void **state)
{
    (void)state;
    rpt_map_layout l;
    static const char *const own[] = {"18GA", "18Kaas"};
    for (size_t i = 0; i < sizeof own / sizeof *own; i++) {
        char *err = NULL;
        eng_title *t = eng_title_load(own[i], tf_read_games_file, NULL, &err);
        if (!t)
            fail_msg("%s: %s", own[i], err);
        rpt_map_layout_for(t, &l);
        assert_int_equal(l.height, (int)(l.map_bottom + 200.0 + 26));
        eng_title_free(t);
    }
    rpt_map_layout_for(title, &l); /* 1835: none */
    assert_int_equal(l.height, (int)(l.map_bottom + 200.0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_marks_in_1835),
        cmocka_unit_test(test_the_port_and_a_destination_in_1856),
        cmocka_unit_test(test_acls_home_blocks_until_it_floats),
        cmocka_unit_test(test_a_legend_line_for_neutral_stations_and_the_ruhr),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
