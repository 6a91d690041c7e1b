/* Tests for the private powers of 18GA as seed 003 rules them (issue 32), through eng_apply on
 * a title made from config/games/1830.json whose privates carry 18GA's powers (the data shape
 * of config/games/18GA.json; docs/titles.md "powers"):
 * - the W&S (here on SVNRR, its station on Providence F22): a free station in the station step,
 *   as the company's one station of the turn, needing no connection and no tile, once, while
 *   the company has a marker left and the city room; its hex open to anyone's tiles; no tile lay
 *   of its own; it does not close;
 * - the Midland (here on C&StL, its tile on the mountain J10): tile 7, 8 or 9, free of the
 *   terrain, besides the company's lay, not connected, once, in the track step, refused where
 *   the engine's lay checks refuse (off the map); it does not close;
 * - the OSO (here on C&A): the company that buys it receives a free 2-train, one more than the
 *   bank's, no purchase; none past phase 4 or at the train limit; it may not be sold to another
 *   company; it rusts with the 2s.
 * And on config/games/18GA.json itself: its privates read as these powers, and each used once
 * (the OSO's free train no purchase: CoG's one bank train of the turn still to buy in phase 3).
 * Set-ups place certificates, money and trains directly. */
#include "game_fixture.h"
#include "engine/privates.h"

#include <cJSON.h>

#define WS "SVNRR"
#define MIDLAND "C&StL"
#define OSO "C&A"

/* The private's "powers" (and "blocks") replaced by those written. */
static void set_powers(cJSON *root, const char *id, const char *powers, const char *blocks)
{
    cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItem(root, "privates"))
    {
        if (strcmp(cJSON_GetObjectItem(it, "id")->valuestring, id) != 0)
            continue;
        cJSON_DeleteItemFromObject(it, "powers");
        cJSON_DeleteItemFromObject(it, "blocks");
        cJSON_AddItemToObject(it, "powers", cJSON_Parse(powers));
        if (blocks)
            cJSON_AddItemToObject(it, "blocks", cJSON_Parse(blocks));
        return;
    }
    fail_msg("no private %s", id);
}

/* 1830 with 18GA's three powers (the W&S's station needing a tile there as `requires_tile`
 * says), and five 2-trains for the bank (the OSO's is the sixth). */
static eng_title *ga_like_title(const char *requires_tile)
{
    char *json = tf_json_of("1830"), ws[256];
    cJSON *root = cJSON_Parse(json);
    free(json);
    snprintf(ws, sizeof ws,
             "{\"user\": \"owning_company\", \"token\": {\"hex\": \"F22\", \"extra\": false, "
             "\"free\": true, \"connected\": false, \"requires_tile\": %s}, "
             "\"closes_after\": \"never\"}",
             requires_tile);
    set_powers(root, WS, ws, NULL);
    set_powers(root, MIDLAND,
               "{\"user\": \"owning_company\", \"tile\": {\"hexes\": [\"J10\"], \"tiles\": [\"7\", "
               "\"8\", \"9\"], \"extra\": true, \"free\": true, \"connected\": false}, "
               "\"closes_after\": \"never\"}",
               "[\"J10\"]");
    set_powers(root, OSO,
               "{\"free_train\": {\"train\": \"2\", \"unless_phase\": \"4\", "
               "\"not_sellable\": true}}",
               "[\"H18\"]");
    cJSON_SetNumberValue(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(root, "trains"),
                                                                0),
                                             "count"),
                         5);
    char *text = cJSON_PrintUnformatted(root), *err = NULL;
    cJSON_Delete(root);
    eng_title *t = eng_title_parse(text, &err);
    free(text);
    if (!t)
        fail_msg("the title does not load: %s", err);
    return t;
}

static int setup_ga_powers(void **state)
{
    (void)state;
    title = ga_like_title("false");
    return 0;
}

/* ---- set-ups ---- */

static int hex(const char *id)
{
    return tf_hex(title, id);
}

