/* Tests for config/games/1856.json: the title loads with the engine's parser (not playable
 * yet), and its totals and specific facts match the cited sources (Rails' 1856 data and
 * 18xx.games' g_1856). The map is flat-topped and held as printed (the file's "geometry"):
 * edges 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE, every track as 18xx.games writes it. */
#include "title_fixture.h"
#include "engine/game.h"

#include <stdbool.h>
#include <string.h>

static eng_title *load_1856(void)
{
    return tf_load_title("1856");
}

static bool is_end(const eng_end *e, eng_end_kind kind, int index)
{
    return e->kind == kind && e->index == index;
}

/* Whether the track joins the two ends by a path (either way round). */
static bool has_path(const eng_track *tr, eng_end_kind ka, int ia, eng_end_kind kb, int ib)
{
    for (const eng_path *p = tr->paths; p < tr->paths + tr->npaths; p++)
        if ((is_end(&p->a, ka, ia) && is_end(&p->b, kb, ib)) ||
            (is_end(&p->a, kb, ib) && is_end(&p->b, ka, ia)))
            return true;
    return false;
}

static bool upgrades_to(const eng_title *t, const eng_upgrades *up, const char *id)
{
    return tf_upgrades_to_on(t, up, id, NULL);
}

static void test_counts(void **state)
{
    (void)state;
    eng_title *t = load_1856();
    assert_string_equal(t->id, "1856");
    assert_string_equal(t->not_playable, ""); /* playable: games of it may be created */
    assert_int_equal(t->nhexes, 98); /* 18xx.games' A14 and N5 left out */
    /* by colour: the printed hexes, the tile kinds, the tiles in the box */
    static const int want_hexes[ENG_NCOLORS] = {[ENG_WHITE] = 81, [ENG_YELLOW] = 6,
                                                [ENG_GRAY] = 1, [ENG_RED] = 10};
    static const int want_kinds[ENG_NCOLORS] = {[ENG_YELLOW] = 14, [ENG_GREEN] = 17,
                                                [ENG_BROWN] = 20, [ENG_GRAY] = 2};
    static const int want_tiles[ENG_NCOLORS] = {[ENG_YELLOW] = 55, [ENG_GREEN] = 31,
                                                [ENG_BROWN] = 34, [ENG_GRAY] = 2};
    int hexes[ENG_NCOLORS] = {0}, per_color[ENG_NCOLORS] = {0}, kinds[ENG_NCOLORS] = {0};
    for (int h = 0; h < t->nhexes; h++)
        hexes[t->hexes[h].printed.color]++;
    tf_count_tiles(t, per_color, kinds);
    assert_int_equal(t->ntiles, 53);
    for (int c = 0; c < ENG_NCOLORS; c++) {
        assert_int_equal(hexes[c], want_hexes[c]);
        assert_int_equal(kinds[c], want_kinds[c]);
        assert_int_equal(per_color[c], want_tiles[c]);
    }
    /* companies by kind: 6 privates, no minors, 11 majors and the CGR (the national, formed
     * in its round: national_rules) */
    static const int want_companies[3] = {[ENG_PRIVATE] = 6, [ENG_MINOR] = 0, [ENG_MAJOR] = 12};
    int by_kind[3] = {0};
    for (int c = 0; c < t->ncompanies; c++)
        by_kind[t->companies[c].kind]++;
    for (int k = 0; k < 3; k++)
        assert_int_equal(by_kind[k], want_companies[k]);
    int cgr = eng_company_index(t, "CGR");
    assert_true(cgr >= 0 && t->companies[cgr].formed);
    assert_int_equal(t->formation.company, cgr);
    assert_int_equal(t->national.company, cgr);
    assert_int_equal(t->national.forms_on, eng_train_index(t, "6"));
    assert_int_equal(t->national.station_limit, 10);
    assert_int_equal(t->national.cert_limit_after[9][4], 18); /* Rails' CertificateLimit,18,4,9 */
    assert_int_equal(t->national.cert_limit_after[11][3], 28);
    assert_int_equal(t->ntrains, 6);
    int in_box = 0, spaces = 0;
    for (int k = 0; k < t->ntrains; k++)
        in_box += t->trains[k].count;
    assert_int_equal(in_box, 20); /* and the Ds, unlimited */
    assert_int_equal(t->nphases, 6);
    assert_int_equal(t->market_rows, 11);
    assert_int_equal(t->market_cols, 20);
    for (int k = 0; k < t->market_rows * t->market_cols; k++)
        spaces += t->market[k] > 0;
    assert_int_equal(spaces, 113); /* and three closing spaces, held as none (gap) */
    assert_int_equal(t->bank, 12000);
    assert_int_equal(t->pool_limit_percent, 50);
    assert_int_equal(t->player_share_limit, 60);
    assert_true(t->drop_per_share);
    assert_false(t->full_capitalisation);
    assert_true(t->bank_break_ends_set);
    assert_true(t->train_needs_route);
    assert_true(t->sale_ends_passing);
    eng_title_free(t);
}

