/* Tests for the rules engine's operating rounds and the end of the game (src/engine/operating.c,
 * formation.c, state.c): dividends and their rounding, the market's edges, the operating order,
 * station costs, private powers, forced train purchases, bankruptcy and the bank breaking. The
 * set-ups reach a position quickly by placing money, trains and certificates directly. */
#include "game_fixture.h"

static eng_action done(void)
{
    return (eng_action){.kind = ENG_ACT_DONE};
}

static eng_action run(int revenue, bool payout)
{
    return (eng_action){.kind = ENG_ACT_RUN, .revenue = revenue, .payout = payout};
}

static eng_action buy_train(const char *name, bool pool)
{
    return (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train(name), .from_pool = pool};
}

/* Ends the operating company's turn, buying the train on sale first when a major must have one. */
static void end_turn(eng_game *g)
{
    if (eng_is_major(g, g->operating) && g->co[g->operating].ntrains == 0)
        must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = g->train_on_sale});
    must(g, done());
}

static int event_amount(const eng_game *g, eng_event_kind kind, int player, int company)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == kind && (player < 0 || g->events[i].player == player) &&
            (company < 0 || g->events[i].company == company))
            return g->events[i].amount;
    fail_msg("no event of kind %d", (int)kind);
    return 0;
}

/* Each holder's dividend is rounded up (Rails: the Prussian's 530 paid 27 for one 5% share),
 * or down with DividendRounding=down (18xx.games). */
static void test_dividends_and_their_rounding(void **state)
{
    (void)state;
    static const char *const options[] = {"Variant=Clemens",
                                          "Variant=Clemens,DividendRounding=down"};
    for (int k = 0; k < 2; k++) {
        eng_game *g = by_operating(options[k]);
        give_train(g, "BY", "2");
        int holder = ENG_NONE;
        for (int p = 0; p < 4 && holder == ENG_NONE; p++)
            if (eng_percent_held(g, co("BY"), p) == 10)
                holder = p;
        assert_int_not_equal(holder, ENG_NONE);
        int cash = g->players[holder].cash, price = eng_share_price(g, co("BY"));
        must(g, run(105, true)); /* 10.5 for a 10% share */
        assert_int_equal(g->players[holder].cash, cash + (k == 0 ? 11 : 10));
        assert_true(eng_share_price(g, co("BY")) > price); /* paying out: one column right */
        eng_game_free(g);
    }
    char why[256];
    eng_options o;
    eng_options_default(title, &o);
    assert_int_equal(eng_option_set(title, &o, "DividendRounding", "sideways", why, sizeof why),
                     -1);
    assert_non_null(strstr(why, "DividendRounding must be up or down"));
}

/* A price moving right off the end of its row goes up; left off the start, down (Rails: BY
 * 140 -> 154 paying out at the end of a row; WT 78 -> 72 withholding at its start). */
static void test_the_market_edges(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    int by = co("BY");
    g->co[by].row = 4; /* 72 80 86 90 96 104 114 126 140 */
    g->co[by].col = 8;
    assert_int_equal(eng_share_price(g, by), 140);
    eng_price_right(g, by);
    assert_int_equal(eng_share_price(g, by), 154);
    g->co[by].row = 3; /* 78 84 88 ... */
    g->co[by].col = 0;
    eng_price_left(g, by);
    assert_int_equal(eng_share_price(g, by), 72);
    g->co[by].row = 6; /* the bottom row's start: nowhere to go */
    g->co[by].col = 0;
    eng_price_left(g, by);
    assert_int_equal(eng_share_price(g, by), 54);
    eng_game_free(g);
}

/* On one square, the company that came first operates first (Rails: MS, parked at 80 when it
 * floated, before WT which moved onto that square later). */
static void test_operating_order_on_one_square(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    int sx = co("SX"), by = co("BY");
    g->co[sx].floated = true; /* SX floats: it joins its square (88, C4) */
    g->co[sx].market_seq = ++g->market_clock;
    g->co[by].row = 2; /* BY at 92 (C3), then down onto SX's square */
    g->co[by].col = 2;
    eng_price_down(g, by);
    assert_int_equal(eng_share_price(g, by), eng_share_price(g, sx));
    for (int k = 0; k < 4; k++)
        must(g, pass());
    for (int k = 0; k < 8 && g->operating != by && g->operating != sx; k++)
        must(g, done());
    assert_int_equal(g->operating, sx);
    eng_game_free(g);
}

/* A station costs 20 per step from the home hex over the map's hexes: München O15 to Dresden
 * H20 is 8 steps around the map's edge (160, as Rails charges), though 7 hexes apart. */
static void test_station_cost_counts_steps_over_the_map(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens,RouteAlgorithm=Permissive");
    int cash = g->co[co("BY")].cash;
    must(g, (eng_action){.kind = ENG_ACT_TOKEN, .hex = tf_hex(title, "H20"), .city = -1});
    assert_int_equal(g->co[co("BY")].cash, cash - 160);
    assert_int_equal(event_amount(g, ENG_EV_TOKEN_PLACED, -1, co("BY")), tf_hex(title, "H20"));
    eng_game_free(g);
}

/* Lays a tile on a hex with the first rotation the board accepts. */
static void lay_somehow(eng_game *g, const char *hex, const char *tile)
{
    char why[256];
    for (int rot = 0; rot < 6; rot++)
        if (try_act(g, (eng_action){.kind = ENG_ACT_LAY_TILE, .hex = tf_hex(title, hex),
                                    .tile = tf_tile(title, tile), .rot = rot}, why) == 0)
            return;
    fail_msg("no rotation of %s fits %s: %s", tile, hex, why);
}

/* OBB's powers are its two free yellow tiles on M15 and M17: once both hexes have track,
 * whoever laid it, OBB closes (as Rails: a minor's paid tile on M17 closed it). */
static void test_obb_closes_when_its_hexes_have_track(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens,RouteAlgorithm=Permissive");
    int obb = co("OBB");
    int owner = g->co[obb].owner;
    if (owner == g->co[co("BY")].director) /* not through the power: someone else owns OBB */
        g->co[obb].owner = (owner + 1) % 4;
    lay_somehow(g, "M15", "3");
    assert_false(g->co[obb].closed);
    lay_somehow(g, "M17", "9");
    assert_true(g->co[obb].closed);
    assert_true(has_event(g, ENG_EV_PRIVATE_CLOSES, -1, obb));
    eng_game_free(g);
}

