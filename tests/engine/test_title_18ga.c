/* Tests for config/games/18GA.json: the title loads with the engine's parser (with each of its
 * game options too), and its totals and specific facts match the cited sources (18xx.games'
 * g_18_ga, Rails' data/18GA). The map is pointy-topped, every track as 18xx.games writes it:
 * edges 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE. */
#include "title_fixture.h"
#include "engine/game.h"

#include <stdbool.h>
#include <string.h>

static eng_title *load_18ga(void)
{
    return tf_load_title("18GA");
}

/* The title as the options in text change it (the test fails when one does not load, or
 * changes nothing). */
static eng_title *load_with(const eng_title *base, const char *text)
{
    eng_title *t = tf_title_with(base, text);
    if (!t)
        fail_msg("%s changes no data", text);
    return t;
}

static const eng_upgrades *tile_upgrades(const eng_title *t, const char *id)
{
    return &t->tiles[tf_tile(t, id)].upgrades;
}

static const eng_hex *hex_of(const eng_title *t, const char *id)
{
    return &t->hexes[tf_hex(t, id)];
}

static void test_counts(void **state)
{
    (void)state;
    eng_title *t = load_18ga();
    assert_string_equal(t->id, "18GA");
    assert_int_equal(t->layout, ENG_LAYOUT_POINTY);
    assert_string_equal(t->not_playable, ""); /* playable: its rules are the engine's */
    assert_int_equal(t->nhexes, 51);
    int hexes[ENG_NCOLORS] = {0};
    for (int h = 0; h < t->nhexes; h++)
        hexes[t->hexes[h].printed.color]++;
    assert_int_equal(hexes[ENG_WHITE], 46);
    assert_int_equal(hexes[ENG_GRAY], 3); /* Montgomery, Tallahassee, Jacksonville */
    assert_int_equal(hexes[ENG_RED], 2);  /* Chattanooga, Greeneville */
    /* tiles.rb: 45 kinds, 108 tiles */
    int per_color[ENG_NCOLORS] = {0}, kinds[ENG_NCOLORS] = {0};
    tf_count_tiles(t, per_color, kinds);
    assert_int_equal(t->ntiles, 45);
    assert_int_equal(kinds[ENG_YELLOW], 10);
    assert_int_equal(per_color[ENG_YELLOW], 44);
    assert_int_equal(kinds[ENG_GREEN], 19);
    assert_int_equal(per_color[ENG_GREEN], 36);
    assert_int_equal(kinds[ENG_BROWN], 16);
    assert_int_equal(per_color[ENG_BROWN], 28);
    assert_int_equal(kinds[ENG_GRAY], 0); /* no gray tiles (18xx.games #1905) */
    assert_int_equal(t->tiles[tf_tile(t, "8")].count, 11);
    assert_int_equal(t->tiles[tf_tile(t, "63")].count, 4);
    eng_title_free(t);
}

static void test_hexes(void **state)
{
    (void)state;
    eng_title *t = load_18ga();
    const eng_hex *atl = hex_of(t, "D4");
    assert_string_equal(atl->name, "Atlanta");
    assert_string_equal(atl->printed.label, "ATL");
    assert_int_equal(atl->printed.ncities, 3);
    const eng_hex *mont = hex_of(t, "E1");
    assert_int_equal(mont->printed.color, ENG_GRAY);
    assert_true(mont->printed.cities[0].by_phase);
    assert_int_equal(mont->printed.cities[0].revenue_by_phase[ENG_YELLOW], 30);
    assert_int_equal(mont->printed.cities[0].revenue_by_phase[ENG_BROWN], 40);
    assert_int_equal(mont->printed.npaths, 3);
    assert_int_equal(mont->printed.cities[0].neutral_stations, 1); /* a neutral station */
    const eng_hex *tal = hex_of(t, "J4");
    assert_int_equal(tal->printed.cities[0].revenue_by_phase[ENG_GREEN], 20);
    assert_int_equal(tal->printed.cities[0].revenue_by_phase[ENG_BROWN], 50);
    assert_int_equal(tal->printed.cities[0].neutral_stations, 1);
    /* Jacksonville: a city a station stands in (ACL's home), worth 30, then 60 */
    const eng_hex *jax = hex_of(t, "J12");
    assert_false(jax->offboard);
    assert_int_equal(jax->printed.ncities, 1);
    assert_int_equal(jax->printed.cities[0].revenue_by_phase[ENG_BROWN], 60);
    assert_int_equal(jax->printed.cities[0].neutral_stations, 0);
    const eng_hex *chat = hex_of(t, "A3");
    assert_true(chat->offboard);
    assert_int_equal(chat->offboard_revenue[ENG_YELLOW], 30);
    assert_int_equal(chat->offboard_revenue[ENG_GREEN], 30);
    assert_int_equal(chat->offboard_revenue[ENG_BROWN], 60);
    assert_int_equal(hex_of(t, "B10")->offboard_revenue[ENG_BROWN], 40);
    /* terrain: 18xx.games' costs (TerrainCosts=current) */
    assert_int_equal(hex_of(t, "B2")->cost, 60);
    assert_int_equal(hex_of(t, "F12")->cost, 40);
    assert_int_equal(hex_of(t, "J10")->cost, 40);
    assert_int_equal(hex_of(t, "E3")->cost, 20);
    assert_string_equal(hex_of(t, "E3")->terrain, "water");
    assert_int_equal(hex_of(t, "E7")->cost, 20);
    assert_int_equal(hex_of(t, "E7")->printed.ntowns, 1);
    assert_int_equal(hex_of(t, "G3")->cost, 0);
    assert_int_equal(hex_of(t, "D6")->cost, 0);
    /* Cotton Port's hexes are not on the base map */
    assert_int_equal(eng_hex_index(t, "E15"), -1);
    assert_int_equal(eng_hex_index(t, "F14"), -1);
    eng_title_free(t);
}