/* The major started by the player at par with 60% sold (paid to the bank): it floats. */
static void float_major(eng_game *g, const char *id, int par, int director)
{
    int c = co(id);
    give(g, id, 20, true, director);
    eng_set_par(g, c, par);
    for (int k = 0; k < 4; k++)
        give(g, id, 10, false, director);
    g->players[director].cash -= 6 * par;
    g->bank += 6 * par;
    eng_check_float(g, c);
    assert_true(g->co[c].floated);
}

/* A set-up of three players, rich: the packet bought in `packet`'s order (a B&O's par, where
 * the packet has it, 100); two majors floated (the first's director Ann, the second's Bob or
 * Cy); the phase set; operating round 1.1 with the first operating. */
struct setup {
    const char *options, *packet[6];
    const char *first, *second;
    int first_par, second_par, second_director;
};

static eng_game *operating_as(const struct setup *s, const char *phase_name)
{
    eng_game *g = new_game(s->options, 3);
    for (int i = 0; i < 6 && s->packet[i]; i++)
        must(g, buy_item(s->packet[i]));
    if (g->par_pending != ENG_NONE)
        must(g, (eng_action){.kind = ENG_ACT_PAR, .company = g->par_pending, .price = 100});
    for (int p = 0; p < 3; p++) {
        g->players[p].cash += 2000;
        g->bank -= 2000;
    }
    float_major(g, s->first, s->first_par, 0);
    float_major(g, s->second, s->second_par, s->second_director);
    g->phase = phase(phase_name);
    for (int k = 0; k < g->nplayers && g->round == ENG_ROUND_STOCK; k++)
        must(g, pass());
    assert_int_equal(g->round, ENG_ROUND_OPERATING);
    assert_int_equal(g->operating, co(s->first));
    return g;
}

/* Ann SVNRR and M&H, Bob C&StL and C&A, Cy D&H and B&O; PRR (Ann, par 100) and NYC (Bob, 90). */
static eng_game *prr_operating(const char *options, const char *phase_name)
{
    struct setup s = {options, {"SVNRR", "C&StL", "D&H", "M&H", "C&A", "BO"}, "PRR", "NYC",
                      100, 90, 1};
    return operating_as(&s, phase_name);
}

static eng_action buy_private(const char *id, int price)
{
    return (eng_action){.kind = ENG_ACT_BUY_PRIVATE, .company = co(id), .price = price};
}

static eng_action use(const char *id)
{
    return (eng_action){.kind = ENG_ACT_PRIVATE_TOKEN, .company = co(id), .city = -1};
}

static eng_action lay(const char *at, const char *tile, int rot)
{
    return (eng_action){.kind = ENG_ACT_LAY_TILE, .hex = hex(at), .tile = tf_tile(title, tile),
                        .rot = rot};
}

static eng_action done(void)
{
    return (eng_action){.kind = ENG_ACT_DONE};
}

static eng_action no_run(void)
{
    return (eng_action){.kind = ENG_ACT_RUN, .revenue = 0, .payout = false};
}

/* The action's first event of the kind (NULL: none). */
static const eng_event *event_of(const eng_game *g, eng_event_kind kind)
{
    const eng_event *e = g->events;
    while (e < g->events + g->nevents && e->kind != kind)
        e++;
    return e < g->events + g->nevents ? e : NULL;
}

/* The report's line of the action's first event of the kind is `want`. */
static void says(const eng_game *g, eng_event_kind kind, const char *want)
{
    char text[256] = "(no such event)";
    if (event_of(g, kind))
        eng_event_text(g, event_of(g, kind), text, sizeof text);
    assert_string_equal(text, want);
}

static int held(const eng_game *g, const char *id, const char *train_name)
{
    int n = 0;
    for (int i = 0; i < g->co[co(id)].ntrains; i++)
        n += g->co[co(id)].trains[i] == train(train_name);
    return n;
}

/* ---- the data ---- */

