/* Tests for src/engine/board: tile-lay legality case by case, token carry-over on upgrades,
 * reach through cities, and station placement — on the real 1835 map; reach that may not turn
 * back and OO upgrades that keep their cities apart on 1830's. */
#include "title_fixture.h"
#include "engine/board.h"

#define Y (1u << ENG_YELLOW)
#define YG (Y | (1u << ENG_GREEN))
#define YGB (YG | (1u << ENG_BROWN))

struct fx {
    eng_title *t;
    eng_board *b;
    char why[256];
};

static int setup(void **state)
{
    struct fx *f = calloc(1, sizeof *f);
    f->t = tf_load();
    f->b = eng_board_new(f->t);
    *state = f;
    return 0;
}

static int setup_1830(void **state)
{
    struct fx *f = calloc(1, sizeof *f);
    f->t = tf_load_title("1830");
    f->b = eng_board_new(f->t);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fx *f = *state;
    eng_board_free(f->b);
    eng_title_free(f->t);
    free(f);
    return 0;
}

/* The rotation that gives the tile exactly these edges. */
static int rot_for(struct fx *f, const char *tile, unsigned edges)
{
    const eng_track *tr = &f->t->tiles[tf_tile(f->t, tile)].track;
    for (int r = 0; r < 6; r++)
        if (eng_track_edges(tr, r) == edges)
            return r;
    fail_msg("tile %s has no rotation with edges %#x", tile, edges);
    return -1;
}

static int lay(struct fx *f, int company, const char *hex, const char *tile, int rot,
               unsigned colors)
{
    f->why[0] = '\0';
    return eng_lay_tile(f->b, company, tf_hex(f->t, hex), tf_tile(f->t, tile), rot, colors,
                        f->why, sizeof f->why);
}

static void expect_refused(struct fx *f, int company, const char *hex, const char *tile, int rot,
                           unsigned colors, const char *fragment)
{
    eng_lay out;
    f->why[0] = '\0';
    int rc = eng_lay_check(f->b, company, tf_hex(f->t, hex), tf_tile(f->t, tile), rot, colors,
                           &out, f->why, sizeof f->why);
    if (rc == 0)
        fail_msg("tile %s rot %d on %s was allowed; expected \"%s\"", tile, rot, hex, fragment);
    if (!strstr(f->why, fragment))
        fail_msg("tile %s on %s: \"%s\" does not mention \"%s\"", tile, hex, f->why, fragment);
}

#define E(x) (1u << (x))

static void test_each_hex_takes_its_own_tiles(void **state)
{
    struct fx *f = *state;
    eng_lay_option opts[64];
    int n = eng_lay_options(f->b, ENG_NONE, tf_hex(f->t, "A11"), YGB, opts, 64);
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        const char *id = f->t->tiles[opts[i].tile].id;
        assert_true(strcmp(id, "5") == 0 || strcmp(id, "6") == 0 || strcmp(id, "57") == 0);
    }
    n = eng_lay_options(f->b, ENG_NONE, tf_hex(f->t, "H2"), YGB, opts, 64);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_string_equal(f->t->tiles[opts[i].tile].track.label, "Y");
    expect_refused(f, ENG_NONE, "B18", "57", 0, Y, "may not be laid on the printed B18");
    expect_refused(f, ENG_NONE, "H2", "57", 0, Y, "may not be laid on the printed H2");
    expect_refused(f, ENG_NONE, "E19", "209", 0, Y, "green tiles may not be laid in this phase");
    expect_refused(f, ENG_NONE, "C13", "63", 0, YGB, "C13 cannot be built on any more");
    expect_refused(f, ENG_NONE, "H22", "9", 0, YGB, "off the board");
}

