/* Tests for src/engine/title and config/games/1835.json: the title loads, its totals and
 * dozens of specific facts match the cited sources, and a broken file names the bad entry. */
#include "title_fixture.h"
#include "engine/game.h"

#include <cJSON.h>

static void test_totals(void **state)
{
    (void)state;
    eng_title *t = tf_load();
    assert_string_equal(t->id, "1835");
    assert_int_equal(t->nhexes, 127);
    assert_int_equal(t->ntiles, 63);
    int per_color[ENG_NCOLORS] = {0}, kinds[ENG_NCOLORS] = {0};
    tf_count_tiles(t, per_color, kinds);
    assert_int_equal(per_color[ENG_YELLOW], 63);
    assert_int_equal(per_color[ENG_GREEN], 53);
    assert_int_equal(per_color[ENG_BROWN], 31);
    assert_int_equal(kinds[ENG_YELLOW] + kinds[ENG_GREEN] + kinds[ENG_BROWN], 63);
    int trains = 0;
    for (int i = 0; i < t->ntrains; i++)
        trains += t->trains[i].count;
    assert_int_equal(t->ntrains, 10);
    assert_int_equal(trains, 33);
    int privates = 0, minors = 0, majors = 0;
    for (int i = 0; i < t->ncompanies; i++) {
        privates += t->companies[i].kind == ENG_PRIVATE;
        minors += t->companies[i].kind == ENG_MINOR;
        majors += t->companies[i].kind == ENG_MAJOR;
    }
    assert_int_equal(privates, 6);
    assert_int_equal(minors, 6);
    assert_int_equal(majors, 8); /* 7 and the Prussian */
    int cells = 0;
    for (int i = 0; i < t->market_rows * t->market_cols; i++)
        cells += t->market[i] > 0;
    assert_int_equal(cells, 74);
    assert_int_equal(t->bank, 12000);
    eng_title_free(t);
}

static void test_map_facts(void **state)
{
    (void)state;
    eng_title *t = tf_load();
    const eng_hex *hh = &t->hexes[tf_hex(t, "C11")];
    assert_string_equal(hh->name, "Hamburg");
    assert_int_equal(hh->printed.color, ENG_GREEN);
    assert_string_equal(hh->printed.label, "HH");
    assert_int_equal(hh->printed.ncities, 3);
    assert_int_equal(hh->printed.cities[0].revenue, 40);
    assert_int_equal(hh->cost, 50); /* Rails; 18xx.games puts it on Dresden (option) */
    const eng_hex *berlin = &t->hexes[tf_hex(t, "E19")];
    assert_int_equal(berlin->printed.color, ENG_YELLOW);
    assert_int_equal(berlin->printed.ncities, 2);
    assert_int_equal(berlin->printed.cities[1].revenue, 30);
    assert_string_equal(berlin->printed.cities[0].group, "Berlin");
    assert_string_equal(berlin->future_label, "B");
    const char *xx[] = {"G3", "J6", "L6"};
    for (int i = 0; i < 3; i++) {
        const eng_hex *h = &t->hexes[tf_hex(t, xx[i])];
        assert_string_equal(h->printed.label, "XX");
        assert_int_equal(h->printed.ncities, 2);
        assert_int_equal(h->printed.npaths, 0);
    }
    assert_int_equal(t->hexes[tf_hex(t, "G3")].cost, 50);
    assert_int_equal(t->hexes[tf_hex(t, "L6")].cost, 0);
    const eng_hex *frankfurt = &t->hexes[tf_hex(t, "J8")];
    assert_string_equal(frankfurt->printed.label, "Y");
    assert_int_equal(frankfurt->printed.cities[0].slots, 2);
    assert_string_equal(t->hexes[tf_hex(t, "L14")].printed.label, "XX");
    assert_int_equal(t->hexes[tf_hex(t, "H20")].cost, 0);
    assert_string_equal(t->hexes[tf_hex(t, "H20")].printed.label, "Y");
    /* terrain */
    const char *mountains[] = {"G13", "H6", "H8", "H12", "I7", "I9", "I13", "J14", "K15", "N8",
                               "O7"};
    for (int i = 0; i < 11; i++)
        assert_int_equal(t->hexes[tf_hex(t, mountains[i])].cost, 70);
    const char *rivers[] = {"D8", "D14", "E15", "K7", "K9", "M13", "M15", "M17", "I3", "J6"};
    for (int i = 0; i < 10; i++)
        assert_int_equal(t->hexes[tf_hex(t, rivers[i])].cost, 50);
    /* off-boards by phase colour */
    const eng_hex *os = &t->hexes[tf_hex(t, "H22")];
    assert_true(os->offboard);
    assert_int_equal(os->offboard_revenue[ENG_YELLOW], 20);
    assert_int_equal(os->offboard_revenue[ENG_GREEN], 30);
    assert_int_equal(os->offboard_revenue[ENG_BROWN], 40);
    assert_int_equal(os->offboard_revenue[ENG_GRAY], 40);
    assert_string_equal(os->offboard_group, "OS");
    const eng_hex *ost = &t->hexes[tf_hex(t, "C21")];
    assert_int_equal(ost->offboard_revenue[ENG_GREEN], 20);
    const eng_hex *alsace = &t->hexes[tf_hex(t, "M5")];
    assert_int_equal(alsace->offboard_revenue[ENG_YELLOW], 0);
    assert_int_equal(alsace->offboard_revenue[ENG_GREEN], 50);
    assert_string_equal(alsace->offboard_group, "Alsace");
    /* the Elbe west of Hamburg is impassable, on both sides */
    assert_true(t->hexes[tf_hex(t, "B10")].blocked & (1u << 0));
    assert_true(t->hexes[tf_hex(t, "C9")].blocked & (1u << 3));
    /* brown fixed hexes: Schwerin and Oldenburg are cities worth 10 */
    assert_int_equal(t->hexes[tf_hex(t, "C13")].printed.color, ENG_BROWN);
    assert_int_equal(t->hexes[tf_hex(t, "C13")].printed.cities[0].revenue, 10);
    assert_int_equal(t->hexes[tf_hex(t, "D6")].printed.cities[0].revenue, 10);
    assert_int_equal(t->hexes[tf_hex(t, "F12")].printed.cities[0].revenue, 20);
    assert_int_equal(t->hexes[tf_hex(t, "C13")].upgrades.n, 0);
    /* neighbours: rows alternate, a row's neighbours are two columns apart */
    assert_int_equal(eng_neighbor(t, tf_hex(t, "B10"), 0), tf_hex(t, "C9"));
    assert_int_equal(eng_neighbor(t, tf_hex(t, "H20"), 4), tf_hex(t, "H22"));
    assert_int_equal(eng_neighbor(t, tf_hex(t, "A11"), 2), -1);
    eng_title_free(t);
}

