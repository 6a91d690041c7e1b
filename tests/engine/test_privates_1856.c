/* Tests for 1856's privates' powers through eng_apply on config/games/1856.json: the bridge
 * and tunnel bonuses (held by the major that buys the private, sold to other majors by it or
 * by the bank once the private is closed, three of each unless UnlimitedBonusTokens), the port
 * marker (placed on a port hex, closing the Ship, removed at the first 6), the W&SR as seed
 * 003 reads it (tile 59 on I12 as the owning company's lay, a free station there needing no
 * tile, closing at the end of that turn), and what bonuses and markers add to a run. Set-ups
 * place certificates, money and trains directly; hexes are named, never their edges (the
 * best run over every tile that fits finds the track). */
#include "game_fixture.h"
#include "engine/privates.h"
#include "engine/routes.h"

static int setup_1856(void **state)
{
    (void)state;
    title = tf_load_title("1856");
    return 0;
}

/* ---- set-ups ---- */

static int hex(const char *id)
{
    return tf_hex(title, id);
}

/* The major started by the player at par 100 with 60% sold, 600 in its treasury (from the
 * bank) and a 2-train. */
static void float_major(eng_game *g, const char *id, int director)
{
    int c = co(id);
    give(g, id, 20, true, director);
    eng_set_par(g, c, 100);
    for (int k = 0; k < 4; k++)
        give(g, id, 10, false, director);
    g->co[c].cash += 1200; /* 600 and its IPO sales' 600 (given, not sold: in escrow
                            * capitalisation the sales pay it, not its floating: capital.c) */
    g->bank -= 1200;
    eng_check_float(g, c);
    give_train(g, id, "2");
}

/* Four players; the privates bought at their prices in order (Ann Flos, Bob W&SR, Cy TCC, Dee
 * Ship, Ann Brdg, Bob Tunn); LPS (Ann), WR (Bob) and GT (Cy) floated; the phase set; operating
 * round 1.1 with `id` operating. */
static eng_game *operating(const char *options, const char *phase_name, const char *id)
{
    eng_game *g = new_game(options, 4);
    static const char *const order[] = {"Flos", "W&SR", "TCC", "Ship", "Brdg", "Tunn"};
    for (int i = 0; i < 6; i++)
        must(g, buy_item(order[i]));
    for (int p = 0; p < 4; p++) {
        g->players[p].cash += 2000;
        g->bank -= 2000;
    }
    float_major(g, "LPS", 0);
    float_major(g, "WR", 1);
    float_major(g, "GT", 2);
    g->phase = phase(phase_name);
    for (int k = 0; k < g->nplayers && g->round == ENG_ROUND_STOCK; k++)
        must(g, pass());
    assert_int_equal(g->round, ENG_ROUND_OPERATING);
    for (int k = 0; k < 4 && g->operating != co(id); k++)
        must(g, (eng_action){.kind = ENG_ACT_DONE});
    assert_int_equal(g->operating, co(id));
    return g;
}

static eng_action buy_private(const char *id, int price)
{
    return (eng_action){.kind = ENG_ACT_BUY_PRIVATE, .company = co(id), .price = price};
}

static eng_action buy_bonus(const char *id)
{
    return (eng_action){.kind = ENG_ACT_BUY_BONUS, .company = co(id)};
}

static eng_action port(const char *at)
{
    return (eng_action){.kind = ENG_ACT_PLACE_MARKER, .company = co("Ship"), .hex = hex(at)};
}

static eng_action done(void)
{
    return (eng_action){.kind = ENG_ACT_DONE};
}

static const eng_event *find_event(const eng_game *g, eng_event_kind kind)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == kind)
            return &g->events[i];
    return NULL;
}

static void assert_event_text(const eng_game *g, eng_event_kind kind, const char *want)
{
    const eng_event *e = find_event(g, kind);
    if (!e)
        fail_msg("no such event for \"%s\"", want);
    char text[256];
    eng_event_text(g, e, text, sizeof text);
    assert_string_equal(text, want);
}