static void test_the_powers_read(void **state)
{
    (void)state;
    const eng_powers *ws = &tf_company(title, WS)->powers,
                     *mrc = &tf_company(title, MIDLAND)->powers,
                     *oso = &tf_company(title, OSO)->powers;
    assert_int_equal(ws->token_hex, hex("F22"));
    assert_int_equal(ws->token_requires_tile, ENG_TOKEN_TILE_NOT_NEEDED);
    assert_int_equal(ws->ntile_hexes, 0);
    assert_int_equal(ws->free_train, -1);
    assert_int_equal(mrc->ntile_ids, 3);
    assert_true(mrc->tile_extra && mrc->tile_free && !mrc->tile_connected);
    assert_int_equal(oso->free_train, train("2"));
    assert_int_equal(oso->free_train_unless_phase, phase("4"));
    assert_true(oso->free_train_not_sellable);
    assert_int_equal(oso->token_hex, -1);
    assert_int_equal(tf_company(title, "D&H")->powers.token_requires_tile, ENG_TOKEN_SAME_TURN);
}

/* The readers' refusals: a requires_tile or a free train they do not know. */
static void test_bad_powers_refused(void **state)
{
    (void)state;
    static const char *const bad[][2] = {
        {"{\"token\": {\"hex\": \"F22\", \"requires_tile\": \"later\"}}", "requires_tile"},
        {"{\"free_train\": {\"train\": \"9\"}}", "\"9\" is not a train"},
        {"{\"free_train\": {\"train\": \"2\", \"unless_phase\": \"9\"}}", "\"9\" is not a phase"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char *json = tf_json_of("1830");
        cJSON *root = cJSON_Parse(json);
        free(json);
        set_powers(root, WS, bad[i][0], NULL);
        char *text = cJSON_PrintUnformatted(root), *err = NULL;
        cJSON_Delete(root);
        eng_title *t = eng_title_parse(text, &err);
        free(text);
        assert_null(t);
        if (!strstr(err, bad[i][1]))
            fail_msg("\"%s\" does not mention \"%s\"", err, bad[i][1]);
        free(err);
    }
}

/* ---- the W&S ---- */

/* A free station on its hex, not connected, no tile there, as the company's station of the
 * turn; the private stays open; its hex is open to tiles while a player owns it. */
static void test_ws_station(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "3");
    int prr = co("PRR"), ws = co(WS);
    assert_int_equal(eng_hex_blocked_by(g, hex("F22")), -1); /* a player owns it */
    refused(g, use(WS), "PRR does not own SVNRR: only the company that owns it");
    must(g, buy_private(WS, 20));
    int money = total_money(g), cash = g->co[prr].cash;
    must(g, use(WS));
    const eng_event *placed = event_of(g, ENG_EV_TOKEN_PLACED);
    assert_non_null(placed);
    assert_int_equal(placed->amount, hex("F22"));
    assert_int_equal(placed->amount2, 0);
    assert_int_equal(g->co[prr].cash, cash);
    assert_int_equal(g->board->tile[hex("F22")], ENG_NONE);
    assert_int_equal(eng_stations_placed(g, prr), 2);
    assert_false(g->co[ws].closed);
    assert_int_equal(total_money(g), money);
    refused(g, (eng_action){.kind = ENG_ACT_TOKEN, .hex = hex("H10"), .city = -1},
            "one station a turn");
    eng_game_free(g);
}

/* Once only; not after the company's own station; not by another company; not after the
 * station step. */
static void test_ws_station_refusals(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "3");
    give_train(g, "PRR", "2");
    give_train(g, "NYC", "2");
    must(g, buy_private(WS, 20));
    must(g, no_run());
    refused(g, use(WS), "PRR's station step is over");
    must(g, done());
    assert_int_equal(g->operating, co("NYC"));
    refused(g, use(WS), "NYC does not own SVNRR");
    must(g, no_run());
    must(g, done());
    assert_int_equal(g->operating, co("PRR")); /* operating round 1.2 */
    must(g, use(WS));
    must(g, no_run());
    must(g, done());
    must(g, no_run());
    must(g, done());
    eng_game_free(g);
}