/* The special upgrades (18xx.games game.rb upgrades_to?): only on their hexes. */
static void test_special_upgrades(void **state)
{
    (void)state;
    eng_title *t = load_18ga();
    static const struct {
        const char *from, *to, *hex;
        bool allowed;
    } lays[] = {
        /* the yellow cities 5, 6 and 57: Augusta only to 453a, Savannah only to 454a */
        {"5", "453a", "D10", true},   {"6", "453a", "D10", true},  {"57", "453a", "D10", true},
        {"5", "453a", "C3", false},   {"5", "454a", "G13", true},  {"6", "454a", "G13", true},
        {"57", "454a", "G13", true},  {"6", "454a", "D10", false}, {"5", "14", "F6", true},
        {"57", "15", "I11", true},    {"5", "14", "D10", false},   {"6", "15", "D10", false},
        {"57", "14", "G13", false},   {"6", "15", "G13", false},
        /* the green cities 14 and 15: Brunswick only to 457a, Macon only to 458a */
        {"14", "457a", "I11", true},  {"15", "457a", "I11", true}, {"14", "457a", "F6", false},
        {"14", "458a", "F6", true},   {"15", "458a", "F6", true},  {"15", "458a", "I11", false},
        {"14", "63", "C3", true},     {"15", "63", "I9", true},    {"14", "63", "F6", false},
        {"15", "63", "I11", false},
    };
    for (size_t k = 0; k < sizeof lays / sizeof *lays; k++)
        if (tf_upgrades_to_on(t, tile_upgrades(t, lays[k].from), lays[k].to, lays[k].hex) !=
            lays[k].allowed)
            fail_msg("%s to %s on %s: %s", lays[k].from, lays[k].to, lays[k].hex,
                     lays[k].allowed ? "refused" : "allowed");
    assert_true(tf_upgrades_to_on(t, tile_upgrades(t, "453a"), "456a", NULL));
    assert_true(tf_upgrades_to_on(t, tile_upgrades(t, "454a"), "459a", NULL));
    assert_true(tf_upgrades_to_on(t, tile_upgrades(t, "451a"), "452a", NULL));
    assert_true(tf_upgrades_to_on(t, tile_upgrades(t, "452a"), "455a", NULL));
    assert_true(tf_upgrades_to_on(t, &hex_of(t, "D4")->upgrades, "451a", NULL));
    /* and each hex's only tile of that colour (only_tiles) */
    static const struct {
        const char *hex, *tile;
        eng_color color;
    } only[] = {{"D10", "453a", ENG_GREEN}, {"G13", "454a", ENG_GREEN},
                {"I11", "457a", ENG_BROWN}, {"F6", "458a", ENG_BROWN}};
    for (int k = 0; k < 4; k++) {
        const eng_hex *h = hex_of(t, only[k].hex);
        assert_int_equal(h->nonly_tiles[only[k].color], 1);
        assert_int_equal(h->only_tiles[only[k].color][0], tf_tile(t, only[k].tile));
    }
    assert_int_equal(hex_of(t, "C3")->nonly_tiles[ENG_GREEN], 0);
    assert_false(tf_upgrades_to_on(t, &hex_of(t, "D4")->upgrades, "5", NULL));
    /* the labelled tiles' values and circles (tile.rb) */
    const eng_tile *aug = &t->tiles[tf_tile(t, "453a")];
    assert_string_equal(aug->track.label, "Aug");
    assert_int_equal(aug->track.cities[0].revenue, 40);
    assert_int_equal(aug->track.cities[0].slots, 2);
    assert_int_equal(t->tiles[tf_tile(t, "459a")].track.cities[0].revenue, 60);
    assert_int_equal(t->tiles[tf_tile(t, "455a")].track.ncities, 3);
    assert_int_equal(t->tiles[tf_tile(t, "455a")].track.cities[2].revenue, 70);
    eng_title_free(t);
}