/* House rule 9: a major without a train must buy one; its director's money only for a bank or
 * pool train, and when he is short too he names the train and sells shares for it. */
static void test_forced_train_purchase(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    int by = co("BY"), dir = g->co[by].director;
    g->stock_round_number = 2; /* past the first round's selling restriction */
    must(g, run(0, false));
    refused(g, done(), "BY has no train and must buy one");
    /* the treasury and the director together are short of a 2 (80) */
    g->bank += g->co[by].cash - 30 + g->players[dir].cash - 20;
    g->co[by].cash = 30;
    g->players[dir].cash = 20;
    for (int k = 0; k < 4; k++)
        give(g, "SX", 10, false, dir);
    refused(g, sell("SX", 10), "raising money for a train the company must buy");
    eng_action raise = {.kind = ENG_ACT_RAISE_CASH, .train = train("2")};
    must(g, raise);
    assert_int_equal(event_amount(g, ENG_EV_MUST_RAISE, dir, by), 30);
    must(g, sell("SX", 10));
    refused(g, sell("SX", 10), "has raised enough for the 2 train");
    int before = g->players[dir].cash;
    must(g, buy_train("2", false));
    assert_int_equal(event_amount(g, ENG_EV_DIRECTOR_ADDS, dir, by), 50);
    assert_int_equal(g->players[dir].cash, before - 50);
    assert_int_equal(g->co[by].cash, 0);
    must(g, done());
    eng_game_free(g);
}

/* A director who cannot pay for the train his company must buy, with nothing left to sell, is
 * bankrupt: the game ends at once with everyone's final score. */
static void test_bankruptcy_ends_the_game(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    int by = co("BY"), dir = g->co[by].director;
    must(g, run(0, false));
    g->bank += g->co[by].cash + g->players[dir].cash;
    g->co[by].cash = 0;
    g->players[dir].cash = 0; /* and in stock round 1 he may sell nothing */
    must(g, done());
    assert_int_equal(g->round, ENG_ROUND_OVER);
    assert_true(has_event(g, ENG_EV_BANKRUPT, dir, by));
    assert_int_equal(event_amount(g, ENG_EV_GAME_OVER, -1, -1), ENG_END_BANKRUPTCY);
    int first = 0;
    for (int i = 0; i < g->nevents; i++)
        first += g->events[i].kind == ENG_EV_FINAL_SCORE && g->events[i].amount2 == 1;
    assert_true(first >= 1);
    refused(g, done(), "the game is over");
    eng_game_free(g);
}

/* When the bank runs out, the operating round is played to its end and the game ends: the
 * final score is cash plus shares at market value. */
static void test_the_bank_breaking_ends_the_game(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    int by = co("BY");
    give_train(g, "BY", "2");
    eng_bank_pays_player(g, 0, g->bank - 50); /* 50 left in the bank */
    must(g, run(200, true)); /* the players hold 50% of BY: 100 paid */
    assert_true(g->bank < 0);
    assert_true(has_event(g, ENG_EV_BANK_BROKEN, -1, -1)); /* said as it breaks (Rails) */
    must(g, done()); /* BY's turn ends: the round goes on */
    for (int k = 0; k < 8 && g->round == ENG_ROUND_OPERATING; k++)
        must(g, done());
    assert_int_equal(g->round, ENG_ROUND_OVER);
    assert_int_equal(event_amount(g, ENG_EV_GAME_OVER, -1, -1), ENG_END_BANK);
    for (int p = 0; p < 4; p++) {
        int worth = g->players[p].cash;
        for (int c = 0; c < title->ncompanies; c++)
            if (eng_is_major(g, c))
                worth += eng_share_price(g, c) * eng_percent_held(g, c, p) / 10;
            else if (title->companies[c].kind == ENG_PRIVATE && g->co[c].owner == p &&
                     !g->co[c].closed)
                worth += title->companies[c].price;
        if (eng_share_price(g, co("PR")) == 0)
            worth += title->companies[co("PR")].price * eng_percent_held(g, co("PR"), p) / 10;
        assert_int_equal(event_amount(g, ENG_EV_FINAL_SCORE, p, -1), worth);
    }
    int last_place = 0; /* the scores are told by place, the richest first */
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == ENG_EV_FINAL_SCORE) {
            assert_true(g->events[i].amount2 >= last_place);
            last_place = g->events[i].amount2;
        }
    (void)by;
    eng_game_free(g);
}

/* A new director gives the smallest certificates in the stock round, but a whole certificate
 * the size of the director's after a sale or the Prussian's formation (as Rails). */
static void test_director_swap_certificates(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    int pr = co("PR");
    eng_company_state *s = &g->co[pr];
    int gave[2];
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < s->ncerts; i++)
            s->certs[i].owner = ENG_RESERVED;
        int dc = eng_find_cert(g, pr, ENG_RESERVED, 0, true);
        s->certs[dc].owner = 0;
        s->director = 0;
        s->started = true;
        int n5 = 0, n10 = 0;
        for (int i = 0; i < s->ncerts; i++) {
            if (s->certs[i].director)
                continue;
            if (s->certs[i].percent == 5 && n5 < 2 && ++n5)
                s->certs[i].owner = 1;
            else if (s->certs[i].percent == 10 && n10 < 1 && ++n10)
                s->certs[i].owner = 1;
        }
        eng_swap_director(g, pr, 0, 1, k == 1);
        assert_int_equal(s->director, 1);
        gave[k] = 0;
        for (int i = 0; i < s->ncerts; i++)
            gave[k] += s->certs[i].owner == 0;
        assert_int_equal(eng_percent_held(g, pr, 0), 10);
    }
    assert_int_equal(gave[0], 2); /* two 5% */
    assert_int_equal(gave[1], 1); /* one 10% */
    eng_game_free(g);
}

/* Released when sold out: shares sold back to the pool count as sold (Rails released MS with
 * WT shares in the pool). */
static void test_release_counts_the_pool_as_sold(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    static const char *const group[] = {"BA", "WT", "HE"};
    for (int k = 0; k < 3; k++) {
        eng_company_state *s = &g->co[co(group[k])];
        s->started = true;
        s->director = 0;
        eng_set_par(g, co(group[k]), 0);
        for (int i = 0; i < s->ncerts; i++)
            s->certs[i].owner = s->certs[i].director ? 0 : 1;
    }
    eng_company_state *wt = &g->co[co("WT")];
    for (int i = 0; i < wt->ncerts; i++)
        if (!wt->certs[i].director && wt->certs[i].percent == 10) {
            wt->certs[i].owner = ENG_POOL;
            break;
        }
    eng_update_availability(g);
    assert_true(g->co[co("MS")].available);
    eng_game_free(g);
}