static void test_tile_facts(void **state)
{
    (void)state;
    eng_title *t = tf_load();
    assert_int_equal(t->tiles[tf_tile(t, "7")].count, 8);
    assert_int_equal(t->tiles[tf_tile(t, "8")].count, 16);
    assert_int_equal(t->tiles[tf_tile(t, "9")].count, 12);
    const eng_tile *t57 = &t->tiles[tf_tile(t, "57")];
    assert_int_equal(t57->track.color, ENG_YELLOW);
    assert_int_equal(t57->track.cities[0].revenue, 20);
    assert_int_equal(t57->upgrades.n, 4);
    const eng_tile *t63 = &t->tiles[tf_tile(t, "63")];
    assert_int_equal(t63->track.cities[0].slots, 2);
    assert_int_equal(t63->track.npaths, 6);
    assert_int_equal(t->tiles[tf_tile(t, "14")].upgrades.n, 0); /* Rails (option to_63) */
    const eng_tile *hh = &t->tiles[tf_tile(t, "221")];
    assert_string_equal(hh->track.label, "HH");
    assert_int_equal(hh->track.ncities, 2);
    assert_string_equal(hh->track.cities[0].oval, hh->track.cities[1].oval);
    assert_int_equal(hh->track.cities[0].slots + hh->track.cities[1].slots, 3);
    assert_int_equal(hh->rotations, 1);
    bool ferry = false;
    for (int i = 0; i < hh->track.npaths; i++)
        ferry |= hh->track.paths[i].toll == 10;
    assert_true(ferry);
    assert_string_equal(t->tiles[tf_tile(t, "209")].track.label, "B");
    assert_string_equal(t->tiles[tf_tile(t, "220")].track.label, "B");
    assert_int_equal(t->tiles[tf_tile(t, "220")].track.cities[0].slots, 3);
    /* printed hexes upgrade as Rails' tile set says */
    const eng_hex *berlin = &t->hexes[tf_hex(t, "E19")];
    assert_int_equal(berlin->upgrades.n, 1);
    assert_int_equal(berlin->upgrades.v[0].tile, tf_tile(t, "209"));
    assert_int_equal(t->hexes[tf_hex(t, "G3")].upgrades.n, 6);
    assert_int_equal(t->hexes[tf_hex(t, "H2")].upgrades.n, 2);
    assert_int_equal(t->hexes[tf_hex(t, "B18")].upgrades.n, 3); /* plain: 7 8 9 */
    eng_title_free(t);
}