static void test_hexes(void **state)
{
    (void)state;
    eng_title *t = load_1856();
    /* Kitchener, the W&SR's hex: a yellow OO hex of two empty cities, only 59 on it */
    const eng_hex *ki = &t->hexes[tf_hex(t, "I12")];
    assert_string_equal(ki->name, "Kitchener");
    assert_int_equal(ki->printed.color, ENG_YELLOW);
    assert_string_equal(ki->printed.label, "OO");
    assert_int_equal(ki->printed.ncities, 2);
    assert_int_equal(ki->printed.npaths, 0);
    assert_int_equal(ki->cost, 0);
    assert_int_equal(ki->upgrades.n, 1);
    assert_true(upgrades_to(t, &ki->upgrades, "59"));
    /* the printed grid, flat: a column's hexes two numbers apart, the next column's between */
    assert_int_equal(t->layout, ENG_LAYOUT_FLAT);
    int h = tf_hex(t, "I12");
    assert_int_equal(eng_neighbor(t, h, 0), tf_hex(t, "I14")); /* S */
    assert_int_equal(eng_neighbor(t, h, 1), tf_hex(t, "H13")); /* SW */
    assert_int_equal(eng_neighbor(t, h, 2), tf_hex(t, "H11")); /* NW */
    assert_int_equal(eng_neighbor(t, h, 3), tf_hex(t, "I10")); /* N */
    assert_int_equal(eng_neighbor(t, h, 4), tf_hex(t, "J11")); /* NE */
    assert_int_equal(eng_neighbor(t, h, 5), tf_hex(t, "J13")); /* SE */
    /* Detroit - Windsor at the south-west corner: nothing west or south of it, Chatham (B19)
     * its north-east neighbour, B21 its south-east one (18xx.games A20: paths 4 and 5) */
    int de_hex = tf_hex(t, "A20");
    assert_int_equal(eng_neighbor(t, de_hex, 4), tf_hex(t, "B19"));
    assert_int_equal(eng_neighbor(t, de_hex, 5), tf_hex(t, "B21"));
    assert_int_equal(eng_neighbor(t, de_hex, 1), -1);
    assert_true(has_path(&t->hexes[de_hex].printed, ENG_END_EDGE, 4, ENG_END_OFFBOARD, 0));
    assert_true(has_path(&t->hexes[de_hex].printed, ENG_END_EDGE, 5, ENG_END_OFFBOARD, 0));
    /* Sarnia (B13): to the south and south-east (18xx.games a:0, a:5) */
    assert_true(has_path(&t->hexes[tf_hex(t, "B13")].printed, ENG_END_EDGE, 0, ENG_END_OFFBOARD,
                         0));
    /* London (F15): south to St. Thomas (F17), north-east to G14 */
    const eng_track *london = &t->hexes[tf_hex(t, "F15")].printed;
    assert_true(has_path(london, ENG_END_EDGE, 0, ENG_END_CITY, 0));
    assert_true(has_path(london, ENG_END_EDGE, 4, ENG_END_CITY, 0));
    assert_int_equal(eng_neighbor(t, tf_hex(t, "F15"), 0), tf_hex(t, "F17"));
    /* Toronto: two cities of 30, T; the one on the south-west side is city 0, CV's home; the
     * other leaves by the north-east (18xx.games N11: a:1 to city 0, a:4 to city 1) */
    const eng_hex *to = &t->hexes[tf_hex(t, "N11")];
    assert_string_equal(to->printed.label, "T");
    assert_int_equal(to->printed.cities[0].revenue, 30);
    assert_int_equal(to->printed.cities[1].revenue, 30);
    assert_true(has_path(&to->printed, ENG_END_EDGE, 1, ENG_END_CITY, 0));
    assert_true(has_path(&to->printed, ENG_END_EDGE, 4, ENG_END_CITY, 1));
    assert_true(upgrades_to(t, &to->upgrades, "120"));
    /* London and Barrie: yellow B-L cities of 30, first 121 */
    const eng_hex *lo = &t->hexes[tf_hex(t, "F15")];
    assert_string_equal(lo->printed.label, "B-L");
    assert_int_equal(lo->printed.cities[0].revenue, 30);
    assert_true(upgrades_to(t, &lo->upgrades, "121"));
    /* Hamilton: OO, a mountain of 40; N3 water of 40 */
    assert_int_equal(t->hexes[tf_hex(t, "L15")].cost, 40);
    assert_string_equal(t->hexes[tf_hex(t, "L15")].terrain, "mountain");
    assert_int_equal(t->hexes[tf_hex(t, "N3")].cost, 40);
    assert_string_equal(t->hexes[tf_hex(t, "N3")].terrain, "water");
    int costly = 0;
    for (int i = 0; i < t->nhexes; i++)
        costly += t->hexes[i].cost > 0;
    assert_int_equal(costly, 9);
    /* Goderich: a gray town of 30 / 50 (phase 5) / 40 (phase D), three exits */
    const eng_hex *go = &t->hexes[tf_hex(t, "F9")];
    assert_int_equal(go->printed.color, ENG_GRAY);
    assert_int_equal(go->printed.ntowns, 1);
    assert_true(go->printed.towns[0].by_phase);
    assert_int_equal(go->printed.towns[0].revenue_by_phase[ENG_YELLOW], 30);
    assert_int_equal(go->printed.towns[0].revenue_by_phase[ENG_BROWN], 50);
    assert_int_equal(go->printed.towns[0].revenue_by_phase[ENG_GRAY], 40);
    assert_int_equal(go->printed.npaths, 3);
    /* off-boards: Detroit 30/50/60, Buffalo 30/40 over two hexes */
    const eng_hex *de = &t->hexes[tf_hex(t, "A20")];
    assert_true(de->offboard);
    assert_int_equal(de->offboard_revenue[ENG_YELLOW], 30);
    assert_int_equal(de->offboard_revenue[ENG_GREEN], 30);
    assert_int_equal(de->offboard_revenue[ENG_BROWN], 50);
    assert_int_equal(de->offboard_revenue[ENG_GRAY], 60);
    assert_string_equal(t->hexes[tf_hex(t, "P17")].offboard_group, "Buffalo");
    assert_string_equal(t->hexes[tf_hex(t, "P19")].offboard_group, "Buffalo");
    assert_int_equal(t->hexes[tf_hex(t, "P19")].offboard_revenue[ENG_GRAY], 40);
    assert_string_equal(t->hexes[tf_hex(t, "N1")].offboard_group, "Canadian West");
    assert_int_equal(t->hexes[tf_hex(t, "K2")].offboard_revenue[ENG_BROWN], 30);
    /* printed hexes' first tiles (Rails TileSet) */
    assert_true(upgrades_to(t, &t->hexes[tf_hex(t, "L3")].upgrades, "9"));
    assert_true(upgrades_to(t, &t->hexes[tf_hex(t, "H11")].upgrades, "58"));
    assert_true(upgrades_to(t, &t->hexes[tf_hex(t, "I14")].upgrades, "69"));
    assert_true(upgrades_to(t, &t->hexes[tf_hex(t, "C14")].upgrades, "57"));
    assert_int_equal(t->hexes[tf_hex(t, "A20")].upgrades.n, 0);
    eng_title_free(t);
}