static bool has_station(const eng_game *g, int company, const char *hex)
{
    int h = tf_hex(title, hex);
    for (int c = 0; c < ENG_MAX_CITIES; c++)
        for (int sl = 0; sl < ENG_MAX_SLOTS; sl++)
            if (g->board->tokens[h][c][sl] == company)
                return true;
    return false;
}

/* House rule 8: "the Badische Eisenbahn's first token is laid in its first operating round
 * rather than in the share round when it is floated". */
static void test_badische_home_in_its_first_operating_round(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    int ba = co("BA"), p = g->current;
    give(g, "BA", 20, true, p);
    for (int k = 0; k < 3; k++)
        give(g, "BA", 10, false, (p + 1) % 4);
    eng_check_float(g, ba);
    assert_true(g->co[ba].floated);
    assert_false(has_station(g, ba, "L6")); /* floated in the share round: no token yet */
    for (int k = 0; k < 4; k++)
        must(g, pass());
    for (int k = 0; k < 12 && g->operating != ba; k++)
        end_turn(g);
    assert_int_equal(g->operating, ba);
    assert_true(has_station(g, ba, "L6"));
    eng_game_free(g);
}

/* The bank sells this type next (the types before it sold out). */
static void on_sale(eng_game *g, const char *name)
{
    for (int k = 0; k < train(name); k++) {
        g->trains_left[k] = 0;
        g->train_bought[k] = true;
    }
    g->train_on_sale = train(name);
}

static eng_action lay(const char *hex, const char *tile, int rot)
{
    return (eng_action){.kind = ENG_ACT_LAY_TILE, .hex = tf_hex(title, hex),
                        .tile = tf_tile(title, tile), .rot = rot};
}

/* Lays a tile with the first rotation the board accepts; returns the rotation. */
static int lay_any(eng_game *g, const char *hex, const char *tile)
{
    char why[256] = "";
    for (int rot = 0; rot < 6; rot++)
        if (try_act(g, lay(hex, tile, rot), why) == 0)
            return rot;
    fail_msg("%s on %s: %s", tile, hex, why);
    return -1;
}

/* The privates pay their owners as the operating round begins; the minors operate first, by
 * number, then the majors. */
static void test_privates_pay_and_minors_go_first(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    int nf = co("NF"), owner = g->co[nf].owner, cash = g->players[owner].cash;
    for (int k = 0; k < 4; k++)
        must(g, pass());
    assert_true(has_event(g, ENG_EV_PRIVATE_INCOME, owner, nf));
    assert_true(g->players[owner].cash >= cash + title->companies[nf].revenue);
    static const char *const order[] = {"M1", "M2", "M3", "M4", "M5", "M6", "BY"};
    for (int k = 0; k < 7; k++) {
        assert_int_equal(g->operating, co(order[k]));
        if (k < 6)
            must(g, done());
    }
    eng_game_free(g);
}

/* A major lays two yellow tiles while only yellow may be laid, else one; terrain is paid from
 * its treasury; one station a turn. */
static void test_track_and_stations_in_a_turn(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens,RouteAlgorithm=Permissive");
    int by = co("BY"), cash = g->co[by].cash;
    lay_any(g, "M13", "9"); /* water: 50 */
    assert_int_equal(g->co[by].cash, cash - 50);
    lay_any(g, "N14", "9");
    refused(g, lay("O13", "9", 0), "BY has laid all the track it may this turn");
    must(g, (eng_action){.kind = ENG_ACT_TOKEN, .hex = tf_hex(title, "N12"), .city = -1});
    refused(g, (eng_action){.kind = ENG_ACT_TOKEN, .hex = tf_hex(title, "H20"), .city = -1},
            "one station a turn");
    eng_game_free(g);
    g = by_operating("Variant=Clemens,RouteAlgorithm=Permissive");
    g->phase = 2; /* 2.1: green; one tile a turn */
    lay_any(g, "N14", "9");
    refused(g, lay("O13", "9", 1), "BY has laid all the track it may this turn");
    eng_game_free(g);
}

/* Issue 17: the steps of a turn are the engine's (order.c), in order — track, station, run,
 * trains: a station ends the track step, the run the station step; SKIP passes a step (not
 * the run of a company with trains, nor the trains step, which DONE ends); the step due is
 * published for the turn resolver. */
static void test_the_steps_of_a_turn(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens,RouteAlgorithm=Permissive");
    int by = co("BY");
    eng_action skip = {.kind = ENG_ACT_SKIP};
    assert_int_equal(eng_step_due(g), ENG_STEP_TRACK);
    lay_any(g, "N14", "9");
    must(g, (eng_action){.kind = ENG_ACT_TOKEN, .hex = tf_hex(title, "N12"), .city = -1});
    assert_int_equal(eng_step_due(g), ENG_STEP_STATION);
    refused(g, lay("M13", "9", 0), "BY's track step is over (its turn is at the station step)");
    assert_int_equal(eng_step_due(g), ENG_STEP_STATION);
    must(g, skip); /* no trains: nothing to run */
    assert_int_equal(eng_step_due(g), ENG_STEP_TRAINS);
    refused(g, skip, "BY's turn ends with DONE");
    eng_game_free(g);
    g = by_operating("Variant=Clemens,RouteAlgorithm=Permissive");
    give_train(g, "BY", "2");
    must(g, skip);
    assert_int_equal(eng_step_due(g), ENG_STEP_STATION);
    must(g, skip);
    assert_int_equal(eng_step_due(g), ENG_STEP_RUN);
    refused(g, skip, "BY has trains: it declares their run");
    refused(g, (eng_action){.kind = ENG_ACT_TOKEN, .hex = tf_hex(title, "N12"), .city = -1},
            "BY's station step is over");
    must(g, run(0, false));
    assert_int_equal(eng_step_due(g), ENG_STEP_TRAINS);
    assert_int_equal(g->co[by].step, ENG_STEP_TRAINS);
    assert_string_equal(eng_step_name(ENG_STEP_STATION), "station");
    char *json = eng_action_to_json(g, &skip);
    assert_non_null(strstr(json, "\"type\":\"skip\""));
    eng_action back = back_from_json(g, json);
    assert_int_equal(back.kind, ENG_ACT_SKIP);
    eng_game_free(g);
}