static void test_companies_trains_market(void **state)
{
    (void)state;
    eng_title *t = tf_load();
    assert_string_equal(t->not_playable, ""); /* 1835 may be played */
    assert_int_equal(t->player_share_limit, 100);
    assert_false(t->full_capitalisation || t->drop_per_share);
    /* issue 17: the privates' powers as attributes (../shared/seeds/003) */
    const eng_powers *nfp = &tf_company(t, "NF")->powers, *obb = &tf_company(t, "OBB")->powers,
                     *pfb = &tf_company(t, "PfB")->powers, *ld = &tf_company(t, "LD")->powers;
    assert_int_equal(nfp->token_hex, tf_hex(t, "L14"));
    assert_true(nfp->token_extra && nfp->token_free && !nfp->token_connected);
    assert_int_equal(nfp->ntile_hexes, 0);
    assert_int_equal(nfp->closes_after, ENG_CLOSES_AFTER_TOKEN);
    assert_int_equal(obb->ntile_hexes, 2);
    assert_int_equal(obb->tile_hexes[1], tf_hex(t, "M17"));
    assert_true(obb->tile_extra && obb->tile_free && !obb->tile_connected && obb->tile_any_lay_uses);
    assert_int_equal(obb->token_hex, -1);
    assert_int_equal(obb->closes_after, ENG_CLOSES_AFTER_TILES);
    assert_int_equal(pfb->tile_hexes[0], tf_hex(t, "L6"));
    assert_int_equal(pfb->token_hex, tf_hex(t, "L6"));
    assert_false(pfb->tile_any_lay_uses);
    assert_int_equal(pfb->closes_after, ENG_CLOSES_AFTER_TOKEN);
    assert_int_equal(ld->closes_on_train_of, eng_company_index(t, "SX"));
    assert_int_equal(ld->closes_after, ENG_CLOSES_NEVER);
    /* issue 17: the figures the engine used to fix are the title's */
    assert_int_equal(t->pool_limit_percent, 50);
    assert_int_equal(t->station_cost_per_hex, 20);
    assert_int_equal(t->phases[0].tile_lays_major, 2); /* 1.1: a major two yellow tiles */
    assert_int_equal(t->phases[0].tile_lays_minor, 1);
    assert_int_equal(t->phases[2].tile_lays_major, 1); /* 2.1 */
    for (int p = 0; p < t->nphases; p++) {
        assert_int_equal(t->phases[p].privates_close, strcmp(t->phases[p].name, "3.1") == 0);
        assert_int_equal(t->phases[p].trains_between_companies, p >= 2); /* from 2.1 */
    }
    const eng_company *by = tf_company(t, "BY");
    assert_int_equal(by->price, 92);
    assert_int_equal(by->home_hex, tf_hex(t, "O15"));
    assert_int_equal(by->certs[0].percent, 20);
    assert_true(by->certs[0].director);
    assert_int_equal(by->certs[1].count, 8);
    const eng_company *ms = tf_company(t, "MS");
    assert_int_equal(ms->price, 80);
    assert_int_equal(ms->home_hex, tf_hex(t, "C13"));
    const eng_company *pr = tf_company(t, "PR");
    assert_true(pr->formed);
    assert_string_equal(t->formation.round_name, "the Prussian's formation round");
    assert_int_equal(pr->price, 154);
    assert_int_equal(pr->ntokens, 7);
    const eng_company *m2 = tf_company(t, "M2");
    assert_int_equal(m2->kind, ENG_MINOR);
    assert_int_equal(m2->price, 170);
    assert_int_equal(m2->home_hex, tf_hex(t, "E19"));
    assert_int_equal(m2->home_city, 0);
    assert_int_equal(tf_company(t, "M5")->home_city, 1);
    assert_int_equal(tf_company(t, "M6")->home_hex, tf_hex(t, "C11"));
    const eng_company *nf = tf_company(t, "NF");
    assert_int_equal(nf->kind, ENG_PRIVATE);
    assert_int_equal(nf->price, 100);
    assert_int_equal(nf->revenue, 5);
    assert_int_equal(tf_company(t, "LD")->price, 190);
    /* trains */
    assert_string_equal(t->trains[0].name, "2");
    assert_int_equal(t->trains[0].count, 9);
    assert_int_equal(t->trains[0].cost, 80);
    assert_string_equal(t->trains[0].rusts_on, "4");
    assert_true(t->trains[1].plus);
    assert_int_equal(t->trains[1].cities, 2);
    assert_string_equal(t->trains[9].name, "6+6");
    assert_int_equal(t->trains[9].cost, 720);
    /* phases: yellow first, brown later */
    assert_int_equal(t->phases[0].tile_colors, 1u << ENG_YELLOW);
    assert_int_equal(t->phases[0].train_limit_minor, 2);
    assert_true(t->phases[t->nphases - 1].tile_colors & (1u << ENG_BROWN));
    /* market: BY's par is on the third row, the top right is 418 */
    assert_int_equal(t->market[2 * t->market_cols + 2], 92);
    assert_int_equal(t->market[0 * t->market_cols + 15], 418);
    /* players */
    assert_int_equal(t->start_cash[4], 475);
    assert_int_equal(t->cert_limit[4], 15);
    assert_int_equal(t->cert_limit[7], 9);
    /* start packet: 13 items worth 1684, NF alone in the first row */
    int total = 0;
    for (int i = 0; i < t->nstart_items; i++)
        total += t->start_items[i].price;
    assert_int_equal(total, 1684);
    assert_string_equal(t->start_items[0].id, "NF");
    assert_int_equal(t->start_items[0].row, 0);
    for (int i = 0; i < t->nstart_items; i++)
        if (t->start_items[i].percent)
            assert_true(t->start_items[i].director && t->start_items[i].company ==
                                                          eng_company_index(t, "BY"));
    eng_title_free(t);
}

/* Applies a change to the JSON and expects the load to fail with `fragment`. */
static void expect_broken(void (*change)(cJSON *), const char *fragment)
{
    char *json = tf_json();
    cJSON *root = cJSON_Parse(json);
    change(root);
    char *text = cJSON_PrintUnformatted(root);
    char *err = NULL;
    eng_title *t = eng_title_parse(text, &err);
    assert_null(t);
    if (!err || !strstr(err, fragment))
        fail_msg("error \"%s\" does not mention \"%s\"", err ? err : "(none)", fragment);
    free(err);
    free(text);
    cJSON_Delete(root);
    free(json);
}

static cJSON *find_by_id(cJSON *list, const char *id)
{
    cJSON *it;
    cJSON_ArrayForEach(it, list)
    {
        cJSON *v = cJSON_GetObjectItem(it, "id");
        if (v && strcmp(v->valuestring, id) == 0)
            return it;
    }
    fail_msg("no entry %s", id);
    return NULL;
}

static void bad_upgrade(cJSON *r)
{
    cJSON *h = find_by_id(cJSON_GetObjectItem(r, "hexes"), "A11");
    cJSON_ReplaceItemInObject(h, "upgrades_to", cJSON_CreateStringArray((const char *[]){"99"}, 1));
}
static void bad_path(cJSON *r)
{
    cJSON *tile = find_by_id(cJSON_GetObjectItem(r, "tiles"), "57");
    cJSON *p = cJSON_GetArrayItem(cJSON_GetObjectItem(tile, "paths"), 1);
    cJSON_ReplaceItemInArray(p, 1, cJSON_CreateString("c3"));
}
static void duplicate_hex(cJSON *r)
{
    cJSON *hexes = cJSON_GetObjectItem(r, "hexes");
    cJSON_AddItemToArray(hexes, cJSON_Duplicate(find_by_id(hexes, "L14"), 1));
}
static void bad_certs(cJSON *r)
{
    cJSON *by = find_by_id(cJSON_GetObjectItem(r, "majors"), "BY");
    cJSON *c = cJSON_GetArrayItem(cJSON_GetObjectItem(by, "certificates"), 1);
    cJSON_ReplaceItemInObject(c, "count", cJSON_CreateNumber(7));
}
static void bad_rust(cJSON *r)
{
    cJSON *tr = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "trains"), 0);
    cJSON_ReplaceItemInObject(tr, "rusts_on", cJSON_CreateString("9"));
}
static void bad_home(cJSON *r)
{
    cJSON *sx = find_by_id(cJSON_GetObjectItem(r, "majors"), "SX");
    cJSON_ReplaceItemInObject(sx, "home", cJSON_CreateString("Z99"));
}
static void home_without_city(cJSON *r)
{
    cJSON *sx = find_by_id(cJSON_GetObjectItem(r, "majors"), "SX");
    cJSON_ReplaceItemInObject(sx, "home", cJSON_CreateString("B18"));
}
static void bad_market(cJSON *r)
{
    cJSON *row = cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetObjectItem(r, "market"), "rows"), 0);
    cJSON_ReplaceItemInArray(row, 5, cJSON_CreateString("cheap"));
}
static void bad_colour(cJSON *r)
{
    cJSON *tile = find_by_id(cJSON_GetObjectItem(r, "tiles"), "9");
    cJSON_ReplaceItemInObject(tile, "color", cJSON_CreateString("purple"));
}
static void bad_start_row(cJSON *r)
{
    cJSON *row = cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetObjectItem(r, "start_packet"), "rows"), 0);
    cJSON_AddItemToArray(row, cJSON_CreateString("M9"));
}
static void bad_coord(cJSON *r)
{
    cJSON *h = find_by_id(cJSON_GetObjectItem(r, "hexes"), "B18");
    cJSON_ReplaceItemInObject(h, "id", cJSON_CreateString("B19"));
}