static void test_terrain_is_paid_on_the_first_tile_only(void **state)
{
    struct fx *f = *state;
    eng_lay_option opts[64];
    int n = eng_lay_options(f->b, ENG_NONE, tf_hex(f->t, "G13"), Y, opts, 64);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_int_equal(opts[i].cost, 70);
    assert_int_equal(lay(f, ENG_NONE, "G13", opts[0].tile == tf_tile(f->t, "9") ? "9" :
                                                 f->t->tiles[opts[0].tile].id,
                         opts[0].rot, Y), 0);
    n = eng_lay_options(f->b, ENG_NONE, tf_hex(f->t, "G13"), YG, opts, 64);
    for (int i = 0; i < n; i++)
        assert_int_equal(opts[i].cost, 0);
    /* Frankfurt's printed green hex pays its river on the brown upgrade */
    n = eng_lay_options(f->b, ENG_NONE, tf_hex(f->t, "J8"), YGB, opts, 64);
    assert_true(n > 0);
    assert_int_equal(opts[0].cost, 50);
}

static void test_track_may_not_leave_the_map_or_cross_the_elbe(void **state)
{
    struct fx *f = *state;
    expect_refused(f, ENG_NONE, "A11", "57", rot_for(f, "57", E(0) | E(3)), Y,
                   "off the map on the north-east side");
    expect_refused(f, ENG_NONE, "C9", "9", rot_for(f, "9", E(0) | E(3)), Y,
                   "north-east side of C9 is impassable");
    expect_refused(f, ENG_NONE, "B10", "9", rot_for(f, "9", E(0) | E(3)), Y, "impassable");
}

/* House rule 7: no track into a blank side of a brown map hex; into a brown tile's, yes. */
static void test_brown_map_hex_versus_brown_tile(void **state)
{
    struct fx *f = *state;
    expect_refused(f, ENG_NONE, "B10", "9", rot_for(f, "9", E(1) | E(4)), Y,
                   "blank side of B8");
    /* B8 has track on its south-east side, which faces C9's north-west */
    assert_int_equal(lay(f, ENG_NONE, "C9", "9", rot_for(f, "9", E(2) | E(5)), Y), 0);
    /* a brown *tile* with a blank west side lies on D18; track from D16 may point at it */
    int d18 = tf_hex(f->t, "D18"), brown = -1, rot = -1;
    for (int k = 0; k < f->t->ntiles && brown < 0; k++) {
        if (f->t->tiles[k].track.color != ENG_BROWN || f->t->tiles[k].track.ncities)
            continue;
        for (int r = 0; r < 6 && brown < 0; r++)
            if (!(eng_track_edges(&f->t->tiles[k].track, r) & E(1))) {
                brown = k;
                rot = r;
            }
    }
    assert_true(brown >= 0);
    f->b->tile[d18] = brown;
    f->b->rot[d18] = rot;
    assert_int_equal(lay(f, ENG_NONE, "D16", "9", rot_for(f, "9", E(1) | E(4)), Y), 0);
}

static void test_upgrades_keep_the_existing_track(void **state)
{
    struct fx *f = *state;
    assert_int_equal(lay(f, ENG_NONE, "B18", "7", 0, Y), 0);
    const eng_tile *t7 = &f->t->tiles[tf_tile(f->t, "7")];
    assert_true(t7->upgrades.n > 0);
    int green = t7->upgrades.v[0].tile, kept = 0, broken = 0;
    for (int r = 0; r < 6; r++) {
        char why[128];
        int rc = eng_lay_check(f->b, ENG_NONE, tf_hex(f->t, "B18"), green, r, YG, NULL, why,
                               sizeof why);
        if (rc == 0)
            kept++;
        else if (strstr(why, "does not keep the track"))
            broken++;
    }
    assert_true(kept > 0);
    assert_true(broken > 0);
    expect_refused(f, ENG_NONE, "B18", "9", 0, YG, "may not be laid on tile 7");
}