/* The company's own station first: the W&S's is no second one. */
static void test_ws_station_is_the_turns_one(void **state)
{
    (void)state;
    eng_game *g = prr_operating("RouteAlgorithm=Permissive", "3");
    must(g, buy_private(WS, 20));
    must(g, (eng_action){.kind = ENG_ACT_TOKEN, .hex = hex("F16"), .city = -1});
    refused(g, use(WS), "PRR has placed its station this turn");
    eng_game_free(g);
}

/* No marker left, or no room in the city: refused, with the reason. */
static void test_ws_station_needs_a_marker_and_room(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "3");
    int prr = co("PRR"), nyc = co("NYC");
    must(g, buy_private(WS, 20));
    eng_company *pc = &title->companies[prr];
    int markers = pc->ntokens;
    pc->ntokens = 1; /* its home's only */
    refused(g, use(WS), "PRR has no station markers left");
    pc->ntokens = markers;
    char why[256];
    assert_int_equal(eng_place_station(g->board, NULL, nyc, hex("F22"), 0, why, sizeof why), 0);
    char msg[256] = "";
    assert_int_not_equal(try_act(g, use(WS), msg), 0);
    assert_non_null(strstr(msg, "F22"));
    assert_int_equal(eng_stations_placed(g, prr), 1);
    eng_game_free(g);
}

/* The W&S lays no tile: a tile on F22 is an ordinary lay (its connection needed) — and any
 * company may lay there while a player owns the W&S. */
static void test_ws_has_no_tile_lay(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "3");
    must(g, buy_private(WS, 20));
    char why[256] = "";
    int unconnected = 0;
    for (int rot = 0; rot < 6; rot++) {
        assert_int_not_equal(try_act(g, lay("F22", "57", rot), why), 0);
        assert_null(strstr(why, "SVNRR"));
        unconnected += strstr(why, "F22 is not connected to the company's track") != NULL;
    }
    assert_true(unconnected > 0);
    eng_game_free(g);
    g = prr_operating("RouteAlgorithm=Permissive", "3");
    assert_int_equal(g->co[co(WS)].owner, 0);
    int laid = -1;
    for (int rot = 0; rot < 6 && laid < 0; rot++)
        if (try_act(g, lay("F22", "57", rot), why) == 0)
            laid = rot;
    assert_true(laid >= 0);
    eng_game_free(g);
}

/* "requires_tile": true: a tile on the hex first, whoever laid it (not the W&S's rule: the
 * attribute's other meaning, tried on it). */
static void test_a_station_after_a_tile(void **state)
{
    (void)state;
    eng_title *ga = title;
    title = ga_like_title("true");
    assert_int_equal(tf_company(title, WS)->powers.token_requires_tile, ENG_TOKEN_AFTER_TILE);
    eng_game *g = prr_operating("RouteAlgorithm=Permissive", "3");
    must(g, buy_private(WS, 20));
    refused(g, use(WS), "SVNRR's station on F22 needs a tile there first");
    char why[256];
    int laid = -1;
    for (int rot = 0; rot < 6 && laid < 0; rot++)
        if (try_act(g, lay("F22", "57", rot), why) == 0)
            laid = rot;
    assert_true(laid >= 0);
    must(g, use(WS));
    eng_game_free(g);
    eng_title_free(title);
    title = ga;
}

/* ---- the Midland ---- */

/* Tile 7, 8 or 9 on its hex: free of the mountain, besides the company's lay, not connected;
 * never off the map; once; the private stays open. */
