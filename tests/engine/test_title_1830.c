/* Tests for config/games/1830.json: the title loads with the engine's parser, and its totals and
 * specific facts match the cited sources (Rails' 1830 data, cross-checked with 18xx.games). */
#include "title_fixture.h"
#include "engine/game.h"

#include <stdbool.h>
#include <string.h>

static eng_title *load_1830(void)
{
    return tf_load_title("1830");
}

/* Whether the track has a path between the two ends (in either order). */
static bool has_path(const eng_track *tr, eng_end_kind ka, int ia, eng_end_kind kb, int ib)
{
    for (int i = 0; i < tr->npaths; i++) {
        const eng_path *p = &tr->paths[i];
        if ((p->a.kind == ka && p->a.index == ia && p->b.kind == kb && p->b.index == ib) ||
            (p->a.kind == kb && p->a.index == ib && p->b.kind == ka && p->b.index == ia))
            return true;
    }
    return false;
}

static bool upgrades_to(const eng_title *t, const eng_upgrades *up, const char *id)
{
    for (int i = 0; i < up->n; i++)
        if (up->v[i].tile == tf_tile(t, id))
            return true;
    return false;
}

static void test_totals(void **state)
{
    (void)state;
    eng_title *t = load_1830();
    assert_string_equal(t->id, "1830");
    assert_string_equal(t->not_playable, ""); /* every rule built: it may be played */
    assert_int_equal(t->player_share_limit, 60);
    assert_true(t->full_capitalisation);
    assert_true(t->drop_per_share);
    assert_int_equal(t->nhexes, 93);
    int hexes[ENG_NCOLORS] = {0};
    for (int i = 0; i < t->nhexes; i++)
        hexes[t->hexes[i].printed.color]++;
    assert_int_equal(hexes[ENG_RED], 7);
    assert_int_equal(hexes[ENG_GRAY], 12);
    assert_int_equal(hexes[ENG_WHITE], 67);
    assert_int_equal(hexes[ENG_YELLOW], 7);
    assert_int_equal(t->ntiles, 46);
    int per_color[ENG_NCOLORS] = {0}, kinds[ENG_NCOLORS] = {0};
    tf_count_tiles(t, per_color, kinds);
    assert_int_equal(kinds[ENG_YELLOW], 12);
    assert_int_equal(kinds[ENG_GREEN], 16);
    assert_int_equal(kinds[ENG_BROWN], 18);
    assert_int_equal(per_color[ENG_YELLOW], 34);
    assert_int_equal(per_color[ENG_GREEN], 25);
    assert_int_equal(per_color[ENG_BROWN], 26);
    int privates = 0, minors = 0, majors = 0;
    for (int i = 0; i < t->ncompanies; i++) {
        privates += t->companies[i].kind == ENG_PRIVATE;
        minors += t->companies[i].kind == ENG_MINOR;
        majors += t->companies[i].kind == ENG_MAJOR;
    }
    assert_int_equal(privates, 6);
    assert_int_equal(minors, 0);
    assert_int_equal(majors, 8);
    assert_int_equal(t->ntrains, 6);
    int trains = 0;
    for (int i = 0; i < t->ntrains; i++)
        trains += t->trains[i].count;
    assert_int_equal(trains, 20); /* and the D's, unlimited */
    assert_int_equal(t->nphases, 6);
    int cells = 0;
    for (int i = 0; i < t->market_rows * t->market_cols; i++)
        cells += t->market[i] > 0;
    assert_int_equal(t->market_rows, 11);
    assert_int_equal(t->market_cols, 19);
    assert_int_equal(cells, 120);
    assert_int_equal(t->bank, 12000);
    assert_int_equal(t->pool_limit_percent, 50);
    assert_int_equal(t->station_cost_per_hex, 0);
    assert_int_equal(t->formation.company, -1); /* no Prussian */
    assert_int_equal(t->ngame_options, 4); /* Rails' WithOptional6Train, UnlimitedTopTrains,
                                            * LeaveAuctionOnPass, TwoPlayersCertLimit70Percent */
    eng_title_free(t);
}