static void test_tiles_run_out_and_come_back(void **state)
{
    struct fx *f = *state;
    int t9 = tf_tile(f->t, "9"), t7 = tf_tile(f->t, "7");
    int left7 = f->b->left[t7];
    int straight = rot_for(f, "9", E(1) | E(4));
    f->b->left[t9] = 0;
    expect_refused(f, ENG_NONE, "E11", "9", straight, Y, "no tile 9 is left");
    f->b->unlimited_tiles = true;
    eng_lay out;
    assert_int_equal(eng_lay_check(f->b, ENG_NONE, tf_hex(f->t, "E11"), t9, straight, Y, &out,
                                   NULL, 0), 0);
    f->b->unlimited_tiles = false;
    assert_int_equal(lay(f, ENG_NONE, "B18", "7", 0, Y), 0);
    assert_int_equal(f->b->left[t7], left7 - 1);
    const eng_tile *tile7 = &f->t->tiles[t7];
    int green = tile7->upgrades.v[0].tile;
    eng_lay_option opts[16];
    int n = eng_lay_options(f->b, ENG_NONE, tf_hex(f->t, "B18"), YG, opts, 16);
    for (int i = 0; i < n; i++)
        if (opts[i].tile == green) {
            assert_int_equal(eng_lay_tile(f->b, ENG_NONE, tf_hex(f->t, "B18"), green,
                                          opts[i].rot, YG, NULL, 0), 0);
            break;
        }
    assert_int_equal(f->b->left[t7], left7); /* back in the box */
}

static int company(struct fx *f, const char *id)
{
    int c = eng_company_index(f->t, id);
    assert_true(c >= 0);
    return c;
}

static void place_home(struct fx *f, const char *co, const char *hex, int city)
{
    char why[128];
    if (eng_place_station(f->b, NULL, company(f, co), tf_hex(f->t, hex), city, why, sizeof why))
        fail_msg("station %s on %s: %s", co, hex, why);
}

static void first_option(struct fx *f, const char *hex, const char *tile, unsigned colors)
{
    eng_lay_option opts[64];
    int n = eng_lay_options(f->b, ENG_NONE, tf_hex(f->t, hex), colors, opts, 64);
    for (int i = 0; i < n; i++)
        if (opts[i].tile == tf_tile(f->t, tile)) {
            assert_int_equal(lay(f, ENG_NONE, hex, tile, opts[i].rot, colors), 0);
            return;
        }
    fail_msg("tile %s cannot be laid on %s", tile, hex);
}

static void test_berlin_yellow_green_brown(void **state)
{
    struct fx *f = *state;
    int e19 = tf_hex(f->t, "E19");
    place_home(f, "M2", "E19", 0);
    place_home(f, "M5", "E19", 1);
    first_option(f, "E19", "209", YG);
    assert_int_equal(eng_city_tokens(f->b, e19, 0), 2); /* the two Berlin stations, one city */
    first_option(f, "E19", "220", YGB);
    assert_int_equal(eng_city_tokens(f->b, e19, 0), 2);
    assert_string_equal(eng_board_track(f->b, e19, NULL)->label, "B");
}

/* House rule 3: on the brown tile a station stays on its bank of the Elbe. */
static void test_hamburg_keeps_its_banks(void **state)
{
    struct fx *f = *state;
    int c11 = tf_hex(f->t, "C11");
    place_home(f, "PR", "C11", 1); /* north-west circle: north bank */
    place_home(f, "SX", "C11", 2); /* north-east: north bank */
    place_home(f, "BA", "C11", 0); /* south-west: south bank */
    expect_refused(f, ENG_NONE, "C11", "221", 3, YGB, "may not be laid in rotation 3");
    assert_int_equal(lay(f, ENG_NONE, "C11", "221", 0, YGB), 0);
    const eng_track *tr = eng_board_track(f->b, c11, NULL);
    assert_string_equal(tr->cities[0].bank, "north");
    int north[2] = {f->b->tokens[c11][0][0], f->b->tokens[c11][0][1]};
    assert_true((north[0] == company(f, "PR") && north[1] == company(f, "SX")) ||
                (north[0] == company(f, "SX") && north[1] == company(f, "PR")));
    assert_int_equal(f->b->tokens[c11][1][0], company(f, "BA"));
}

static void test_xx_hexes(void **state)
{
    struct fx *f = *state;
    eng_lay_option opts[64];
    int n = eng_lay_options(f->b, ENG_NONE, tf_hex(f->t, "G3"), YG, opts, 64);
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        int id = atoi(f->t->tiles[opts[i].tile].id);
        assert_true(id >= 210 && id <= 215);
    }
    place_home(f, "BA", "L6", 0);
    first_option(f, "L6", "210", YG);
    assert_int_equal(eng_city_tokens(f->b, tf_hex(f->t, "L6"), 0) +
                         eng_city_tokens(f->b, tf_hex(f->t, "L6"), 1), 1);
    n = eng_lay_options(f->b, ENG_NONE, tf_hex(f->t, "L14"), YGB, opts, 64);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_string_equal(f->t->tiles[opts[i].tile].id, "218");
}

