/* Tests for the rules 18GA brought to the engine (title_read_rules.c and where they are played:
 * operating.c, board.c, state.c), each on 1830 given the rule by a variant of a few lines (the
 * engine's own "extends" and "patch" of config/games/1830.json): a phase's
 * depot_trains_per_turn, the market's end space and market_end, a city's neutral_stations, a
 * hex's only_tiles, a major's homes and home_blocks_until_floated, the option rule
 * first_turn_tile_lays, and soft rust as an option's title patch. Each: that it applies, its
 * refusal, and that 1830, 1835 and 1856 read none of them (their rules unchanged). */
#include "game_fixture.h"
#include "engine/board.h"
#include "engine/invariants.h"
#include "engine/routes.h"
#include "util/buf.h"

#include <cJSON.h>

/* ---- titles: 1830 and a variant of it ---- */

static char *variant_text; /* the variant "v" the reader gives, extending 1830 */

static char *reader(const char *name, void *ctx)
{
    (void)ctx;
    if (strcmp(name, "v") == 0)
        return variant_text ? xstrdup(variant_text) : NULL;
    return tf_json_of(name);
}

/* 1830 with the variant's members ("extends": "1830" is added), or NULL with *err. */
static eng_title *load_variant(const char *members, char **err)
{
    free(variant_text);
    variant_text = str_format("{\"title\": \"v\", \"extends\": \"1830\", %s}", members);
    return eng_title_load("v", reader, NULL, err);
}

/* The game fixture's title is the variant for the test (use_1830 puts 1830 back). */
static void use_variant(const char *members)
{
    char *err = NULL;
    eng_title *t = load_variant(members, &err);
    if (!t)
        fail_msg("the variant does not load: %s", err);
    eng_title_free(title);
    title = t;
}

static void use_title(const char *name)
{
    eng_title_free(title);
    title = tf_load_title(name);
}

static void use_1830(void)
{
    use_title("1830");
}

static int setup(void **state)
{
    (void)state;
    title = tf_load_title("1830");
    return 0;
}

static int teardown(void **state)
{
    free(variant_text);
    return group_teardown(state);
}

static void expect_variant_error(const char *members, const char *fragment)
{
    char *err = NULL;
    eng_title *t = load_variant(members, &err);
    if (t)
        fail_msg("loads; expected \"%s\" (%s)", fragment, members);
    if (!err || !strstr(err, fragment))
        fail_msg("\"%s\" does not say \"%s\"", err ? err : "", fragment);
    free(err);
}

/* ---- a game of 1830 in its first operating round ---- */

/* Three players; the privates bought in order, B&O's par 100; the majors named floated at 100
 * (60%: Ann the first, Bob the second), in the phase named; the first operating round under
 * way. */
static eng_game *operating(const char *options, const char *phase_name, const char *first,
                           const char *second)
{
    eng_game *g = new_game(options, 3);
    static const char *const order[] = {"SVNRR", "C&StL", "D&H", "M&H", "C&A", "BO"};
    for (int i = 0; i < 6; i++)
        must(g, buy_item(order[i]));
    must(g, (eng_action){.kind = ENG_ACT_PAR, .company = co("B&O"), .price = 100});
    const char *majors[2] = {first, second};
    for (int m = 0; m < 2 && majors[m]; m++) {
        int c = co(majors[m]);
        eng_bank_pays_player(g, m, 1000);
        give(g, majors[m], 20, true, m);
        eng_set_par(g, c, 100);
        for (int k = 0; k < 4; k++)
            give(g, majors[m], 10, false, m);
        eng_bank_pays_player(g, m, -600);
        eng_check_float(g, c);
        assert_true(g->co[c].floated);
    }
    g->phase = phase(phase_name);
    for (int k = 0; k < 3 && g->round == ENG_ROUND_STOCK; k++)
        must(g, pass());
    assert_int_equal(g->round, ENG_ROUND_OPERATING);
    return g;
}

static eng_action done(void)
{
    return (eng_action){.kind = ENG_ACT_DONE};
}

static eng_action buy_train(const char *name)
{
    return (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train(name)};
}

static eng_action run(int revenue, bool payout)
{
    return (eng_action){.kind = ENG_ACT_RUN, .revenue = revenue, .payout = payout};
}