static int best(const eng_game *g, const char *id)
{
    eng_run run;
    return eng_best_run(g, co(id), &run);
}

/* The tile on `at` (a yellow one of those the hex takes) that gives the company its best run
 * now, laid: its best run's value (the track found whatever the map's edges). */
static int lay_best(eng_game *g, const char *id, const char *at)
{
    eng_lay_option opts[64];
    int n = eng_lay_options(g->board, ENG_NONE, hex(at), g->t->phases[g->phase].tile_colors,
                            opts, 64);
    int top = -1, pick = -1;
    for (int i = 0; i < n; i++) {
        eng_game *trial = eng_game_copy(g);
        char why[256];
        if (eng_lay_tile(trial->board, ENG_NONE, hex(at), opts[i].tile, opts[i].rot,
                         g->t->phases[g->phase].tile_colors, why, sizeof why) == 0 &&
            best(trial, id) > top) {
            top = best(trial, id);
            pick = i;
        }
        eng_game_free(trial);
    }
    if (pick < 0)
        fail_msg("no tile fits %s", at);
    char why[256];
    if (eng_lay_tile(g->board, ENG_NONE, hex(at), opts[pick].tile, opts[pick].rot,
                     g->t->phases[g->phase].tile_colors, why, sizeof why))
        fail_msg("%s", why);
    return top;
}

/* ---- the data ---- */

static void test_the_powers_as_data(void **state)
{
    (void)state;
    const eng_powers *br = &title->companies[co("Brdg")].powers;
    assert_string_equal(br->bonus_name, "Bridge");
    assert_int_equal(br->nbonus_hexes, 2);
    assert_int_equal(br->bonus_hexes[0], hex("P17"));
    assert_int_equal(br->bonus_hexes[1], hex("P19"));
    assert_int_equal(br->bonus_value, 10);
    assert_int_equal(br->bonus_price, 50);
    assert_int_equal(br->bonus_for_sale, 3);
    const eng_powers *tu = &title->companies[co("Tunn")].powers;
    assert_int_equal(tu->nbonus_hexes, 1);
    assert_int_equal(tu->bonus_hexes[0], hex("B13"));
    const eng_powers *sh = &title->companies[co("Ship")].powers;
    assert_int_equal(sh->nmarker_hexes, 13);
    assert_int_equal(sh->marker_value, 20);
    assert_string_equal(sh->marker_removed_in, "6");
    assert_int_equal(sh->closes_after, ENG_CLOSES_AFTER_ANY);
    const eng_powers *ws = &title->companies[co("W&SR")].powers;
    assert_int_equal(ws->ntile_ids, 1);
    assert_int_equal(ws->tile_ids[0], eng_tile_index(title, "59"));
    assert_true(ws->closes_at_turn_end);
    /* 1830's privates have none of it */
    eng_title *t1830 = tf_load_title("1830");
    for (int c = 0; c < t1830->ncompanies; c++) {
        assert_int_equal(t1830->companies[c].powers.nbonus_hexes, 0);
        assert_int_equal(t1830->companies[c].powers.nmarker_hexes, 0);
        assert_false(t1830->companies[c].powers.closes_at_turn_end);
    }
    eng_title_free(t1830);
}

/* ---- the bridge and the tunnel ---- */

static void test_a_major_buying_the_bridge_gets_its_bonus(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "3", "WR");
    int money = total_money(g);
    assert_int_equal(eng_run_bonus(g, co("WR"), hex("P17")), 0);
    must(g, buy_private("Brdg", 150));
    assert_true(g->co[co("WR")].bonuses & (1u << co("Brdg")));
    assert_event_text(g, ENG_EV_GOT_BONUS,
                      "WR gets Brdg's Bridge bonus: 10 more for each stop of a run there");
    assert_int_equal(eng_run_bonus(g, co("WR"), hex("P17")), 10);
    assert_int_equal(eng_run_bonus(g, co("WR"), hex("P19")), 10);
    assert_int_equal(eng_run_bonus(g, co("WR"), hex("B13")), 0);
    assert_int_equal(eng_run_bonus(g, co("LPS"), hex("P17")), 0);
    assert_int_equal(total_money(g), money);
    eng_game_free(g);
}