/* The game options (issue 17): each broken in one way. */
static cJSON *game_option(cJSON *r, const char *id)
{
    return find_by_id(cJSON_GetObjectItem(r, "game_options"), id);
}
static void bad_option_default(cJSON *r)
{
    cJSON_ReplaceItemInObject(game_option(r, "Variant"), "default", cJSON_CreateString("Wild"));
}
static void bad_option_rule(cJSON *r)
{
    cJSON *yes = cJSON_GetObjectItem(cJSON_GetObjectItem(game_option(r, "NF_PfB_Westermann"),
                                                         "choices"), "yes");
    cJSON_AddItemToObject(cJSON_GetObjectItem(yes, "rules"), "fly", cJSON_CreateTrue());
}
static void bad_option_company(cJSON *r)
{
    cJSON *yes = cJSON_GetObjectItem(cJSON_GetObjectItem(game_option(r, "MinorsRequireFloatedBY"),
                                                         "choices"), "yes");
    cJSON_ReplaceItemInObject(cJSON_GetObjectItem(yes, "rules"), "minors_wait_for",
                              cJSON_CreateString("XX"));
}
static void bad_float_option(cJSON *r)
{
    cJSON *by = find_by_id(cJSON_GetObjectItem(r, "majors"), "BY");
    cJSON_ReplaceItemInObject(by, "float_percent_set_by", cJSON_CreateString("Variant"));
}
static void bad_start_order(cJSON *r)
{
    cJSON *snake = cJSON_GetObjectItem(cJSON_GetObjectItem(game_option(r, "Variant"), "choices"),
                                       "Snake");
    cJSON_ReplaceItemInObject(cJSON_GetObjectItem(snake, "rules"), "start_order",
                              cJSON_CreateNumber(3));
}

/* A game created with Snake's start_order said by `word` on 1835's data under the id
 * title_id: REFUSED (why says so), IN_STOCK_ROUNDS (the packet dealt within stock rounds) or
 * CREATED. */
enum { REFUSED, IN_STOCK_ROUNDS, CREATED };
static int game_with_start_order(const char *title_id, const char *word, char *why,
                                       size_t len)
{
    char *json = tf_json();
    cJSON *root = cJSON_Parse(json);
    cJSON_ReplaceItemInObject(root, "title", cJSON_CreateString(title_id));
    cJSON *snake = cJSON_GetObjectItem(cJSON_GetObjectItem(game_option(root, "Variant"),
                                                           "choices"), "Snake");
    cJSON_ReplaceItemInObject(cJSON_GetObjectItem(snake, "rules"), "start_order",
                              cJSON_CreateString(word));
    char *text = cJSON_PrintUnformatted(root), *err = NULL;
    eng_title *t = eng_title_parse(text, &err);
    assert_non_null(t);
    eng_options o;
    eng_options_default(t, &o);
    assert_int_equal(eng_options_parse(t, &o, "Variant=Snake", why, len), 0);
    eng_game *g = eng_game_new(t, &o, (const char *const[]){"Ann", "Bob", "Cy"}, 3, why, len);
    bool thompson = g && g->packet_in_stock_round;
    bool created = g != NULL;
    eng_game_free(g);
    eng_title_free(t);
    free(text);
    cJSON_Delete(root);
    free(json);
    return thompson ? IN_STOCK_ROUNDS : created ? CREATED : REFUSED;
}

static void test_a_way_of_dealing_is_the_titles_hooks(void **state)
{
    (void)state;
    char why[256] = "";
    /* a word naming no way of dealing of the title's hooks (engine/hooks.h) parses, but no game
     * of the title is created: the error names the choice and the words allowed */
    assert_int_equal(game_with_start_order("1835", "spiral", why, sizeof why), REFUSED);
    assert_string_equal(why, "1835: game_options[Variant].choices[Snake].rules.start_order: "
                             "\"spiral\" must be standard, snake, clemens, thompson_full or "
                             "thompson_half");
    /* 1835's own word plays 1835's way (the packet within stock rounds) */
    assert_int_equal(game_with_start_order("1835", "thompson_half", why, sizeof why),
                     IN_STOCK_ROUNDS);
    assert_int_equal(game_with_start_order("1835", "standard", why, sizeof why), CREATED);
    /* a title without hooks has only standard and snake */
    assert_int_equal(game_with_start_order("x1835", "thompson_half", why, sizeof why), REFUSED);
    assert_string_equal(why, "x1835: game_options[Variant].choices[Snake].rules.start_order: "
                             "\"thompson_half\" must be standard or snake");
}

static void bad_tile_lays(cJSON *r)
{
    cJSON *ph = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "phases"), 0);
    cJSON_ReplaceItemInObject(cJSON_GetObjectItem(ph, "tile_lays"), "major",
                              cJSON_CreateString("two"));
}
static void bad_privates_close(cJSON *r)
{
    cJSON *ph = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "phases"), 6);
    cJSON_ReplaceItemInObject(ph, "privates_close", cJSON_CreateString("yes"));
}