static void test_privates_and_majors(void **state)
{
    (void)state;
    eng_title *t = load_18ga();
    static const struct {
        const char *id;
        int price, revenue;
    } privates[] = {{"LT", 20, 5}, {"MRC", 40, 10}, {"W&S", 70, 15}, {"OSO", 100, 20},
                    {"M&B", 150, 25}};
    for (size_t k = 0; k < sizeof privates / sizeof *privates; k++) {
        const eng_company *c = tf_company(t, privates[k].id);
        assert_int_equal(c->kind, ENG_PRIVATE);
        assert_int_equal(c->price, privates[k].price);
        assert_int_equal(c->revenue, privates[k].revenue);
    }
    const eng_company *ws = tf_company(t, "W&S");
    assert_int_equal(ws->nblocks, 0); /* seed 003: Waycross not reserved */
    assert_int_equal(ws->powers.token_hex, tf_hex(t, "I9"));
    assert_false(ws->powers.token_extra);
    assert_true(ws->powers.token_free);
    assert_false(ws->powers.token_connected);
    assert_int_equal(ws->powers.ntile_hexes, 0); /* no tile lay (Rails' bug, seed 003) */
    assert_true(ws->powers.user_owning_company);
    const eng_company *mrc = tf_company(t, "MRC");
    assert_int_equal(mrc->nblocks, 1);
    assert_int_equal(mrc->blocks[0], tf_hex(t, "F12"));
    assert_int_equal(mrc->powers.ntile_hexes, 1);
    assert_int_equal(mrc->powers.tile_hexes[0], tf_hex(t, "F12"));
    assert_true(mrc->powers.tile_extra && mrc->powers.tile_free);
    assert_false(mrc->powers.tile_connected);
    assert_int_equal(mrc->powers.ntile_ids, 3);
    assert_int_equal(tf_company(t, "OSO")->blocks[0], tf_hex(t, "G7"));
    const eng_company *mb = tf_company(t, "M&B");
    assert_int_equal(mb->blocks[0], tf_hex(t, "F4"));
    assert_int_equal(mb->brings_company, eng_company_index(t, "CoG"));
    assert_int_equal(mb->brings_percent, 10);
    assert_false(mb->brings_director);
    /* the majors: homes and stations (entities.rb) */
    static const struct {
        const char *id, *home;
        int ntokens;
    } majors[] = {{"ACL", "J12", 4}, {"CoG", "F6", 4}, {"G&F", "H4", 2},
                  {"GA", "D10", 4},  {"W&A", "D4", 2}, {"SAL", "G13", 3}};
    for (size_t k = 0; k < sizeof majors / sizeof *majors; k++) {
        const eng_company *c = tf_company(t, majors[k].id);
        assert_int_equal(c->kind, ENG_MAJOR);
        assert_int_equal(c->home_hex, tf_hex(t, majors[k].home));
        assert_int_equal(c->ntokens, majors[k].ntokens);
        assert_int_equal(c->token_costs[0], 0);
        assert_int_equal(c->token_costs[1], 40);
        assert_int_equal(c->float_percent, 60);
        assert_int_equal(c->npar_choices, 4);
        assert_int_equal(c->certs[0].percent, 20);
        assert_true(c->certs[0].director);
    }
    assert_true(tf_company(t, "W&A")->home_choice);
    assert_true(tf_company(t, "ACL")->home_at_start); /* blocks Jacksonville till it floats */
    assert_false(tf_company(t, "SAL")->home_at_start);
    assert_int_equal(tf_company(t, "GA")->nmore_homes, 0);
    assert_int_equal(tf_company(t, "ACL")->token_costs[3], 100);
    eng_title_free(t);
}