static void test_the_bridge_adds_to_a_run_into_buffalo(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "3", "WR");
    int without = lay_best(g, "WR", "O16"); /* WR's home, Niagara Falls, beside Buffalo */
    assert_true(without > 0);
    eng_run run;
    eng_best_run(g, co("WR"), &run);
    bool to_buffalo = false;
    for (int k = 0; k < run.trains[0].nstops; k++)
        to_buffalo |= run.trains[0].stops[k] / ENG_NODES_PER_HEX == hex("P17") ||
                      run.trains[0].stops[k] / ENG_NODES_PER_HEX == hex("P19");
    assert_true(to_buffalo);
    must(g, buy_private("Brdg", 100));
    assert_int_equal(best(g, "WR"), without + 10); /* (the remembered run is not reused) */
    assert_int_equal(eng_best_run_exhaustive(g, co("WR"), &run), without + 10);
    /* the declared run is checked with the bonus too */
    assert_int_equal(eng_check_runs(g, co("WR"), run.trains, run.ntrains, NULL, 0), without + 10);
    eng_game_free(g);
}

static void test_another_major_buys_a_bridge_token_from_the_owning_one(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "3", "WR");
    must(g, buy_private("Brdg", 100));
    must(g, done());
    while (g->operating != co("LPS") && g->operating != co("GT"))
        must(g, done());
    const char *buyer = g->operating == co("LPS") ? "LPS" : "GT";
    int money = total_money(g), wr = g->co[co("WR")].cash, cash = g->co[co(buyer)].cash;
    must(g, buy_bonus("Brdg"));
    assert_int_equal(g->co[co(buyer)].cash, cash - 50);
    assert_int_equal(g->co[co("WR")].cash, wr + 50);
    assert_int_equal(g->co[co("Brdg")].bonuses_sold, 1);
    assert_int_equal(eng_run_bonus(g, co(buyer), hex("P19")), 10);
    char want[128];
    snprintf(want, sizeof want, "%s buys a Bridge bonus token (10 more a stop) from WR for 50",
             buyer);
    assert_event_text(g, ENG_EV_BOUGHT_BONUS, want);
    assert_int_equal(total_money(g), money);
    refused(g, buy_bonus("Brdg"), "has the Bridge bonus already");
    eng_game_free(g);
}

static void test_bonus_tokens_refused(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "3", "LPS");
    /* while a player owns the private, none is sold */
    refused(g, buy_bonus("Brdg"), "sold only once a company owns Brdg");
    refused(g, buy_bonus("Flos"), "not a private with a bonus");
    /* WR owns the bridge now; three are sold, then no more */
    g->co[co("Brdg")].owner = ENG_NONE;
    g->co[co("Brdg")].held_by = co("WR");
    g->co[co("Brdg")].bonuses_sold = 3;
    refused(g, buy_bonus("Brdg"), "all 3 of Brdg's Bridge bonus tokens are sold");
    g->co[co("Brdg")].bonuses_sold = 2;
    int cash = g->co[co("LPS")].cash;
    g->co[co("LPS")].cash = 49;
    g->bank += cash - 49;
    refused(g, buy_bonus("Brdg"), "costs 50, and LPS has 49");
    eng_game_free(g);
}

static char *title_text(const char *name, void *ctx)
{
    (void)ctx;
    return tf_json_of(name);
}