/* Minors split their revenue, half to the owner, half to the treasury; a major may withhold
 * (to the treasury; the price moves left). */
static void test_minors_split_and_majors_withhold(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    for (int k = 0; k < 4; k++)
        must(g, pass());
    int m1 = co("M1"), owner = g->co[m1].owner;
    give_train(g, "M1", "2");
    int cash = g->players[owner].cash, treasury = g->co[m1].cash;
    must(g, run(60, false));
    assert_int_equal(g->players[owner].cash, cash + 30);
    assert_int_equal(g->co[m1].cash, treasury + 30);
    eng_game_free(g);
    g = by_operating("Variant=Clemens");
    int by = co("BY"), price = eng_share_price(g, by);
    give_train(g, "BY", "2");
    treasury = g->co[by].cash;
    must(g, run(80, false));
    assert_int_equal(g->co[by].cash, treasury + 80);
    assert_true(eng_share_price(g, by) < price);
    eng_game_free(g);
}

/* The first train of a type may begin a phase: the first 4 rusts the 2s and lowers the majors'
 * train limit to 3; a company over it discards to the pool before anything else happens. */
static void test_rusting_and_excess_trains(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    int by = co("BY"), sx = co("SX");
    on_sale(g, "4");
    give_train(g, "BY", "2");
    give_train(g, "BY", "3");
    give_train(g, "BY", "3");
    give_train(g, "BY", "3+3");
    g->bank -= 1000 - g->co[by].cash;
    g->co[by].cash = 1000;
    refused(g, buy_train("4", false), "as many trains as it may (4)");
    g->co[by].ntrains = 3; /* 2, 3, 3 */
    for (const char *const *t = (const char *const[]){"3", "3", "3+3", "3+3", NULL}; *t; t++)
        give_train(g, "SX", *t); /* SX: four trains that do not rust at the 4 */
    must(g, buy_train("4", false));
    assert_true(has_event(g, ENG_EV_RUSTED, -1, -1));
    assert_int_equal(g->co[by].ntrains, 3); /* the 2 rusted: 3, 3, 4 */
    assert_int_equal(g->discarding, sx);
    refused(g, done(), "SX has too many trains and must discard one first");
    eng_action discard = {.kind = ENG_ACT_DISCARD_TRAIN, .company = sx, .train = train("3"),
                          .player = g->co[sx].director};
    char why[256];
    eng_game *obsolete = eng_game_copy(g); /* an obsolete train discarded is scrapped (Rails:
                                            * ScrapHeap; 1830 Coalfields & Reading) */
    obsolete->train_obsolete[train("3")] = true;
    assert_int_equal(eng_apply(obsolete, &discard, why, sizeof why), 0);
    assert_int_equal(obsolete->pool_trains[train("3")], 0);
    assert_true(has_event(obsolete, ENG_EV_DISCARDED, -1, sx));
    eng_game_free(obsolete);
    assert_int_equal(eng_apply(g, &discard, why, sizeof why), 0);
    assert_int_equal(g->co[sx].ntrains, 3);
    assert_int_equal(g->pool_trains[train("3")], 1);
    /* then, the discards done, the first 4's formation round (house rule 10): M2's owner
     * decides first whether to form the Prussian; he may decline at the 4 */
    assert_true(g->forming);
    assert_int_equal(g->current, g->co[co("M2")].owner);
    refused(g, done(), "must first decide whether to form PR");
    must(g, pass());
    assert_false(g->co[co("PR")].started);
    assert_int_equal(g->operating, by); /* BY's turn goes on */
    must(g, done());
    eng_game_free(g);
}

/* Trains change hands between companies from phase 2, at any price of at least 1 that the buyer
 * pays from its treasury (house rule 9: never the director's money). */
static void test_trains_between_companies(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    int m1 = co("M1");
    give_train(g, "M1", "2");
    eng_action from_m1 = {.kind = ENG_ACT_BUY_TRAIN, .train = train("2"), .from_company = true,
                          .seller = m1, .price = 10};
    refused(g, from_m1, "trains may not be bought from other companies in phase 1.1");
    g->phase = 2;
    from_m1.price = g->co[co("BY")].cash + 1;
    refused(g, from_m1, "a price of at least 1 that BY can pay");
    from_m1.price = 10;
    must(g, from_m1);
    assert_int_equal(g->co[m1].ntrains, 0);
    assert_int_equal(g->co[co("BY")].ntrains, 1);
    eng_game_free(g);
}

/* The privates close at the first 5 — BB and HB are exchanged for the Prussian's shares, as
 * every exchange is forced then. */
static void test_privates_close(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    on_sale(g, "5");
    give_train(g, "BY", "4");
    g->co[co("BY")].cash = 1000;
    g->bank -= 1000;
    g->phase = 5; /* after the 4+4 */
    g->co[co("PR")].started = true; /* formed: no formation round in the way */
    int bb_owner = g->co[co("BB")].owner;
    int had = eng_percent_held(g, co("PR"), bb_owner);
    must(g, buy_train("5", false));
    for (const char *const *p = (const char *const[]){"NF", "OBB", "PfB", "LD", "BB", NULL}; *p;
         p++)
        assert_true(g->co[co(*p)].closed);
    assert_true(eng_percent_held(g, co("PR"), bb_owner) >= had + 10);
    eng_game_free(g);
}

/* House rule 5: "the Pfalzbahnen closes when it lays a token on L6, whether or not it uses its
 * power to lay the tile free ... it doesn't matter who lays a tile on L6". House rule 6
 * (NF_PfB_Westermann=yes): the token in the token-laying step — after the track, or in place of
 * it: a director who lays no tile uses the power, and the track step is then over (issue 12: it
 * used to be refused for ever). */