static const eng_event *last_event(const eng_game *g, eng_event_kind kind)
{
    for (int i = g->nevents - 1; i >= 0; i--)
        if (g->events[i].kind == kind)
            return &g->events[i];
    return NULL;
}

/* The line of the last event of that kind, as reports write it ("" without one). */
static const char *said(const eng_game *g, eng_event_kind kind)
{
    static char text[256];
    const eng_event *e = last_event(g, kind);
    text[0] = '\0';
    if (e)
        eng_event_text(g, e, text, sizeof text);
    return text;
}

static void assert_invariants(const eng_game *g)
{
    char what[256];
    if (eng_invariants_check(g, NULL, what, sizeof what))
        fail_msg("invariant: %s", what);
}

/* ---- none of the rules in 1830, 1835, 1856 ---- */

static void assert_reads_none(const eng_title *t)
{
    for (int p = 0; p < t->nphases; p++)
        assert_int_equal(t->phases[p].depot_trains_per_turn, 0);
    assert_null(t->market_ends);
    assert_false(t->market_end_set);
    for (int h = 0; h < t->nhexes; h++) {
        for (int k = 0; k < t->hexes[h].printed.ncities; k++)
            assert_int_equal(t->hexes[h].printed.cities[k].neutral_stations, 0);
        for (int c = 0; c < ENG_NCOLORS; c++)
            assert_int_equal(t->hexes[h].nonly_tiles[c], 0);
    }
    for (int c = 0; c < t->ncompanies; c++) {
        assert_int_equal(t->companies[c].nmore_homes, 0);
        assert_false(t->companies[c].home_at_start);
    }
    for (int o = 0; o < t->ngame_options; o++)
        for (int k = 0; k < t->game_options[o].nchoices; k++)
            assert_false(t->game_options[o].choices[k].sets & ENG_RULE_FIRST_TURN_LAYS);
}

static void test_the_older_titles_have_none_of_the_rules(void **state)
{
    (void)state;
    static const char *const titles[] = {"1830", "1830-coalfields", "1835", "1856"};
    for (size_t i = 0; i < sizeof titles / sizeof *titles; i++) {
        char *err = NULL;
        eng_title *t = eng_title_load(titles[i], reader, NULL, &err);
        if (!t)
            fail_msg("%s does not load: %s", titles[i], err);
        assert_reads_none(t);
        eng_title_free(t);
    }
}

/* ---- the readers' refusals ---- */

static void test_broken_keys_are_named(void **state)
{
    (void)state;
    expect_variant_error("\"phases\": [{\"name\": \"2\", \"patch\": true, "
                         "\"depot_trains_per_turn\": -1}]",
                         "phases[2].depot_trains_per_turn: a number of trains");
    expect_variant_error("\"market_end\": \"round\"", "the market has no end space");
    expect_variant_error("\"market_end\": \"never\"", "must be \"round\" or \"set\"");
    expect_variant_error("\"hexes\": [{\"id\": \"D14\", \"patch\": true, \"cities\": "
                         "[{\"revenue\": 20, \"slots\": 1, \"neutral_stations\": 2}]}]",
                         "hexes[D14].cities[0].neutral_stations: 0 to its 1 slots");
    expect_variant_error("\"hexes\": [{\"id\": \"E19\", \"patch\": true, \"only_tiles\": "
                         "{\"green\": [\"57\"]}}]",
                         "hexes[E19].only_tiles.green: not a green tile");
    expect_variant_error("\"majors\": [{\"id\": \"B&M\", \"patch\": true, \"homes\": "
                         "[\"E23\", \"I17\"]}]",
                         "majors[B&M]: \"home\" or \"homes\", not both");
    expect_variant_error("\"majors\": [{\"id\": \"B&M\", \"patch\": true, \"home\": null, "
                         "\"homes\": [\"E23\", \"I17\"]}]",
                         "majors[B&M].homes: I17 is not a hex with a city");
    expect_variant_error("\"majors\": [{\"id\": \"ERIE\", \"patch\": true, "
                         "\"home_blocks_until_floated\": true}]",
                         "majors[ERIE].home_blocks_until_floated: needs a home whose city is "
                         "fixed");
    expect_variant_error("\"game_options\": [{\"id\": \"Double\", \"default\": \"no\", "
                         "\"choices\": {\"no\": {}, \"yes\": {\"rules\": "
                         "{\"first_turn_tile_lays\": \"two\"}}}}]",
                         "first_turn_tile_lays: must be a whole number");
}