static void test_midland_tile(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "3");
    int prr = co("PRR"), mrc = co(MIDLAND);
    refused(g, lay("J10", "9", 0), "J10 is kept free by C&StL while a player owns it");
    must(g, buy_private(MIDLAND, 40));
    refused(g, lay("J10", "57", 0), "C&StL's tile on J10 is tile 7, 8 or 9");
    int cash = g->co[prr].cash, lays = eng_lays_left(g), off = 0, laid = -1;
    char why[256];
    for (int rot = 0; rot < 6 && laid < 0; rot++) {
        if (try_act(g, lay("J10", "9", rot), why) == 0)
            laid = rot;
        else
            off += strstr(why, "off the map") != NULL;
    }
    assert_true(laid >= 0);
    assert_true(off > 0); /* (rotation 0 of the straight runs south-west off the map) */
    assert_int_equal(g->co[prr].cash, cash);
    assert_int_equal(eng_lays_left(g), lays);
    assert_false(g->co[mrc].closed);
    assert_int_not_equal(g->co[mrc].powers_used & 1u, 0);
    /* once: J10's next tile is an ordinary lay (the power's would say "C&StL's tile on J10
     * is tile 7, 8 or 9" first) */
    for (int rot = 0; rot < 6; rot++) {
        assert_int_not_equal(try_act(g, lay("J10", "19", rot), why), 0);
        assert_null(strstr(why, "C&StL"));
    }
    must(g, (eng_action){.kind = ENG_ACT_SKIP});
    assert_int_equal(g->co[mrc].powers_used & 1u, 1u);
    assert_false(g->co[mrc].closed);
    eng_game_free(g);
}

/* Off the map in every rotation that runs south. */
static void test_midland_tile_not_off_the_map(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "3");
    must(g, buy_private(MIDLAND, 40));
    int off = 0;
    char why[256];
    for (int rot = 0; rot < 6; rot++) {
        eng_game *trial = eng_game_copy(g);
        if (try_act(trial, lay("J10", "7", rot), why) != 0 && strstr(why, "off the map"))
            off++;
        eng_game_free(trial);
    }
    assert_true(off > 0);
    eng_game_free(g);
}

/* Only in the track step: after the run, refused. */
static void test_midland_tile_in_the_track_step(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "3");
    give_train(g, "PRR", "2");
    must(g, buy_private(MIDLAND, 40));
    must(g, no_run());
    refused(g, lay("J10", "9", 1), "track step is over");
    eng_game_free(g);
}

/* ---- the OSO ---- */

/* The company buying it receives the free 2-train, one more than the bank's five, and may
 * still buy a train in that turn. */
static void test_oso_free_train(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "3");
    int prr = co("PRR"), two = train("2");
    assert_int_equal(g->trains_left[two], 5);
    int money = total_money(g), cash = g->co[prr].cash;
    must(g, buy_private(OSO, 160));
    says(g, ENG_EV_FREE_TRAIN, "PRR receives C&A's free 2-train (it may not be sold)");
    assert_int_equal(held(g, "PRR", "2"), 1);
    assert_int_equal(g->trains_left[two], 5);
    assert_int_equal(g->co[prr].cash, cash - 160);
    assert_int_equal(total_money(g), money);
    must(g, no_run());
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = two});
    assert_int_equal(held(g, "PRR", "2"), 2);
    assert_int_equal(g->trains_left[two], 4);
    eng_game_free(g);
}

/* None once phase 4 is reached, nor for a company at its train limit: removed from play. */
static void test_oso_free_train_removed(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "4");
    must(g, buy_private(OSO, 160));
    says(g, ENG_EV_FREE_TRAIN,
                      "C&A's free 2-train is removed from play (PRR may not have it now)");
    assert_int_equal(g->co[co("PRR")].ntrains, 0);
    eng_game_free(g);
    g = prr_operating(NULL, "3");
    for (int k = 0; k < 4; k++)
        give_train(g, "PRR", "3");
    must(g, buy_private(OSO, 160));
    assert_true(event_of(g, ENG_EV_FREE_TRAIN)->flag);
    assert_int_equal(g->co[co("PRR")].ntrains, 4);
    assert_int_equal(held(g, "PRR", "2"), 0);
    eng_game_free(g);
}