static void test_map_facts(void **state)
{
    (void)state;
    eng_title *t = load_1830();
    /* New York: yellow, two cities of 40, water 80, NY; SW and NE */
    const eng_hex *ny = &t->hexes[tf_hex(t, "G19")];
    assert_int_equal(ny->printed.color, ENG_YELLOW);
    assert_string_equal(ny->printed.label, "NY");
    assert_int_equal(ny->printed.ncities, 2);
    assert_int_equal(ny->printed.cities[0].revenue, 40);
    assert_int_equal(ny->printed.cities[1].revenue, 40);
    assert_int_equal(ny->cost, 80);
    assert_string_equal(ny->terrain, "water");
    assert_true(has_path(&ny->printed, ENG_END_EDGE, 0, ENG_END_CITY, 0));
    assert_true(has_path(&ny->printed, ENG_END_EDGE, 3, ENG_END_CITY, 1));
    assert_int_equal(ny->upgrades.n, 1);
    assert_true(upgrades_to(t, &ny->upgrades, "54"));
    /* terrain: mountains 120, rivers 80 */
    const char *mountains[] = {"C17", "C21", "D22", "E17", "E21", "F16", "G13", "G15", "I11",
                               "J10", "J12"};
    for (int i = 0; i < 11; i++) {
        assert_int_equal(t->hexes[tf_hex(t, mountains[i])].cost, 120);
        assert_string_equal(t->hexes[tf_hex(t, mountains[i])].terrain, "mountain");
    }
    const char *rivers[] = {"B18", "C19", "D6", "D10", "E5", "F4", "F22", "G19", "I17", "J14"};
    for (int i = 0; i < 10; i++) {
        assert_int_equal(t->hexes[tf_hex(t, rivers[i])].cost, 80);
        assert_string_equal(t->hexes[tf_hex(t, rivers[i])].terrain, "water");
    }
    int costly = 0;
    for (int i = 0; i < t->nhexes; i++)
        costly += t->hexes[i].cost > 0;
    assert_int_equal(costly, 21);
    /* off-boards: yellow value until phase 5, then brown */
    const eng_hex *chicago = &t->hexes[tf_hex(t, "F2")];
    assert_true(chicago->offboard);
    assert_int_equal(chicago->printed.color, ENG_RED);
    assert_int_equal(chicago->offboard_revenue[ENG_YELLOW], 40);
    assert_int_equal(chicago->offboard_revenue[ENG_GREEN], 40);
    assert_int_equal(chicago->offboard_revenue[ENG_BROWN], 70);
    assert_int_equal(chicago->printed.npaths, 3);
    const eng_hex *gulf = &t->hexes[tf_hex(t, "J2")];
    assert_int_equal(gulf->offboard_revenue[ENG_YELLOW], 30);
    assert_int_equal(gulf->offboard_revenue[ENG_BROWN], 60);
    assert_string_equal(gulf->offboard_group, "Gulf");
    assert_string_equal(t->hexes[tf_hex(t, "I1")].offboard_group, "Gulf");
    assert_string_equal(t->hexes[tf_hex(t, "A9")].offboard_group, "Canada");
    assert_int_equal(t->hexes[tf_hex(t, "A11")].offboard_revenue[ENG_BROWN], 50);
    assert_int_equal(t->hexes[tf_hex(t, "B24")].offboard_revenue[ENG_YELLOW], 20);
    assert_int_equal(t->hexes[tf_hex(t, "B24")].offboard_revenue[ENG_BROWN], 30);
    assert_int_equal(t->hexes[tf_hex(t, "K13")].offboard_revenue[ENG_BROWN], 40);
    /* OO hexes: yellow, two empty cities, first tile 59 */
    const char *oo[] = {"D10", "E5", "E11", "H18"};
    for (int i = 0; i < 4; i++) {
        const eng_hex *h = &t->hexes[tf_hex(t, oo[i])];
        assert_string_equal(h->printed.label, "OO");
        assert_int_equal(h->printed.color, ENG_YELLOW);
        assert_int_equal(h->printed.ncities, 2);
        assert_int_equal(h->printed.npaths, 0);
        assert_true(upgrades_to(t, &h->upgrades, "59"));
    }
    /* Boston and Baltimore: yellow B, a city of 30 */
    assert_string_equal(t->hexes[tf_hex(t, "E23")].printed.label, "B");
    assert_int_equal(t->hexes[tf_hex(t, "I15")].printed.cities[0].revenue, 30);
    assert_true(upgrades_to(t, &t->hexes[tf_hex(t, "I15")].upgrades, "53"));
    /* gray hexes: fixed */
    const eng_hex *altoona = &t->hexes[tf_hex(t, "H12")];
    assert_int_equal(altoona->printed.color, ENG_GRAY);
    assert_int_equal(altoona->printed.cities[0].revenue, 10);
    assert_true(has_path(&altoona->printed, ENG_END_EDGE, 1, ENG_END_EDGE, 4));
    assert_int_equal(altoona->upgrades.n, 0);
    assert_int_equal(t->hexes[tf_hex(t, "A19")].printed.cities[0].revenue, 40);
    assert_int_equal(t->hexes[tf_hex(t, "F6")].printed.cities[0].revenue, 30);
    assert_int_equal(t->hexes[tf_hex(t, "D14")].printed.npaths, 3);
    assert_int_equal(t->hexes[tf_hex(t, "I19")].printed.towns[0].revenue, 10);
    /* white hexes upgrade as Rails' tile set says */
    assert_int_equal(t->hexes[tf_hex(t, "B12")].upgrades.n, 3);                    /* 7 8 9 */
    assert_true(upgrades_to(t, &t->hexes[tf_hex(t, "E19")].upgrades, "57"));       /* a city */
    assert_true(upgrades_to(t, &t->hexes[tf_hex(t, "B20")].upgrades, "58"));       /* a town */
    assert_int_equal(t->hexes[tf_hex(t, "G17")].upgrades.n, 5);                    /* 2 towns */
    assert_int_equal(t->hexes[tf_hex(t, "G17")].printed.ntowns, 2);
    /* impassable sides, on both hexes */
    assert_true(t->hexes[tf_hex(t, "B16")].blocked & (1u << 5));
    assert_true(t->hexes[tf_hex(t, "C17")].blocked & (1u << 2));
    assert_true(t->hexes[tf_hex(t, "D12")].blocked & (1u << 2));
    assert_true(t->hexes[tf_hex(t, "D12")].blocked & (1u << 3));
    assert_true(t->hexes[tf_hex(t, "E7")].blocked & (1u << 5));
    assert_true(t->hexes[tf_hex(t, "F8")].blocked & (1u << 2));
    /* neighbours */
    assert_int_equal(eng_neighbor(t, tf_hex(t, "G19"), 0), tf_hex(t, "H18"));
    assert_int_equal(eng_neighbor(t, tf_hex(t, "G19"), 3), tf_hex(t, "F20"));
    assert_int_equal(eng_neighbor(t, tf_hex(t, "A19"), 2), -1);
    eng_title_free(t);
}