/* Issue 17: train kinds — an unlimited train, a train sold for another traded in. */
static cJSON *train_named(cJSON *r, const char *name)
{
    cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItem(r, "trains"))
        if (strcmp(cJSON_GetObjectItem(it, "name")->valuestring, name) == 0)
            return it;
    return NULL;
}
static void unlimited_and_exchange(cJSON *r)
{
    cJSON_ReplaceItemInObject(train_named(r, "6"), "distance", cJSON_CreateString("unlimited"));
    cJSON *ex = cJSON_CreateObject();
    cJSON_AddItemToObject(ex, "trains", cJSON_CreateStringArray((const char *[]){"4", "5"}, 2));
    cJSON_AddNumberToObject(ex, "cost", 500);
    cJSON_AddItemToObject(train_named(r, "6+6"), "exchange", ex);
}
static void bad_exchange(cJSON *r)
{
    cJSON *ex = cJSON_CreateObject();
    cJSON_AddItemToObject(ex, "trains", cJSON_CreateStringArray((const char *[]){"9"}, 1));
    cJSON_AddItemToObject(train_named(r, "6+6"), "exchange", ex);
}
static void bad_distance(cJSON *r)
{
    cJSON_ReplaceItemInObject(train_named(r, "6"), "distance", cJSON_CreateString("far"));
}

static void test_train_kinds(void **state)
{
    (void)state;
    char *json = tf_json();
    cJSON *root = cJSON_Parse(json);
    unlimited_and_exchange(root);
    char *text = cJSON_PrintUnformatted(root), *err = NULL;
    eng_title *t = eng_title_parse(text, &err);
    if (!t)
        fail_msg("%s", err);
    const eng_train *six = &t->trains[eng_train_index(t, "6")];
    const eng_train *sixes = &t->trains[eng_train_index(t, "6+6")];
    assert_true(six->unlimited);
    assert_false(six->plus);
    assert_int_equal(six->cities, ENG_UNLIMITED_STOPS);
    assert_int_equal(sixes->ntrade_ins, 2);
    assert_int_equal(sixes->trade_ins[1], eng_train_index(t, "5"));
    assert_int_equal(sixes->trade_in_cost, 500);
    assert_int_equal(t->trains[eng_train_index(t, "5")].ntrade_ins, 0);
    eng_title_free(t);
    free(text);
    cJSON_Delete(root);
    free(json);
}

static cJSON *powers_of(cJSON *r, const char *id)
{
    return cJSON_GetObjectItem(find_by_id(cJSON_GetObjectItem(r, "privates"), id), "powers");
}
static void bad_closes_after(cJSON *r)
{
    cJSON_ReplaceItemInObject(powers_of(r, "NF"), "closes_after", cJSON_CreateString("soon"));
}
static void bad_power_user(cJSON *r)
{
    cJSON_ReplaceItemInObject(powers_of(r, "OBB"), "user", cJSON_CreateString("anyone"));
}
/* Issue 17: the auction, pars, privates' blocks and trades for shares */
static void bad_sale(cJSON *r)
{
    cJSON_AddStringToObject(cJSON_GetObjectItem(r, "start_packet"), "sale", "lottery");
}
static void bad_par_choice(cJSON *r)
{
    cJSON *by = find_by_id(cJSON_GetObjectItem(r, "majors"), "BY");
    cJSON_AddItemToObject(by, "par_choices", cJSON_CreateIntArray((const int[]){92, 93}, 2));
}
static void no_par(cJSON *r)
{
    cJSON *by = find_by_id(cJSON_GetObjectItem(r, "majors"), "BY");
    cJSON_DeleteItemFromObject(by, "par");
}
static void bad_blocks(cJSON *r)
{
    cJSON *nf = find_by_id(cJSON_GetObjectItem(r, "privates"), "NF");
    cJSON_AddItemToObject(nf, "blocks", cJSON_CreateStringArray((const char *[]){"Q99"}, 1));
}
static void bad_trade(cJSON *r)
{
    cJSON *nf = find_by_id(cJSON_GetObjectItem(r, "privates"), "NF");
    cJSON *tr = cJSON_AddObjectToObject(nf, "trade_for_share");
    cJSON_AddStringToObject(tr, "company", "BY");
    cJSON_AddItemToObject(tr, "from", cJSON_CreateStringArray((const char *[]){"bank"}, 1));
}
static void bad_private_sale(cJSON *r)
{
    cJSON_AddItemToObject(r, "private_sale_percent", cJSON_CreateIntArray((const int[]){200, 50}, 2));
}
static cJSON *the_6_train(cJSON *r)
{
    cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItem(r, "trains"))
        if (strcmp(cJSON_GetObjectItem(it, "name")->valuestring, "6") == 0)
            return it;
    fail_msg("no 6-train");
    return NULL;
}
static void bad_train_count(cJSON *r)
{
    cJSON *six = the_6_train(r);
    cJSON_ReplaceItemInObject(six, "count", cJSON_CreateString("many"));
}
static void bad_available_from(cJSON *r)
{
    cJSON_AddStringToObject(the_6_train(r), "available_from", "9");
}
static void bad_obsolete_on(cJSON *r)
{
    cJSON_AddStringToObject(the_6_train(r), "obsolete_on", "9");
}
static void bad_right(cJSON *r)
{
    cJSON *right = cJSON_CreateObject();
    cJSON_AddStringToObject(right, "id", "Coal");
    cJSON_AddNumberToObject(right, "price", 140);
    cJSON_AddItemToObject(right, "hexes", cJSON_CreateStringArray((const char *[]){"Q99"}, 1));
    cJSON *list = cJSON_AddArrayToObject(r, "rights");
    cJSON_AddItemToArray(list, right);
}
static void bad_power_hex(cJSON *r)
{
    cJSON *tile = cJSON_GetObjectItem(powers_of(r, "OBB"), "tile");
    cJSON_ReplaceItemInObject(tile, "hexes", cJSON_CreateStringArray((const char *[]){"Z1"}, 1));
}

/* 1830 Coalfields & Reading's rules as attributes (docs/titles.md): a city's or town's values by
 * phase colour, a city passed only by its own companies, an off-board run through, a train
 * traded in for any one; and a title not playable yet says what it lacks. */