/* Baden's home city in Ludwigshafen/Mannheim is not fixed (Rails' home city 0): a station in
 * the city its circle is kept in moves the circle to the other city while that one is free;
 * then the circle stays, and the other city is closed to all but Baden. A circle kept for a
 * home whose city is fixed (M6 in Hamburg's city 2) never moves. */
static void test_a_home_circle_not_fixed_moves(void **state)
{
    struct fx *f = *state;
    int l6 = tf_hex(f->t, "L6"), ba = company(f, "BA"), by = company(f, "BY");
    eng_reserve(f->b, ba, l6, 0);
    assert_true(eng_station_moves_kept_circle(f->b, by, l6, 0));
    assert_false(eng_station_moves_kept_circle(f->b, by, l6, 1));
    assert_false(eng_station_moves_kept_circle(f->b, ba, l6, 0)); /* its own */
    place_home(f, "BY", "L6", 0);
    assert_int_equal(f->b->reserved[l6][0], ENG_NONE);
    assert_int_equal(f->b->reserved[l6][1], ba);
    char why[128];
    assert_int_equal(eng_station_check(f->b, NULL, company(f, "SX"), l6, 1, why, sizeof why), -1);
    assert_non_null(strstr(why, "kept for a home station"));
    place_home(f, "BA", "L6", 1);
    assert_int_equal(f->b->reserved[l6][1], ENG_NONE);
    /* a fixed home city: its circle stays where it is */
    int c11 = tf_hex(f->t, "C11"), m6 = company(f, "M6");
    eng_reserve(f->b, m6, c11, 1);
    assert_false(eng_station_moves_kept_circle(f->b, by, c11, 1));
    assert_int_equal(eng_station_check(f->b, NULL, by, c11, 1, why, sizeof why), -1);
    assert_non_null(strstr(why, "kept for a home station"));
}

/* Hannover F10 -> Braunschweig F12 (a brown city, one circle) -> Magdeburg F14. */
static void set_up_line(struct fx *f)
{
    assert_int_equal(lay(f, ENG_NONE, "F10", "57", rot_for(f, "57", E(1) | E(4)), Y), 0);
    place_home(f, "WT", "F10", 0);
}

static void test_reach_connects_new_track(void **state)
{
    struct fx *f = *state;
    set_up_line(f);
    int wt = company(f, "WT");
    eng_reach r;
    eng_reach_compute(f->b, wt, &r);
    assert_true(r.station[tf_hex(f->t, "F10")]);
    assert_true(r.cities[tf_hex(f->t, "F12")] & 1);       /* Braunschweig */
    assert_true(r.edges[tf_hex(f->t, "F14")] & E(1));      /* Magdeburg's west side */
    eng_reach_free(&r);
    eng_lay out;
    assert_int_equal(eng_lay_check(f->b, wt, tf_hex(f->t, "F14"), tf_tile(f->t, "57"),
                                   rot_for(f, "57", E(1) | E(4)), Y, &out, f->why, sizeof f->why),
                     0);
    expect_refused(f, wt, "E11", "9", rot_for(f, "9", E(1) | E(4)), Y,
                   "E11 is not connected to the company's track");
    /* a tile on F14 that does not touch the reached side is not connected either */
    expect_refused(f, wt, "F14", "57", rot_for(f, "57", E(0) | E(3)), Y, "not connected");
}