static void test_trains_phases_market(void **state)
{
    (void)state;
    eng_title *t = load_18ga();
    static const struct {
        const char *name;
        int count, cost;
        const char *rusts_on;
    } trains[] = {{"2", 5, 100, "4"}, {"3", 4, 180, "6"}, {"4", 3, 300, "8"},
                  {"5", 2, 450, ""},  {"6", 2, 630, ""},  {"8", 5, 800, ""}};
    int towns = 0;
    for (int h = 0; h < t->nhexes; h++)
        towns += t->hexes[h].printed.ntowns;
    assert_int_equal(towns, 3);
    assert_int_equal(t->ntrains, 6);
    for (int k = 0; k < 6; k++) {
        const eng_train *tr = &t->trains[k];
        assert_string_equal(tr->name, trains[k].name);
        assert_int_equal(tr->count, trains[k].count);
        assert_int_equal(tr->cost, trains[k].cost);
        assert_string_equal(tr->rusts_on, trains[k].rusts_on);
        assert_int_equal(tr->cities, atoi(trains[k].name));
        assert_int_equal(tr->towns, towns); /* towns not counted: all of the map's */
        assert_int_equal(tr->obsolete_on, -1);
    }
    assert_int_equal(t->nphases, 6);
    static const int ors[] = {1, 2, 2, 3, 3, 3}, limits[] = {4, 4, 3, 2, 2, 2};
    for (int k = 0; k < 6; k++) {
        assert_int_equal(t->phases[k].operating_rounds, ors[k]);
        assert_int_equal(t->phases[k].train_limit_major, limits[k]);
        assert_int_equal(t->phases[k].privates_close, k == 3);
        assert_int_equal(t->phases[k].privates_to_companies, k >= 1);
    }
    assert_int_equal(t->phases[0].tile_colors, 1u << ENG_YELLOW);
    assert_int_equal(t->phases[3].offboard_color, ENG_BROWN);
    /* market.rb: 7 rows, 300 the top right (the end), pars 110, 90, 70, 55 */
    assert_int_equal(t->market_rows, 7);
    assert_int_equal(t->market_cols, 16);
    assert_int_equal(t->market[15], 300);
    assert_non_null(t->market_ends);
    assert_true(t->market_ends[15]); /* the end: "300e" */
    assert_false(t->market_ends[14]);
    assert_false(t->market_end_set); /* after the operating round */
    assert_int_equal(t->phases[0].depot_trains_per_turn, 1);
    assert_int_equal(t->phases[1].depot_trains_per_turn, 1);
    assert_int_equal(t->phases[2].depot_trains_per_turn, 0);
    static const int par_cells[][2] = {{0, 5}, {1, 4}, {2, 3}, {3, 2}};
    static const int pars[] = {110, 90, 70, 55};
    int npar = 0;
    for (int i = 0; i < t->market_rows * t->market_cols; i++)
        npar += t->market_par[i];
    assert_int_equal(npar, 4);
    for (int k = 0; k < 4; k++) {
        int cell = par_cells[k][0] * t->market_cols + par_cells[k][1];
        assert_true(t->market_par[cell]);
        assert_int_equal(t->market[cell], pars[k]);
    }
    assert_int_equal(t->market_zone[2 * t->market_cols], ENG_ZONE_YELLOW); /* 50y */
    assert_int_equal(t->market_zone[2 * t->market_cols + 1], ENG_ZONE_NONE);
    eng_title_free(t);
}

static void test_players_and_bank(void **state)
{
    (void)state;
    eng_title *t = load_18ga();
    assert_int_equal(t->bank, 8000);
    assert_int_equal(t->min_players, 3);
    assert_int_equal(t->max_players, 5);
    assert_int_equal(t->start_cash[3], 600);
    assert_int_equal(t->start_cash[4], 450);
    assert_int_equal(t->start_cash[5], 360);
    assert_int_equal(t->cert_limit[3], 15);
    assert_int_equal(t->cert_limit[4], 12);
    assert_int_equal(t->cert_limit[5], 10);
    assert_true(t->full_capitalisation);
    assert_true(t->drop_per_share);
    assert_false(t->bank_break_ends_set); /* after the operating round (current_or) */
    assert_true(t->privates_between_players);
    assert_int_equal(t->private_sale_min_percent, 50);
    assert_int_equal(t->private_sale_max_percent, 150);
    assert_int_equal(t->pool_limit_percent, 50);
    assert_int_equal(t->player_share_limit, 60);
    eng_title_free(t);
}