static cJSON *first_of(cJSON *r, const char *hex, const char *what)
{
    return cJSON_GetArrayItem(cJSON_GetObjectItem(find_by_id(cJSON_GetObjectItem(r, "hexes"), hex),
                                                  what), 0);
}
static void variant_rules(cJSON *r)
{
    cJSON *schwerin = first_of(r, "C13", "cities");
    cJSON *byp = cJSON_AddObjectToObject(schwerin, "revenue_by_phase");
    cJSON_AddNumberToObject(byp, "yellow", 10);
    cJSON_AddNumberToObject(byp, "brown", 30);
    cJSON_AddStringToObject(schwerin, "pass", "own_station");
    cJSON_AddNumberToObject(cJSON_AddObjectToObject(first_of(r, "A17", "towns"),
                                                    "revenue_by_phase"), "green", 20);
    cJSON *off = cJSON_GetObjectItem(find_by_id(cJSON_GetObjectItem(r, "hexes"), "C21"),
                                     "offboard");
    cJSON_AddTrueToObject(off, "run_through");
    cJSON *ex = cJSON_AddObjectToObject(train_named(r, "6"), "exchange");
    cJSON_AddStringToObject(ex, "trains", "any");
    cJSON_AddNumberToObject(ex, "cost", 450);
    cJSON_AddStringToObject(r, "not_playable_yet", "the rules of tomorrow");
}

static void test_variant_rules(void **state)
{
    (void)state;
    char *json = tf_json();
    cJSON *root = cJSON_Parse(json);
    variant_rules(root);
    char *text = cJSON_PrintUnformatted(root), *err = NULL;
    eng_title *t = eng_title_parse(text, &err);
    if (!t)
        fail_msg("%s", err);
    const eng_city *schwerin = &t->hexes[tf_hex(t, "C13")].printed.cities[0];
    assert_true(schwerin->by_phase);
    assert_true(schwerin->pass_own_station);
    static const int values[ENG_NCOLORS] = {[ENG_YELLOW] = 10, [ENG_GREEN] = 10,
                                            [ENG_BROWN] = 30, [ENG_GRAY] = 30};
    for (int c = ENG_YELLOW; c <= ENG_GRAY; c++)
        assert_int_equal(schwerin->revenue_by_phase[c], values[c]);
    const eng_town *a17 = &t->hexes[tf_hex(t, "A17")].printed.towns[0];
    assert_true(a17->by_phase); /* yellow: its "revenue"; gray: green's */
    assert_int_equal(a17->revenue_by_phase[ENG_YELLOW], a17->revenue);
    assert_int_equal(a17->revenue_by_phase[ENG_GRAY], 20);
    assert_true(t->hexes[tf_hex(t, "C21")].offboard_run_through);
    assert_false(t->hexes[tf_hex(t, "H22")].offboard_run_through); /* the defaults */
    assert_false(t->hexes[tf_hex(t, "D6")].printed.cities[0].pass_own_station);
    assert_false(t->hexes[tf_hex(t, "D6")].printed.cities[0].by_phase);
    const eng_train *six = &t->trains[eng_train_index(t, "6")];
    assert_true(six->trade_in_any);
    assert_int_equal(six->ntrade_ins, 0);
    assert_int_equal(six->trade_in_cost, 450);
    assert_string_equal(t->not_playable, "the rules of tomorrow");
    eng_title_free(t);
    free(text);
    cJSON_Delete(root);
    free(json);
}
static void bad_pass(cJSON *r)
{
    cJSON_AddStringToObject(first_of(r, "C13", "cities"), "pass", "never");
}
static void bad_by_phase(cJSON *r)
{
    cJSON_AddNumberToObject(cJSON_AddObjectToObject(first_of(r, "C13", "cities"),
                                                    "revenue_by_phase"), "purple", 30);
}
static void bad_town_by_phase(cJSON *r)
{
    cJSON_AddStringToObject(first_of(r, "A17", "towns"), "revenue_by_phase", "high");
}
static void bad_run_through(cJSON *r)
{
    cJSON *off = cJSON_GetObjectItem(find_by_id(cJSON_GetObjectItem(r, "hexes"), "C21"),
                                     "offboard");
    cJSON_AddStringToObject(off, "run_through", "yes");
}
static void bad_any(cJSON *r)
{
    cJSON *ex = cJSON_AddObjectToObject(train_named(r, "6"), "exchange");
    cJSON_AddStringToObject(ex, "trains", "all");
}