static void test_tile_facts(void **state)
{
    (void)state;
    eng_title *t = load_1830();
    assert_int_equal(t->tiles[tf_tile(t, "7")].count, 4);
    assert_int_equal(t->tiles[tf_tile(t, "8")].count, 8);
    assert_int_equal(t->tiles[tf_tile(t, "9")].count, 7);
    const eng_tile *t57 = &t->tiles[tf_tile(t, "57")];
    assert_int_equal(t57->count, 4);
    assert_int_equal(t57->track.color, ENG_YELLOW);
    assert_int_equal(t57->track.cities[0].revenue, 20);
    assert_true(has_path(&t57->track, ENG_END_EDGE, 0, ENG_END_CITY, 0));
    assert_true(has_path(&t57->track, ENG_END_EDGE, 3, ENG_END_CITY, 0));
    assert_int_equal(t57->upgrades.n, 2);
    assert_true(upgrades_to(t, &t57->upgrades, "14") && upgrades_to(t, &t57->upgrades, "15"));
    assert_int_equal(t->tiles[tf_tile(t, "14")].upgrades.n, 1); /* 14 -> 63 in 1830 */
    assert_true(upgrades_to(t, &t->tiles[tf_tile(t, "15")].upgrades, "63"));
    const eng_tile *t63 = &t->tiles[tf_tile(t, "63")];
    assert_int_equal(t63->track.cities[0].slots, 2);
    assert_int_equal(t63->track.cities[0].revenue, 40);
    assert_int_equal(t63->track.npaths, 6);
    const eng_tile *t59 = &t->tiles[tf_tile(t, "59")];
    assert_int_equal(t59->track.color, ENG_GREEN);
    assert_string_equal(t59->track.label, "OO");
    assert_int_equal(t59->track.ncities, 2);
    assert_int_equal(t59->track.cities[0].revenue, 40);
    assert_true(has_path(&t59->track, ENG_END_EDGE, 4, ENG_END_CITY, 0));
    assert_true(has_path(&t59->track, ENG_END_EDGE, 0, ENG_END_CITY, 1));
    assert_int_equal(t59->upgrades.n, 5);
    assert_true(upgrades_to(t, &t59->upgrades, "64") && upgrades_to(t, &t59->upgrades, "68"));
    const eng_tile *t54 = &t->tiles[tf_tile(t, "54")];
    assert_string_equal(t54->track.label, "NY");
    assert_int_equal(t54->track.cities[1].revenue, 60);
    assert_true(upgrades_to(t, &t54->upgrades, "62"));
    const eng_tile *t62 = &t->tiles[tf_tile(t, "62")];
    assert_int_equal(t62->track.color, ENG_BROWN);
    assert_int_equal(t62->track.cities[0].revenue, 80);
    assert_int_equal(t62->track.cities[0].slots, 2);
    assert_int_equal(t->tiles[tf_tile(t, "53")].track.cities[0].revenue, 50);
    assert_true(upgrades_to(t, &t->tiles[tf_tile(t, "53")].upgrades, "61"));
    assert_int_equal(t->tiles[tf_tile(t, "61")].track.cities[0].revenue, 60);
    assert_int_equal(t->tiles[tf_tile(t, "64")].track.cities[1].revenue, 50);
    /* no green town tiles: towns never upgrade; brown tiles are the last */
    assert_int_equal(t->tiles[tf_tile(t, "58")].upgrades.n, 0);
    assert_int_equal(t->tiles[tf_tile(t, "1")].upgrades.n, 0);
    assert_int_equal(t->tiles[tf_tile(t, "70")].upgrades.n, 0);
    assert_int_equal(eng_tile_index(t, "87"), -1); /* 1835's, not 1830's */
    eng_title_free(t);
}