static void test_pfalzbahn_closes_with_its_station(void **state)
{
    (void)state;
    const char *opts = "Variant=Clemens,RouteAlgorithm=Permissive,NF_PfB_Westermann=yes";
    eng_game *g = by_operating(opts);
    int pfb = co("PfB"), by = co("BY"), dir = g->co[by].director;
    g->co[pfb].owner = dir;
    eng_action token = {.kind = ENG_ACT_PRIVATE_TOKEN, .company = pfb, .city = -1};
    lay_any(g, "N14", "9"); /* the track step */
    assert_false(g->co[pfb].closed);
    must(g, token);
    assert_true(g->co[pfb].closed);
    eng_game_free(g);
    g = by_operating(opts); /* no tile: the station step at once, and no track after it */
    g->co[pfb].owner = g->co[by].director;
    must(g, token);
    assert_true(g->co[pfb].closed);
    refused(g, (eng_action){.kind = ENG_ACT_LAY_TILE, .hex = tf_hex(title, "N14"),
                            .tile = tf_tile(title, "9"), .rot = 0},
            "BY's track step is over");
    eng_game_free(g);
}

/* Issue 17: a private's powers are data (../shared/seeds/003's attributes): PfB's station
 * made neither free nor extra, and its closing "never", behaves so — it costs the station's
 * price, it is refused after the company's own station, and PfB stays open. */
static void test_private_powers_as_data(void **state)
{
    (void)state;
    int pfb = co("PfB"), by = co("BY");
    eng_powers kept = title->companies[pfb].powers;
    eng_powers *pw = &title->companies[pfb].powers;
    pw->token_free = pw->token_extra = false;
    pw->closes_after = ENG_CLOSES_NEVER;
    eng_game *g = by_operating("Variant=Clemens,RouteAlgorithm=Permissive");
    g->co[pfb].owner = g->co[by].director;
    eng_action token = {.kind = ENG_ACT_PRIVATE_TOKEN, .company = pfb, .city = -1};
    g->co[by].token_placed = true;
    refused(g, token, "BY has placed its station this turn");
    g->co[by].token_placed = false;
    int cash = g->co[by].cash;
    must(g, token);
    assert_int_equal(cash - g->co[by].cash, 20 * 6); /* 20 a step, München (O15) to L6 */
    assert_false(g->co[pfb].closed);
    eng_game_free(g);
    title->companies[pfb].powers = kept; /* its tile besides BY's lays, then one of them */
    g = by_operating("Variant=Clemens,RouteAlgorithm=Permissive");
    g->phase = 2; /* green */
    g->co[pfb].owner = g->co[by].director;
    g->co[by].lays = 1;
    eng_game *copy = eng_game_copy(g);
    lay_any(copy, "L6", "210");
    assert_true(has_event(copy, ENG_EV_TILE_LAID, -1, by));
    eng_game_free(copy);
    pw->tile_extra = false;
    char why[256];
    for (int rot = 0; rot < 6; rot++) {
        assert_int_not_equal(try_act(g, lay("L6", "210", rot), why), 0);
        assert_non_null(strstr(why, "BY has laid all the track it may this turn"));
    }
    eng_game_free(g);
    title->companies[pfb].powers = kept;
}

/* House rule 10: at the first 4+4 the Prussian forms if it has not (for M2's owner, its
 * director), the others exchange in seating order from him; "those converted shares earn no PR
 * dividends in that OR" for a minor that paid already; a Prussian formed after M2 operated does
 * not operate in that round. */
static void test_prussian_forced_at_the_4_plus_4(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    int pr = co("PR"), m1 = co("M1"), m2 = co("M2"), founder = g->co[m2].owner;
    int m1_owner = g->co[m1].owner;
    on_sale(g, "4+4");
    g->phase = 4; /* the 4's phase */
    g->co[m1].paid_this_or = true; /* M1 paid in this round before */
    g->bank -= 1000 - g->co[co("BY")].cash;
    g->co[co("BY")].cash = 1000;
    must(g, buy_train("4+4", false));
    assert_true(has_event(g, ENG_EV_FORMED, founder, pr));
    assert_true(g->co[pr].started);
    assert_int_equal(g->co[pr].director, founder);
    assert_true(g->co[m2].closed);
    assert_int_equal(g->current, founder); /* exchanges from M2's owner on, in seating order */
    for (int k = 0; k < 8 && g->forming; k++) {
        if (g->current == m1_owner && !g->co[m1].closed)
            must(g, (eng_action){.kind = ENG_ACT_EXCHANGE, .company = m1});
        else
            must(g, pass());
    }
    assert_true(g->co[m1].closed);
    int cert = eng_find_cert(g, pr, m1_owner, 5, false);
    assert_true(cert >= 0 && g->co[pr].certs[cert].no_dividend);
    for (int k = 0; k < 12 && g->round == ENG_ROUND_OPERATING; k++) {
        assert_int_not_equal(g->operating, pr); /* formed after M2 operated: not this round */
        end_turn(g);
    }
    eng_game_free(g);
}

/* House rule 10 the other way: a Prussian formed in an operating round before M2 operated in
 * it (M1 buys the first 4) operates in that round, M2 exchanged and skipped. */
static void test_prussian_formed_before_m2_operates(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    for (int k = 0; k < 4; k++)
        must(g, pass());
    int m1 = co("M1"), m2 = co("M2"), pr = co("PR");
    assert_int_equal(g->operating, m1);
    on_sale(g, "4");
    g->phase = 3; /* the 3+3's */
    g->bank -= 400 - g->co[m1].cash;
    g->co[m1].cash = 400;
    must(g, buy_train("4", false));
    assert_true(g->forming);
    must(g, (eng_action){.kind = ENG_ACT_FORM}); /* M2's owner forms it */
    for (int k = 0; k < 8 && g->forming; k++)
        must(g, pass());
    assert_true(g->co[m2].closed);
    bool pr_operated = false;
    for (int k = 0; k < 12 && g->round == ENG_ROUND_OPERATING; k++) {
        assert_int_not_equal(g->operating, m2);
        pr_operated |= g->operating == pr;
        end_turn(g);
    }
    assert_true(pr_operated);
    eng_game_free(g);
}

/* LD closes when SX buys its first train. */
static void test_ld_closes_with_sx_first_train(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    int sx = co("SX"), ld = co("LD");
    for (int k = 0; k < 3; k++)
        give(g, "SX", 10, false, k);
    eng_check_float(g, sx);
    assert_true(g->co[sx].floated);
    for (int k = 0; k < 4; k++)
        must(g, pass());
    for (int k = 0; k < 12 && g->operating != sx; k++)
        end_turn(g);
    assert_int_equal(g->operating, sx);
    assert_false(g->co[ld].closed);
    must(g, buy_train("2", false));
    assert_true(g->co[ld].closed);
    assert_true(has_event(g, ENG_EV_PRIVATE_CLOSES, -1, ld));
    eng_game_free(g);
}