/* ---- depot_trains_per_turn ---- */

static const char *const ONE_DEPOT_TRAIN =
    "\"phases\": [{\"name\": \"2\", \"patch\": true, \"depot_trains_per_turn\": 1}, "
    "{\"name\": \"3\", \"patch\": true, \"depot_trains_per_turn\": 1}]";

/* In phase 2 PRR buys one 2 from the bank; a second, from the bank or the pool, is refused;
 * a train of another company it may still buy. In 1830 it buys two. */
static void test_one_train_a_turn_from_the_bank(void **state)
{
    (void)state;
    use_variant(ONE_DEPOT_TRAIN);
    eng_game *g = operating(NULL, "2", "PRR", "NYC");
    int nyc = co("NYC"), two = train("2");
    if (g->operating == nyc) { /* NYC first: its own one 2 */
        must(g, buy_train("2"));
        refused(g, buy_train("2"), "NYC has bought 1 train");
        must(g, done());
    }
    assert_int_equal(g->operating, co("PRR"));
    must(g, buy_train("2"));
    refused(g, buy_train("2"), "PRR has bought 1 train from the bank and the pool this turn, "
                               "the most a company may in phase 2 (a train from another company "
                               "it may still buy)");
    g->pool_trains[two]++;
    g->trains_left[two]--;
    refused(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = two, .from_pool = true},
            "PRR has bought 1 train");
    if (g->co[nyc].ntrains == 0)
        give_train(g, "NYC", "2");
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = two, .from_company = true,
                         .seller = nyc, .price = 1});
    assert_int_equal(g->co[co("PRR")].ntrains, 2);
    assert_invariants(g);
    eng_game_free(g);

    use_1830();
    g = operating(NULL, "2", "PRR", NULL);
    must(g, buy_train("2"));
    must(g, buy_train("2"));
    assert_int_equal(g->co[co("PRR")].ntrains, 2);
    eng_game_free(g);
}

/* The limit is the phase's at each purchase: the first 4, bought in phase 3, starts phase 4,
 * which has none; a second 4 follows. */
static void test_the_limit_is_the_phases_at_each_purchase(void **state)
{
    (void)state;
    use_variant(ONE_DEPOT_TRAIN);
    eng_game *g = operating(NULL, "3", "PRR", NULL);
    for (int k = train("2"); k <= train("3"); k++) { /* sold out: in the pool */
        g->pool_trains[k] += g->trains_left[k];
        g->trains_left[k] = 0;
    }
    g->train_on_sale = train("4");
    g->co[co("PRR")].cash += 1000;
    g->bank -= 1000;
    must(g, buy_train("4"));
    assert_int_equal(g->phase, phase("4"));
    must(g, buy_train("4"));
    assert_int_equal(g->co[co("PRR")].ntrains, 2);
    assert_invariants(g);
    eng_game_free(g);
    use_1830();
}

/* ---- the market's end ---- */

/* 1830's market with its top right cell (350) an end space, "market_end" as given. */
static void use_market_end(const char *when)
{
    char *json = tf_json_of("1830");
    cJSON *root = cJSON_Parse(json);
    free(json);
    cJSON *top = cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetObjectItem(root, "market"),
                                                        "rows"), 0);
    int last = cJSON_GetArraySize(top) - 1;
    assert_string_equal(cJSON_GetArrayItem(top, last)->valuestring, "350");
    cJSON_ReplaceItemInArray(top, last, cJSON_CreateString("350e"));
    if (when)
        cJSON_AddStringToObject(root, "market_end", when);
    char *text = cJSON_PrintUnformatted(root), *err = NULL;
    cJSON_Delete(root);
    eng_title *t = eng_title_parse(text, &err);
    free(text);
    if (!t)
        fail_msg("does not load: %s", err);
    eng_title_free(title);
    title = t;
}

/* PRR, operating in the phase named, at 325 (the top row's last but one), pays out: 350. */
static eng_game *prr_pays_out_to_350(const char *phase_name)
{
    eng_game *g = operating(NULL, phase_name, "PRR", NULL);
    int prr = co("PRR");
    g->co[prr].row = 0;
    g->co[prr].col = title->market_cols - 2;
    give_train(g, "PRR", "2");
    must(g, run(100, true));
    assert_int_equal(eng_share_price(g, prr), 350);
    return g;
}