static void test_unlimited_bonus_tokens(void **state)
{
    (void)state;
    eng_options o;
    char why[256], *err = NULL;
    eng_options_default(title, &o);
    assert_int_equal(eng_options_parse(title, &o, "UnlimitedBonusTokens=yes", why, sizeof why), 0);
    assert_true(eng_choices_change_title(title, o.chosen));
    eng_title *base = title, *chosen = eng_title_load_chosen("1856", title_text, NULL, base,
                                                             o.chosen, &err);
    if (!chosen)
        fail_msg("UnlimitedBonusTokens=yes: %s", err);
    title = chosen; /* (the game plays the title its choices make) */
    eng_game *g = operating("UnlimitedBonusTokens=yes", "3", "LPS");
    assert_int_equal(g->t->companies[co("Tunn")].powers.bonus_for_sale, -1);
    g->co[co("Tunn")].owner = ENG_NONE;
    g->co[co("Tunn")].held_by = co("WR");
    g->co[co("Tunn")].bonuses_sold = 40;
    must(g, buy_bonus("Tunn"));
    assert_int_equal(eng_run_bonus(g, co("LPS"), hex("B13")), 10);
    eng_game_free(g);
    title = base;
    eng_title_free(chosen);
}

static void test_once_the_private_is_closed_the_bank_sells(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "3", "WR");
    must(g, buy_private("Tunn", 100));
    eng_close_private(g, co("Tunn")); /* (as the first 5 closes it) */
    /* WR keeps its bonus */
    assert_int_equal(eng_run_bonus(g, co("WR"), hex("B13")), 10);
    must(g, done());
    while (g->operating != co("LPS") && g->operating != co("GT"))
        must(g, done());
    int wr = g->co[co("WR")].cash, bank = g->bank, money = total_money(g);
    must(g, buy_bonus("Tunn"));
    assert_int_equal(g->co[co("WR")].cash, wr);
    assert_int_equal(g->bank, bank + 50);
    assert_int_equal(g->events[g->nevents - 1].amount2, ENG_NONE);
    assert_int_equal(total_money(g), money);
    eng_game_free(g);
}

/* ---- the port ---- */

static void test_the_port_marker(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "3", "LPS");
    refused(g, port("C14"), "only while it owns Ship");
    must(g, buy_private("Ship", 70));
    refused(g, port("L15"), "goes on one of C14, D19, E18, F9, F17");
    int without = lay_best(g, "LPS", "C14"); /* LPS's home, a port */
    assert_true(without > 0);
    must(g, port("C14"));
    assert_true(g->co[co("Ship")].closed);
    assert_true(has_event(g, ENG_EV_PRIVATE_CLOSES, -1, co("Ship")));
    assert_event_text(g, ENG_EV_MARKER_PLACED,
                      "LPS places the Port marker (20 more a stop) on C14");
    assert_int_equal(eng_run_bonus(g, co("LPS"), hex("C14")), 20);
    assert_int_equal(eng_run_bonus(g, co("WR"), hex("C14")), 0);
    assert_int_equal(best(g, "LPS"), without + 20);
    refused(g, port("D19"), "placed already");
    /* the first 6 removes it (the off-boards' values change with the phase too) */
    g->phase = phase("6");
    int in_six = best(g, "LPS");
    eng_powers_new_phase(g);
    assert_false(g->co[co("Ship")].marker_placed);
    assert_event_text(g, ENG_EV_MARKER_REMOVED, "LPS's Port marker is removed from C14");
    assert_int_equal(eng_run_bonus(g, co("LPS"), hex("C14")), 0);
    assert_int_equal(best(g, "LPS"), in_six - 20);
    eng_game_free(g);
}

static void test_the_first_6_train_removes_the_port_marker(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "5", "LPS");
    g->co[co("Ship")].closed = false; /* (set up as in phase 4: the Ship is LPS's) */
    must(g, buy_private("Ship", 70));
    must(g, port("C14"));
    must(g, (eng_action){.kind = ENG_ACT_SKIP});
    must(g, (eng_action){.kind = ENG_ACT_SKIP});
    must(g, (eng_action){.kind = ENG_ACT_RUN, .revenue = 0});
    g->train_on_sale = train("6");
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    assert_string_equal(title->phases[g->phase].name, "6");
    assert_true(has_event(g, ENG_EV_MARKER_REMOVED, -1, co("LPS")));
    assert_false(g->co[co("Ship")].marker_placed);
    assert_int_equal(eng_run_bonus(g, co("LPS"), hex("C14")), 0);
    eng_game_free(g);
}