static void test_tiles(void **state)
{
    (void)state;
    eng_title *t = load_1856();
    const eng_tile *t59 = &t->tiles[tf_tile(t, "59")];
    assert_int_equal(t59->track.color, ENG_GREEN);
    assert_int_equal(t59->count, 2);
    assert_int_equal(t59->track.cities[0].revenue, 40);
    assert_int_equal(t59->upgrades.n, 5);
    assert_true(upgrades_to(t, &t59->upgrades, "64"));
    assert_true(upgrades_to(t, &t59->upgrades, "68"));
    /* brown OO -> gray 123 (H) only on Hamilton */
    const eng_tile *t64 = &t->tiles[tf_tile(t, "64")];
    assert_true(tf_upgrades_to_on(t, &t64->upgrades, "123", "L15"));
    assert_false(tf_upgrades_to_on(t, &t64->upgrades, "123", "I12"));
    /* 14 and 15: 125 on the L hexes, 63 elsewhere */
    const eng_tile *t14 = &t->tiles[tf_tile(t, "14")];
    assert_true(tf_upgrades_to_on(t, &t14->upgrades, "125", "C14"));
    assert_false(tf_upgrades_to_on(t, &t14->upgrades, "63", "C14"));
    assert_true(tf_upgrades_to_on(t, &t14->upgrades, "63", "J11"));
    assert_false(tf_upgrades_to_on(t, &t14->upgrades, "125", "J11"));
    const eng_tile *t15 = &t->tiles[tf_tile(t, "15")];
    assert_true(tf_upgrades_to_on(t, &t15->upgrades, "125", "P9"));
    /* B-L: 121 -> 126 on London, 127 on Barrie */
    const eng_tile *t121 = &t->tiles[tf_tile(t, "121")];
    assert_int_equal(t121->track.cities[0].revenue, 50);
    assert_int_equal(t121->track.cities[0].slots, 2);
    assert_true(tf_upgrades_to_on(t, &t121->upgrades, "126", "F15"));
    assert_false(tf_upgrades_to_on(t, &t121->upgrades, "126", "M4"));
    assert_true(tf_upgrades_to_on(t, &t121->upgrades, "127", "M4"));
    /* Toronto: 120 -> 122 -> 124 */
    assert_true(upgrades_to(t, &t->tiles[tf_tile(t, "120")].upgrades, "122"));
    assert_true(upgrades_to(t, &t->tiles[tf_tile(t, "122")].upgrades, "124"));
    const eng_tile *t124 = &t->tiles[tf_tile(t, "124")];
    assert_int_equal(t124->track.color, ENG_GRAY);
    assert_int_equal(t124->track.cities[0].revenue, 100);
    assert_int_equal(t124->track.cities[0].slots, 4);
    const eng_tile *t123 = &t->tiles[tf_tile(t, "123")];
    assert_int_equal(t123->track.cities[0].slots, 3);
    assert_int_equal(t123->track.npaths, 5);
    /* 125: brown L, 40, two slots, five exits */
    const eng_tile *t125 = &t->tiles[tf_tile(t, "125")];
    assert_string_equal(t125->track.label, "L");
    assert_int_equal(t125->count, 4);
    assert_int_equal(t125->track.npaths, 5);
    /* town tiles become cities or plain track only from phase 6 (upgrades_from_phase_6) */
    const eng_upgrades *u3 = &t->tiles[tf_tile(t, "3")].upgrades;
    assert_int_equal(u3->n, 2);
    assert_int_equal(u3->v[0].tile, tf_tile(t, "5"));
    assert_int_equal(u3->v[1].tile, tf_tile(t, "7"));
    assert_string_equal(t->phases[u3->v[0].from_phase].name, "6");
    assert_int_equal(t->tiles[tf_tile(t, "1")].upgrades.n, 1);
    assert_int_equal(t->tiles[tf_tile(t, "1")].upgrades.v[0].tile, tf_tile(t, "14"));
    /* counts (Rails TileSet = 18xx.games TILES) */
    assert_int_equal(t->tiles[tf_tile(t, "8")].count, 13);
    assert_int_equal(t->tiles[tf_tile(t, "9")].count, 13);
    assert_int_equal(t->tiles[tf_tile(t, "57")].count, 4);
    assert_int_equal(t->tiles[tf_tile(t, "41")].count, 3);
    /* a chiral pair as printed: 41 is 18xx.games' paths 0-3, 0-1, 1-3 (not 42's mirror) */
    const eng_tile *t41 = &t->tiles[tf_tile(t, "41")];
    assert_true(has_path(&t41->track, ENG_END_EDGE, 0, ENG_END_EDGE, 3));
    assert_true(has_path(&t41->track, ENG_END_EDGE, 0, ENG_END_EDGE, 1));
    assert_true(has_path(&t41->track, ENG_END_EDGE, 1, ENG_END_EDGE, 3));
    eng_title_free(t);
}