static void test_companies(void **state)
{
    (void)state;
    eng_title *t = load_1830();
    static const struct {
        const char *id, *home;
        int city, tokens;
    } majors[] = {{"PRR", "H12", -1, 4},  {"NYC", "E19", -1, 4}, {"CPR", "A19", -1, 4},
                  {"B&O", "I15", -1, 3},  {"C&O", "F6", -1, 3},  {"ERIE", "E11", -1, 3},
                  {"NYNH", "G19", 1, 2},  {"B&M", "E23", -1, 2}};
    for (int i = 0; i < 8; i++) {
        const eng_company *c = tf_company(t, majors[i].id);
        assert_int_equal(c->kind, ENG_MAJOR);
        assert_int_equal(c->home_hex, tf_hex(t, majors[i].home));
        assert_int_equal(c->home_city, majors[i].city);
        assert_int_equal(c->ntokens, majors[i].tokens);
        assert_int_equal(c->token_costs[0], 0);
        assert_int_equal(c->token_costs[1], 40);
        if (c->ntokens > 2)
            assert_int_equal(c->token_costs[2], 100);
        assert_int_equal(c->float_percent, 60);
        assert_int_equal(c->ncerts, 2);
        assert_int_equal(c->certs[0].percent, 20);
        assert_true(c->certs[0].director);
        assert_int_equal(c->certs[1].percent, 10);
        assert_int_equal(c->certs[1].count, 8);
        assert_int_equal(c->price, 0); /* par is chosen in play (a gap of the engine) */
        assert_int_equal(c->available.when, ENG_AVAIL_START);
    }
    assert_ptr_equal(tf_company(t, "Erie"), tf_company(t, "ERIE")); /* Rails' spelling */
    static const struct {
        const char *id;
        int price, income;
    } privates[] = {{"SVNRR", 20, 5}, {"C&StL", 40, 10}, {"D&H", 70, 15},
                    {"M&H", 110, 20}, {"C&A", 160, 25},  {"BO", 220, 30}};
    for (int i = 0; i < 6; i++) {
        const eng_company *p = tf_company(t, privates[i].id);
        assert_int_equal(p->kind, ENG_PRIVATE);
        assert_int_equal(p->price, privates[i].price);
        assert_int_equal(p->revenue, privates[i].income);
        assert_int_equal(t->start_items[i].price, privates[i].price);
        assert_int_equal(t->start_items[i].row, i);
        assert_int_equal(t->start_items[i].company, eng_company_index(t, privates[i].id));
    }
    assert_int_equal(t->nstart_items, 6);
    assert_ptr_equal(tf_company(t, "SV"), tf_company(t, "SVNRR")); /* 18xx.games' syms */
    const eng_company *ca = tf_company(t, "C&A"), *bo = tf_company(t, "BO");
    assert_int_equal(ca->brings_company, eng_company_index(t, "PRR"));
    assert_int_equal(ca->brings_percent, 10);
    assert_false(ca->brings_director);
    assert_int_equal(bo->brings_company, eng_company_index(t, "B&O"));
    assert_int_equal(bo->brings_percent, 20);
    assert_true(bo->brings_director);
    assert_int_equal(bo->powers.closes_on_train_of, eng_company_index(t, "B&O"));
    const eng_company *dh = tf_company(t, "D&H"), *cs = tf_company(t, "C&StL");
    assert_true(dh->powers.user_owning_company); /* the company owning it uses its powers */
    assert_int_equal(dh->powers.ntile_hexes, 1);
    assert_int_equal(dh->powers.token_hex, tf_hex(t, "F16"));
    assert_true(dh->powers.token_free);
    assert_false(dh->powers.tile_extra);
    assert_true(cs->powers.tile_extra && cs->powers.tile_free && !cs->powers.tile_connected);
    assert_true(bo->never_to_company);
    assert_int_equal(bo->nblocks, 2); /* I13 and I15 */
    const eng_company *mh = tf_company(t, "M&H");
    assert_int_equal(mh->exchange_company, eng_company_index(t, "NYC"));
    assert_int_equal(mh->exchange_percent, 10);
    assert_true(mh->exchange_from_ipo && mh->exchange_from_pool);
    assert_int_equal(t->private_sale_min_percent, 50);
    assert_int_equal(t->private_sale_max_percent, 200);
    assert_true(t->bank_break_ends_set);
    const eng_train *d = &t->trains[eng_train_index(t, "D")]; /* unlimited, from the first 6 */
    assert_true(d->count_unlimited);
    assert_int_equal(d->available_from, eng_train_index(t, "6"));
    assert_int_equal(t->trains[eng_train_index(t, "6")].available_from, -1);
    eng_title_free(t);
}