static void test_the_port_marker_stays_in_phase_5(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "3", "LPS");
    must(g, buy_private("Ship", 70));
    must(g, port("D19"));
    g->phase = phase("5");
    eng_powers_new_phase(g);
    assert_true(g->co[co("Ship")].marker_placed);
    assert_int_equal(eng_run_bonus(g, co("LPS"), hex("D19")), 20);
    eng_game_free(g);
}

/* ---- the W&SR ---- */

static eng_action lay(const char *at, const char *tile, int rot)
{
    return (eng_action){.kind = ENG_ACT_LAY_TILE, .hex = hex(at),
                        .tile = eng_tile_index(title, tile), .rot = rot};
}

static eng_action wsr_station(int city)
{
    return (eng_action){.kind = ENG_ACT_PRIVATE_TOKEN, .company = co("W&SR"), .city = city};
}

/* A rotation of tile 59 that fits I12 (the map's edges are not this test's to know). */
static int fitting_rot(const eng_game *g)
{
    for (int rot = 0; rot < 6; rot++) {
        eng_lay l;
        if (eng_lay_check(g->board, ENG_NONE, hex("I12"), eng_tile_index(title, "59"), rot,
                          g->t->phases[g->phase].tile_colors, &l, NULL, 0) == 0)
            return rot;
    }
    fail_msg("59 fits I12 no way");
    return -1;
}

static void test_wsr_tile_and_station_in_one_turn(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "3", "GT");
    refused(g, lay("I12", "59", fitting_rot(g)), "kept free by W&SR");
    must(g, buy_private("W&SR", 80));
    refused(g, lay("I12", "5", 0), "W&SR's tile on I12 is tile 59");
    must(g, lay("I12", "59", fitting_rot(g))); /* not connected to GT's home */
    assert_false(g->co[co("W&SR")].closed);    /* not before the turn ends */
    assert_int_equal(g->co[co("GT")].lays, 1); /* its lay of the turn */
    int cash = g->co[co("GT")].cash;
    must(g, wsr_station(1));                   /* GT's choice of city */
    assert_int_equal(g->co[co("GT")].cash, cash); /* free */
    assert_int_equal(g->board->tokens[hex("I12")][1][0], co("GT"));
    assert_false(g->co[co("W&SR")].closed);
    must(g, done());
    assert_true(g->co[co("W&SR")].closed);
    assert_true(has_event(g, ENG_EV_PRIVATE_CLOSES, -1, co("W&SR")));
    eng_game_free(g);
}

static void test_wsr_station_needs_no_tile(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "3", "GT");
    must(g, buy_private("W&SR", 80));
    assert_int_equal(eng_board_track(g->board, hex("I12"), NULL)->npaths, 0);
    must(g, wsr_station(0));
    assert_int_equal(g->board->tokens[hex("I12")][0][0], co("GT"));
    refused(g, wsr_station(1), "placed its station this turn");
    must(g, done());
    assert_true(g->co[co("W&SR")].closed);
    /* the next turn: its tile power went with it */
    g->co[co("W&SR")].closed = false; /* (were it open, its station is used all the same) */
    g->co[co("GT")].token_placed = false;
    refused(g, wsr_station(1), "does not own W&SR");
    eng_game_free(g);
}

static void test_wsr_closes_after_its_tile_alone(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "3", "GT");
    must(g, buy_private("W&SR", 80));
    must(g, lay("I12", "59", fitting_rot(g)));
    must(g, (eng_action){.kind = ENG_ACT_SKIP}); /* no station */
    must(g, done());
    assert_true(g->co[co("W&SR")].closed);
    eng_game_free(g);
}