static void test_privates_and_majors(void **state)
{
    (void)state;
    eng_title *t = load_1856();
    /* the W&SR as seed 003 reads it: a tile (not extra, not connected) and a free station
     * (not extra, not connected) on I12, used by the owning company, closing after either */
    const eng_company *ws = tf_company(t, "W&SR");
    assert_int_equal(ws->kind, ENG_PRIVATE);
    assert_int_equal(ws->price, 40);
    assert_int_equal(ws->revenue, 10);
    assert_true(ws == tf_company(t, "WSRC")); /* 18xx.games' sym */
    assert_true(ws->powers.user_owning_company);
    assert_int_equal(ws->powers.ntile_hexes, 1);
    assert_int_equal(ws->powers.tile_hexes[0], tf_hex(t, "I12"));
    assert_false(ws->powers.tile_extra);
    assert_false(ws->powers.tile_connected);
    assert_int_equal(ws->powers.token_hex, tf_hex(t, "I12"));
    assert_true(ws->powers.token_free);
    assert_false(ws->powers.token_extra);
    assert_false(ws->powers.token_connected);
    assert_int_equal(ws->powers.closes_after, ENG_CLOSES_AFTER_ANY);
    assert_int_equal(ws->nblocks, 1);
    assert_int_equal(ws->blocks[0], tf_hex(t, "I12"));
    const eng_company *tcc = tf_company(t, "TCC");
    assert_int_equal(tcc->price, 50);
    assert_true(tcc->powers.tile_extra);
    assert_int_equal(tcc->powers.tile_hexes[0], tf_hex(t, "H11"));
    assert_int_equal(tcc->powers.closes_after, ENG_CLOSES_NEVER);
    static const struct { const char *id; int price, revenue; } privs[] = {
        {"Flos", 20, 5}, {"Ship", 70, 15}, {"Brdg", 100, 20}, {"Tunn", 100, 20}};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(tf_company(t, privs[i].id)->price, privs[i].price);
        assert_int_equal(tf_company(t, privs[i].id)->revenue, privs[i].revenue);
    }
    assert_true(tf_company(t, "GLSC") == tf_company(t, "Ship"));
    /* majors: homes and station markers (Rails = 18xx.games), pars, 20% to operate */
    static const struct { const char *id, *home; int tokens; } majors[] = {
        {"BBG", "J15", 3}, {"CA", "D17", 3}, {"CPR", "M4", 4}, {"CV", "N11", 3},
        {"GT", "P9", 4}, {"GW", "F15", 4}, {"LPS", "C14", 2}, {"TGB", "K8", 2},
        {"THB", "L15", 2}, {"WR", "O16", 3}, {"WGB", "J11", 2}};
    for (int i = 0; i < 11; i++) {
        const eng_company *c = tf_company(t, majors[i].id);
        assert_int_equal(c->kind, ENG_MAJOR);
        assert_int_equal(c->home_hex, tf_hex(t, majors[i].home));
        assert_int_equal(c->ntokens, majors[i].tokens);
        assert_int_equal(c->token_costs[1], 40);
        assert_int_equal(c->float_percent, 20);
        assert_int_equal(c->npar_choices, 6);
        assert_int_equal(c->certs[0].percent, 20);
        assert_true(c->certs[0].director);
    }
    assert_int_equal(tf_company(t, "CV")->home_city, 0);
    assert_true(tf_company(t, "THB")->home_choice);
    /* the start packet: the six privates by auction, as 1830's */
    assert_true(t->packet_auction);
    assert_int_equal(t->bid_raise, 5);
    assert_int_equal(t->first_item_drop, 5);
    assert_int_equal(t->nstart_items, 6);
    assert_string_equal(t->start_items[1].id, "W&SR");
    assert_int_equal(t->start_items[1].price, 40);
    assert_int_equal(t->start_items[5].price, 100);
    eng_title_free(t);
}