static void test_a_full_city_blocks_others(void **state)
{
    struct fx *f = *state;
    set_up_line(f);
    place_home(f, "HE", "F12", 0); /* Braunschweig's only circle */
    int wt = company(f, "WT");
    eng_reach r;
    eng_reach_compute(f->b, wt, &r);
    assert_true(r.cities[tf_hex(f->t, "F12")] & 1);        /* reached... */
    assert_false(r.edges[tf_hex(f->t, "F14")] & E(1));     /* ...but not passed */
    expect_refused(f, wt, "F14", "57", rot_for(f, "57", E(1) | E(4)), Y, "not connected");
    char why[128];
    assert_int_equal(eng_station_check(f->b, &r, wt, tf_hex(f->t, "F12"), 0, why, sizeof why),
                     -1);
    assert_non_null(strstr(why, "no free station circle"));
    eng_reach_free(&r);
    /* HE itself passes through its own station */
    eng_reach_compute(f->b, company(f, "HE"), &r);
    assert_true(r.edges[tf_hex(f->t, "F14")] & E(1));
    eng_reach_free(&r);
}

static void test_station_rules(void **state)
{
    struct fx *f = *state;
    set_up_line(f);
    int wt = company(f, "WT");
    eng_reach r;
    eng_reach_compute(f->b, wt, &r);
    char why[128];
    assert_int_equal(eng_station_check(f->b, &r, wt, tf_hex(f->t, "F12"), 0, why, sizeof why), 0);
    assert_int_equal(eng_station_check(f->b, &r, wt, tf_hex(f->t, "F10"), 0, why, sizeof why), -1);
    assert_non_null(strstr(why, "has a station in F10 already"));
    assert_int_equal(eng_station_check(f->b, &r, wt, tf_hex(f->t, "O15"), 0, why, sizeof why), -1);
    assert_non_null(strstr(why, "not reached"));
    assert_int_equal(eng_station_check(f->b, &r, wt, tf_hex(f->t, "B18"), 0, why, sizeof why), -1);
    assert_non_null(strstr(why, "has no city"));
    eng_reserve(f->b, company(f, "MS"), tf_hex(f->t, "F12"), 0);
    assert_int_equal(eng_station_check(f->b, &r, wt, tf_hex(f->t, "F12"), 0, why, sizeof why), -1);
    assert_non_null(strstr(why, "kept for a home station"));
    assert_int_equal(eng_station_check(f->b, NULL, company(f, "MS"), tf_hex(f->t, "F12"), 0, why,
                                       sizeof why), 0);
    eng_reach_free(&r);
}

/* Every upgrade the data lists can really be made somewhere on the map, keeping the track:
 * printed hex -> tile, and every tile -> each of its upgrades, over whole upgrade chains. */
struct chains {
    const eng_title *t;
    bool *reached;  /* per tile: laid somewhere */
    bool *pair;     /* per (tile, tile): that upgrade was made */
    uint8_t *seen;  /* per (hex, tile): rotations explored */
};

static void explore(struct chains *c, const eng_board *b, int hex)
{
    const eng_title *t = c->t;
    int cur = b->tile[hex];
    const eng_upgrades *up = cur == ENG_NONE ? &t->hexes[hex].upgrades : &t->tiles[cur].upgrades;
    for (int i = 0; i < up->n; i++) {
        int next = up->v[i].tile;
        for (int r = 0; r < 6; r++) {
            uint8_t *seen = &c->seen[hex * t->ntiles + next];
            if (eng_lay_check(b, ENG_NONE, hex, next, r, YGB, NULL, NULL, 0) != 0)
                continue;
            c->reached[next] = true;
            if (cur != ENG_NONE)
                c->pair[cur * t->ntiles + next] = true;
            if (*seen & (1u << r))
                continue;
            *seen |= (uint8_t)(1u << r);
            eng_board *nb = eng_board_copy(b);
            assert_int_equal(eng_lay_tile(nb, ENG_NONE, hex, next, r, YGB, NULL, 0), 0);
            explore(c, nb, hex);
            eng_board_free(nb);
        }
    }
}