/* The bank's train `name` bought with a train of type `traded` traded in. */
static eng_action trading_in(const char *name, int traded)
{
    eng_action a = buy_train(name, false);
    a.trades_in = true;
    a.trade_in = traded;
    return a;
}

/* Issue 17: a train's kind may take another in exchange (1830: a D for 800 and a 4, 5 or 6):
 * here the 2+2 made to take a 2 at 60 — the 2 goes to the pool, the price is the exchange's,
 * a train not named or not held is refused, and the log keeps the trade-in. */
static void test_a_train_traded_in(void **state)
{
    (void)state;
    int by = co("BY"), two = train("2"), twoplus = train("2+2");
    eng_train kept = title->trains[twoplus];
    title->trains[twoplus].ntrade_ins = 1;
    title->trains[twoplus].trade_ins[0] = two;
    title->trains[twoplus].trade_in_cost = 60;
    eng_game *g = by_operating("Variant=Clemens");
    g->train_on_sale = twoplus;
    eng_action a = trading_in("2+2", two);
    refused(g, a, "BY has no 2 train to trade in");
    give_train(g, "BY", "2");
    a.trade_in = train("3");
    refused(g, a, "a 2+2 train is not sold for a train traded in like a 3");
    a.trade_in = two;
    a.from_pool = true;
    refused(g, a, "a train traded in buys only from the bank");
    a.from_pool = false;
    int cash = g->co[by].cash;
    char *json = eng_action_to_json(g, &a);
    must(g, a);
    assert_int_equal(g->co[by].ntrains, 1);
    assert_int_equal(g->co[by].trains[0], twoplus);
    assert_int_equal(g->pool_trains[two], 1);
    assert_int_equal(g->co[by].cash, cash - 60);
    assert_true(has_event(g, ENG_EV_DISCARDED, -1, by));
    assert_non_null(strstr(json, "\"trade_in\":\"2\""));
    eng_action back = back_from_json(g, json);
    assert_true(back.trades_in);
    assert_int_equal(back.trade_in, two);
    eng_game_free(g);
    title->trains[twoplus] = kept;
}

/* 1830 Coalfields & Reading's D: any one train the company owns traded in ("trains": "any"), an
 * obsolete one too, which is scrapped (one in the pool would rust at once), not pooled. Tried
 * with 1835's 2+2 at 60 against any train. */
static void test_any_train_traded_in(void **state)
{
    (void)state;
    int by = co("BY"), three = train("3"), four = train("4"), twoplus = train("2+2");
    eng_train kept = title->trains[twoplus];
    title->trains[twoplus].trade_in_any = true;
    title->trains[twoplus].trade_in_cost = 60;
    eng_game *g = by_operating("Variant=Clemens");
    g->train_on_sale = twoplus;
    eng_action a = trading_in("2+2", three);
    refused(g, a, "BY has no 3 train to trade in");
    give_train(g, "BY", "3");
    give_train(g, "BY", "4");
    g->train_obsolete[three] = true;
    int cash = g->co[by].cash;
    must(g, a);
    assert_int_equal(g->co[by].cash, cash - 60);
    assert_int_equal(g->co[by].ntrains, 2); /* the 4 and the 2+2 */
    assert_int_equal(g->pool_trains[three], 0); /* scrapped */
    g->train_on_sale = twoplus;
    a.trade_in = four;
    must(g, a);
    assert_int_equal(g->pool_trains[four], 1); /* not obsolete: to the pool */
    assert_int_equal(g->co[by].cash, cash - 120);
    eng_game_free(g);
    title->trains[twoplus] = kept;
}

/* Issue 17: a kind on sale from the first train of another, beside it ("available_from": 1830's
 * D from the first 6), and a kind the bank never runs out of ("count": "unlimited"). Tried with
 * 1835's 2+2 available from the first 2 and unlimited. */
static void test_a_train_available_early_and_unlimited(void **state)
{
    (void)state;
    int by = co("BY"), two = train("2"), twoplus = train("2+2");
    eng_train kept = title->trains[twoplus];
    title->trains[twoplus].available_from = two;
    title->trains[twoplus].count_unlimited = true;
    eng_game *g = by_operating("Variant=Clemens");
    assert_int_equal(g->trains_left[twoplus], ENG_TRAINS_UNLIMITED);
    assert_int_equal(g->train_on_sale, two);
    assert_false(eng_bank_sells(g, twoplus)); /* no 2 bought yet */
    refused(g, buy_train("2+2", false), "the bank sells 2 trains now");
    g->co[by].cash += 1000;
    g->bank -= 1000;
    must(g, buy_train("2", false));
    assert_true(eng_bank_sells(g, two) && eng_bank_sells(g, twoplus));
    must(g, buy_train("2+2", false)); /* beside the 2s, which are still on sale */
    assert_int_equal(g->train_on_sale, two);
    assert_int_equal(g->trains_left[twoplus], ENG_TRAINS_UNLIMITED); /* never counted down */
    assert_int_equal(g->co[by].ntrains, 2);
    eng_game_free(g);
    title->trains[twoplus] = kept;
}

/* Issue 17: a home city that is its director's choice ("home_city": "choice", 1830's Erie in
 * E11), tried with BY's home moved to 1835's two-city L6: both cities are kept for it, its
 * first turn opens with the home step, nothing else comes first, and the city chosen takes the
 * station while the other is freed. */