static void test_trains_phases_market(void **state)
{
    (void)state;
    eng_title *t = load_1856();
    static const struct { const char *name; int count, cost; const char *rusts; } trains[] = {
        {"2", 6, 100, "4"}, {"3", 5, 225, "6"}, {"4", 4, 350, "D"}, {"5", 3, 550, ""},
        {"6", 2, 700, ""}};
    for (int i = 0; i < 5; i++) {
        const eng_train *tr = &t->trains[eng_train_index(t, trains[i].name)];
        assert_int_equal(tr->count, trains[i].count);
        assert_int_equal(tr->cost, trains[i].cost);
        assert_string_equal(tr->rusts_on, trains[i].rusts);
    }
    const eng_train *d = &t->trains[eng_train_index(t, "D")];
    assert_true(d->unlimited);
    assert_true(d->count_unlimited);
    assert_int_equal(d->cost, 1100);
    assert_int_equal(d->trade_in_cost, 750);
    assert_int_equal(d->ntrade_ins, 3);
    assert_int_equal(d->available_from, eng_train_index(t, "6"));
    static const int rounds[6] = {1, 2, 2, 3, 3, 3}, limits[6] = {4, 4, 3, 2, 2, 2};
    for (int i = 0; i < 6; i++) {
        assert_int_equal(t->phases[i].operating_rounds, rounds[i]);
        assert_int_equal(t->phases[i].train_limit_major, limits[i]);
    }
    assert_false(t->phases[1].tile_colors & (1u << ENG_BROWN));
    assert_true(t->phases[1].privates_to_companies);
    assert_true(t->phases[3].privates_close);
    assert_true(t->phases[3].tile_colors & (1u << ENG_BROWN));
    /* phase 6: gray tiles, off-board values still the brown ones; D: the third (gray) */
    assert_true(t->phases[4].tile_colors & (1u << ENG_GRAY));
    assert_int_equal(t->phases[4].offboard_color, ENG_BROWN);
    assert_int_equal(t->phases[5].offboard_color, ENG_GRAY);
    assert_int_equal(t->phases[2].offboard_color, ENG_GREEN);
    /* the market: 70 at the top left, pars 100 down to 65 in the fifth column, zones */
    int cols = t->market_cols;
    assert_int_equal(t->market[0], 70);
    assert_int_equal(t->market[19], 450);
    static const int pars[6] = {100, 90, 80, 75, 70, 65};
    for (int r = 0; r < 6; r++) {
        assert_int_equal(t->market[r * cols + 4], pars[r]);
        assert_true(t->market_par[r * cols + 4]);
    }
    assert_int_equal(t->market_zone[4 * cols + 0], ENG_ZONE_YELLOW);
    assert_int_equal(t->market_zone[6 * cols + 0], ENG_ZONE_ORANGE);
    assert_int_equal(t->market[9 * cols + 0], 0); /* a closing space ("0c") */
    assert_true(t->market_closes[9 * cols + 0]);
    assert_int_equal(t->market[9 * cols + 1], 30);
    /* players: 3 to 6 */
    assert_int_equal(t->min_players, 3);
    assert_int_equal(t->max_players, 6);
    static const int cash[7] = {0, 0, 0, 500, 375, 300, 250}, certs[7] = {0, 0, 0, 20, 16, 13, 11};
    for (int n = 3; n <= 6; n++) {
        assert_int_equal(t->start_cash[n], cash[n]);
        assert_int_equal(t->cert_limit[n], certs[n]);
    }
    eng_title_free(t);
}