/* PRR at 325 pays out and reaches 350, the end: the game ends with the operating round (in
 * phase 3's first of two), or with the set ("set"). */
static void test_a_price_at_the_markets_end_ends_the_game(void **state)
{
    (void)state;
    for (int set = 0; set < 2; set++) {
        use_market_end(set ? "set" : NULL);
        assert_true(title->market_end_set == set);
        eng_game *g = prr_pays_out_to_350("3");
        assert_int_equal(g->ors_in_set, 2);
        assert_string_equal(said(g, ENG_EV_MARKET_END),
                            set ? "PRR's price reaches the market's end (350): the game ends "
                                  "with this set of operating rounds"
                                : "PRR's price reaches the market's end (350): the game ends "
                                  "with this operating round");
        must(g, done());
        if (set) {
            assert_int_equal(g->round, ENG_ROUND_OPERATING);
            assert_int_equal(g->or_in_set, 2);
            must(g, run(0, false));
            must(g, done());
        }
        assert_int_equal(g->round, ENG_ROUND_OVER);
        const eng_event *over = last_event(g, ENG_EV_GAME_OVER);
        assert_non_null(over);
        assert_int_equal(over->amount, ENG_END_MARKET);
        assert_string_equal(said(g, ENG_EV_GAME_OVER),
                            "The game is over (a company reached the market's end)");
        eng_game_free(g);
    }
    use_1830();
}

/* In 1830 the top right cell is only a price: PRR there goes on. */
static void test_without_an_end_space_the_game_goes_on(void **state)
{
    (void)state;
    eng_game *g = prr_pays_out_to_350("2");
    must(g, done());
    assert_false(g->market_end_reached);
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    eng_game_free(g);
}

/* ---- neutral stations ---- */

/* Rochester D14 with one of its circles (of one, or of two) held by no company: no station
 * goes in the last free one, and a run passes the full city; in 1830 a company's station
 * there blocks the others. */
static void test_a_neutral_station_fills_a_circle_and_blocks_nothing(void **state)
{
    (void)state;
    for (int slots = 1; slots <= 2; slots++) {
        char *members = str_format("\"hexes\": [{\"id\": \"D14\", \"patch\": true, "
                                   "\"cities\": [{\"revenue\": 20, \"slots\": %d, "
                                   "\"neutral_stations\": 1}]}]", slots);
        use_variant(members);
        free(members);
        int d14 = tf_hex(title, "D14"), nyc = co("NYC"), prr = co("PRR");
        eng_board *b = eng_starting_board(title);
        char why[256] = "";
        if (slots == 2)
            assert_int_equal(eng_place_station(b, NULL, prr, d14, 0, why, sizeof why), 0);
        assert_int_equal(eng_station_check(b, NULL, nyc, d14, 0, why, sizeof why), -1);
        assert_string_equal(why, "D14 has no free station circle (held by no company)");
        assert_false(eng_city_blocks(b, d14, 0, nyc));
        eng_board_free(b);
    }
    use_1830();
    eng_board *b = eng_starting_board(title);
    char why[256];
    int d14 = tf_hex(title, "D14");
    assert_int_equal(eng_place_station(b, NULL, co("PRR"), d14, 0, why, sizeof why), 0);
    assert_true(eng_city_blocks(b, d14, 0, co("NYC")));
    eng_board_free(b);
}

/* A terminal city (Rochester D14 "terminal"): no run passes it, not even one of the company
 * with a station there, whose track still reaches out from it; in 1830 the company passes. */
static void test_a_terminal_city_is_passed_by_no_one(void **state)
{
    (void)state;
    for (int terminal = 1; terminal >= 0; terminal--) {
        if (terminal)
            use_variant("\"hexes\": [{\"id\": \"D14\", \"patch\": true, \"terminal\": true}]");
        int d14 = tf_hex(title, "D14"), nyc = co("NYC"), prr = co("PRR");
        eng_board *b = eng_starting_board(title);
        char why[256];
        assert_int_equal(eng_place_station(b, NULL, prr, d14, 0, why, sizeof why), 0);
        assert_true(eng_city_blocks(b, d14, 0, prr) == terminal);
        assert_true(eng_city_blocks(b, d14, 0, nyc));
        eng_reach r;
        eng_reach_compute(b, prr, &r);
        for (int e = 0; e < 6; e++)
            if (eng_neighbor(title, d14, e) >= 0 &&
                (eng_track_edges(eng_board_track(b, d14, NULL), 0) & (1u << e)))
                assert_true(r.edges[d14] & (1u << e));
        eng_reach_free(&r);
        eng_board_free(b);
        use_1830();
    }
    expect_variant_error("\"hexes\": [{\"id\": \"I17\", \"patch\": true, \"terminal\": true}]",
                         "hexes[I17].terminal: the hex has no city");
}