static void test_trains_phases_market_players(void **state)
{
    (void)state;
    eng_title *t = load_1830();
    static const struct {
        const char *name, *rusts;
        int count, cost;
    } trains[] = {{"2", "4", 6, 80},  {"3", "6", 5, 180}, {"4", "D", 4, 300},
                  {"5", "", 3, 450},  {"6", "", 2, 630},  {"D", "", 0, 1100}}; /* the D: unlimited */
    for (int i = 0; i < 6; i++) {
        const eng_train *tr = &t->trains[i];
        assert_string_equal(tr->name, trains[i].name);
        assert_int_equal(tr->count, trains[i].count);
        assert_int_equal(tr->cost, trains[i].cost);
        assert_string_equal(tr->rusts_on, trains[i].rusts);
        assert_false(tr->plus);
        if (i < 5) {
            assert_false(tr->unlimited);
            assert_int_equal(tr->cities, i + 2);
        }
    }
    const eng_train *d = &t->trains[5];
    assert_true(d->unlimited);
    assert_int_equal(d->trade_in_cost, 800);
    assert_int_equal(d->ntrade_ins, 3);
    assert_int_equal(d->trade_ins[0], eng_train_index(t, "4"));
    assert_int_equal(d->trade_ins[2], eng_train_index(t, "6"));
    /* phases */
    static const struct {
        const char *name;
        unsigned colors;
        int ors, limit;
    } phases[] = {{"2", 1u << ENG_YELLOW, 1, 4},
                  {"3", 1u << ENG_YELLOW | 1u << ENG_GREEN, 2, 4},
                  {"4", 1u << ENG_YELLOW | 1u << ENG_GREEN, 2, 3},
                  {"5", 1u << ENG_YELLOW | 1u << ENG_GREEN | 1u << ENG_BROWN, 3, 2},
                  {"6", 1u << ENG_YELLOW | 1u << ENG_GREEN | 1u << ENG_BROWN, 3, 2},
                  {"D", 1u << ENG_YELLOW | 1u << ENG_GREEN | 1u << ENG_BROWN, 3, 2}};
    for (int i = 0; i < 6; i++) {
        const eng_phase *p = &t->phases[i];
        assert_string_equal(p->name, phases[i].name);
        assert_string_equal(p->on, phases[i].name);
        assert_int_equal(p->tile_colors, phases[i].colors);
        assert_int_equal(p->operating_rounds, phases[i].ors);
        assert_int_equal(p->train_limit_major, phases[i].limit);
        assert_int_equal(p->tile_lays_major, 1);
        assert_true(p->trains_between_companies);
        assert_int_equal(p->privates_close, i == 3); /* the first 5-train */
        assert_int_equal(p->offboard_color, i >= 3 ? ENG_BROWN : i >= 1 ? ENG_GREEN : ENG_YELLOW);
    }
    /* market: the par column G (Rails G1..G6), the top row's ends, the bottom's 10s */
    static const int pars[] = {100, 90, 82, 76, 71, 67};
    for (int r = 0; r < 6; r++)
        assert_int_equal(t->market[r * t->market_cols + 6], pars[r]);
    assert_int_equal(t->market[0], 60);
    assert_int_equal(t->market[18], 350);
    assert_int_equal(t->market[1 * t->market_cols + 18], 300);
    assert_int_equal(t->market[7 * t->market_cols + 0], 10);
    assert_int_equal(t->market[8 * t->market_cols + 0], 0);
    assert_int_equal(t->market[10 * t->market_cols + 6], 40);
    /* players */
    static const int cash[] = {1200, 800, 600, 480, 400}, limit[] = {28, 20, 16, 13, 11};
    assert_int_equal(t->min_players, 2);
    assert_int_equal(t->max_players, 6);
    for (int n = 2; n <= 6; n++) {
        assert_int_equal(t->start_cash[n], cash[n - 2]);
        assert_int_equal(t->cert_limit[n], limit[n - 2]);
    }
    assert_int_equal(t->npresets, 3);
    assert_string_equal(t->presets[1].name, "rules-1830");
    assert_string_equal(t->presets[2].name, "pbem-house-rules"); /* game start's usual preset */
    eng_options o; /* the title's "defaults": no nationalisation, no 80% bonus */
    eng_options_default(t, &o);
    assert_int_equal(o.nationalisation_percent, 0);
    assert_false(o.cert_limit_bonus_80);
    char why[256];
    assert_int_equal(eng_options_parse(t, &o, "pbem-house-rules", why, sizeof why), 0);
    assert_true(o.priority_after_last_buyer);
    assert_int_equal(eng_options_parse(t, &o, "house-rules", why, sizeof why), -1);
    assert_string_equal(why, "\"house-rules\" is neither Name=Value nor a preset of 1830 "
                             "(rules-1830, pbem-house-rules, 18xx.games)");
    int zone_cells[4] = {0};
    for (int i = 0; i < t->market_rows * t->market_cols; i++)
        zone_cells[t->market_zone[i]] += t->market[i] > 0;
    assert_int_equal(zone_cells[ENG_ZONE_YELLOW], 19); /* the y, o and b cells of the file */
    assert_int_equal(zone_cells[ENG_ZONE_ORANGE], 11);
    assert_int_equal(zone_cells[ENG_ZONE_BROWN], 15);
    eng_title_free(t);
}