static void test_every_upgrade_path_is_possible(void **state)
{
    struct fx *f = *state;
    const eng_title *t = f->t;
    struct chains c = {t, calloc((size_t)t->ntiles, 1),
                       calloc((size_t)(t->ntiles * t->ntiles), 1),
                       calloc((size_t)(t->nhexes * t->ntiles), 1)};
    f->b->unlimited_tiles = true;
    for (int h = 0; h < t->nhexes; h++)
        explore(&c, f->b, h);
    int checked = 0;
    for (int h = 0; h < t->nhexes; h++)
        for (int i = 0; i < t->hexes[h].upgrades.n; i++)
            if (!c.reached[t->hexes[h].upgrades.v[i].tile])
                fail_msg("tile %s is listed for %s but fits no hex",
                         t->tiles[t->hexes[h].upgrades.v[i].tile].id, t->hexes[h].id);
    for (int k = 0; k < t->ntiles; k++) {
        if (!c.reached[k])
            fail_msg("tile %s can never be laid", t->tiles[k].id);
        for (int i = 0; i < t->tiles[k].upgrades.n; i++) {
            int u = t->tiles[k].upgrades.v[i].tile;
            if (!c.pair[k * t->ntiles + u])
                fail_msg("the upgrade %s -> %s fits nowhere", t->tiles[k].id, t->tiles[u].id);
            checked++;
        }
    }
    assert_true(checked > 60);
    free(c.reached);
    free(c.pair);
    free(c.seen);
}

/* ---- 1830: track may not turn back (the rules: a route "may not reverse direction at a
 * junction"; 18xx.games' graph walks path by path, Rails' iterator passes a hex side once each
 * way) ---- */

/* NYC at Albany E19 (57), west to E17 (7), south-east into F18: tile 25 there, its two
 * paths meeting at F18's east side (towards F20) — one from E17's side, one on to G17. */
static void set_up_switch_at_f18(struct fx *f)
{
    const unsigned G = 1u << ENG_GREEN;
    assert_int_equal(lay(f, ENG_NONE, "E19", "57", rot_for(f, "57", E(1) | E(4)), Y), 0);
    place_home(f, "NYC", "E19", 0);
    assert_int_equal(lay(f, ENG_NONE, "E17", "7", rot_for(f, "7", E(4) | E(5)), Y), 0);
    assert_int_equal(lay(f, ENG_NONE, "F18", "8", rot_for(f, "8", E(4) | E(0)), Y), 0);
    /* rotation 4: the paths 0-2 and 0-4 of tile 25 meet at the east side (4) */
    assert_int_equal(lay(f, ENG_NONE, "F18", "25", 4, G), 0);
}

static void test_track_does_not_turn_back_at_a_switch(void **state)
{
    struct fx *f = *state;
    set_up_switch_at_f18(f);
    int nyc = company(f, "NYC");
    eng_reach r;
    eng_reach_compute(f->b, nyc, &r);
    assert_true(r.edges[tf_hex(f->t, "F18")] & E(4));  /* in from E17, out to the east */
    assert_true(r.edges[tf_hex(f->t, "F20")] & E(1));
    assert_false(r.edges[tf_hex(f->t, "F18")] & E(0)); /* not back along the other branch */
    assert_false(r.edges[tf_hex(f->t, "G17")] & E(3));
    eng_reach_free(&r);
    expect_refused(f, nyc, "G17", "69", rot_for(f, "69", E(0) | E(2) | E(3) | E(4)), Y,
                   "G17 is not connected");
}

static void test_track_does_not_go_out_and_back_through_a_town(void **state)
{
    struct fx *f = *state;
    set_up_switch_at_f18(f);
    /* New Haven F20: a town on its west side, the track back out of it the way it came */
    assert_int_equal(lay(f, ENG_NONE, "F20", "55", rot_for(f, "55", E(0) | E(1) | E(3) | E(4)),
                         Y), 0);
    int nyc = company(f, "NYC");
    eng_reach r;
    eng_reach_compute(f->b, nyc, &r);
    assert_true(r.edges[tf_hex(f->t, "F20")] & E(4)); /* through the town */
    assert_false(r.edges[tf_hex(f->t, "G17")] & E(3));
    eng_reach_free(&r);
    expect_refused(f, nyc, "G17", "69", rot_for(f, "69", E(0) | E(2) | E(3) | E(4)), Y,
                   "G17 is not connected");
}

/* The first rotation of the tile the engine takes on the hex (no track off the map). */
static int first_rotation(struct fx *f, const char *hex, const char *tile, unsigned colors)
{
    for (int r = 0; r < 6; r++)
        if (eng_lay_check(f->b, ENG_NONE, tf_hex(f->t, hex), tf_tile(f->t, tile), r, colors,
                          NULL, f->why, sizeof f->why) == 0)
            return r;
    fail_msg("tile %s fits %s in no rotation (the last: %s)", tile, hex, f->why);
    return -1;
}