static void test_broken_files_name_the_entry(void **state)
{
    (void)state;
    expect_broken(bad_upgrade, "hexes[A11].upgrades_to: there is no tile \"99\"");
    expect_broken(bad_path, "tiles[57].paths[1]: \"c3\" names no edge, city or town");
    expect_broken(duplicate_hex, "hexes[L14]: the hex is listed twice");
    expect_broken(bad_certs, "majors[BY].certificates: add up to 90%, not 100%");
    expect_broken(bad_rust, "trains[2].rusts_on: there is no train \"9\"");
    expect_broken(bad_home, "majors[SX].home: there is no hex Z99");
    expect_broken(home_without_city, "majors[SX].home: B18 has no city");
    expect_broken(bad_market, "market.rows[0][5]: \"cheap\" is not a price");
    expect_broken(bad_colour, "tiles[9].color: \"purple\" is not a colour");
    expect_broken(bad_start_row, "start_packet.rows[0]: \"M9\" is not an item");
    expect_broken(bad_coord, "hexes[B19]: row and column do not fit the grid");
    expect_broken(bad_option_default, "game_options[Variant].default: \"Wild\" is not one of its "
                                      "choices");
    expect_broken(bad_option_rule, "game_options[NF_PfB_Westermann].choices[yes]: there is no "
                                   "rule \"fly\"");
    expect_broken(bad_option_company, "game_options[MinorsRequireFloatedBY].choices[yes].rules."
                                      "minors_wait_for: there is no company XX");
    expect_broken(bad_float_option, "majors[BY].float_percent_set_by: game option Variant has a "
                                    "choice without a number");
    expect_broken(bad_start_order, "start_order: must be standard, snake or the name of a way "
                                   "of dealing the title's hooks add");
    expect_broken(bad_closes_after, "privates[NF].powers.closes_after: must be never, tiles, "
                                    "token, any or all");
    expect_broken(bad_power_user, "privates[OBB].powers.user: \"owner_directs\" (the major its "
                                  "owner directs) or \"owning_company\"");
    expect_broken(bad_sale, "start_packet.sale: must be \"fixed\" or \"auction\"");
    expect_broken(bad_par_choice, "majors[BY].par_choices: 93 is not a par space of the market");
    expect_broken(no_par, "majors[BY]: needs \"par\" or \"par_choices\"");
    expect_broken(bad_blocks, "privates[NF].blocks: not a hex");
    expect_broken(bad_trade, "privates[NF].trade_for_share.from: \"ipo\" or \"pool\"");
    expect_broken(bad_private_sale, "title.private_sale_percent: [least, most]");
    expect_broken(bad_train_count, "trains[6].count: a number or \"unlimited\"");
    expect_broken(bad_available_from, "trains[6].available_from: not a train");
    expect_broken(bad_obsolete_on, "trains[6].obsolete_on: not a train");
    expect_broken(bad_right, "rights[Coal].hexes: not a hex");
    expect_broken(bad_power_hex, "privates[OBB].powers.tile.hexes: not a hex");
    expect_broken(bad_exchange, "trains[6+6].exchange.trains: not a train");
    expect_broken(bad_pass, "hexes[C13].cities[0].pass: \"never\" is not \"any\" or \"own_station\"");
    expect_broken(bad_by_phase, "hexes[C13].cities[0].revenue_by_phase.purple: not a phase colour");
    expect_broken(bad_town_by_phase, "hexes[A17].towns[0].revenue_by_phase: must be an object of "
                                     "phase colours");
    expect_broken(bad_run_through, "hexes[C21].offboard.run_through: must be true or false");
    expect_broken(bad_any, "trains[6].exchange.trains: \"all\": a list of trains or \"any\"");
    expect_broken(bad_distance, "trains[6].distance: a number, [large, small] for an n+n train, "
                                "or \"unlimited\"");
    expect_broken(bad_tile_lays, "phases[1.1].tile_lays.major: must be a whole number");
    expect_broken(bad_privates_close, "phases[3.1].privates_close: must be true or false");
    char *err = NULL;
    assert_null(eng_title_parse("{\"title\": \"x\",\n \"tiles\": [,]}", &err));
    assert_non_null(strstr(err, "not valid JSON (near line 2)"));
    free(err);
}

/* Issue 17: a title that extends another (a variant): the files a test reader knows. */
static const char *const VARIANT_FILES[][2] = {
    {"v", "{\"title\": \"v\", \"extends\": \"1835\", \"bank\": 9999,\n"
          " \"hexes\": [{\"id\": \"A11\", \"color\": \"white\", \"cost\": 70},\n"
          "            {\"id\": \"B18\", \"remove\": true}],\n"
          " \"trains\": [{\"name\": \"7\", \"distance\": 7, \"count\": 2, \"cost\": 710}]}"},
    {"dangling", "{\"title\": \"d\", \"extends\": \"1835\", \"trains\": [{\"name\": \"6+6\", "
                 "\"remove\": true}]}"},
    {"gone", "{\"title\": \"gone\", \"extends\": \"1835\", \"tiles\": [{\"id\": \"X9\", "
             "\"remove\": true}]}"},
    {"loop1", "{\"title\": \"a\", \"extends\": \"loop2\"}"},
    {"loop2", "{\"title\": \"b\", \"extends\": \"loop1\"}"},
    {"orphan", "{\"title\": \"o\", \"extends\": \"18xx\"}"},
    {"broken", "{\"title\": \"b\", \"extends\": \"1835\",\n\"bank\": }"},
    {"opt", "{\"title\": \"opt\", \"extends\": \"1835\", \"game_options\": [{\"id\": \"Sixes\",\n"
            " \"default\": \"two\", \"choices\": {\"two\": {}, \"three\": {\"title\": {\"bank\": 9000,\n"
            " \"trains\": [{\"name\": \"6\", \"patch\": true, \"count\": 3}],\n"
            " \"player_share_limit_by_players\": {\"3\": 70}}}}},\n"
            " {\"id\": \"Nines\", \"default\": \"no\", \"choices\": {\"no\": {}, \"yes\": {\"title\":\n"
            " {\"trains\": [{\"name\": \"9\", \"patch\": true, \"count\": 1}]}}}}]}"},
    {"optbad", "{\"title\": \"ob\", \"extends\": \"1835\", \"game_options\": [{\"id\": \"X\",\n"
               " \"default\": \"a\", \"choices\": {\"a\": {}, \"b\": {\"title\": {\"game_options\": []}}}}]}"},
};

static char *test_reader(const char *name, void *ctx)
{
    (void)ctx;
    if (strcmp(name, "1835") == 0)
        return tf_json();
    for (size_t i = 0; i < sizeof VARIANT_FILES / sizeof *VARIANT_FILES; i++)
        if (strcmp(name, VARIANT_FILES[i][0]) == 0)
            return xstrdup(VARIANT_FILES[i][1]);
    return NULL;
}

static void expect_load_error(const char *name, const char *fragment)
{
    char *err = NULL;
    eng_title *t = eng_title_load(name, test_reader, NULL, &err);
    assert_null(t);
    if (!err || !strstr(err, fragment))
        fail_msg("%s: \"%s\" does not say \"%s\"", name, err ? err : "", fragment);
    free(err);
}

/* 1835's data patches once offered as title options (river_cost, green_14_15_upgrade) are game
 * options whose choices carry "title" changes: the title a game plays has them. */