/* ---- only_tiles ---- */

/* Whether the tile goes on the hex in some rotation (a board without companies). */
static bool fits(eng_board *b, const char *hex, const char *tile, char *why)
{
    unsigned colors = 1u << ENG_YELLOW | 1u << ENG_GREEN | 1u << ENG_BROWN;
    for (int rot = 0; rot < 6; rot++)
        if (eng_lay_check(b, ENG_NONE, tf_hex(title, hex), tf_tile(title, tile), rot, colors,
                          NULL, why, 256) == 0)
            return true;
    return false;
}

static void lay_any_rotation(eng_board *b, const char *hex, const char *tile)
{
    char why[256];
    unsigned colors = 1u << ENG_YELLOW;
    for (int rot = 0; rot < 6; rot++)
        if (eng_lay_tile(b, ENG_NONE, tf_hex(title, hex), tf_tile(title, tile), rot, colors, why,
                         sizeof why) == 0)
            return;
    fail_msg("%s does not go on %s: %s", tile, hex, why);
}

/* Albany E19 with 57: its green tile may only be 15 ("only_tiles"); in 1830 14 too. */
static void test_only_tiles_of_a_colour_on_a_hex(void **state)
{
    (void)state;
    use_variant("\"hexes\": [{\"id\": \"E19\", \"patch\": true, \"only_tiles\": "
                "{\"green\": [\"15\"]}}]");
    eng_board *b = eng_starting_board(title);
    lay_any_rotation(b, "E19", "57");
    char why[256] = "";
    assert_false(fits(b, "E19", "14", why));
    assert_string_equal(why, "on E19 a green tile may only be 15");
    assert_true(fits(b, "E19", "15", why));
    eng_board_free(b);

    use_1830();
    b = eng_starting_board(title);
    lay_any_rotation(b, "E19", "57");
    assert_true(fits(b, "E19", "14", why));
    eng_board_free(b);
}

/* ---- homes ---- */

/* B&M with two homes, Boston E23 and Rochester D14: a circle kept in each, a station in each
 * when it first operates. */
static void test_two_home_stations(void **state)
{
    (void)state;
    use_variant("\"majors\": [{\"id\": \"B&M\", \"patch\": true, \"home\": null, "
                "\"homes\": [\"E23\", \"D14\"], \"tokens\": [0, 0, 40]}]");
    const eng_company *bm = tf_company(title, "B&M");
    int e23 = tf_hex(title, "E23"), d14 = tf_hex(title, "D14");
    assert_int_equal(bm->home_hex, e23);
    assert_int_equal(bm->nmore_homes, 1);
    assert_int_equal(bm->more_homes[0], d14);
    eng_board *b = eng_starting_board(title);
    assert_int_equal(b->reserved[d14][0], co("B&M"));
    assert_int_equal(b->reserved[e23][0], co("B&M"));
    eng_board_free(b);
    eng_game *g = operating(NULL, "2", "B&M", NULL);
    assert_int_equal(g->operating, co("B&M"));
    assert_int_equal(eng_stations_placed(g, co("B&M")), 2);
    assert_int_equal(g->board->tokens[d14][0][0], co("B&M"));
    assert_int_equal(g->board->tokens[e23][0][0], co("B&M"));
    assert_int_equal(g->board->reserved[d14][0], ENG_NONE);
    assert_invariants(g);
    eng_game_free(g);
    use_1830();
}

/* ---- home_blocks_until_floated ---- */

/* C&O's home station on Cleveland F6 (one circle) from the start: no run passes it before
 * C&O floats; when C&O first operates no second one is placed. In 1830 the circle is only
 * kept, and passed. */
