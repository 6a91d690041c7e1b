/* Tests for config/games/1830-coalfields.json: 1830's Coalfields & Reading variant (Rails'
 * Variant=Coalfields&Reading, WithOptional6Train=yes, the option C&ACertificate=RDG) extending 1830.json.
 * It loads through eng_title_load with a reader of config/games/, and its totals and a sample of
 * its facts match Rails' 1830 data under the variant's IfOption branches. */
#include "title_fixture.h"
#include "engine/game.h"

#include <cJSON.h>

#include <stdbool.h>
#include <string.h>

/* The variant as the oracle's games play it: C&ACertificate=RDG (the title's option, whose
 * choice changes the C&A's data). */
static eng_title *load_cr(void)
{
    char *err = NULL;
    eng_title *base = eng_title_load("1830-coalfields", tf_read_games_file, NULL, &err);
    if (!base)
        fail_msg("1830-coalfields.json does not load: %s", err);
    eng_title *t = tf_title_with(base, "C&ACertificate=RDG");
    if (!t)
        fail_msg("C&ACertificate=RDG changes nothing");
    eng_title_free(base);
    return t;
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


#define E(n) (1u << (n))

/* The upgrade of up to the tile id: its index in up, or -1. */
static int upgrade_of(const eng_title *t, const eng_upgrades *up, const char *id)
{
    for (int i = 0; i < up->n; i++)
        if (up->v[i].tile == tf_tile(t, id))
            return i;
    return -1;
}

static void test_totals(void **state)
{
    (void)state;
    eng_title *t = load_cr();
    assert_int_equal(t->nhexes, 109); /* 93 + rows K-M's 16 */
    int hexes[ENG_NCOLORS] = {0}, costly = 0;
    for (int i = 0; i < t->nhexes; i++) {
        hexes[t->hexes[i].printed.color]++;
        costly += t->hexes[i].cost > 0;
    }
    assert_int_equal(hexes[ENG_RED], 6);
    assert_int_equal(hexes[ENG_GRAY], 15);
    assert_int_equal(hexes[ENG_WHITE], 81);
    assert_int_equal(hexes[ENG_YELLOW], 7);
    assert_int_equal(costly, 26);
    assert_int_equal(t->ntiles, 48);
    int per_color[ENG_NCOLORS] = {0}, kinds[ENG_NCOLORS] = {0};
    tf_count_tiles(t, per_color, kinds);
    assert_int_equal(kinds[ENG_YELLOW], 12);
    assert_int_equal(kinds[ENG_GREEN], 16);
    assert_int_equal(kinds[ENG_BROWN], 20);
    assert_int_equal(per_color[ENG_YELLOW], 36);
    assert_int_equal(per_color[ENG_GREEN], 27);
    assert_int_equal(per_color[ENG_BROWN], 28);
    int privates = 0, majors = 0;
    for (int i = 0; i < t->ncompanies; i++) {
        privates += t->companies[i].kind == ENG_PRIVATE;
        majors += t->companies[i].kind == ENG_MAJOR;
    }
    assert_int_equal(privates, 6);
    assert_int_equal(majors, 10);
    assert_int_equal(t->ntrains, 7);
    assert_int_equal(t->nphases, 6);
    assert_int_equal(t->bank, 20000);
    assert_int_equal(t->pool_limit_percent, 50); /* the base game's, inherited */
    assert_int_equal(t->market_rows, 11);
    assert_int_equal(t->npresets, 3);
    assert_string_equal(t->not_playable, ""); /* every rule of the variant built */
    /* the values by phase change with the off-boards': the second from phase 5 */
    assert_int_equal(t->phases[2].offboard_color, ENG_GREEN);  /* phase 4 */
    assert_string_equal(t->phases[3].name, "5");
    assert_int_equal(t->phases[3].offboard_color, ENG_BROWN);
    eng_title_free(t);
}

static void test_map(void **state)
{
    (void)state;
    eng_title *t = load_cr();
    /* Norfolk: N&W's home, a gray city of 30 (50 from phase 5: the brown off-board colour) to
     * L14 and K15 */
    const eng_hex *norfolk = &t->hexes[tf_hex(t, "L16")];
    assert_int_equal(norfolk->printed.color, ENG_GRAY);
    assert_int_equal(norfolk->printed.ncities, 1);
    assert_int_equal(norfolk->printed.cities[0].slots, 1);
    assert_int_equal(norfolk->printed.cities[0].revenue, 30);
    assert_true(norfolk->printed.cities[0].by_phase);
    assert_int_equal(norfolk->printed.cities[0].revenue_by_phase[ENG_GREEN], 30);
    assert_int_equal(norfolk->printed.cities[0].revenue_by_phase[ENG_BROWN], 50);
    assert_int_equal(norfolk->printed.cities[0].revenue_by_phase[ENG_GRAY], 50);
    assert_false(norfolk->printed.cities[0].pass_own_station);
    assert_int_equal(tf_edges_of(&norfolk->printed), E(1) | E(2));
    assert_int_equal(eng_neighbor(t, tf_hex(t, "L16"), 1), tf_hex(t, "L14"));
    assert_int_equal(eng_neighbor(t, tf_hex(t, "L16"), 2), tf_hex(t, "K15"));
    /* Coalfields: a gray town of 40 (60 from phase 5) with five exits (not SW) */
    const eng_hex *coal = &t->hexes[tf_hex(t, "L10")];
    assert_int_equal(coal->printed.color, ENG_GRAY);
    assert_int_equal(coal->printed.ntowns, 1);
    assert_int_equal(coal->printed.towns[0].revenue, 40);
    assert_true(coal->printed.towns[0].by_phase);
    assert_int_equal(coal->printed.towns[0].revenue_by_phase[ENG_GREEN], 40);
    assert_int_equal(coal->printed.towns[0].revenue_by_phase[ENG_BROWN], 60);
    assert_int_equal(tf_edges_of(&coal->printed), E(1) | E(2) | E(3) | E(4) | E(5));
    /* Reading: a gray city of 10 at loc 2.5 that only its companies pass, its bypass and four
     * exits */
    const eng_hex *rdg = &t->hexes[tf_hex(t, "H14")];
    assert_string_equal(rdg->name, "Reading");
    assert_int_equal(rdg->printed.color, ENG_GRAY);
    assert_int_equal(rdg->printed.cities[0].revenue, 10);
    assert_true(rdg->printed.cities[0].pass_own_station);
    assert_false(rdg->printed.cities[0].by_phase);
    assert_int_equal(rdg->printed.npaths, 8);
    assert_int_equal(tf_edges_of(&rdg->printed), E(0) | E(1) | E(4) | E(5));
    assert_true(has_path(&rdg->printed, ENG_END_EDGE, 1, ENG_END_EDGE, 4));
    assert_true(has_path(&rdg->printed, ENG_END_EDGE, 0, ENG_END_CITY, 0));
    assert_int_equal(rdg->upgrades.n, 0);
    /* Altoona gains an exit to the south-east (I13), and only its companies pass it */
    const eng_hex *alt = &t->hexes[tf_hex(t, "H12")];
    assert_true(alt->printed.cities[0].pass_own_station);
    assert_int_equal(tf_edges_of(&alt->printed), E(1) | E(4) | E(5));
    assert_true(has_path(&alt->printed, ENG_END_EDGE, 4, ENG_END_EDGE, 5));
    /* the Gulf moves to L2 (30/60, three exits, run through), Deep South to M13 (30/40, ends
     * runs); I1, J2 plain */
    const eng_hex *gulf = &t->hexes[tf_hex(t, "L2")];
    assert_true(gulf->offboard);
    assert_int_equal(gulf->offboard_revenue[ENG_YELLOW], 30);
    assert_int_equal(gulf->offboard_revenue[ENG_BROWN], 60);
    assert_string_equal(gulf->offboard_group, "");
    assert_true(gulf->offboard_run_through);
    assert_int_equal(tf_edges_of(&gulf->printed), E(2) | E(3) | E(4));
    const eng_hex *south = &t->hexes[tf_hex(t, "M13")];
    assert_true(south->offboard);
    assert_int_equal(south->offboard_revenue[ENG_BROWN], 40);
    assert_int_equal(tf_edges_of(&south->printed), E(1) | E(2) | E(3));
    for (int i = 0; i < 2; i++) {
        const eng_hex *h = &t->hexes[tf_hex(t, i ? "J2" : "I1")];
        assert_false(h->offboard);
        assert_int_equal(h->printed.color, ENG_WHITE);
        assert_int_equal(h->upgrades.n, 3);
    }
    /* K1: the track from J2 round to the Gulf */
    const eng_hex *k1 = &t->hexes[tf_hex(t, "K1")];
    assert_int_equal(k1->printed.color, ENG_GRAY);
    assert_true(has_path(&k1->printed, ENG_END_EDGE, 3, ENG_END_EDGE, 5));
    assert_int_equal(eng_neighbor(t, tf_hex(t, "K1"), 5), tf_hex(t, "L2"));
    /* Richmond a white city (C&O's home), K15 a plain hex of 40 */
    const eng_hex *rich = &t->hexes[tf_hex(t, "K13")];
    assert_int_equal(rich->printed.color, ENG_WHITE);
    assert_int_equal(rich->printed.ncities, 1);
    assert_int_equal(upgrade_of(t, &rich->upgrades, "57"), 0);
    assert_int_equal(t->hexes[tf_hex(t, "K15")].cost, 40);
    assert_int_equal(t->hexes[tf_hex(t, "K15")].printed.ncities, 0);
    /* new white hexes: cities, mountains, plain */
    assert_int_equal(t->hexes[tf_hex(t, "K3")].printed.ncities, 1);
    assert_int_equal(t->hexes[tf_hex(t, "K9")].cost, 120);
    assert_string_equal(t->hexes[tf_hex(t, "K9")].terrain, "mountain");
    assert_int_equal(t->hexes[tf_hex(t, "K9")].printed.ncities, 1);
    const char *mountains[] = {"K11", "L6", "L8"};
    for (int i = 0; i < 3; i++)
        assert_int_equal(t->hexes[tf_hex(t, mountains[i])].cost, 120);
    const char *plain[] = {"K5", "K7", "L4", "L12", "L14", "M11"};
    for (int i = 0; i < 6; i++) {
        const eng_hex *h = &t->hexes[tf_hex(t, plain[i])];
        assert_int_equal(h->printed.color, ENG_WHITE);
        assert_int_equal(h->cost, 0);
        assert_int_equal(h->upgrades.n, 3);
    }
    /* F20 one city; D24 also north to C23; Chicago as before, but run through; the others
     * (Deep South, Canada, the Maritimes) end runs */
    assert_int_equal(t->hexes[tf_hex(t, "F20")].printed.ncities, 1);
    assert_int_equal(t->hexes[tf_hex(t, "F20")].printed.ntowns, 0);
    assert_int_equal(tf_edges_of(&t->hexes[tf_hex(t, "D24")].printed), E(0) | E(1) | E(2));
    assert_int_equal(t->hexes[tf_hex(t, "F2")].offboard_revenue[ENG_BROWN], 70);
    assert_true(t->hexes[tf_hex(t, "F2")].offboard_run_through);
    static const char *const ends[] = {"A9", "A11", "B24", "M13"};
    for (int i = 0; i < 4; i++) {
        assert_true(t->hexes[tf_hex(t, ends[i])].offboard);
        assert_false(t->hexes[tf_hex(t, ends[i])].offboard_run_through);
    }
    /* the base game's hexes stay */
    assert_int_equal(t->hexes[tf_hex(t, "G19")].printed.ncities, 2);
    assert_int_equal(t->hexes[tf_hex(t, "A11")].offboard_revenue[ENG_BROWN], 50);
    eng_title_free(t);
}

static void test_tiles(void **state)
{
    (void)state;
    eng_title *t = load_cr();
    assert_int_equal(t->tiles[tf_tile(t, "57")].count, 6);
    assert_int_equal(t->tiles[tf_tile(t, "14")].count, 4);
    assert_int_equal(t->tiles[tf_tile(t, "15")].count, 3);
    assert_int_equal(t->tiles[tf_tile(t, "63")].count, 4);
    assert_int_equal(t->tiles[tf_tile(t, "8")].count, 8); /* the base game's */
    assert_int_equal(eng_tile_index(t, "53"), -1);
    assert_int_equal(eng_tile_index(t, "61"), -1);
    assert_int_equal(eng_tile_index(t, "62"), -1);
    /* the B hexes: 2053, then 1061 on Boston only, 2061 on Baltimore only */
    assert_int_equal(upgrade_of(t, &t->hexes[tf_hex(t, "E23")].upgrades, "2053"), 0);
    assert_int_equal(upgrade_of(t, &t->hexes[tf_hex(t, "I15")].upgrades, "2053"), 0);
    const eng_tile *b = &t->tiles[tf_tile(t, "2053")];
    assert_int_equal(b->count, 2);
    assert_int_equal(b->track.color, ENG_GREEN);
    assert_int_equal(b->track.cities[0].slots, 2);
    assert_int_equal(b->track.cities[0].revenue, 50);
    assert_int_equal(tf_edges_of(&b->track), E(0) | E(2) | E(4));
    int u = upgrade_of(t, &b->upgrades, "1061");
    assert_true(u >= 0);
    assert_int_equal(b->upgrades.v[u].nhexes, 1);
    assert_int_equal(b->upgrades.v[u].hexes[0], tf_hex(t, "E23"));
    u = upgrade_of(t, &b->upgrades, "2061");
    assert_true(u >= 0);
    assert_int_equal(b->upgrades.v[u].hexes[0], tf_hex(t, "I15"));
    const eng_tile *ba = &t->tiles[tf_tile(t, "2061")];
    assert_int_equal(ba->track.cities[0].slots, 3);
    assert_int_equal(ba->track.cities[0].revenue, 60);
    assert_int_equal(ba->track.npaths, 5);
    assert_int_equal(t->tiles[tf_tile(t, "1061")].track.cities[0].slots, 2);
    assert_int_equal(t->tiles[tf_tile(t, "1061")].track.npaths, 4);
    /* New York: 54 -> 1062, one city of 4 circles worth 80 */
    assert_int_equal(upgrade_of(t, &t->tiles[tf_tile(t, "54")].upgrades, "1062"), 0);
    const eng_tile *ny = &t->tiles[tf_tile(t, "1062")];
    assert_int_equal(ny->track.ncities, 1);
    assert_int_equal(ny->track.cities[0].slots, 4);
    assert_int_equal(ny->track.cities[0].revenue, 80);
    assert_int_equal(tf_edges_of(&ny->track), E(0) | E(3) | E(4) | E(5));
    /* 1717: a brown town of 20 with five exits, from the two-town tiles on G17 only */
    const eng_tile *g17 = &t->tiles[tf_tile(t, "1717")];
    assert_int_equal(g17->track.color, ENG_BROWN);
    assert_int_equal(g17->track.towns[0].revenue, 20);
    assert_int_equal(g17->track.npaths, 5);
    const char *two_towns[] = {"1", "2", "55", "56", "69"};
    for (int i = 0; i < 5; i++) {
        const eng_tile *y = &t->tiles[tf_tile(t, two_towns[i])];
        assert_int_equal(y->upgrades.n, 1);
        assert_int_equal(y->upgrades.v[0].tile, tf_tile(t, "1717"));
        assert_int_equal(y->upgrades.v[0].nhexes, 1);
        assert_int_equal(y->upgrades.v[0].hexes[0], tf_hex(t, "G17"));
    }
    assert_int_equal(t->tiles[tf_tile(t, "58")].upgrades.n, 0);
    eng_title_free(t);
}

static void test_companies(void **state)
{
    (void)state;
    eng_title *t = load_cr();
    const eng_company *nw = tf_company(t, "N&W"), *rdg = tf_company(t, "RDG");
    assert_int_equal(nw->kind, ENG_MAJOR);
    assert_int_equal(nw->home_hex, tf_hex(t, "L16"));
    assert_int_equal(nw->ntokens, 3);
    assert_int_equal(nw->token_costs[2], 100);
    assert_int_equal(nw->ncerts, 2);
    assert_int_equal(nw->certs[0].percent, 20);
    assert_int_equal(nw->certs[1].count, 8);
    assert_int_equal(nw->float_percent, 60);
    assert_int_equal(rdg->kind, ENG_MAJOR);
    assert_int_equal(rdg->home_hex, tf_hex(t, "H14"));
    assert_int_equal(rdg->ntokens, 2);
    assert_int_equal(rdg->ncerts, 2);
    assert_int_equal(rdg->certs[0].percent, 30);
    assert_true(rdg->certs[0].director);
    assert_int_equal(rdg->certs[0].count, 1);
    assert_int_equal(rdg->certs[1].percent, 10);
    assert_int_equal(rdg->certs[1].count, 7);
    assert_int_equal(rdg->float_percent, 60);
    assert_int_equal(tf_company(t, "C&O")->home_hex, tf_hex(t, "K13"));
    assert_int_equal(tf_company(t, "C&O")->ntokens, 3);
    assert_int_equal(tf_company(t, "PRR")->home_hex, tf_hex(t, "H12")); /* the base game's */
    assert_int_equal(tf_company(t, "NYNH")->home_city, 1);
    /* the C&A brings a 10% RDG share (C&ACertificate=RDG), the B&O private B&O's director's */
    const eng_company *ca = tf_company(t, "C&A"), *bo = tf_company(t, "BO");
    assert_int_equal(ca->price, 160);
    assert_int_equal(ca->revenue, 25);
    assert_int_equal(ca->brings_company, eng_company_index(t, "RDG"));
    assert_int_equal(ca->brings_percent, 10);
    assert_false(ca->brings_director);
    assert_int_equal(bo->brings_company, eng_company_index(t, "B&O"));
    assert_true(bo->brings_director);
    assert_int_equal(t->nstart_items, 6);
    assert_int_equal(t->start_items[4].company, eng_company_index(t, "C&A"));
    assert_int_equal(t->start_items[4].price, 160);
    eng_title_free(t);
}

static void test_trains_phases_players(void **state)
{
    (void)state;
    eng_title *t = load_cr();
    /* 2, 3, 4 obsolete instead of rusting ("obsolete_on": not read yet, so no rusts_on) */
    static const struct {
        const char *name;
        int count, cost;
    } trains[] = {{"2", 6, 80}, {"3", 5, 180}, {"4", 6, 300}, {"5", 3, 450},
                  {"6", 4, 630}, {"7", 2, 710}, {"D", 0, 900}}; /* the D: unlimited */
    for (int i = 0; i < 7; i++) {
        const eng_train *tr = &t->trains[i];
        assert_string_equal(tr->name, trains[i].name);
        assert_int_equal(tr->count, trains[i].count);
        assert_int_equal(tr->cost, trains[i].cost);
        assert_string_equal(tr->rusts_on, "");
        if (i < 6)
            assert_int_equal(tr->cities, i + 2);
    }
    const eng_train *seven = &t->trains[5], *d = &t->trains[6];
    assert_int_equal(seven->available_from, eng_train_index(t, "6"));
    assert_true(d->unlimited);
    assert_true(d->count_unlimited);
    assert_int_equal(d->available_from, eng_train_index(t, "6"));
    assert_int_equal(d->trade_in_cost, 750);
    assert_true(d->trade_in_any); /* any train: an obsolete 3 too (Rails) */
    assert_int_equal(d->ntrade_ins, 0);
    /* phases as the base game's: limits 4, 4, 3, 2, 2, 2; the 7 starts none */
    static const int limits[] = {4, 4, 3, 2, 2, 2}, ors[] = {1, 2, 2, 3, 3, 3};
    static const char *const names[] = {"2", "3", "4", "5", "6", "D"};
    for (int i = 0; i < 6; i++) {
        assert_string_equal(t->phases[i].name, names[i]);
        assert_string_equal(t->phases[i].on, names[i]);
        assert_int_equal(t->phases[i].train_limit_major, limits[i]);
        assert_int_equal(t->phases[i].operating_rounds, ors[i]);
        assert_int_equal(t->phases[i].privates_close, i == 3);
    }
    /* players: the base game's cash, the variant's certificate limits */
    static const int cash[] = {1200, 800, 600, 480, 400}, limit[] = {30, 22, 18, 15, 13};
    assert_int_equal(t->min_players, 2);
    assert_int_equal(t->max_players, 6);
    for (int n = 2; n <= 6; n++) {
        assert_int_equal(t->start_cash[n], cash[n - 2]);
        assert_int_equal(t->cert_limit[n], limit[n - 2]);
    }
    eng_title_free(t);
}

/* The facts of the variant's own rules are in the file as the names the parser reads. */
/* The variant is not a title of 18xx.games: its own "18xx.games" section replaces 1830's, so
 * its games are neither imported nor exported. */
static void test_not_on_18xx_games(void **state)
{
    (void)state;
    eng_title *t = load_cr();
    assert_string_equal(t->xgames.title, "");
    assert_int_equal(t->xgames.ntiles, 0);
    assert_int_equal(t->xgames.nrules, 0);
    eng_title_free(t);
}

static void test_data_for_the_gaps(void **state)
{
    (void)state;
    char *json = tf_json_of("1830-coalfields");
    cJSON *root = cJSON_Parse(json);
    assert_non_null(root);
    const cJSON *rights = cJSON_GetObjectItem(root, "rights");
    assert_int_equal(cJSON_GetArraySize(rights), 1);
    const cJSON *r = cJSON_GetArrayItem(rights, 0);
    assert_string_equal(cJSON_GetObjectItem(r, "id")->valuestring, "Coalfields");
    assert_int_equal(cJSON_GetObjectItem(r, "price")->valueint, 140);
    assert_string_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "hexes"), 0)->valuestring, "L10");
    static const char *const obsolete[][2] = {{"2", "4"}, {"3", "6"}, {"4", "D"}};
    int found = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItem(root, "trains"))
    {
        for (int i = 0; i < 3; i++)
            if (strcmp(cJSON_GetObjectItem(it, "name")->valuestring, obsolete[i][0]) == 0) {
                assert_string_equal(cJSON_GetObjectItem(it, "obsolete_on")->valuestring,
                                    obsolete[i][1]);
                assert_null(cJSON_GetObjectItem(it, "rusts_on"));
                found++;
            }
    }
    assert_int_equal(found, 3);
    assert_string_equal(cJSON_GetObjectItem(root, "extends")->valuestring, "1830");
    /* the four rules once missing are built, and the file says so */
    assert_null(cJSON_GetObjectItem(root, "not_playable_yet"));
    static const char *const built[] = {"Values by phase", "Off-boards that may be run through",
                                        "Cities passed only", "The D's trade-in"};
    int marked = 0;
    cJSON_ArrayForEach(it, cJSON_GetObjectItem(root, "gaps"))
    {
        const char *feature = cJSON_GetObjectItem(it, "feature")->valuestring;
        for (int i = 0; i < 4; i++)
            if (strncmp(feature, built[i], strlen(built[i])) == 0) {
                assert_int_equal(strncmp(cJSON_GetObjectItem(it, "now")->valuestring, "built",
                                         5), 0);
                marked++;
            }
    }
    assert_int_equal(marked, 4);
    cJSON_Delete(root);
    free(json);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_totals),
        cmocka_unit_test(test_not_on_18xx_games),
        cmocka_unit_test(test_map),
        cmocka_unit_test(test_tiles),
        cmocka_unit_test(test_companies),
        cmocka_unit_test(test_trains_phases_players),
        cmocka_unit_test(test_data_for_the_gaps),
    };
    return cmocka_run_group_tests_name("title_1830cr", tests, NULL, NULL);
}