static char *title_text(const char *name, void *ctx)
{
    (void)ctx;
    return tf_json_of(name);
}

/* Rails' 1856 options the engine holds: LeaveAuctionOnPass (a rule), and 1856AlternateTrains
 * (the 8-train for 1000, 650 with a 4, 5 or 6, instead of the D; the 4 rusting on it). */
static void test_game_options(void **state)
{
    (void)state;
    eng_title *base = load_1856();
    assert_int_equal(base->ngame_options, 5); /* and UnlimitedBonusTokens, 1856THBHomeBlocked,
                                               * 1856AlternateDestinations (test_capital.c) */
    eng_options o;
    char why[256], *err = NULL;
    eng_options_default(base, &o);
    assert_false(o.rules.auction_pass_leaves);
    assert_int_equal(eng_options_parse(base, &o, "LeaveAuctionOnPass=yes", why, sizeof why), 0);
    assert_true(o.rules.auction_pass_leaves);
    assert_false(eng_choices_change_title(base, o.chosen));
    assert_int_equal(eng_options_parse(base, &o, "1856AlternateTrains=yes", why, sizeof why), 0);
    assert_true(eng_choices_change_title(base, o.chosen));
    eng_title *eights = eng_title_load_chosen("1856", title_text, NULL, base, o.chosen, &err);
    if (!eights)
        fail_msg("1856AlternateTrains=yes: %s", err);
    assert_int_equal(eng_train_index(eights, "D"), -1);
    int k = eng_train_index(eights, "8");
    assert_true(k >= 0);
    const eng_train *eight = &eights->trains[k];
    assert_int_equal(eight->cities, 8);
    assert_false(eight->unlimited);
    assert_true(eight->count_unlimited);
    assert_int_equal(eight->cost, 1000);
    assert_int_equal(eight->trade_in_cost, 650);
    assert_int_equal(eight->available_from, eng_train_index(eights, "6"));
    assert_string_equal(eights->trains[eng_train_index(eights, "4")].rusts_on, "8");
    assert_string_equal(eights->phases[5].name, "D");
    assert_string_equal(eights->phases[5].on, "8");
    eng_title_free(eights);
    eng_title_free(base);
}