static void test_a_home_station_from_the_start(void **state)
{
    (void)state;
    use_variant("\"majors\": [{\"id\": \"C&O\", \"patch\": true, "
                "\"home_blocks_until_floated\": true}]");
    int f6 = tf_hex(title, "F6"), cando = co("C&O"), prr = co("PRR");
    eng_game *g = new_game(NULL, 3);
    assert_false(g->co[cando].floated);
    assert_true(g->co[cando].home_placed);
    assert_int_equal(g->board->tokens[f6][0][0], cando);
    assert_true(eng_city_blocks(g->board, f6, 0, prr));
    assert_invariants(g);
    eng_game_free(g);
    g = operating(NULL, "2", "C&O", NULL);
    assert_int_equal(g->operating, cando);
    assert_int_equal(eng_stations_placed(g, cando), 1);
    assert_invariants(g);
    eng_game_free(g);

    use_1830();
    g = new_game(NULL, 3);
    assert_false(g->co[cando].home_placed);
    assert_int_equal(g->board->tokens[f6][0][0], ENG_NONE);
    assert_false(eng_city_blocks(g->board, f6, 0, prr));
    eng_game_free(g);
}

/* ---- first_turn_tile_lays ---- */

static const char *const DOUBLE_YELLOW =
    "\"game_options\": [{\"id\": \"DoubleYellowFirstOR\", \"default\": \"no\", \"choices\": "
    "{\"no\": {}, \"yes\": {\"rules\": {\"first_turn_tile_lays\": 2}}}}]";

static const char *const OPTIONS = "DoubleYellowFirstOR=yes, RouteAlgorithm=Permissive";

static eng_action lay(const char *hex, const char *tile, int rot)
{
    return (eng_action){.kind = ENG_ACT_LAY_TILE, .hex = tf_hex(title, hex),
                        .tile = tf_tile(title, tile), .rot = rot};
}

/* The first rotation of the tile the board takes on the hex, or -1. */
static int rotation_for(eng_game *g, const char *hex, const char *tile)
{
    char why[256];
    for (int rot = 0; rot < 6; rot++)
        if (eng_lay_check(g->board, ENG_NONE, tf_hex(title, hex), tf_tile(title, tile), rot,
                          eng_lay_colors(g), NULL, why, sizeof why) == 0)
            return rot;
    return -1;
}

static void lay_somehow(eng_game *g, const char *hex, const char *tile)
{
    int rot = rotation_for(g, hex, tile);
    if (rot < 0)
        fail_msg("%s does not go on %s", tile, hex);
    must(g, lay(hex, tile, rot));
}

/* With the option, PRR lays two yellow tiles in its first turn, not three; in 1830 one. */
static void test_two_yellow_tiles_in_the_first_turn(void **state)
{
    (void)state;
    use_variant(DOUBLE_YELLOW);
    eng_game *g = operating(OPTIONS, "2", "PRR", NULL);
    lay_somehow(g, "I17", "8");
    lay_somehow(g, "H14", "9");
    refused(g, lay("G11", "9", 0), "PRR has laid all the track it may this turn");
    eng_game_free(g);

    use_1830();
    g = operating("RouteAlgorithm=Permissive", "2", "PRR", NULL);
    lay_somehow(g, "I17", "8");
    refused(g, lay("H14", "9", 0), "PRR has laid all the track it may this turn");
    eng_game_free(g);
}

/* An upgrade is the first turn's only lay; after a yellow lay, no upgrade. */
static void test_an_upgrade_is_the_first_turns_only_lay(void **state)
{
    (void)state;
    use_variant(DOUBLE_YELLOW);
    for (int upgrade_first = 1; upgrade_first >= 0; upgrade_first--) {
        eng_game *g = operating(OPTIONS, "3", "PRR", NULL);
        const char *green = "59"; /* (Detroit's OO tile) */
        if (upgrade_first) {
            lay_somehow(g, "E5", green);
            assert_int_equal(eng_lays_left(g), 0);
            refused(g, lay("I17", "8", 0), "PRR has laid all the track it may this turn");
        } else {
            lay_somehow(g, "I17", "8");
            refused(g, lay("E5", green, rotation_for(g, "E5", green)),
                    "PRR's lays in its first turn after the first are yellow tiles on empty "
                    "hexes: E5 has track");
        }
        eng_game_free(g);
    }
    use_1830();
}