/* The free train may not be sold to another company; a 2 the company bought may. */
static void test_oso_free_train_not_sellable(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "3");
    int prr = co("PRR"), two = train("2");
    eng_action sale = {.kind = ENG_ACT_BUY_TRAIN, .train = two, .from_company = true,
                       .seller = prr, .price = 50};
    give_train(g, "PRR", "2");
    must(g, buy_private(OSO, 160));
    must(g, no_run());
    must(g, done());
    assert_int_equal(g->operating, co("NYC"));
    must(g, sale); /* the 2 PRR had before */
    assert_int_equal(held(g, "PRR", "2"), 1);
    refused(g, sale, "PRR's 2-train was a private's free train: it may not be sold to another "
                     "company");
    eng_game_free(g);
}

/* Gone (rusted with the 2s, or discarded), nothing of it stays marked: a 2 the company gets
 * later may be sold. */
static void test_oso_free_train_gone(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "3");
    int prr = co("PRR"), two = train("2");
    must(g, buy_private(OSO, 160));
    char why[256];
    assert_int_equal(g->co[prr].not_sellable[two], 1);
    assert_int_not_equal(eng_train_sale_refused(g, prr, two, why, sizeof why), 0);
    g->co[prr].ntrains = 0; /* (as a rust takes it) */
    eng_powers_after_action(g);
    assert_int_equal(g->co[prr].not_sellable[two], 0);
    g->co[prr].trains[g->co[prr].ntrains++] = two;
    assert_int_equal(eng_train_sale_refused(g, prr, two, why, sizeof why), 0);
    eng_game_free(g);
}

/* ---- on config/games/18GA.json itself ---- */

static int setup_18ga(void **state)
{
    (void)state;
    title = tf_load_title("18GA");
    return 0;
}

/* 18GA: Ann LT and OSO, Bob MRC and M&B (with its CoG share), Cy W&S; CoG (Ann, par 90) and
 * SAL (Cy, 70). */
static eng_game *cog_operating(const char *phase_name)
{
    struct setup s = {NULL, {"LT", "MRC", "W&S", "OSO", "M&B", NULL}, "CoG", "SAL", 90, 70, 2};
    return operating_as(&s, phase_name);
}

/* The data as H3 writes it reads as the powers seed 003 rules. */
static void test_18ga_powers_read(void **state)
{
    (void)state;
    const eng_company *ws = tf_company(title, "W&S"), *mrc = tf_company(title, "MRC"),
                      *oso = tf_company(title, "OSO");
    assert_int_equal(ws->powers.token_hex, hex("I9"));
    assert_true(ws->powers.token_free && !ws->powers.token_extra && !ws->powers.token_connected);
    assert_int_equal(ws->powers.token_requires_tile, ENG_TOKEN_TILE_NOT_NEEDED);
    assert_int_equal(ws->powers.ntile_hexes, 0);
    assert_int_equal(ws->nblocks, 0);
    assert_int_equal(mrc->powers.tile_hexes[0], hex("F12"));
    assert_int_equal(mrc->powers.ntile_ids, 3);
    assert_true(mrc->powers.tile_extra && mrc->powers.tile_free && !mrc->powers.tile_connected);
    assert_int_equal(mrc->powers.closes_after, ENG_CLOSES_NEVER);
    assert_int_equal(oso->powers.free_train, train("2"));
    assert_int_equal(oso->powers.free_train_unless_phase, phase("4"));
    assert_true(oso->powers.free_train_not_sellable);
}

/* The W&S: CoG's free station in Waycross, far from its track, no tile there. */
static void test_18ga_ws(void **state)
{
    (void)state;
    eng_game *g = cog_operating("3");
    int cog = co("CoG");
    assert_int_equal(eng_hex_blocked_by(g, hex("I9")), -1);
    must(g, buy_private("W&S", 70));
    int cash = g->co[cog].cash;
    must(g, use("W&S"));
    assert_int_equal(g->co[cog].cash, cash);
    assert_int_equal(eng_stations_placed(g, cog), 2);
    assert_false(g->co[co("W&S")].closed);
    eng_game_free(g);
}