/* Each option that changes the data loads, and changes what it says. */
static void test_game_options(void **state)
{
    (void)state;
    eng_title *base = load_18ga();
    assert_int_equal(base->ngame_options, 8);
    eng_title *t = load_with(base, "Variant=CottonPort");
    const eng_hex *sav = hex_of(t, "G13");
    assert_int_equal(sav->printed.color, ENG_GRAY);
    assert_int_equal(sav->printed.cities[0].slots, 2);
    assert_int_equal(sav->printed.cities[0].revenue_by_phase[ENG_BROWN], 60);
    assert_int_equal(sav->upgrades.n, 0);
    assert_int_equal(hex_of(t, "E15")->printed.ncities, 1);
    assert_true(hex_of(t, "E15")->printed.cities[0].pass_own_station); /* runs end there */
    assert_int_equal(hex_of(t, "F14")->cost, 20);
    assert_int_equal(hex_of(t, "E13")->cost, 0);
    const eng_company *ga = tf_company(t, "GA");
    assert_int_equal(ga->home_hex, tf_hex(t, "D10"));
    assert_int_equal(ga->nmore_homes, 1);
    assert_int_equal(ga->more_homes[0], tf_hex(t, "E15"));
    assert_int_equal(ga->ntokens, 4);
    assert_int_equal(ga->token_costs[1], 0);
    assert_int_equal(ga->token_costs[2], 40);
    eng_title_free(t);

    t = load_with(base, "TerrainCosts=rails");
    static const char *const forty[] = {"E3", "F2", "G3", "H2", "I3"};
    for (int k = 0; k < 5; k++)
        assert_int_equal(hex_of(t, forty[k])->cost, 40);
    assert_int_equal(hex_of(t, "C5")->cost, 20);
    eng_title_free(t);

    t = load_with(base, "NewGFHome=yes");
    assert_int_equal(tf_company(t, "G&F")->home_hex, tf_hex(t, "G3"));
    eng_title_free(t);

    t = load_with(base, "ReduceCoGTokens=yes");
    assert_int_equal(tf_company(t, "CoG")->ntokens, 3);
    eng_title_free(t);

    t = load_with(base, "SoftRust4=yes");
    const eng_train *four = &t->trains[eng_train_index(t, "4")];
    assert_string_equal(four->rusts_on, "");
    assert_int_equal(four->obsolete_on, eng_train_index(t, "8"));
    eng_title_free(t);

    t = load_with(base, "UnlimitedTopTrains=yes");
    assert_true(t->trains[eng_train_index(t, "8")].count_unlimited);
    eng_title_free(t);

    t = load_with(base, "Variant=CottonPort, NewGFHome=yes, ReduceCoGTokens=yes, SoftRust4=yes");
    assert_int_equal(tf_company(t, "CoG")->ntokens, 3);
    assert_int_equal(tf_company(t, "G&F")->home_hex, tf_hex(t, "G3"));
    assert_int_equal(hex_of(t, "G13")->printed.color, ENG_GRAY);
    eng_title_free(t);

    eng_options o;
    char why[256];
    eng_options_default(base, &o);
    assert_int_equal(eng_options_parse(base, &o, "LeaveAuctionOnPass=yes", why, sizeof why), 0);
    assert_true(o.rules.auction_pass_leaves);
    assert_int_equal(o.rules.first_turn_tile_lays, 0);
    assert_int_equal(eng_options_parse(base, &o, "DoubleYellowFirstOR=yes", why, sizeof why), 0);
    assert_int_equal(o.rules.first_turn_tile_lays, 2); /* a rule, no change of the data */
    assert_false(eng_choices_change_title(base, o.chosen));
    eng_title_free(base);
}

static void test_on_18xx_games(void **state)
{
    (void)state;
    eng_title *t = load_18ga();
    assert_string_equal(t->xgames.title, "18GA");
    assert_int_equal(t->xgames.nrules, 5);
    assert_string_equal(t->xgames.rules[4].rule, "cotton_port");
    assert_string_equal(t->xgames.rules[4].options, "Variant=CottonPort");
    assert_int_equal(t->xgames.ntiles, 0); /* drawn as 18xx.games draws them */
    assert_int_equal(t->xgames.nhexes, 0);
    bool ws = false;
    for (int k = 0; k < t->xgames.ncompanies; k++)
        ws |= strcmp(t->xgames.companies[k].id, "W&SR") == 0 &&
              t->xgames.companies[k].company == eng_company_index(t, "W&S");
    assert_true(ws);
    eng_title_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts),
        cmocka_unit_test(test_hexes),
        cmocka_unit_test(test_special_upgrades),
        cmocka_unit_test(test_privates_and_majors),
        cmocka_unit_test(test_trains_phases_market),
        cmocka_unit_test(test_players_and_bank),
        cmocka_unit_test(test_game_options),
        cmocka_unit_test(test_on_18xx_games),
    };
    return cmocka_run_group_tests_name("title_18ga", tests, NULL, NULL);
}