static void test_a_home_city_chosen(void **state)
{
    (void)state;
    int by = co("BY"), l6 = tf_hex(title, "L6");
    eng_company kept = title->companies[by];
    title->companies[by].home_hex = l6;
    title->companies[by].home_city = -1;
    title->companies[by].home_choice = true;
    eng_game *g = after_packet("Variant=Clemens");
    assert_int_equal(g->board->reserved[l6][0], by); /* both kept for BY (BA's home city 0 */
    assert_int_equal(g->board->reserved[l6][1], by); /* too: the first to ask keeps it) */
    for (int k = 0; k < 4; k++)
        must(g, pass());
    for (int k = 0; k < 8 && g->operating != by; k++)
        must(g, (eng_action){.kind = ENG_ACT_DONE});
    assert_int_equal(g->operating, by);
    assert_int_equal(eng_step_due(g), ENG_STEP_HOME);
    refused(g, lay("L6", "7", 0), "BY places its home station first: in which city of L6");
    refused(g, (eng_action){.kind = ENG_ACT_SKIP}, "BY places its home station first");
    refused(g, (eng_action){.kind = ENG_ACT_HOME, .city = 2}, "L6 has no city 3");
    eng_action home = {.kind = ENG_ACT_HOME, .city = 1};
    char *json = eng_action_to_json(g, &home);
    must(g, home);
    assert_int_equal(g->board->tokens[l6][1][0], by);
    assert_int_equal(g->board->reserved[l6][1], ENG_NONE);
    assert_int_equal(g->board->reserved[l6][0], ENG_NONE); /* the other city freed */
    assert_int_equal(eng_step_due(g), ENG_STEP_TRACK);
    assert_true(has_event(g, ENG_EV_TOKEN_PLACED, -1, by));
    refused(g, home, "BY's home step is over");
    eng_action back = back_from_json(g, json);
    assert_int_equal(back.kind, ENG_ACT_HOME);
    assert_int_equal(back.city, 1);
    eng_game_free(g);
    title->companies[by] = kept;
}

/* Issue 17: obsolete trains (1830 Coalfields & Reading's 2, 3 and 4: "obsolete_on"): the first
 * train of that kind makes them obsolete, and each goes after its company's next run. Tried with
 * 1835's 2 made obsolete by the first 2. */
static void test_obsolete_trains_run_once_more(void **state)
{
    (void)state;
    int by = co("BY"), two = train("2");
    title->trains[two].obsolete_on = two;
    eng_game *g = by_operating("Variant=Clemens");
    must(g, (eng_action){.kind = ENG_ACT_SKIP});
    must(g, (eng_action){.kind = ENG_ACT_SKIP});
    must(g, buy_train("2", false)); /* the first 2: the 2s are obsolete */
    assert_true(g->train_obsolete[two]);
    const eng_event *e = NULL;
    for (int i = 0; i < g->nevents && !e; i++)
        e = g->events[i].kind == ENG_EV_OBSOLETE && g->events[i].item == two ? &g->events[i]
                                                                              : NULL;
    assert_non_null(e);
    assert_int_equal(g->co[by].ntrains, 1); /* not gone yet */
    g->co[by].ran = false;                  /* (as in its next turn) */
    g->co[by].step = ENG_STEP_RUN;
    must(g, run(0, false));
    assert_int_equal(g->co[by].ntrains, 0); /* run once more, then scrapped */
    assert_true(has_event(g, ENG_EV_SCRAPPED, -1, by));
    eng_game_free(g);
    title->trains[two].obsolete_on = -1;
}

/* Issue 17: a right a major buys from the bank in its turn, once, with its own money (1830
 * Coalfields & Reading's Coalfields; what it opens: test_routes.c). */
static void test_a_right_bought(void **state)
{
    (void)state;
    int by = co("BY"), h = tf_hex(title, "L14");
    title->nrights = 1;
    snprintf(title->rights[0].id, sizeof title->rights[0].id, "Coal");
    title->rights[0].price = 100;
    title->hexes[h].right = 0;
    eng_game *g = by_operating("Variant=Clemens");
    assert_false(eng_may_enter(g, by, h));
    eng_action buy = {.kind = ENG_ACT_BUY_RIGHT, .item = 0};
    int cash = g->co[by].cash, bank = g->bank;
    g->co[by].cash = 99;
    refused(g, buy, "the Coal right costs 100, and BY has 99");
    g->co[by].cash = cash;
    char *json = eng_action_to_json(g, &buy);
    assert_non_null(strstr(json, "\"right\":\"Coal\""));
    must(g, buy);
    assert_int_equal(g->co[by].cash, cash - 100);
    assert_int_equal(g->bank, bank + 100);
    assert_true(eng_may_enter(g, by, h));
    assert_true(has_event(g, ENG_EV_BOUGHT_RIGHT, -1, by));
    refused(g, buy, "BY has the Coal right already");
    eng_action back = back_from_json(g, json);
    assert_int_equal(back.kind, ENG_ACT_BUY_RIGHT);
    assert_int_equal(back.item, 0);
    eng_game_free(g);
    title->hexes[h].right = -1;
    title->nrights = 0;
}

static int find_kind(const eng_action *v, int n, eng_action_kind kind)
{
    for (int i = 0; i < n; i++)
        if (v[i].kind == kind)
            return i;
    return -1;
}

/* The legal actions of an operating round are each taken by the engine, and an automatic player
 * that takes them (run, buy a train when it must, end the turn) plays the round to its end. */
static void test_operating_round_by_its_legal_actions(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    enum { max = 2048 };
    eng_action *v = xmalloc(max * sizeof *v);
    int n = eng_legal_actions(g, v, max);
    assert_true(find_kind(v, n, ENG_ACT_LAY_TILE) >= 0);
    assert_true(find_kind(v, n, ENG_ACT_BUY_TRAIN) >= 0);
    assert_int_equal(find_kind(v, n, ENG_ACT_DONE), -1); /* BY must buy a train first */
    assert_int_equal(find_kind(v, n, ENG_ACT_SELL), -1);
    for (int i = 0; i < n; i++) {
        eng_game *copy = eng_game_copy(g);
        char why[256];
        if (eng_apply(copy, &v[i], why, sizeof why))
            fail_msg("legal action %d refused: %s", i, why);
        eng_game_free(copy);
    }
    for (int step = 0; step < 64 && g->round == ENG_ROUND_OPERATING; step++) {
        n = eng_legal_actions(g, v, max);
        assert_true(n > 0);
        int pick = find_kind(v, n, ENG_ACT_RUN);
        if (pick < 0)
            pick = find_kind(v, n, ENG_ACT_DONE);
        if (pick < 0)
            pick = find_kind(v, n, ENG_ACT_BUY_TRAIN);
        if (pick < 0)
            pick = 0;
        char why[256];
        if (eng_apply(g, &v[pick], why, sizeof why))
            fail_msg("refused: %s", why);
    }
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    free(v);
    eng_game_free(g);
}

/* Issue 12, defect 4, house rule 9: the director's money pays only for a train the company must
 * buy (a major without one); a minor's purchase is its own money's ("d adds 40 to M6's train"
 * used to happen). */