static void test_on_18xx_games(void **state)
{
    (void)state;
    eng_title *t = load_1856();
    assert_string_equal(t->xgames.title, "1856");
    assert_int_equal(t->xgames.nrules, 3);  /* its three optional rules: the 8-train, the
                                             * unlimited bonus tokens, the alternate
                                             * destinations */
    assert_string_equal(t->xgames.rules[0].rule, "eight_train_variant");
    assert_string_equal(t->xgames.rules[0].options, "1856AlternateTrains=yes");
    assert_string_equal(t->xgames.rules[2].rule, "unlimited_bonus_tokens");
    assert_non_null(strstr(t->xgames.options, "LeaveAuctionOnPass=yes"));
    /* what its special purchases, assignment, national and steps are here */
    assert_int_equal(t->xgames.nbuys, 2);
    assert_string_equal(t->xgames.buys[0].description, "Bridge Token");
    assert_string_equal(t->xgames.buys[0].action, "buy_bonus");
    assert_string_equal(t->companies[t->xgames.buys[0].company].id, "Brdg");
    assert_string_equal(t->xgames.assign_action, "port");
    assert_string_equal(t->xgames.national, "CGR");
    assert_int_equal(t->xgames.ntrack_powers, 2);
    assert_true(t->xgames.loan_step && t->xgames.loan_value == 100);
    assert_string_equal(t->xgames.loans_until_phase, "6");
    assert_true(t->xgames.destination_check && t->xgames.unvested_shares &&
                t->xgames.sell_in_blocks);
    assert_int_equal(t->xgames.sell_buy_order, ENG_XG_SELL_BUY_OR_BUY_SELL);
    /* every tile and hex as 18xx.games draws it: its rotations are pbemgm's, no offsets */
    assert_int_equal(t->xgames.ntiles, 0);
    assert_int_equal(t->xgames.nhexes, 0);
    eng_title_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts),
        cmocka_unit_test(test_hexes),
        cmocka_unit_test(test_tiles),
        cmocka_unit_test(test_privates_and_majors),
        cmocka_unit_test(test_trains_phases_market),
        cmocka_unit_test(test_game_options),
        cmocka_unit_test(test_on_18xx_games),
    };
    return cmocka_run_group_tests_name("title_1856", tests, NULL, NULL);
}