/* Its second turn has the phase's one lay. */
static void test_the_second_turn_has_one_lay(void **state)
{
    (void)state;
    use_variant(DOUBLE_YELLOW);
    eng_game *g = operating(OPTIONS, "2", "PRR", NULL);
    give_train(g, "PRR", "2");
    must(g, run(0, false));
    must(g, done());
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    for (int k = 0; k < 3 && g->round == ENG_ROUND_STOCK; k++)
        must(g, pass());
    assert_int_equal(g->operating, co("PRR"));
    assert_int_equal(g->co[co("PRR")].operated, 1);
    lay_somehow(g, "I17", "8");
    refused(g, lay("H14", "9", 0), "PRR has laid all the track it may this turn");
    eng_game_free(g);
    use_1830();
}

/* The title a game of base (named name) plays with those options (their "title" patches). */
static eng_title *chosen(const eng_title *base, const char *name, const char *options)
{
    eng_options o;
    char why[256], *err = NULL;
    eng_options_default(base, &o);
    if (eng_options_parse(base, &o, options, why, sizeof why))
        fail_msg("%s: %s", options, why);
    eng_title *t = eng_title_load_chosen(name, reader, NULL, base, o.chosen, &err);
    if (!t)
        fail_msg("%s with %s does not load: %s", name, options, err);
    return t;
}

/* ---- soft rust: an option's title patch says it ---- */

static void test_soft_rust_is_an_option_patch(void **state)
{
    (void)state;
    use_variant("\"game_options\": [{\"id\": \"SoftRust4T\", \"default\": \"no\", \"choices\": "
                "{\"no\": {}, \"yes\": {\"title\": {\"trains\": [{\"name\": \"4\", "
                "\"patch\": true, \"rusts_on\": \"\", \"obsolete_on\": \"D\"}]}}}}]");
    eng_title *t = chosen(title, "v", "SoftRust4T=yes");
    const eng_train *four = &t->trains[eng_train_index(t, "4")];
    assert_string_equal(four->rusts_on, "");
    assert_int_equal(four->obsolete_on, eng_train_index(t, "D"));
    assert_string_equal(title->trains[eng_train_index(title, "4")].rusts_on, "D");
    eng_title_free(t);
    use_1830();
}

/* ---- 18GA's own data (config/games/18GA.json) ---- */

/* A 18GA game as it starts: ACL's home station on Jacksonville J12 (ACL not started), which
 * no other company's run passes; Montgomery E1 and Tallahassee J4 held by no company, passed
 * by all; the market's 300 an end space, which, as the bank's break, ends the game after the
 * operating round; one train a turn from the bank in phases 2 and 3. */
static void test_the_18ga_game_starts_with_its_stations(void **state)
{
    (void)state;
    use_title("18GA");
    eng_game *g = new_game(NULL, 3);
    int j12 = tf_hex(title, "J12"), acl = co("ACL"), cog = co("CoG");
    assert_false(g->co[acl].started);
    assert_int_equal(g->board->tokens[j12][0][0], acl);
    assert_true(eng_city_blocks(g->board, j12, 0, cog));
    char why[256] = "";
    static const char *const neutral[] = {"E1", "J4"};
    for (int k = 0; k < 2; k++) {
        int h = tf_hex(title, neutral[k]);
        assert_int_equal(eng_station_check(g->board, NULL, cog, h, 0, why, sizeof why), -1);
        assert_non_null(strstr(why, "(held by no company)"));
        assert_false(eng_city_blocks(g->board, h, 0, cog));
    }
    assert_invariants(g);
    int ends = 0;
    for (int i = 0; i < title->market_rows * title->market_cols; i++)
        ends += title->market_ends[i] ? title->market[i] : 0;
    assert_int_equal(ends, 300);
    assert_int_equal(title->phases[phase("2")].depot_trains_per_turn, 1);
    assert_int_equal(title->phases[phase("3")].depot_trains_per_turn, 1);
    assert_int_equal(title->phases[phase("4")].depot_trains_per_turn, 0);
    assert_false(title->market_end_set); /* both end after the operating round (18xx.games */
    assert_false(title->bank_break_ends_set); /* current_or) */
    eng_game_free(g);
    use_1830();
}

/* W&A's run from its station in Rome C3 (a 57) over D2 into Montgomery E1 (neutral) and on
 * over F2 to Columbus G3 (a 57): a 3-train earns 20 + 30 + 20 through E1; were E1 terminal,
 * the run would end there (50). */