static void test_a_minors_train_is_its_own_money(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    for (int k = 0; k < 4; k++)
        must(g, pass());
    int m = g->operating, dir = eng_company_holder(g, m);
    assert_false(eng_is_major(g, m));
    g->bank += g->co[m].cash - 40;
    g->co[m].cash = 40;
    int had = g->players[dir].cash;
    refused(g, buy_train("2", false), "a 2 train costs 80");
    assert_int_equal(g->players[dir].cash, had);
    eng_game_free(g);
}

/* Issue 12, defect 6: SeparateSalesAtSamePrice remembers a sale's price for the turn it was made
 * in; an emergency sale during one company's turn must not fix the price of another player's
 * sale during a later company's turn (Rails: 64, not 72). */
static void test_a_sale_price_is_forgotten_with_the_turn(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    for (int k = 0; k < 4; k++)
        must(g, pass());
    int first = g->operating;
    g->turn_sale_price[co("SX")] = 72; /* an emergency sale in this company's turn */
    must(g, done());
    assert_int_not_equal(g->operating, first);
    assert_int_equal(g->turn_sale_price[co("SX")], 0);
    eng_game_free(g);
}

/* Issue 12, defect 6: the Prussian formed at the first 5 takes the minors' trains; over its limit
 * it discards down to it (Rails: CompanyDiscardsTrain,PR,3,Pool), where the engine said nobody
 * had too many trains. */
static void test_the_prussian_discards_after_forming(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    int pr = co("PR");
    on_sale(g, "5");
    g->phase = 5; /* the last phase before the 5's */
    static const char *const minors[] = {"M1", "M2", "M3", "M4", "M5", "M6"};
    for (int k = 0; k < 6; k++) {
        eng_company_state *m = &g->co[co(minors[k])];
        m->trains[m->ntrains++] = train("4");
    }
    g->bank -= 2000 - g->co[co("BY")].cash;
    g->co[co("BY")].cash = 2000;
    must(g, buy_train("5", false));
    for (int k = 0; k < 12 && g->forming; k++)
        must(g, pass());
    assert_false(g->forming);
    assert_true(g->co[pr].started);
    int limit = title->phases[g->phase].train_limit_formed;
    assert_true(g->co[pr].ntrains > limit);
    assert_int_equal(g->discarding, pr);
    assert_int_equal(g->current, g->co[pr].director);
    while (g->co[pr].ntrains > limit)
        must(g, (eng_action){.kind = ENG_ACT_DISCARD_TRAIN, .player = g->co[pr].director,
                             .company = pr, .train = train("4")});
    assert_int_equal(g->discarding, ENG_NONE);
    eng_game_free(g);
}

/* Issue 12, defect 3: home circles are kept until their company places its home station —
 * Stuttgart (M9) is WT's only circle, one of L6's two is BA's; no other company's station (BY's,
 * or PfB's free one) may take them before; the company itself places its home there. BA's city
 * on L6 is not fixed (Rails' home city 0): a station in the city its circle is in moves it to
 * the other (Rails' 1835_CorrectPrussianSharePrice: BY's PfB station where BA's was kept). */
static void test_home_circles_are_kept(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=Clemens", 4);
    char why[256] = "";
    int stuttgart = tf_hex(title, "M9"), l6 = tf_hex(title, "L6");
    assert_int_not_equal(eng_station_check(g->board, NULL, co("BY"), stuttgart, 0, why,
                                           sizeof why), 0);
    assert_non_null(strstr(why, "kept for a home station"));
    assert_int_equal(eng_station_check(g->board, NULL, co("WT"), stuttgart, 0, why, sizeof why),
                     0);
    assert_int_equal(eng_station_check(g->board, NULL, co("BA"), l6, 0, why, sizeof why), 0);
    /* Baden's city on L6 is not fixed: a station takes either, and one stays kept for Baden */
    assert_int_equal(eng_station_check(g->board, NULL, co("BY"), l6, 0, why, sizeof why), 0);
    assert_int_equal(eng_place_station(g->board, NULL, co("BY"), l6, 0, why, sizeof why), 0);
    assert_int_not_equal(eng_station_check(g->board, NULL, co("SX"), l6, 1, why, sizeof why), 0);
    assert_non_null(strstr(why, "kept for a home station"));
    assert_int_equal(eng_station_check(g->board, NULL, co("BA"), l6, 1, why, sizeof why), 0);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_home_circles_are_kept),
        cmocka_unit_test(test_a_minors_train_is_its_own_money),
        cmocka_unit_test(test_a_sale_price_is_forgotten_with_the_turn),
        cmocka_unit_test(test_the_prussian_discards_after_forming),
        cmocka_unit_test(test_dividends_and_their_rounding),
        cmocka_unit_test(test_the_market_edges),
        cmocka_unit_test(test_operating_order_on_one_square),
        cmocka_unit_test(test_station_cost_counts_steps_over_the_map),
        cmocka_unit_test(test_obb_closes_when_its_hexes_have_track),
        cmocka_unit_test(test_forced_train_purchase),
        cmocka_unit_test(test_bankruptcy_ends_the_game),
        cmocka_unit_test(test_the_bank_breaking_ends_the_game),
        cmocka_unit_test(test_director_swap_certificates),
        cmocka_unit_test(test_release_counts_the_pool_as_sold),
        cmocka_unit_test(test_badische_home_in_its_first_operating_round),
        cmocka_unit_test(test_privates_pay_and_minors_go_first),
        cmocka_unit_test(test_track_and_stations_in_a_turn),
        cmocka_unit_test(test_the_steps_of_a_turn),
        cmocka_unit_test(test_minors_split_and_majors_withhold),
        cmocka_unit_test(test_rusting_and_excess_trains),
        cmocka_unit_test(test_trains_between_companies),
        cmocka_unit_test(test_a_train_available_early_and_unlimited),
        cmocka_unit_test(test_a_home_city_chosen),
        cmocka_unit_test(test_obsolete_trains_run_once_more),
        cmocka_unit_test(test_any_train_traded_in),
        cmocka_unit_test(test_a_right_bought),
        cmocka_unit_test(test_privates_close),
        cmocka_unit_test(test_pfalzbahn_closes_with_its_station),
        cmocka_unit_test(test_private_powers_as_data),
        cmocka_unit_test(test_prussian_forced_at_the_4_plus_4),
        cmocka_unit_test(test_ld_closes_with_sx_first_train),
        cmocka_unit_test(test_a_train_traded_in),
        cmocka_unit_test(test_prussian_formed_before_m2_operates),
        cmocka_unit_test(test_operating_round_by_its_legal_actions),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