static char *read_games_file(const char *name, void *ctx)
{
    (void)ctx;
    char path[128];
    snprintf(path, sizeof path, "config/games/%s.json", name);
    return util_read_file(path, NULL);
}

/* 1830 as the options chosen change it (Rails' 1830 GameOptions and Game.xml). */
static eng_title *with_options(const eng_title *base, const char *options)
{
    eng_options o;
    char why[256], *err = NULL;
    eng_options_default(base, &o);
    if (eng_options_parse(base, &o, options, why, sizeof why))
        fail_msg("%s: %s", options, why);
    eng_title *t = eng_title_load_chosen("1830", read_games_file, NULL, base, o.chosen, &err);
    if (!t || !eng_choices_change_title(base, o.chosen))
        fail_msg("%s changes nothing: %s", options, err ? err : "");
    return t;
}

/* Rails' options that change the data: a third 6, six Ds only, 70% with two players. */
static void test_rails_options(void **state)
{
    (void)state;
    eng_title *base = load_1830();
    int six = eng_train_index(base, "6"), d = eng_train_index(base, "D");
    assert_true(six >= 0 && d >= 0);
    assert_int_equal(base->trains[six].count, 2);
    assert_true(base->trains[d].count_unlimited);
    assert_int_equal(base->player_share_limit_by_players[2], 0);
    eng_title *t = with_options(base, "WithOptional6Train=yes");
    assert_int_equal(t->trains[six].count, 3);
    eng_title_free(t);
    t = with_options(base, "UnlimitedTopTrains=no");
    assert_false(t->trains[d].count_unlimited);
    assert_int_equal(t->trains[d].count, 6);
    eng_title_free(t);
    t = with_options(base, "TwoPlayersCertLimit70Percent=yes, WithOptional6Train=yes");
    assert_int_equal(t->player_share_limit_by_players[2], 70);
    assert_int_equal(t->player_share_limit, 60);
    assert_int_equal(t->trains[six].count, 3);
    eng_title_free(t);
    eng_title_free(base);
}