static void test_options_patch_the_data(void **state)
{
    (void)state;
    char *err = NULL, why[256];
    eng_title *base = eng_title_load("1835", test_reader, NULL, &err);
    assert_non_null(base);
    eng_options o;
    eng_options_default(base, &o);
    assert_false(eng_choices_change_title(base, o.chosen)); /* Hamburg's river, Rails' 14 */
    assert_int_equal(eng_options_parse(base, &o, "river_cost=dresden, green_14_15_upgrade=to_63",
                                       why, sizeof why), 0);
    assert_true(eng_choices_change_title(base, o.chosen));
    eng_title *t = eng_title_load_chosen("1835", test_reader, NULL, base, o.chosen, &err);
    if (!t)
        fail_msg("the chosen title does not load: %s", err);
    assert_int_equal(t->hexes[tf_hex(t, "H20")].cost, 50);
    assert_string_equal(t->hexes[tf_hex(t, "H20")].terrain, "water");
    assert_int_equal(t->hexes[tf_hex(t, "C11")].cost, 0);
    assert_int_equal(base->hexes[tf_hex(base, "C11")].cost, 50); /* the base as it was */
    assert_int_equal(t->tiles[tf_tile(t, "14")].upgrades.n, 1);
    assert_int_equal(t->tiles[tf_tile(t, "15")].upgrades.n, 1);
    assert_int_equal(base->tiles[tf_tile(base, "14")].upgrades.n, 0);
    assert_int_equal(eng_options_parse(base, &o, "river_cost=moon", why, sizeof why), -1);
    assert_non_null(strstr(why, "river_cost must be hamburg or dresden, not \"moon\""));
    eng_title_free(t);
    eng_title_free(base);
}

static void test_a_variant_extends_its_base(void **state)
{
    (void)state;
    eng_title *base = tf_load(), *t = NULL;
    char *err = NULL;
    t = eng_title_load("v", test_reader, NULL, &err);
    if (!t)
        fail_msg("the variant does not load: %s", err);
    assert_string_equal(t->id, "v");
    assert_string_equal(t->extends, "1835"); /* (its hooks: 1835's) */
    assert_int_equal(t->bank, 9999);                     /* a member replaced */
    assert_int_equal(t->nhexes, base->nhexes - 1);       /* a hex replaced, one removed */
    assert_int_equal(t->hexes[tf_hex(t, "A11")].cost, 70);
    assert_int_equal(eng_hex_index(t, "B18"), -1);
    assert_int_equal(t->ntrains, base->ntrains + 1);     /* a 7 added */
    assert_int_equal(t->trains[eng_train_index(t, "7")].cost, 710);
    assert_int_equal(t->ncompanies, base->ncompanies);   /* the rest is the base's */
    eng_title_free(t);
    eng_title_free(base);
    t = eng_title_load("1835", test_reader, NULL, &err); /* a title extending none */
    assert_non_null(t);
    eng_title_free(t);
    expect_load_error("dangling", "trains[3+3].rusts_on: there is no train \"6+6\"");
    expect_load_error("gone", "gone.json: tiles[X9]: removed, but the base has none");
    expect_load_error("loop1", "extends: more than four titles deep");
    expect_load_error("orphan", "there is no title \"18xx\"");
    expect_load_error("nothing", "there is no title \"nothing\"");
    expect_load_error("broken", "broken.json: not valid JSON (near line 2)");
}

/* Issue 17: a game option whose choice changes the title's data ("title": a variant's changes,
 * an entry patched by name): the title a game plays is the base unless such a choice is made. */
static void test_a_choice_changes_the_title(void **state)
{
    (void)state;
    char *err = NULL, why[256];
    eng_title *base = eng_title_load("opt", test_reader, NULL, &err);
    if (!base)
        fail_msg("opt does not load: %s", err);
    eng_title *plain = tf_load();
    assert_int_equal(base->ngame_options, plain->ngame_options + 2); /* merged by id */
    eng_options o;
    eng_options_default(base, &o);
    assert_false(eng_choices_change_title(base, o.chosen));
    assert_int_equal(eng_options_parse(base, &o, "Sixes=three", why, sizeof why), 0);
    assert_true(eng_choices_change_title(base, o.chosen));
    eng_title *t = eng_title_load_chosen("opt", test_reader, NULL, base, o.chosen, &err);
    if (!t)
        fail_msg("Sixes=three changes nothing: %s", err ? err : "");
    int six = eng_train_index(t, "6");
    assert_int_equal(t->trains[six].count, 3);
    assert_int_equal(t->trains[six].cost, base->trains[six].cost); /* the rest kept */
    assert_int_equal(base->trains[six].count, plain->trains[six].count);
    assert_int_equal(t->bank, 9000);
    assert_int_equal(t->player_share_limit_by_players[3], 70);
    eng_game *g = eng_game_new(t, &o, (const char *const[]){"Ann", "Bob", "Cy"}, 3, why,
                               sizeof why);
    assert_non_null(g);
    assert_int_equal(eng_player_share_limit(g), 70);
    eng_game_free(g);
    eng_title_free(t);
    assert_int_equal(eng_options_parse(base, &o, "Nines=yes", why, sizeof why), 0);
    assert_null(eng_title_load_chosen("opt", test_reader, NULL, base, o.chosen, &err));
    if (!err || !strstr(err, "game_options[Nines].choices[yes].title: trains[9]: patched, but "
                             "the base has none"))
        fail_msg("the bad patch: \"%s\"", err ? err : "");
    free(err);
    err = NULL;
    eng_title_free(base);
    eng_title_free(plain);
    expect_load_error("optbad", "game_options[X].choices[b].title: must be an object of the "
                                "title's data to change");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_variant_extends_its_base),
        cmocka_unit_test(test_a_choice_changes_the_title),
        cmocka_unit_test(test_totals),
        cmocka_unit_test(test_map_facts),
        cmocka_unit_test(test_tile_facts),
        cmocka_unit_test(test_companies_trains_market),
        cmocka_unit_test(test_options_patch_the_data),
        cmocka_unit_test(test_train_kinds),
        cmocka_unit_test(test_variant_rules),
        cmocka_unit_test(test_broken_files_name_the_entry),
        cmocka_unit_test(test_a_way_of_dealing_is_the_titles_hooks),
    };
    return cmocka_run_group_tests_name("title", tests, NULL, NULL);
}