/* The map sides of city `city` of a track laid in rotation rot (every path of a city tile
 * runs from a side to a city). */
static unsigned city_sides(const eng_track *tr, int rot, int city)
{
    unsigned sides = 0;
    for (int i = 0; i < tr->npaths; i++)
        if (tr->paths[i].b.kind == ENG_END_CITY && tr->paths[i].b.index == city)
            sides |= E(eng_rotate_edge(tr->paths[i].a.index, rot));
    return sides;
}

/* An OO upgrade keeps each old city's track on a city of its own (18xx.games: "59 is not
 * legally rotated for 67"): 59 -> 67 (Buffalo E11), 59 -> 64 (Philadelphia H18), 59 -> 65
 * (Detroit E5); the rotation joining both on one city is refused, the others keep them apart. */
static void check_oo_cities_kept_apart(struct fx *f, const char *hex, const char *brown)
{
    const unsigned G = 1u << ENG_GREEN, B = 1u << ENG_BROWN;
    int r59 = first_rotation(f, hex, "59", Y | G);
    assert_int_equal(lay(f, ENG_NONE, hex, "59", r59, Y | G), 0);
    const eng_track *old = &f->t->tiles[tf_tile(f->t, "59")].track;
    const eng_track *nw = &f->t->tiles[tf_tile(f->t, brown)].track;
    int legal = 0, merging = -1;
    for (int r = 0; r < 6; r++) {
        for (int k = 0; k < nw->ncities; k++) /* both old cities' sides on new city k */
            if ((city_sides(nw, r, k) & eng_track_edges(old, r59)) == eng_track_edges(old, r59))
                merging = r;
        eng_lay out;
        if (eng_lay_check(f->b, ENG_NONE, tf_hex(f->t, hex), tf_tile(f->t, brown), r, G | B, &out,
                          NULL, 0))
            continue;
        legal++;
        if (out.city_map[0] == out.city_map[1])
            fail_msg("%s rot %d on %s joins both cities of 59", brown, r, hex);
        for (int c = 0; c < 2; c++) /* each old city's side a side of the new city it goes to */
            assert_int_equal(city_sides(old, r59, c) & city_sides(nw, r, out.city_map[c]),
                             city_sides(old, r59, c));
    }
    assert_true(legal > 0);
    assert_true(merging >= 0);
    expect_refused(f, ENG_NONE, hex, brown, merging, G | B, "on a city of its own");
}

static void test_oo_upgrade_keeps_the_cities_apart(void **state)
{
    struct fx *f = *state;
    f->b->unlimited_tiles = true; /* (1830 has two 59s) */
    check_oo_cities_kept_apart(f, "E11", "67");
    check_oo_cities_kept_apart(f, "H18", "64");
    check_oo_cities_kept_apart(f, "E5", "65");
}

int main(void)
{
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(test_each_hex_takes_its_own_tiles),
        T(test_terrain_is_paid_on_the_first_tile_only),
        T(test_track_may_not_leave_the_map_or_cross_the_elbe),
        T(test_brown_map_hex_versus_brown_tile),
        T(test_upgrades_keep_the_existing_track),
        T(test_tiles_run_out_and_come_back),
        T(test_berlin_yellow_green_brown),
        T(test_hamburg_keeps_its_banks),
        T(test_xx_hexes),
        T(test_reach_connects_new_track),
        T(test_a_full_city_blocks_others),
        T(test_station_rules),
        T(test_a_home_circle_not_fixed_moves),
        T(test_every_upgrade_path_is_possible),
        cmocka_unit_test_setup_teardown(test_track_does_not_turn_back_at_a_switch, setup_1830,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_track_does_not_go_out_and_back_through_a_town,
                                        setup_1830, teardown),
        cmocka_unit_test_setup_teardown(test_oo_upgrade_keeps_the_cities_apart, setup_1830,
                                        teardown),
    };
    return cmocka_run_group_tests_name("board", tests, NULL, NULL);
}