/* The Midland: tile 7, 8 or 9 on F12 free of its $40, besides CoG's lay, unconnected. */
static void test_18ga_midland(void **state)
{
    (void)state;
    eng_game *g = cog_operating("3");
    int cog = co("CoG");
    refused(g, lay("F12", "9", 0), "F12 is kept free by MRC while a player owns it");
    must(g, buy_private("MRC", 40));
    int cash = g->co[cog].cash, lays = eng_lays_left(g), laid = -1;
    char why[256];
    for (int rot = 0; rot < 6 && laid < 0; rot++)
        if (try_act(g, lay("F12", "9", rot), why) == 0)
            laid = rot;
    assert_true(laid >= 0);
    assert_int_equal(g->co[cog].cash, cash);
    assert_int_equal(eng_lays_left(g), lays);
    eng_game_free(g);
}

/* The OSO: CoG gets the free 2 and still buys its one bank train of the turn. */
static void test_18ga_oso(void **state)
{
    (void)state;
    eng_game *g = cog_operating("3");
    int two = train("2");
    assert_int_equal(g->trains_left[two], 5);
    must(g, buy_private("OSO", 100));
    assert_int_equal(held(g, "CoG", "2"), 1);
    assert_int_equal(g->trains_left[two], 5);
    must(g, (eng_action){.kind = ENG_ACT_SKIP});
    must(g, (eng_action){.kind = ENG_ACT_SKIP});
    must(g, no_run());
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = two});
    assert_int_equal(held(g, "CoG", "2"), 2);
    eng_game_free(g);
}

/* The OSO bought at the trains step by a company that had no train to run (its run step
 * passed): the free train runs in its next turn; it stays at the trains step, where it may
 * still buy its bank train (18xx.games' buy_company after the trains; H5, the robot's game). */
static void test_18ga_oso_at_the_trains_step(void **state)
{
    (void)state;
    eng_game *g = cog_operating("3");
    must(g, (eng_action){.kind = ENG_ACT_SKIP});
    must(g, (eng_action){.kind = ENG_ACT_SKIP});
    assert_int_equal(eng_step_due(g), ENG_STEP_TRAINS);
    must(g, buy_private("OSO", 100));
    assert_int_equal(held(g, "CoG", "2"), 1);
    assert_int_equal(eng_step_due(g), ENG_STEP_TRAINS);
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("2")});
    assert_int_equal(held(g, "CoG", "2"), 2);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_powers_read),
        cmocka_unit_test(test_bad_powers_refused),
        cmocka_unit_test(test_ws_station),
        cmocka_unit_test(test_ws_station_refusals),
        cmocka_unit_test(test_ws_station_is_the_turns_one),
        cmocka_unit_test(test_ws_station_needs_a_marker_and_room),
        cmocka_unit_test(test_ws_has_no_tile_lay),
        cmocka_unit_test(test_a_station_after_a_tile),
        cmocka_unit_test(test_midland_tile),
        cmocka_unit_test(test_midland_tile_not_off_the_map),
        cmocka_unit_test(test_midland_tile_in_the_track_step),
        cmocka_unit_test(test_oso_free_train),
        cmocka_unit_test(test_oso_free_train_removed),
        cmocka_unit_test(test_oso_free_train_not_sellable),
        cmocka_unit_test(test_oso_free_train_gone),
    };
    const struct CMUnitTest on_18ga[] = {
        cmocka_unit_test(test_18ga_powers_read),
        cmocka_unit_test(test_18ga_ws),
        cmocka_unit_test(test_18ga_midland),
        cmocka_unit_test(test_18ga_oso_at_the_trains_step),
        cmocka_unit_test(test_18ga_oso),
    };
    return cmocka_run_group_tests(tests, setup_ga_powers, group_teardown) +
           cmocka_run_group_tests(on_18ga, setup_18ga, group_teardown);
}