static void test_a_run_passes_montgomery(void **state)
{
    (void)state;
    use_title("18GA");
    eng_game *g = new_game(NULL, 3);
    static const struct { const char *hex, *tile; int rot; } lays[] = {
        {"C3", "57", 0}, {"D2", "9", 0}, {"F2", "9", 2}, {"G3", "57", 2}};
    char why[256];
    for (int k = 0; k < 4; k++)
        if (eng_lay_tile(g->board, ENG_NONE, tf_hex(title, lays[k].hex),
                         tf_tile(title, lays[k].tile), lays[k].rot, 1u << ENG_YELLOW, why,
                         sizeof why))
            fail_msg("%s on %s: %s", lays[k].tile, lays[k].hex, why);
    int wa = co("W&A"), e1 = tf_hex(title, "E1");
    assert_int_equal(eng_place_station(g->board, NULL, wa, tf_hex(title, "C3"), 0, why,
                                       sizeof why), 0);
    give_train(g, "W&A", "3");
    eng_run run;
    assert_int_equal(eng_best_run_exhaustive(g, wa, &run), 70);
    title->hexes[e1].printed.cities[0].terminal = true;
    assert_int_equal(eng_best_run_exhaustive(g, wa, &run), 50);
    eng_game_free(g);
    use_1830();
}

/* The special upgrades on the board: Augusta D10's green only 453a; Rome C3's the standard
 * ones, never 453a. */
static void test_the_18ga_special_upgrades_on_the_board(void **state)
{
    (void)state;
    use_title("18GA");
    eng_board *b = eng_starting_board(title);
    char why[256] = "";
    lay_any_rotation(b, "D10", "57");
    lay_any_rotation(b, "C3", "57");
    assert_false(fits(b, "D10", "14", why)); /* (the upgrades list says it too) */
    assert_non_null(strstr(why, "14"));
    assert_true(fits(b, "D10", "453a", why));
    assert_true(fits(b, "C3", "14", why));
    assert_false(fits(b, "C3", "453a", why));
    eng_board_free(b);
    use_1830();
}

/* Cotton Port: GA's homes Augusta D10 and Charleston E15, a terminal city. */
static void test_cotton_ports_two_homes_and_charleston(void **state)
{
    (void)state;
    eng_title *base = tf_load_title("18GA"), *t = chosen(base, "18GA", "Variant=CottonPort");
    const eng_company *ga = tf_company(t, "GA");
    assert_int_equal(ga->home_hex, tf_hex(t, "D10"));
    assert_int_equal(ga->nmore_homes, 1);
    assert_int_equal(ga->more_homes[0], tf_hex(t, "E15"));
    assert_true(t->hexes[tf_hex(t, "E15")].printed.cities[0].terminal);
    assert_int_equal(tf_company(base, "GA")->nmore_homes, 0);
    eng_title_free(t);
    eng_title_free(base);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_older_titles_have_none_of_the_rules),
        cmocka_unit_test(test_broken_keys_are_named),
        cmocka_unit_test(test_one_train_a_turn_from_the_bank),
        cmocka_unit_test(test_the_limit_is_the_phases_at_each_purchase),
        cmocka_unit_test(test_a_price_at_the_markets_end_ends_the_game),
        cmocka_unit_test(test_without_an_end_space_the_game_goes_on),
        cmocka_unit_test(test_a_neutral_station_fills_a_circle_and_blocks_nothing),
        cmocka_unit_test(test_a_terminal_city_is_passed_by_no_one),
        cmocka_unit_test(test_only_tiles_of_a_colour_on_a_hex),
        cmocka_unit_test(test_two_home_stations),
        cmocka_unit_test(test_a_home_station_from_the_start),
        cmocka_unit_test(test_two_yellow_tiles_in_the_first_turn),
        cmocka_unit_test(test_an_upgrade_is_the_first_turns_only_lay),
        cmocka_unit_test(test_the_second_turn_has_one_lay),
        cmocka_unit_test(test_soft_rust_is_an_option_patch),
        cmocka_unit_test(test_the_18ga_game_starts_with_its_stations),
        cmocka_unit_test(test_a_run_passes_montgomery),
        cmocka_unit_test(test_the_18ga_special_upgrades_on_the_board),
        cmocka_unit_test(test_cotton_ports_two_homes_and_charleston),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