static void test_wsr_unused_stays_open(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "3", "GT");
    must(g, buy_private("W&SR", 80));
    must(g, done());
    assert_false(g->co[co("W&SR")].closed);
    eng_game_free(g);
}

/* ---- town tiles upgraded from phase 6 ---- */

/* The first hex whose printed track is `towns` towns and nothing else, taking `tile`. */
static int town_hex(int towns, const char *tile)
{
    for (int h = 0; h < title->nhexes; h++) {
        const eng_hex *x = &title->hexes[h];
        for (int i = 0; x->printed.ntowns == towns && x->printed.ncities == 0 &&
                        i < x->upgrades.n; i++)
            if (x->upgrades.v[i].tile == eng_tile_index(title, tile))
                return h;
    }
    fail_msg("no hex of %d towns takes %s", towns, tile);
    return -1;
}

/* Whether the tile fits the hex in some rotation with the game's phase as it is. */
static bool fits(const eng_game *g, int h, const char *tile, char *why)
{
    for (int rot = 0; rot < 6; rot++)
        if (eng_lay_check(g->board, ENG_NONE, h, eng_tile_index(title, tile), rot,
                          eng_lay_colors(g), NULL, why, 256) == 0)
            return true;
    return false;
}

static void lay_any(eng_game *g, int h, const char *tile)
{
    char why[256];
    for (int rot = 0; rot < 6; rot++)
        if (eng_lay_tile(g->board, ENG_NONE, h, eng_tile_index(title, tile), rot,
                         eng_lay_colors(g), NULL, 0) == 0)
            return;
    fits(g, h, tile, why);
    fail_msg("%s fits %s no way: %s", tile, title->hexes[h].id, why);
}

static void test_towns_become_cities_from_phase_6(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "5", "LPS");
    int one = town_hex(1, "3"), two = town_hex(2, "1");
    lay_any(g, one, "3");
    static const char *const twos[] = {"1", "55", "2", "56"}, *const greens[] = {"14", "14",
                                                                                "15", "15"};
    int k = 0;
    char why[256];
    while (k < 3 && !fits(g, two, twos[k], why))
        k++;
    lay_any(g, two, twos[k]);
    /* phase 5: not yet */
    assert_false(fits(g, one, "5", why));
    assert_non_null(strstr(why, "tile 5 may be laid on tile 3 from phase 6 on"));
    assert_false(fits(g, one, "7", why));
    assert_false(fits(g, two, greens[k], why));
    /* phase 6 (and D): the town tile becomes a yellow city or plain track keeping its track,
     * the two-town tile a green city */
    g->phase = phase("6");
    assert_true(fits(g, one, "5", why));
    assert_true(fits(g, one, "7", why));
    assert_false(fits(g, one, "9", why)); /* (not its upgrade: 9 is 4's) */
    assert_true(fits(g, two, greens[k], why));
    g->phase = phase("D");
    assert_true(fits(g, one, "5", why));
    lay_any(g, one, "5");
    assert_int_equal(eng_board_track(g->board, one, NULL)->ncities, 1);
    assert_int_equal(eng_board_track(g->board, one, NULL)->ntowns, 0);
    eng_game_free(g);
}

/* ---- THB's home in Hamilton ---- */

/* Another company's station in each city of L15 before THB's home is placed: 0 placed, or -1. */
static int station_in_hamilton(eng_game *g, int city)
{
    return eng_place_station(g->board, NULL, co("GT"), hex("L15"), city, NULL, 0);
}

static void test_thb_home_keeps_one_circle(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "3", "LPS");
    const eng_company *thb = &title->companies[co("THB")];
    assert_true(thb->home_choice);
    assert_true(thb->home_keeps_one);
    int kept = 0;
    for (int k = 0; k < 2; k++)
        kept += g->board->reserved[hex("L15")][k] == co("THB");
    assert_int_equal(kept, 1);
    /* another company takes the city kept for THB: the circle moves to the other */
    assert_int_equal(station_in_hamilton(g, 0), 0);
    assert_int_equal(g->board->reserved[hex("L15")][1], co("THB"));
    eng_game_free(g);
}