/* The "18xx.games" section: 1830's title there, its optional rules, and the tiles and the hex
 * 18xx.games draws otherwise (tile 67: rotated by 4, its two cities the other way; New York's
 * cities numbered the other way). */
static void test_xgames_section(void **state)
{
    (void)state;
    eng_title *t = load_1830();
    const eng_xgames *x = &t->xgames;
    assert_string_equal(x->title, "1830");
    assert_non_null(strstr(x->options, "LeaveAuctionOnPass=yes"));
    bool six = false;
    for (int i = 0; i < x->nrules; i++)
        six |= strcmp(x->rules[i].rule, "optional_6_train") == 0 &&
               strcmp(x->rules[i].options, "WithOptional6Train=yes") == 0;
    assert_true(six);
    bool tile67 = false;
    for (int i = 0; i < x->ntiles; i++)
        if (x->tiles[i].index == tf_tile(t, "67")) {
            tile67 = true;
            assert_int_equal(x->tiles[i].rotation, 4);
            assert_int_equal(x->tiles[i].ncities, 2);
            assert_int_equal(x->tiles[i].cities[0], 1);
            assert_int_equal(x->tiles[i].cities[1], 0);
        }
    assert_true(tile67);
    assert_int_equal(x->nhexes, 1);
    assert_int_equal(x->hexes[0].index, eng_hex_index(t, "G19"));
    assert_int_equal(x->hexes[0].cities[0], 1);
    eng_title_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_totals),
        cmocka_unit_test(test_map_facts),
        cmocka_unit_test(test_tile_facts),
        cmocka_unit_test(test_companies),
        cmocka_unit_test(test_trains_phases_market_players),
        cmocka_unit_test(test_rails_options),
        cmocka_unit_test(test_xgames_section),
    };
    return cmocka_run_group_tests_name("title_1830", tests, NULL, NULL);
}