static void test_thb_home_blocked_option(void **state)
{
    (void)state;
    eng_options o;
    char why[256], *err = NULL;
    eng_options_default(title, &o);
    assert_int_equal(eng_options_parse(title, &o, "1856THBHomeBlocked=yes", why, sizeof why), 0);
    eng_title *base = title, *chosen = eng_title_load_chosen("1856", title_text, NULL, base,
                                                             o.chosen, &err);
    if (!chosen)
        fail_msg("1856THBHomeBlocked=yes: %s", err);
    title = chosen;
    eng_game *g = operating("1856THBHomeBlocked=yes", "3", "LPS");
    assert_false(title->companies[co("THB")].home_keeps_one);
    assert_int_equal(g->board->reserved[hex("L15")][0], co("THB"));
    assert_int_equal(g->board->reserved[hex("L15")][1], co("THB"));
    assert_int_equal(station_in_hamilton(g, 0), -1);
    assert_int_equal(station_in_hamilton(g, 1), -1);
    eng_game_free(g);
    title = base;
    eng_title_free(chosen);
}

/* ---- the log ---- */

static void test_the_new_actions_in_the_log(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "3", "LPS");
    eng_action a = port("C14");
    a.player = g->current;
    char *json = eng_action_to_json(g, &a);
    assert_non_null(strstr(json, "\"port\""));
    eng_action back = back_from_json(g, json);
    assert_int_equal(back.kind, ENG_ACT_PLACE_MARKER);
    assert_int_equal(back.hex, hex("C14"));
    assert_int_equal(back.company, co("Ship"));
    a = buy_bonus("Tunn");
    a.player = g->current;
    json = eng_action_to_json(g, &a);
    assert_non_null(strstr(json, "\"buy_bonus\""));
    back = back_from_json(g, json);
    assert_int_equal(back.kind, ENG_ACT_BUY_BONUS);
    assert_int_equal(back.company, co("Tunn"));
    eng_game_free(g);
}

static void test_legal_actions_list_them(void **state)
{
    (void)state;
    eng_game *g = operating(NULL, "3", "LPS");
    must(g, buy_private("Ship", 70));
    eng_action out[2048];
    int n = eng_legal_actions(g, out, 2048), ports = 0;
    for (int i = 0; i < n; i++)
        ports += out[i].kind == ENG_ACT_PLACE_MARKER;
    assert_int_equal(ports, 13);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_powers_as_data),
        cmocka_unit_test(test_a_major_buying_the_bridge_gets_its_bonus),
        cmocka_unit_test(test_the_bridge_adds_to_a_run_into_buffalo),
        cmocka_unit_test(test_another_major_buys_a_bridge_token_from_the_owning_one),
        cmocka_unit_test(test_bonus_tokens_refused),
        cmocka_unit_test(test_unlimited_bonus_tokens),
        cmocka_unit_test(test_once_the_private_is_closed_the_bank_sells),
        cmocka_unit_test(test_the_port_marker),
        cmocka_unit_test(test_the_port_marker_stays_in_phase_5),
        cmocka_unit_test(test_the_first_6_train_removes_the_port_marker),
        cmocka_unit_test(test_wsr_tile_and_station_in_one_turn),
        cmocka_unit_test(test_wsr_station_needs_no_tile),
        cmocka_unit_test(test_wsr_closes_after_its_tile_alone),
        cmocka_unit_test(test_wsr_unused_stays_open),
        cmocka_unit_test(test_towns_become_cities_from_phase_6),
        cmocka_unit_test(test_thb_home_keeps_one_circle),
        cmocka_unit_test(test_thb_home_blocked_option),
        cmocka_unit_test(test_the_new_actions_in_the_log),
        cmocka_unit_test(test_legal_actions_list_them),
    };
    return cmocka_run_group_tests_name("privates_1856", tests, setup_1856, group_teardown);
}
