/* Scenario tests for turn resolution (src/turn): players' orders, as a player types them, resolved
 * on a game of 1835, each test quoting the house rule it checks
 * (../shared/seeds/001_85422608b4dec799.txt). The resolved state and the report are compared. */
#include "../engine/cgr_fixture.h"
#include "../engine/loans_fixture.h"
#include "engine/routes.h"
#include "orders/order.h"
#include "turn/internal.h"
#include "turn/turn.h"

#include <stdlib.h>

static turn_result R;
static ord_envelope envs[ENG_MAX_PLAYERS];
static ord_orders ords[ENG_MAX_PLAYERS];

/* Resolves a turn of `rounds` rounds: texts[p] are player p's orders, NULL for no orders (NMR). */
static void resolve(eng_game *g, const char *const *texts, int rounds)
{
    turn_player pl[ENG_MAX_PLAYERS] = {0};
    for (int p = 0; p < g->nplayers; p++) {
        memset(&envs[p], 0, sizeof envs[p]);
        memset(&ords[p], 0, sizeof ords[p]);
        if (!texts[p]) {
            pl[p].nmr = true;
            continue;
        }
        ord_envelope_parse("orders", texts[p], &envs[p]);
        ord_parse(&envs[p], &ords[p]);
        if (envs[p].nerrors)
            fail_msg("player %d, line %d: %s", p, envs[p].errors[0].line,
                     envs[p].errors[0].message);
        for (int i = 0; i < ords[p].n; i++) { /* names as the title has them, as stored */
            char why[256];
            (void)turn_canonical_order(g->t, &ords[p].v[i], why, sizeof why);
        }
        pl[p].orders = &ords[p];
    }
    turn_settings s;
    turn_settings_default(&s);
    s.rounds = rounds;
    if (turn_resolve(g, &s, pl, &R))
        fail_msg("the resolver stopped:\n%s", R.report.data);
}

/* The turn resolved forgotten (its orders and result), the game kept for the next. */
static void turn_forgotten(const eng_game *g)
{
    for (int p = 0; p < g->nplayers; p++) {
        ord_orders_clear(&ords[p]);
        ord_envelope_clear(&envs[p]);
    }
    turn_result_clear(&R);
}

static void finish(eng_game *g)
{
    turn_forgotten(g);
    eng_game_free(g);
}

static const char *report_has(const char *text)
{
    const char *at = strstr(R.report.data, text);
    if (!at)
        fail_msg("the report does not say \"%s\":\n%s", text, R.report.data);
    return at;
}

static void report_lacks(const char *text)
{
    if (strstr(R.report.data, text))
        fail_msg("the report says \"%s\":\n%s", text, R.report.data);
}

/* a is said before b. */
static void before(const char *a, const char *b)
{
    if (report_has(a) > report_has(b))
        fail_msg("\"%s\" comes after \"%s\"", a, b);
}

static int certs_of(const eng_game *g, const char *company, int player)
{
    int n = 0, c = co(company);
    for (int i = 0; i < g->co[c].ncerts; i++)
        n += g->co[c].certs[i].owner == player;
    return n;
}

/* Player texts in seating order for a game whose players are Ann, Bob, Cy, Dee. */
#define ORDERS(...) ((const char *const[]){__VA_ARGS__})

/* House rule 18: "any SELL order will be paired with the 'following' BUY order" — the sale and
 * the purchase are one turn: no other player acts between them. */
static void test_hr18_sell_is_paired_with_the_following_buy(void **state)
{
    (void)state;
    eng_game *g = after_packet("FirstRoundSellRestriction=no");
    give(g, "BY", 10, false, 0);
    int by = eng_percent_held(g, co("BY"), 0);
    resolve(g, ORDERS("SELL BY\nBUY SX", "PASS", "PASS", "PASS"), 1);
    const char *sold = report_has("Ann sells 10% of BY");
    const char *bought = report_has("Ann buys 10% of SX");
    assert_true(sold < bought);
    for (const char *o = sold; o < bought; o = strchr(o, '\n') + 1)
        if (!strncmp(o, "Bob", 3) || !strncmp(o, "Cy", 2) || !strncmp(o, "Dee", 3))
            fail_msg("another player acts between the sale and the purchase");
    assert_int_equal(eng_percent_held(g, co("BY"), 0), by - 10);
    assert_int_equal(certs_of(g, "SX", 0), 1);
    finish(g);
}

/* House rule 19: "if a player orders a purchase ... but cannot acquire ... the named stock, the
 * GM will make no substitutions": the failed order makes Ann's turn a pass; her next order waits
 * for her next turn (after Bob's second purchase: Bob has priority), it is not tried in its
 * place. */
static void test_hr19_a_failed_purchase_is_not_replaced(void **state)
{
    (void)state;
    eng_game *g = after_packet(NULL);
    resolve(g, ORDERS("BUY 20% MS\nBUY BY", "BUY 2 BY", "PASS", "PASS"), 1);
    report_has("\"BUY 1 20% MS\"");
    report_has("house rule 19");
    before("house rule 19", "  92 goes to BY\nCy passes\nDee passes\nAnn buys 10% of BY");
    assert_int_equal(certs_of(g, "MS", 0), 0);
    finish(g);
}

/* House rule 20: "1Wte or 2MSE ... the number of certificates": BUY 2 BY is two certificates,
 * one on each of two turns (one certificate a turn). */
static void test_hr20_counts_are_certificates(void **state)
{
    (void)state;
    eng_game *g = after_packet(NULL);
    int had = eng_percent_held(g, co("BY"), 0);
    resolve(g, ORDERS("BUY 2 BY", "BUY BY", "PASS", "PASS"), 1);
    assert_int_equal(eng_percent_held(g, co("BY"), 0), had + 20);
    before("Ann buys 10% of BY for 92\n  92 goes to BY\n", /* the money after its purchase */
           "Bob passes\nCy passes\nDee passes\nAnn buys");
    finish(g);
}

/* House rule 20: "Buy 20% MSE" asks for that certificate only — SX's only 20% certificate, its
 * director's, came with LD: Ann gets no 10% in its place; BUY 10% SX buys a 10%. */
static void test_hr20_an_explicit_size(void **state)
{
    (void)state;
    eng_game *g = after_packet(NULL);
    resolve(g, ORDERS("BUY 20% SX", "PASS", "PASS", "PASS"), 1);
    report_has("the IPO has no 20% certificate of SX");
    assert_int_equal(eng_percent_held(g, co("SX"), 0), 0);
    finish(g);
    g = after_packet(NULL); /* and a 10% only: never the director's 20% */
    resolve(g, ORDERS("BUY 10% SX", "PASS", "PASS", "PASS"), 1);
    report_has("Ann buys 10% of SX");
    finish(g);
}

/* A start-packet purchase ends the player's turn by itself: in the snake order the last player
 * buys twice in a row, and the second purchase is not lost to a pass. */
static void test_snake_turns_back_to_back(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=Snake", 4);
    resolve(g, ORDERS("BUY NF", "BUY M1", "BUY LD", "BUY M2\nBUY M3"), 1);
    report_has("Dee buys M2 for 170\nM2 floats with 170\nDee buys M3 for 80");
    finish(g);
}

/* Nationalisation (the GM's advice after house rule 21: "reaching 60% of ownership in a company
 * ... allows the company to nationalize"): BY's director, holding 60%, buys another player's
 * certificate at 150% of the price. */
static void test_nationalisation(void **state)
{
    (void)state;
    eng_game *g = after_packet("NationalisationThreshold=60");
    int by = co("BY"), d = g->co[by].director, seller = (d + 1) % 4;
    while (eng_percent_held(g, by, d) < 60)
        give(g, "BY", 10, false, d);
    give(g, "BY", 10, false, seller);
    int had = eng_percent_held(g, by, seller);
    char text[64];
    snprintf(text, sizeof text, "BUY 10%% BY FROM %s", g->players[seller].name);
    const char *v[4] = {"PASS", "PASS", "PASS", "PASS"};
    v[d] = text;
    resolve(g, v, 1);
    char said[64];
    snprintf(said, sizeof said, "%s buys 10%% of BY for %d", g->players[d].name,
             title->companies[by].price * 15 / 10);
    report_has(said);
    assert_int_equal(eng_percent_held(g, by, seller), had - 10);
    finish(g);
}

/* House rule 12: contingency orders — the condition is looked at when the order is tried: BA is
 * not available, so the ELSE part is carried out. */
static void test_hr12_contingency_by_condition(void **state)
{
    (void)state;
    eng_game *g = after_packet(NULL);
    resolve(g, ORDERS("IF BA AVAILABLE THEN BUY BA ELSE BUY SX\nIF CASH < 5 THEN BUY BY", "PASS",
                      "PASS", "PASS"),
            1);
    report_has("Ann buys 10% of SX");
    report_has("its condition does not hold: skipped");
    assert_int_equal(certs_of(g, "BA", 0), 0);
    finish(g);
}

/* House rule 14: "Two or more rounds will be the norm for most turns. Players may request one
 * round": a turn of two rounds covers the stock round and the operating round after it; of one,
 * only the stock round. */
static void test_hr14_rounds_per_turn(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    resolve(g, ORDERS("PASS", "PASS", "PASS", "PASS"), 2);
    assert_int_equal(R.rounds, 2);
    report_has("Operating round 1.1 ends");
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    assert_int_equal(g->stock_round_number, 2);
    finish(g);
    g = after_packet("Variant=Clemens");
    resolve(g, ORDERS("PASS", "PASS", "PASS", "PASS"), 1);
    assert_int_equal(R.rounds, 1);
    report_lacks("Operating round 1.1 ends");
    assert_int_equal(g->round, ENG_ROUND_OPERATING);
    finish(g);
}

/* House rule 14's one reading, the turn's and the acknowledgement's: anyone's asking (the GM,
 * any player's ONE ROUND) makes the turn one round; who asked is kept only where it shortened
 * the turn (said where an order is left unreached for it). */
static void test_hr14_one_reading_of_one_round(void **state)
{
    (void)state;
    turn_settings s;
    turn_settings_for(&s, 2, true, "");
    assert_int_equal(s.rounds, 2);
    assert_true(s.stop_after_formation);
    assert_string_equal(s.one_round_by, "");
    turn_settings_for(&s, 2, false, "alice");
    assert_int_equal(s.rounds, 1);
    assert_false(s.stop_after_formation);
    assert_string_equal(s.one_round_by, "alice");
    turn_settings_for(&s, 1, true, "the game master and bob");
    assert_int_equal(s.rounds, 1);
    assert_string_equal(s.one_round_by, ""); /* a turn of one round anyway */
}

/* House rule 14: "The GM may also limit results to one round if ... as may happen when the PrE
 * forms" — M1 buys the first 4, M2's owner forms the Prussian: the turn ends with that operating
 * round (a game setting; without it the turn goes on to its second round). */
static void test_hr14_the_turn_stops_when_the_prussian_forms(void **state)
{
    (void)state;
    for (int stop = 1; stop >= 0; stop--) {
        eng_game *g = after_packet("Variant=Clemens");
        for (int k = 0; k < 4; k++)
            must(g, pass());
        int m1 = co("M1");
        assert_int_equal(g->operating, m1);
        for (int k = 0; k < train("4"); k++) { /* the 4s are on sale, in the 3+3s' phase */
            g->trains_left[k] = 0;
            g->train_bought[k] = true;
        }
        g->train_on_sale = train("4");
        g->phase = 3;
        g->bank -= 400 - g->co[m1].cash;
        g->co[m1].cash = 400;
        char text[4][64] = {"PASS", "PASS", "PASS", "PASS"};
        snprintf(text[g->co[m1].owner], sizeof text[0], "M1:\nNO TILE\nBUY TRAIN 4");
        int m2_owner = g->co[co("M2")].owner;
        snprintf(text[m2_owner] + strlen(text[m2_owner]), sizeof text[0] - strlen(text[m2_owner]),
                 "\nFORM PR");
        turn_player pl[4] = {0};
        for (int p = 0; p < 4; p++) {
            memset(&envs[p], 0, sizeof envs[p]);
            ord_envelope_parse("orders", text[p], &envs[p]);
            ord_parse(&envs[p], &ords[p]);
            assert_int_equal(envs[p].nerrors, 0);
            pl[p].orders = &ords[p];
        }
        turn_settings s = {.rounds = 2, .stop_after_formation = stop};
        assert_int_equal(turn_resolve(g, &s, pl, &R), 0);
        report_has("PR forms at");
        assert_true(R.formed);
        assert_int_equal(R.rounds, stop ? 1 : 2);
        assert_int_equal(g->round, stop ? ENG_ROUND_STOCK : ENG_ROUND_OPERATING);
        finish(g);
    }
}

/* ---- operating rounds ---- */

/* Orders for BY's director (the other players send PASS) */
static const char *const *by_orders(const eng_game *g, const char *text)
{
    static const char *v[4];
    for (int p = 0; p < 4; p++)
        v[p] = p == g->co[co("BY")].director ? text : "PASS";
    return v;
}

struct lay_found {
    int hex, tile, rot, revenue, distance;
};

static int distance(int a, int b)
{
    int dr = abs(title->hexes[a].row - title->hexes[b].row);
    int dc = abs(title->hexes[a].col - title->hexes[b].col);
    return dr + (dc > dr ? (dc - dr) / 2 : 0);
}

/* Every legal lay of the operating company now: how many; the nearest to goal, the best. */
static int legal_lays(const eng_game *g, int goal, struct lay_found *nearest,
                      struct lay_found *best)
{
    int n = 0;
    nearest->distance = 1000;
    best->revenue = -1;
    eng_lay_option opts[64];
    for (int h = 0; h < title->nhexes; h++) {
        int k = eng_lay_options(g->board, ENG_NONE, h, title->phases[g->phase].tile_colors, opts,
                                64);
        for (int i = 0; i < k; i++) {
            eng_game *copy = eng_game_copy(g);
            eng_action a = {.kind = ENG_ACT_LAY_TILE, .player = g->current, .hex = h,
                            .tile = opts[i].tile, .rot = opts[i].rot};
            if (eng_apply(copy, &a, NULL, 0) == 0) {
                eng_run run;
                struct lay_found f = {h, opts[i].tile, opts[i].rot,
                                      eng_best_run(copy, g->operating, &run),
                                      goal >= 0 ? distance(h, goal) : 0};
                n++;
                if (f.distance < nearest->distance)
                    *nearest = f;
                if (f.revenue > best->revenue)
                    *best = f;
            }
            eng_game_free(copy);
        }
    }
    return n;
}

static int laid_hex(const eng_game *before, const eng_game *after)
{
    for (int h = 0; h < title->nhexes; h++)
        if (before->board->tile[h] != after->board->tile[h])
            return h;
    return -1;
}

/* House rule 17 A: "use the player's own contingency plan" — the first lay is impossible (Kiel
 * is nowhere near BY), the ELSE lay is carried out, and nothing else is needed. */
static void test_hr17_a_the_players_contingency(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    struct lay_found near, best;
    assert_true(legal_lays(g, -1, &near, &best) > 0);
    char text[256];
    snprintf(text, sizeof text, "BY:\nLAY 9 ON A11 ROT 0 ELSE LAY %s ON %s ROT %d\nNO STATION",
             title->tiles[best.tile].id, title->hexes[best.hex].id, best.rot);
    eng_game *start = eng_game_copy(g);
    resolve(g, by_orders(g, text), 1);
    char laid[64];
    snprintf(laid, sizeof laid, "BY lays tile %s on %s", title->tiles[best.tile].id,
             title->hexes[best.hex].id);
    report_has(laid);
    report_lacks("House rule 17");
    assert_int_equal(laid_hex(start, g), best.hex);
    eng_game_free(start);
    finish(g);
}

/* House rule 17 B: "place a tile which seems to best follow the director's plans for his company
 * as has been revealed" — the impossible lay gives way to the legal lay nearest BY's goal. */
static void test_hr17_b_the_goal(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    int goal = tf_hex(title, "L14");
    struct lay_found near, best;
    assert_true(legal_lays(g, goal, &near, &best) > 0);
    eng_game *start = eng_game_copy(g);
    resolve(g, by_orders(g, "BY:\nGOAL L14\nLAY 9 ON A11 ROT 0\nNO STATION"), 1);
    report_has("cannot be carried out");
    report_has("House rule 17 B: BY's tile towards its goal L14");
    int h = laid_hex(start, g);
    assert_true(h >= 0);
    assert_int_equal(distance(h, goal), near.distance);
    eng_game_free(start);
    finish(g);
}

/* BY with a 2 train, München's tile and the track to Augsburg's hex laid (its two lays of this
 * turn, given back to it): one more tile, in Augsburg (N12), makes a run. */
static eng_game *by_one_lay_from_a_run(void)
{
    eng_game *g = by_operating("Variant=Clemens");
    give_train(g, "BY", "2");
    must(g, (eng_action){.kind = ENG_ACT_LAY_TILE, .hex = tf_hex(title, "O15"),
                         .tile = tf_tile(title, "201"), .rot = 0});
    must(g, (eng_action){.kind = ENG_ACT_LAY_TILE, .hex = tf_hex(title, "O13"),
                         .tile = tf_tile(title, "9"), .rot = 2});
    g->co[co("BY")].lays = 0;
    return g;
}

/* House rule 17 C: "place a tile which will give the stockholders maximum income" — with a
 * train and no goal, the lay that earns the most now; the run then earns it. */
static void test_hr17_c_the_most_income(void **state)
{
    (void)state;
    eng_game *g = by_one_lay_from_a_run();
    struct lay_found near, best;
    legal_lays(g, -1, &near, &best);
    eng_run run;
    int now = eng_best_run(g, co("BY"), &run);
    assert_true(best.revenue > now);
    resolve(g, by_orders(g, "BY:\nLAY 9 ON A11 ROT 0\nNO STATION\nRUN BEST\nPAY OUT"), 1);
    report_has("House rule 17 C: BY's tile for the most income");
    char ran[64];
    snprintf(ran, sizeof ran, "BY runs for %d and pays out", best.revenue);
    report_has(ran);
    finish(g);
}

/* House rule 17 D: "place no tile if there is no foreseeable monetary advantage in this or the
 * next turn" — BY has no train and no single tile makes it a run, but track towards the nearest
 * city it does not reach is the advantage of the next turns (issue 12: judged on this turn only,
 * no tile was ever laid, and a silent player's companies never earned). */
static void test_hr17_d_looks_at_the_next_turns(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    eng_game *start = eng_game_copy(g);
    resolve(g, by_orders(g, "BY:\nLAY 9 ON A11 ROT 0\nNO STATION\nBUY TRAIN 2"), 1);
    report_has("House rule 17 B: BY's tile towards ");
    report_has("the nearest place it does not reach yet");
    report_lacks("House rule 17 D: no tile for BY");
    assert_true(laid_hex(start, g) >= 0);
    eng_game_free(start);
    finish(g);
}

/* House rule 17, "the same logic applies to orders for placing stations": an impossible station
 * (no track reaches Kiel) and no goal: none brings income without a train — step D. */
static void test_hr17_stations_too(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    resolve(g, by_orders(g, "BY:\nNO TILE\nSTATION A11\nBUY TRAIN 2"), 1);
    report_has("\"STATION A11\"");
    report_has("House rule 17 D: no station for BY");
    finish(g);
}

/* House rule 16: "orders that are ambiguous or unclear ... all or some of his intended action did
 * not occur, although it will not be counted as a NMR" — PAY OUT and WITHHOLD, both without a
 * condition: neither order decides; the revenue is paid out, as for a company played for its
 * director, and the report says so without contradicting itself. */
static void test_hr16_ambiguous_orders(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    give_train(g, "BY", "2");
    resolve(g, by_orders(g, "BY:\nNO TILE\nNO STATION\nRUN BEST\nWITHHOLD\nPAY OUT"), 1);
    report_has("ambiguous");
    report_lacks("neither is carried out");
    report_has("house rule 16; not an NMR");
    report_lacks("(NMR)");
    finish(g);
}

/* House rules 12 and 13, the first NMR: a director who sent nothing — his company still runs its
 * best and pays out, and buys the train it needs to earn with. */
static void test_nmr_first_automatic_play(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    const char *v[4];
    for (int p = 0; p < 4; p++)
        v[p] = p == g->co[co("BY")].director ? NULL : "PASS";
    resolve(g, v, 1);
    report_has("(NMR)");
    report_has("BY buys a 2 train from the bank");
    assert_int_equal(g->co[co("BY")].ntrains, 1);
    finish(g);
}

/* A director's RUN of more than the trains can earn runs for the best instead. */
static void test_run_declared_above_the_best(void **state)
{
    (void)state;
    eng_game *g = by_one_lay_from_a_run();
    struct lay_found near, found;
    legal_lays(g, -1, &near, &found);
    char text[200];
    snprintf(text, sizeof text, "BY:\nLAY %s ON %s ROT %d\nNO STATION\nRUN 990\nWITHHOLD",
             title->tiles[found.tile].id, title->hexes[found.hex].id, found.rot);
    int best = found.revenue;
    resolve(g, by_orders(g, text), 1);
    char said[80];
    snprintf(said, sizeof said, "BY runs for %d and withholds", best);
    report_has(said);
    report_has("can earn at most");
    finish(g);
}

/* Explicit routes: a train's stops, hex by hex; a route the rules refuse gives way to the best
 * run, and the report says why. */
static void test_declared_routes(void **state)
{
    (void)state;
    for (int legal = 1; legal >= 0; legal--) {
        eng_game *g = by_one_lay_from_a_run();
        struct lay_found near, found;
        legal_lays(g, -1, &near, &found);
        char text[200];
        snprintf(text, sizeof text, "BY:\nLAY %s ON %s ROT %d\nNO STATION\nROUTE 2 O15 %s\n"
                                    "WITHHOLD",
                 title->tiles[found.tile].id, title->hexes[found.hex].id, found.rot,
                 legal ? title->hexes[found.hex].id : "A11");
        resolve(g, by_orders(g, text), 1);
        char said[80];
        snprintf(said, sizeof said, "BY runs for %d and withholds", found.revenue);
        report_has(said);
        if (legal)
            report_lacks("cannot be run");
        else
            report_has("Cy's routes for BY cannot be run:");
        finish(g);
    }
}

/* A train from another director's company needs that director's word: SELL TRAIN in the
 * seller's orders at the same price; without it the purchase is not carried out. */
static void test_a_train_from_another_directors_company(void **state)
{
    (void)state;
    for (int agreed = 0; agreed < 2; agreed++) {
        eng_game *g = by_operating("Variant=Clemens");
        give_train(g, "M1", "2");
        g->phase = 2;
        int by = g->co[co("BY")].director, m1 = g->co[co("M1")].owner;
        if (by == m1) { /* the test wants two directors */
            g->co[co("M1")].owner = (m1 + 1) % 4;
            m1 = (m1 + 1) % 4;
        }
        const char *v[4] = {"PASS", "PASS", "PASS", "PASS"};
        v[by] = "BY:\nNO TILE\nNO STATION\nBUY TRAIN 2 FROM M1 FOR 10";
        v[m1] = agreed ? "M1:\nSELL TRAIN 2 TO BY FOR 10" : "M1:\nSELL TRAIN 2 TO BY FOR 50";
        resolve(g, v, 1);
        if (agreed) {
            report_has("BY buys a 2 train from M1 for 10");
        } else {
            report_has("M1's director has not agreed");
            report_has("BY must buy a train"); /* and the bank's is bought */
        }
        finish(g);
    }
}

/* ---- issue 11: every order ends carried out, or not with its reason ---- */

/* The fate of player p's order on line `line` of the last resolution, as the report says it. */
static const char *fate_line(int p, int line)
{
    static char text[400];
    for (int i = 0; i < ords[p].n; i++)
        if (ords[p].v[i].line == line) {
            buf b;
            buf_init(&b);
            turn_fate_text(&R.fates[p][i], &ords[p].v[i], &b);
            snprintf(text, sizeof text, "%s", b.data);
            buf_free(&b);
            return text;
        }
    fail_msg("player %d has no order on line %d", p, line);
    return "";
}

static void fate_has(int p, int line, const char *fragment)
{
    const char *f = fate_line(p, line);
    if (!strstr(f, fragment))
        fail_msg("line %d: \"%s\" does not say \"%s\"\n%s", line, f, fragment, R.report.data);
}

/* Defect 3: a SELL that fails takes the BUY paired with it (house rule 18): the turn is a pass,
 * the BUY is not carried out, and the report says why. */
static void test_a_failed_sell_takes_its_paired_buy(void **state)
{
    (void)state;
    eng_game *g = after_packet("FirstRoundSellRestriction=no");
    resolve(g, ORDERS("SELL 1 MS\nBUY SX", "PASS", "PASS", "PASS"), 1);
    report_lacks("Ann buys 10% of SX");
    assert_int_equal(certs_of(g, "SX", 0), 0);
    fate_has(0, 1, "not carried out: ");
    fate_has(0, 2, "the SELL paired with it (line 1) failed");
    report_has("Orders of Ann:");
    finish(g);
}

/* Defect 3: the director's LAYs after an impossible one go on once house rule 17 has chosen for
 * it (here D: no tile, BY has no train), while the company has lays left. */
static void test_lays_after_a_fallback_go_on(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    struct lay_found near, best;
    assert_true(legal_lays(g, -1, &near, &best) > 0);
    char text[256];
    snprintf(text, sizeof text, "BY:\nLAY 9 ON A11 ROT 0\nLAY %s ON %s ROT %d\nNO STATION",
             title->tiles[best.tile].id, title->hexes[best.hex].id, best.rot);
    eng_game *start = eng_game_copy(g);
    resolve(g, by_orders(g, text), 1);
    int d = start->co[co("BY")].director;
    fate_has(d, 2, "house rule 17 chose in its place");
    if (strstr(fate_line(d, 3), "not reached")) /* it used to be dropped */
        fail_msg("the second LAY was not tried:\n%s", R.report.data);
    eng_game_free(start);
    finish(g);
}

/* Defect 3: orders the turn never reached are said, with why: the start packet's round ended on
 * passes, and the turn's one round was over. (The operating round that follows, in which no
 * company can operate, is no round of the turn: with two rounds, BUY NF is reached.) */
static void test_unreached_orders_are_said(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=Clemens", 4);
    resolve(g, ORDERS("PASS\nBUY NF", "PASS", "PASS", "PASS"), 1);
    fate_has(0, 1, "carried out");
    fate_has(0, 2, "not carried out: not reached");
    report_has("line 2 \"BUY 1 NF\": not carried out: not reached");
    finish(g);
    g = new_game("Variant=Clemens", 4);
    resolve(g, ORDERS("PASS\nBUY NF", "PASS", "PASS", "PASS"), 2);
    fate_has(0, 2, "carried out");
    finish(g);
}

/* Defect 4, house rule 12: on a first NMR the company's stated intentions are used — its standing
 * WITHHOLD holds; before, every company of an NMR player was played automatically and paid out. */
static void test_standing_orders_of_a_silent_director(void **state)
{
    (void)state;
    eng_game *g = by_one_lay_from_a_run();
    struct lay_found near, best_lay;
    legal_lays(g, -1, &near, &best_lay);
    must(g, (eng_action){.kind = ENG_ACT_LAY_TILE, .hex = best_lay.hex, .tile = best_lay.tile,
                         .rot = best_lay.rot});
    g->co[co("BY")].lays = 0; /* this turn's lays, given back: the turn lays nothing more */
    int d = g->co[co("BY")].director;
    turn_player pl[ENG_MAX_PLAYERS] = {0};
    memset(envs, 0, sizeof envs);
    memset(ords, 0, sizeof ords);
    ord_envelope_parse("orders", "BY:\nSTANDING WITHHOLD\nSTANDING NO STATION\n", &envs[d]);
    ord_parse(&envs[d], &ords[d]);
    for (int i = 0; i < ords[d].n; i++)
        ords[d].v[i].earlier = true; /* from an earlier turn */
    for (int p = 0; p < g->nplayers; p++)
        pl[p].nmr = true;
    pl[d].orders = &ords[d];
    turn_settings s;
    turn_settings_default(&s);
    s.rounds = 1;
    eng_run run;
    int best = eng_best_run(g, co("BY"), &run);
    assert_true(best > 0);
    if (turn_resolve(g, &s, pl, &R))
        fail_msg("the resolver stopped:\n%s", R.report.data);
    char said[64];
    snprintf(said, sizeof said, "BY runs for %d and withholds", best);
    report_has(said);
    finish(g);
}

/* Defect 3: a company section holding only an earlier turn's standing order does not count as
 * sent: the director sent stock orders this turn (not an NMR), nothing for BY, so BY is played
 * for its director — its tile for the most income (house rule 17 C) — with its standing RUN. */
static void test_a_section_of_standing_orders_only_is_played_for_its_director(void **state)
{
    (void)state;
    eng_game *g = by_one_lay_from_a_run();
    int d = g->co[co("BY")].director;
    turn_player pl[ENG_MAX_PLAYERS] = {0};
    memset(envs, 0, sizeof envs);
    memset(ords, 0, sizeof ords);
    for (int p = 0; p < g->nplayers; p++) {
        ord_envelope_parse("orders", p == d ? "PASS\nBY:\nSTANDING RUN BEST\n" : "PASS\n",
                           &envs[p]);
        ord_parse(&envs[p], &ords[p]);
        pl[p].orders = &ords[p];
    }
    ords[d].v[1].earlier = true; /* BY's line is from an earlier turn */
    turn_settings s;
    turn_settings_default(&s);
    s.rounds = 1;
    eng_game *start = eng_game_copy(g);
    if (turn_resolve(g, &s, pl, &R))
        fail_msg("the resolver stopped:\n%s", R.report.data);
    report_has("its standing orders and goal are used");
    report_has("as house rule 17 C: BY's tile for the most income");
    assert_true(laid_hex(start, g) >= 0);
    eng_game_free(start);
    finish(g);
}

/* Defect 7: the acknowledgement is the turn's own verdict. A company's first tile, ordered before
 * its home station is placed, is laid in the preview (the board alone calls it unconnected); a
 * purchase beyond the player's money and a sale of a certificate not held are not. */
static void test_the_preview_is_the_turns_verdict(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    int d = g->co[co("BY")].director, hex = tf_hex(title, "O15"), tile = tf_tile(title, "201");
    int start_tile = g->board->tile[hex];
    eng_lay lay;
    char why[256] = "";
    assert_int_not_equal(eng_lay_check(g->board, co("BY"), hex, tile, 0,
                                       title->phases[g->phase].tile_colors, &lay, why, sizeof why),
                         0); /* what the old check said */
    ord_envelope env;
    ord_orders o;
    ord_envelope_parse("orders", "SELL 1 MS\nBUY 1 BA\nBY:\nLAY 201 ON O15 ROT 0\n", &env);
    ord_parse(&env, &o);
    assert_int_equal(o.n, 3);
    g->players[d].cash = 1;
    turn_settings s;
    turn_settings_default(&s);
    turn_result r;
    eng_round round = g->round;
    assert_int_equal(turn_preview(g, &s, d, &o, &r), 0);
    assert_int_equal(g->round, round); /* the game itself is untouched */
    assert_int_equal(g->board->tile[hex], start_tile);
    assert_int_equal(r.fates[d][0].kind, TURN_FATE_NOT_DONE);
    assert_int_equal(r.fates[d][1].kind, TURN_FATE_NOT_DONE);
    if (r.fates[d][2].kind != TURN_FATE_DONE)
        fail_msg("BY's first tile: %s\n%s", r.fates[d][2].why, r.report.data);
    turn_result_clear(&r);
    ord_orders_clear(&o);
    ord_envelope_clear(&env);
    eng_game_free(g);
}

/* Defect 3: BY's first 4 train calls the Prussian's formation round in the middle of BY's turn;
 * when the round is over BY goes on with its orders, and its second BUY TRAIN is carried out. */
static void test_train_orders_go_on_after_a_formation_round(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    int four = train("4");
    g->train_on_sale = four;
    for (int k = 0; k < four; k++)
        g->trains_left[k] = 0;
    g->co[co("BY")].cash = 2000;
    int d = g->co[co("BY")].director;
    resolve(g, by_orders(g, "BY:\nNO TILE\nNO STATION\nBUY TRAIN 4\nBUY TRAIN 4"), 1);
    report_has("may form PR");
    int fours = 0;
    for (int k = 0; k < g->co[co("BY")].ntrains; k++)
        fours += g->co[co("BY")].trains[k] == four;
    if (fours != 2)
        fail_msg("BY has %d 4 trains:\n%s", fours, R.report.data);
    fate_has(d, 5, "carried out");
    finish(g);
}

/* Issue 12, defect 1: the end of the game is a turn like the others — the bank breaks in BY's
 * run, the operating round is played to its end, the game is over with the final scores; and a
 * bankruptcy ends it at once. The result says so (the service then marks the game finished). */
static void test_the_game_ends_in_a_turn(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    give_train(g, "BY", "2");
    g->players[0].cash += g->bank; /* the bank is empty: broken at the end of this round */
    g->bank = 0;
    resolve(g, by_orders(g, "BY:\nNO TILE\nNO STATION\nRUN BEST\nPAY OUT"), 2);
    assert_true(R.game_over);
    assert_int_equal(g->round, ENG_ROUND_OVER);
    report_has("The bank is broken");
    report_has("The game is over (the bank broke)");
    report_has("1. ");
    finish(g);
    g = by_operating("Variant=Clemens");
    int by = co("BY"), dir = g->co[by].director;
    g->bank += g->co[by].cash + g->players[dir].cash;
    g->co[by].cash = 0;
    g->players[dir].cash = 0; /* BY must buy a train; nobody can pay */
    resolve(g, by_orders(g, "BY:\nNO TILE\nNO STATION"), 2);
    assert_true(R.game_over);
    report_has("The game is over (a bankruptcy)");
    finish(g);
}

/* Issue 12, defect 2: Thompson's start packet sells out in the middle of stock round 1, which
 * goes on: that is not a round's end. A turn of two rounds covers stock round 1 and operating round
 * 1.1 whole, and says so; it used to count two ends and stop as operating round 1.1 began. */
static void test_a_packet_sold_out_in_a_stock_round_is_not_a_round(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=ThompsonFull", 4);
    for (int guard = 0; guard < 400; guard++) {
        int unsold = 0;
        for (int i = 0; i < title->nstart_items; i++)
            unsold += !g->item_sold[i];
        if (unsold <= 1)
            break;
        eng_action legal[256];
        int n = eng_legal_actions(g, legal, 256), pick = n - 1;
        for (int k = 0; k < n; k++)
            if (legal[k].kind == ENG_ACT_BUY_ITEM)
                pick = k;
        must(g, legal[pick]);
    }
    assert_int_equal(g->stock_round_number, 1);
    int last = -1;
    for (int i = 0; i < title->nstart_items; i++)
        if (!g->item_sold[i])
            last = i;
    assert_true(last >= 0);
    g->players[g->current].cash += 2000; /* the buyer can pay */
    g->bank -= 2000;
    const char *v[4] = {"PASS", "PASS", "PASS", "PASS"};
    char order[64];
    snprintf(order, sizeof order, "BUY %s\nPASS", title->start_items[last].id);
    v[g->current] = order;
    resolve(g, v, 2);
    assert_int_equal(R.rounds, 2);
    if (strcmp(R.rounds_text, "stock round 1, operating round 1.1") != 0)
        fail_msg("the turn covered: %s\n%s", R.rounds_text, R.report.data);
    assert_false(g->round == ENG_ROUND_OPERATING && g->or_set == 1 && g->or_in_set == 1);
    finish(g);
}

/* The start packet's two rounds, everyone passing, are named together in the turn's heading
 * (they read "the start packet, the start packet (round 2)"); a start round and a stock round
 * stay apart. */
static void test_the_start_packets_rounds_named_together(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=Clemens", 4);
    const char *v[4] = {"PASS", "PASS", "PASS", "PASS"};
    resolve(g, v, 2);
    assert_int_equal(R.rounds, 2);
    if (strcmp(R.rounds_text, "the start packet (rounds 1 and 2)") != 0)
        fail_msg("the turn covered: %s\n%s", R.rounds_text, R.report.data);
    finish(g);
    g = new_game("Variant=Clemens", 4);
    resolve(g, v, 3);
    if (strcmp(R.rounds_text, "the start packet (rounds 1 to 3)") != 0)
        fail_msg("the turn covered: %s\n%s", R.rounds_text, R.report.data);
    finish(g);
}

/* Issue 12, defect 4, house rule 6 (Westermann): NO TILE, then USE PfB — the station step comes
 * at once, and the power is used (it was refused: "comes in the station step, after the
 * track"). */
static void test_no_tile_then_a_private_station(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens,RouteAlgorithm=Permissive,NF_PfB_Westermann=yes");
    int d = g->co[co("BY")].director;
    g->co[co("PfB")].owner = d;
    resolve(g, by_orders(g, "BY:\nNO TILE\nUSE PfB CITY 2\nNO STATION"), 1);
    fate_has(d, 3, "carried out");
    assert_true(g->co[co("PfB")].closed);
    int l6 = tf_hex(title, "L6");
    assert_int_equal(g->board->tokens[l6][1][0], co("BY"));
    finish(g);
}

/* USE PfB names no city, and its station could go in either of L6's: Baden's kept circle
 * moves to the other city when a station takes its city (house rule 8), so the order is
 * ambiguous (house rule 16), as a STATION order would be; CITY 1 takes Baden's circle's city
 * and moves the circle. */
static void test_a_private_station_in_which_city(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens,RouteAlgorithm=Permissive,NF_PfB_Westermann=yes");
    int d = g->co[co("BY")].director, l6 = tf_hex(title, "L6");
    g->co[co("PfB")].owner = d;
    resolve(g, by_orders(g, "BY:\nNO TILE\nUSE PfB\nNO STATION"), 1);
    fate_has(d, 3, "ambiguous");
    report_has("which one? (USE PfB CITY n)");
    assert_false(g->co[co("PfB")].closed);
    finish(g);
    g = by_operating("Variant=Clemens,RouteAlgorithm=Permissive,NF_PfB_Westermann=yes");
    g->co[co("PfB")].owner = d;
    resolve(g, by_orders(g, "BY:\nNO TILE\nUSE PfB CITY 1\nNO STATION"), 1);
    fate_has(d, 3, "carried out");
    report_has("BY places a free station on L6 (city 1)"); /* the city, on a hex of two */
    assert_int_equal(g->board->tokens[l6][0][0], co("BY"));
    assert_int_equal(g->board->reserved[l6][1], co("BA")); /* Baden's circle moved */
    finish(g);
}

/* Issue 12, defect 4, house rule 17: a GOAL without a tile order builds towards the goal (it used
 * to lay nothing and say nothing); a failed LAY whose ELSE is NO TILE says why. */
static void test_a_goal_without_a_lay_and_a_silent_else(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    eng_game *start = eng_game_copy(g);
    resolve(g, by_orders(g, "BY:\nGOAL L14\nNO STATION"), 1);
    report_has("BY's tile towards its goal L14");
    assert_true(laid_hex(start, g) >= 0);
    eng_game_free(start);
    finish(g);
    g = by_operating("Variant=Clemens");
    resolve(g, by_orders(g, "BY:\nLAY 9 ON A11 ROT 0 ELSE NO TILE\nNO STATION"), 1);
    report_has("its ELSE is carried out");
    finish(g);
}

/* A title's loans (1856): loans_fixture's game, GT with a 2 train. The 1835 title is put back
 * by loans_done. */
static eng_title *title_1835;

static eng_game *gt_with_loans(int cash, int loans)
{
    title_1835 = title;
    title = tf_load_title("1856");
    eng_game *g = gt_operating(cash, loans);
    give_train(g, "GT", "2");
    return g;
}

static void loans_done(eng_game *g)
{
    finish(g);
    eng_title_free(title);
    title = title_1835;
}

/* TAKE LOAN as the company's turn begins (the whole loan), its interest at the run, REPAY after
 * its trains; a REPAY the money does not cover is said and not done. */
static void test_loan_orders_in_a_companys_turn(void **state)
{
    (void)state;
    eng_game *g = gt_with_loans(200, 0);
    resolve(g, ORDERS("GT:\nTAKE LOAN\nNO TILE\nNO STATION\nRUN BEST\nPAY OUT\nNO TRAIN\n"
                      "REPAY 1 LOAN\nREPAY 1 LOAN", "PASS", "PASS"), 1);
    report_has("GT takes a loan and receives 100 (1 loan)");
    report_has("10 of GT's interest from its treasury");
    report_has("GT repays 1 loan from its treasury (100)");
    report_has("GT has 0 loans, not 1");
    before("GT takes a loan", "GT owes 10 interest");
    assert_int_equal(g->co[co("GT")].loans, 0);
    loans_done(g);
}

/* A director who must pay interest and has too little sells shares for it, a certificate at a
 * time, until it is paid (house rule 9's forced payment). */
static void test_a_director_sells_for_the_interest(void **state)
{
    (void)state;
    eng_game *g = gt_with_loans(0, 3);
    eng_player_pays_bank(g, 0, g->players[0].cash); /* Ann has nothing */
    resolve(g, ORDERS("GT:\nNO TILE\nNO STATION\nRUN BEST\nPAY OUT\nNO TRAIN", "PASS", "PASS"), 1);
    report_has("GT owes 30 interest on 3 loans");
    before("Ann sells", "Ann pays 30 of GT's interest");
    assert_int_equal(g->co[co("GT")].loans, 3);
    loans_done(g);
}

/* Phase 5, the 6 on sale (1856: the next train bought asks for the CGR's round). */
static void six_on_sale(eng_game *g)
{
    for (int k = 0; k < train("6"); k++) {
        g->trains_left[k] = k < train("4") ? 0 : g->trains_left[k];
        g->train_bought[k] = true;
    }
    g->train_on_sale = train("6");
    g->phase = 3;
}

/* In the CGR's round (1856's national, asked for by the first 6-train), the REPAY order in the
 * asked company's section repays its loans, its director adding his money. GT (Ann) buys the
 * first 6; CA (Bob, two loans, no money) is asked. */
static void test_repay_in_the_nationals_round(void **state)
{
    (void)state;
    title_1835 = title;
    title = tf_load_title("1856");
    eng_game *g = new_game(NULL, 3);
    int gt = co("GT"), ca = co("CA");
    give(g, "GT", 20, true, 0);
    give(g, "CA", 20, true, 1);
    eng_set_par(g, gt, 100);
    eng_set_par(g, ca, 90);
    g->co[gt].floated = g->co[ca].floated = true;
    g->co[gt].operated = g->co[ca].operated = 1; /* (the float percent binds only before) */
    eng_bank_pays_company(g, gt, 800);
    eng_bank_pays_player(g, 1, 500);
    g->co[ca].loans = 2;
    six_on_sale(g);
    give_train(g, "CA", "5");
    g->round = ENG_ROUND_OPERATING;
    eng_begin_operating_round(g);
    assert_int_equal(g->operating, gt);
    int bob = g->players[1].cash;
    resolve(g, ORDERS("GT:\nNO TILE\nNO STATION\nBUY TRAIN 6", "CA:\nREPAY 2 LOANS", "PASS"), 1);
    report_has("CA repays 2 loans: 0 from its treasury, 200 from Bob");
    assert_int_equal(g->co[ca].loans, 0);
    assert_false(g->co[ca].closed);
    assert_true(g->players[1].cash <= bob - 200); /* (and whatever CA's turn cost him after) */
    loans_done(g);
}

/* The same round, Bob directing THB (asked first) and CA, both with loans: his REPAY in CA's
 * section, written before his GIVE UP THB, is used when CA is asked after THB merged (it waited:
 * it was skipped once, and CA was given up by default, before the orders were read again). */
static void test_repay_written_before_a_give_up_asked_first(void **state)
{
    (void)state;
    title_1835 = title;
    title = tf_load_title("1856");
    eng_game *g = new_game(NULL, 3);
    int gt = co("GT"), ca = co("CA"), thb = co("THB");
    give(g, "GT", 20, true, 0);
    give(g, "THB", 20, true, 1);
    give(g, "CA", 20, true, 1);
    eng_set_par(g, gt, 100);
    eng_set_par(g, thb, 100);
    eng_set_par(g, ca, 90);
    g->co[gt].floated = g->co[ca].floated = g->co[thb].floated = true;
    g->co[gt].operated = g->co[ca].operated = g->co[thb].operated = 1;
    eng_bank_pays_company(g, gt, 800);
    eng_bank_pays_player(g, 1, 500);
    g->co[ca].loans = 2;
    g->co[thb].loans = 1;
    six_on_sale(g);
    give_train(g, "CA", "5");
    give_train(g, "THB", "5");
    g->round = ENG_ROUND_OPERATING;
    eng_begin_operating_round(g);
    assert_int_equal(g->operating, gt);
    resolve(g, ORDERS("GT:\nNO TILE\nNO STATION\nBUY TRAIN 6", "CA:\nREPAY ALL LOANS\nGIVE UP THB",
                      "PASS"), 1);
    before("THB (Bob) merges into the national", "CA repays 2 loans: 0 from its treasury, 200 from Bob");
    report_lacks("CA (Bob) merges");
    assert_int_equal(g->co[ca].loans, 0);
    assert_false(g->co[ca].closed);
    assert_true(g->co[thb].closed);
    loans_done(g);
}

/* Issue 31: THB, played for its director, stopped laying track after a few tiles: its first
 * tiles at Hamilton took the first rotation found, not one leading towards the place it built
 * for, and closed a loop of its own track (59 on L15, then L17 and K16, each leading into the
 * other), which it then rebuilt (a green tile on L17) and then had nothing to lay. Now each lay
 * leads out into new hexes, and it goes on building in every round. */
static void test_thb_goes_on_building_out_of_hamilton(void **state)
{
    (void)state;
    title_1835 = title;
    title = tf_load_title("1856");
    eng_game *g = new_game(NULL, 3);
    int thb = co("THB"), l15 = tf_hex(title, "L15");
    give(g, "THB", 20, true, 0);
    eng_set_par(g, thb, 100);
    for (int k = 0; k < 3; k++)
        give(g, "THB", 10, false, 0);
    g->co[thb].floated = g->co[thb].home_placed = true;
    eng_bank_pays_company(g, thb, 600);
    g->board->tokens[l15][0][0] = thb; /* its home station in Hamilton's city 1 (as said) */
    g->board->reserved[l15][0] = ENG_NONE;
    for (int i = 0; i < title->nstart_items; i++)
        g->item_sold[i] = true;
    give_train(g, "THB", "3");
    g->trains_left[train("2")] = 0; /* phase 3: green tiles, Hamilton's 59 */
    g->train_bought[train("2")] = true;
    g->train_on_sale = train("3");
    g->phase = 1;
    g->round = ENG_ROUND_OPERATING;
    eng_begin_operating_round(g);
    assert_int_equal(g->operating, thb);
    for (int round = 0; round < 5; round++) {
        while (g->round != ENG_ROUND_OPERATING) {
            resolve(g, ORDERS(NULL, NULL, NULL), 1);
            turn_forgotten(g);
        }
        resolve(g, ORDERS(NULL, NULL, NULL), 1);
        report_has("THB lays tile");
        report_lacks("no tile for THB");
        if (round < 4)
            turn_forgotten(g);
    }
    assert_true(g->co[thb].ntrains > 0);
    loans_done(g);
}

/* A silent director's company takes no loan; its interest is paid as the rules force it: here
 * from its run (the automatic tile makes it 40), its treasury having nothing. */
static void test_a_silent_directors_company_pays_its_interest(void **state)
{
    (void)state;
    eng_game *g = gt_with_loans(0, 2);
    int ann = g->players[0].cash;
    resolve(g, ORDERS(NULL, "PASS", "PASS"), 1);
    report_lacks("takes a loan");
    report_has("GT owes 20 interest on 2 loans");
    assert_int_equal(g->co[co("GT")].loans, 2);
    report_has("20 of GT's interest kept back from its run's revenue");
    assert_int_equal(g->players[0].cash, ann + 10); /* her half of the 20 left */
    loans_done(g);
}

/* Issue 12, defect 5: a silent player's minor buys the train it needs to earn (it was never
 * forced to, so it never did and never earned). */
static void test_a_silent_players_minor_buys_a_train(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    const char *v[4] = {NULL, NULL, NULL, NULL}; /* everyone silent */
    resolve(g, v, 2);
    int minors_with_trains = 0;
    for (int c = 0; c < title->ncompanies; c++)
        if (title->companies[c].kind == ENG_MINOR && g->co[c].ntrains > 0)
            minors_with_trains++;
    assert_true(minors_with_trains > 0);
    report_has("buys a train to earn with");
    finish(g);
}

/* Issue 27, defect 7: a minor's section with only RUN BEST and PAY OUT turned automatic play
 * off: the minor bought no train and earned nothing (every minor played for its silent director
 * buys its train), and the RUN was "not reached: its turn was over before its moment". What a
 * director did not write for a step (here the track and the trains) is played as for a silent
 * player (house rules 12, 17); the RUN says the real reason: no train when its run came. */
static void test_a_step_not_written_is_played_for_the_director(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    int m = -1;
    for (int c = 0; c < title->ncompanies && m < 0; c++)
        if (title->companies[c].kind == ENG_MINOR && g->co[c].owner >= 0 && g->co[c].ntrains == 0)
            m = c;
    assert_true(m >= 0);
    int p = g->co[m].owner;
    char text[64];
    snprintf(text, sizeof text, "%s:\nRUN BEST\nPAY OUT", title->companies[m].id);
    const char *v[4] = {"PASS", "PASS", "PASS", "PASS"};
    v[p] = text;
    resolve(g, v, 2);
    if (g->co[m].ntrains == 0)
        fail_msg("%s bought no train:\n%s", title->companies[m].id, R.report.data);
    report_has("buys a train to earn with");
    fate_has(p, 2, "had no train when its run came");
    report_lacks("its turn was over before its moment");
    finish(g);
}

/* Issue 27, defect 18: a silent game never left phase 1.1: no silent company bought the last
 * train of a type (a second 2 train does not raise a one-route network's run), so the next type
 * never went on sale. A company played for its director with room and twice the price buys the
 * last of its type, and the report says why; with less money it keeps it. */
static void test_a_silent_company_buys_the_last_train_of_its_type(void **state)
{
    (void)state;
    for (int rich = 0; rich < 2; rich++) {
        eng_game *g = by_operating("Variant=Clemens");
        int type = g->train_on_sale;
        while (g->trains_left[type] > 2)
            give_train(g, "M1", title->trains[type].name), g->co[co("M1")].ntrains = 0;
        give_train(g, "BY", title->trains[type].name); /* BY has one; one is left */
        assert_int_equal(g->trains_left[type], 1);
        int price = title->trains[type].cost;
        g->co[co("BY")].cash = rich ? 2 * price : 2 * price - 1;
        const char *v[4] = {NULL, NULL, NULL, NULL};
        resolve(g, v, 1);
        if (rich) {
            report_has("Played for its director: BY buys the last train of its type, with money "
                       "to spare: the next type goes on sale");
            assert_int_equal(g->trains_left[type], 0);
            assert_int_not_equal(g->train_on_sale, type);
        } else {
            report_lacks("the last train of its type");
            assert_int_equal(g->trains_left[type], 1);
        }
        finish(g);
    }
    /* the phases move on: a train of a newer type than its own, with room and the price */
    eng_game *g = by_operating("Variant=Clemens");
    int two = g->train_on_sale, three = train("3");
    give_train(g, "BY", title->trains[two].name);
    g->trains_left[two] = 0; /* the 2s are sold out: the 3s are on sale */
    g->train_on_sale = three;
    g->co[co("BY")].cash = title->trains[three].cost;
    const char *v[4] = {NULL, NULL, NULL, NULL};
    resolve(g, v, 1);
    report_has("Played for its director: BY buys a train of a newer type than its own");
    assert_int_equal(g->co[co("BY")].ntrains, 2);
    finish(g);
}

/* How near a lay's track leads to the goal (as house rule 17 B now measures it). */
static int lay_reach(int hex, int tile, int rot, int goal)
{
    if (hex == goal)
        return 0;
    unsigned edges = eng_track_edges(&title->tiles[tile].track, rot);
    int best = 1000;
    for (int e = 0; e < 6; e++) {
        int n = eng_neighbor(title, hex, e);
        if ((edges & (1u << e)) && n >= 0 && distance(n, goal) < best)
            best = distance(n, goal);
    }
    return best + 1;
}

/* Issue 12, defect 4, house rule 17 B: "a tile which seems to best follow the director's plans"
 * is a step along a route to the goal — of the legal lays, one whose track leads nearest to it,
 * not merely a tile near it whose track points away (BY's track to Nürnberg turned away once
 * it was near). Two turns towards L14, each lay a step as near as any. */
static void test_hr17_b_steps_towards_the_goal(void **state)
{
    (void)state;
    eng_game *g = by_one_lay_from_a_run();
    int goal = tf_hex(title, "L14");
    for (int turn = 0; turn < 2; turn++) {
        int nearest = 1000;
        eng_lay_option opts[64];
        for (int h = 0; h < title->nhexes; h++) {
            int n = eng_lay_options(g->board, ENG_NONE, h, title->phases[g->phase].tile_colors,
                                    opts, 64);
            for (int i = 0; i < n; i++) {
                eng_game *copy = eng_game_copy(g);
                eng_action a = {.kind = ENG_ACT_LAY_TILE, .player = g->current, .hex = h,
                                .tile = opts[i].tile, .rot = opts[i].rot};
                if (eng_apply(copy, &a, NULL, 0) == 0 &&
                    lay_reach(h, opts[i].tile, opts[i].rot, goal) < nearest)
                    nearest = lay_reach(h, opts[i].tile, opts[i].rot, goal);
                eng_game_free(copy);
            }
        }
        eng_game *start = eng_game_copy(g);
        resolve(g, by_orders(g, "BY:\nGOAL L14\nLAY 9 ON A11 ROT 0\nNO STATION\nRUN BEST"), 1);
        report_has("House rule 17 B: BY's tile towards its goal L14");
        int h = laid_hex(start, g);
        assert_true(h >= 0);
        assert_int_equal(lay_reach(h, g->board->tile[h], g->board->rot[h], goal), nearest);
        eng_game_free(start);
        for (int p = 0; p < g->nplayers; p++) {
            ord_orders_clear(&ords[p]);
            ord_envelope_clear(&envs[p]);
        }
        turn_result_clear(&R);
        while (g->round != ENG_ROUND_OPERATING || g->operating != co("BY")) { /* BY's next turn */
            eng_action legal[256];
            int n = eng_legal_actions(g, legal, 256), pick = n - 1;
            for (int k = 0; k < n; k++)
                if (legal[k].kind == ENG_ACT_DONE || legal[k].kind == ENG_ACT_PASS)
                    pick = k;
            must(g, legal[pick]);
        }
    }
    eng_game_free(g);
}

/* A minor that has been sold is said to be sold, not "not on sale before the start packet". */
static void test_a_sold_minor_is_said_to_be_sold(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=Clemens", 4);
    resolve(g, ORDERS("BUY M1", "BUY M1", "PASS", "PASS"), 1);
    int late = R.fates[0][0].kind == TURN_FATE_NOT_DONE ? 0 : 1;
    char said[64];
    snprintf(said, sizeof said, "M1 has been sold (%s has it)", g->players[1 - late].name);
    fate_has(late, 1, said);
    finish(g);
    /* Issue 27, defect 14: SELL of a minor was refused as "M1 has been sold" */
    g = after_packet("FirstRoundSellRestriction=no");
    int owner = g->co[co("M1")].owner;
    const char *v[4] = {"PASS", "PASS", "PASS", "PASS"};
    v[owner] = "SELL M1";
    resolve(g, v, 1);
    fate_has(owner, 1, "M1 has no shares to sell: it is a minor, held whole by its owner");
    finish(g);
}

/* Every action applied is in the result as JSON, and replays on the starting position to the same
 * state (the action log is the game's truth). */
static void test_actions_replay(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    eng_game *again = eng_game_copy(g);
    resolve(g, ORDERS("BUY SX", NULL, "BUY BY\nBY:\nRUN BEST", "PASS"), 2);
    assert_true(R.nactions > 4);
    for (int i = 0; i < R.nactions; i++) {
        eng_action a;
        char why[256];
        if (eng_action_from_json(again, R.actions[i], &a, why, sizeof why) ||
            eng_apply(again, &a, why, sizeof why))
            fail_msg("action %d (%s): %s", i, R.actions[i], why);
    }
    char *x = eng_game_to_json(g), *y = eng_game_to_json(again);
    assert_string_equal(x, y);
    free(x);
    free(y);
    eng_game_free(again);
    finish(g);
}

/* How a lay serves the operating company: its run now, and with one more train on sale. */
static int lay_key(const eng_game *g, int hex, int tile, int rot)
{
    eng_game *copy = eng_game_copy(g);
    eng_action a = {.kind = ENG_ACT_LAY_TILE, .player = g->current, .hex = hex, .tile = tile,
                    .rot = rot};
    int key = -1;
    if (eng_apply(copy, &a, NULL, 0) == 0) {
        eng_run run;
        int c = g->operating;
        int now = copy->co[c].ntrains ? eng_best_run(copy, c, &run) : 0;
        key = now * 10000 + turn_run_with_train(copy, c, copy->train_on_sale);
    }
    eng_game_free(copy);
    return key;
}

/* Issue 12, defect 4, house rule 17: LAY without ROT takes, of the legal rotations, the one
 * giving the most income now and, among equals, the most with the next train. It took the first
 * legal one, and a minor earned nothing for four ORs: M1's home tile 201 on H2, whose first
 * rotation leads nowhere, with a 2 train and without. */
static void test_a_lay_without_rot_takes_the_best_rotation(void **state)
{
    (void)state;
    for (int with_train = 0; with_train < 2; with_train++) {
        eng_game *g = after_packet("Variant=Clemens");
        for (int k = 0; k < 4; k++)
            must(g, pass());
        int m1 = co("M1"), hex = tf_hex(title, "H2"), tile = tf_tile(title, "201");
        assert_int_equal(g->operating, m1);
        if (with_train)
            give_train(g, "M1", "2");
        int first = -1, best = -1;
        for (int r = 0; r < 6; r++) {
            int key = lay_key(g, hex, tile, r);
            if (key >= 0 && first < 0)
                first = key;
            if (key > best)
                best = key;
        }
        assert_true(best > first); /* the first legal rotation serves less */
        eng_game *start = eng_game_copy(g);
        const char *v[4] = {"PASS", "PASS", "PASS", "PASS"};
        v[g->co[m1].owner] = "M1:\nLAY 201 ON H2\nNO TRAIN";
        resolve(g, v, 1);
        assert_int_equal(g->board->tile[hex], tile);
        assert_int_equal(lay_key(start, hex, tile, g->board->rot[hex]), best);
        if (with_train)
            report_has("M1 runs for 40");
        eng_game_free(start);
        finish(g);
    }
}

/* A copy of g after at most `depth` lays (the first found) after which the train on sale would
 * raise BY's run; NULL when none do. */
static eng_game *more_work_within(const eng_game *g, int depth)
{
    int by = co("BY"), two = g->train_on_sale;
    eng_run run;
    if (turn_run_with_train(g, by, two) > eng_best_run(g, by, &run))
        return eng_game_copy(g);
    if (depth == 0)
        return NULL;
    eng_lay_option opts[64];
    for (int h = 0; h < title->nhexes; h++) {
        int k = eng_lay_options(g->board, ENG_NONE, h, title->phases[g->phase].tile_colors, opts,
                                64);
        for (int i = 0; i < k; i++) {
            eng_game *copy = eng_game_copy(g);
            eng_action a = {.kind = ENG_ACT_LAY_TILE, .player = g->current, .hex = h,
                            .tile = opts[i].tile, .rot = opts[i].rot};
            eng_game *found = NULL;
            if (eng_apply(copy, &a, NULL, 0) == 0) {
                copy->co[by].lays = 0;
                found = more_work_within(copy, depth - 1);
            }
            eng_game_free(copy);
            if (found)
                return found;
        }
    }
    return NULL;
}

static eng_game *by_with_work_for_a_second_train(void)
{
    eng_game *g = by_one_lay_from_a_run();
    g->trains_left[train("2")] = 0; /* the 3 train is on sale */
    g->train_on_sale = train("3");
    eng_game *found = more_work_within(g, 2);
    if (!found)
        fail_msg("no two lays give BY work for a 3 train");
    eng_game_free(g);
    return found;
}

/* Issue 12, defect 4, house rule 16 and docs/house-rules.md: a company played for its director
 * pays out, unless withholding this run buys the train on sale it cannot pay for now and that
 * raises its run — then it withholds, says why, and buys the train. */
static void test_the_automatic_dividend_withholds_to_buy_a_train(void **state)
{
    (void)state;
    for (int short_of = 0; short_of < 2; short_of++) {
        eng_game *g = by_with_work_for_a_second_train();
        int by = co("BY"), cost = title->trains[g->train_on_sale].cost;
        int cash = short_of ? cost - 1 : 0; /* one short, or the run cannot make it up */
        g->bank += g->co[by].cash - cash;
        g->co[by].cash = cash;
        const char *v[4] = {"PASS", "PASS", "PASS", "PASS"};
        v[g->co[by].director] = NULL;
        resolve(g, v, 1);
        if (short_of) {
            report_has("Played for its director: BY withholds to buy a 3 train");
            report_has("and withholds");
            assert_int_equal(g->co[by].ntrains, 2);
        } else {
            report_lacks("withholds to buy");
            report_has("and pays out");
        }
        finish(g);
    }
}

/* Issue 27, defect 14: automatic play said "M4 withholds to buy a 2+2 train", then "M4 runs for
 * 30 and splits": a minor's run is always split. A silent game played for 25 turns never says
 * a minor withholds (it did, in the soak the issue saw and here). */
static void test_a_minor_is_never_said_to_withhold(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    const char *v[4] = {NULL, NULL, NULL, NULL};
    for (int turn = 0; turn < 25 && g->round != ENG_ROUND_OVER; turn++) {
        resolve(g, v, 2);
        for (int c = 0; c < title->ncompanies; c++) {
            char bad[64];
            snprintf(bad, sizeof bad, "%s withholds to buy", title->companies[c].id);
            if (title->companies[c].kind == ENG_MINOR)
                report_lacks(bad);
        }
        turn_result_clear(&R);
    }
    finish(g);
}

/* Issue 27, defect 14: a report could begin "M1 runs for 40", its "M1 operates" line in the
 * previous report (the turn ended as M1 began to operate). A turn that begins inside a
 * company's turn says so first. */
static void test_a_turn_begun_inside_a_company_says_which(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    char first[128];
    snprintf(first, sizeof first, "Operating round %d.%d goes on: BY operates (%s)\n", g->or_set,
             g->or_in_set, g->players[g->co[co("BY")].director].name);
    const char *v[4] = {NULL, NULL, NULL, NULL};
    resolve(g, v, 1);
    if (strstr(R.report.data, first) == NULL)
        fail_msg("the report does not say \"%s\":\n%s", first, R.report.data);
    finish(g);
}

/* Player p's order on line `line` was carried out. */
static void fate_done(int p, int line)
{
    const char *f = fate_line(p, line);
    if (strncmp(f, "carried out", 11) != 0)
        fail_msg("line %d: \"%s\"\n%s", line, f, R.report.data);
}

/* An exchange among the stock-round orders is the formation round's in 1835: a failed SELL
 * takes the BUY paired with it (house rule 18), never the exchange between them. */
static void test_a_failed_sell_leaves_an_exchange_alone(void **state)
{
    (void)state;
    eng_game *g = after_packet(NULL);
    resolve(g, ORDERS("SELL SX\nEXCHANGE M1\nBUY BY", "PASS", "PASS", "PASS"), 1);
    fate_has(0, 1, "not carried out");
    fate_has(0, 2, "there was no formation round for it in this turn");
    fate_has(0, 3, "the SELL paired with it (line 1) failed");
    finish(g);
}

/* ---- 1830 (config/games/1830.json): its auction, pars, privates bought and exchanged ---- */

static eng_title *title_1835, *title_1830;

static int use_1830(void **state)
{
    (void)state;
    title_1835 = title;
    title = title_1830 = tf_load_title("1830");
    return 0;
}

static int back_to_1835(void **state)
{
    (void)state;
    eng_title_free(title_1830);
    title = title_1835;
    return 0;
}

/* The packet bought through the engine, each player to act buying the cheapest (Ann SVNRR, Bob
 * C&StL, Cy D&H, Dee M&H, Ann C&A with a 10% of PRR, Bob the B&O's private with its director's
 * certificate, par 100): stock round 1 of four players. */
static eng_game *after_1830_packet(void)
{
    eng_game *g = new_game(NULL, 4);
    static const char *const items[] = {"SVNRR", "C&StL", "D&H", "M&H", "C&A", "BO"};
    for (int i = 0; i < 6; i++)
        must(g, buy_item(items[i]));
    must(g, (eng_action){.kind = ENG_ACT_PAR, .company = co("B&O"), .price = 100});
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    return g;
}

/* The auction as the players' orders play it: bids on their turns, BID UP TO raising by the
 * least step (5) in the auction among D&H's bidders while the limit allows, a bidder without a
 * bid for the item passing (he stays in, Rails' default, and passes again when asked: said
 * once), the item's single bidder buying it, the B&O's par at once. */
static void test_1830_bids_and_the_auction_among_bidders(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4); /* 600 each */
    resolve(g, ORDERS("BID 75 ON D&H\nBUY SVNRR", "BID UP TO 100 ON DH\nBUY C&StL",
                      "BID 115 ON M&H\nBUY C&A", "BID UP TO 95 ON D&H\nBUY BO\nPAR B&O 90"),
            1);
    before("Ann bids 75 for D&H", "Bob bids 80 for D&H");
    before("Dee bids 85 for D&H", "D&H is auctioned among its bidders");
    before("Ann has no further bid on D&H: passes", "Bob bids 90 for D&H");
    assert_null(strstr(report_has("Ann has no further bid on D&H") + 1,
                       "Ann has no further bid on D&H")); /* asked again: passes, not said */
    before("Dee bids 95 for D&H", "Bob bids 100 for D&H");
    report_has("not carried out in the auction for D&H: the least bid on D&H is 105, above the "
               "limit of 95");
    assert_int_equal(g->co[co("D&H")].owner, 1);
    assert_int_equal(g->players[1].cash, 600 - 40 - 100);
    assert_int_equal(g->co[co("M&H")].owner, 2); /* its single bidder, for his bid */
    assert_int_equal(g->co[co("C&A")].owner, 2);
    assert_int_equal(g->players[2].cash, 600 - 115 - 160);
    assert_int_equal(g->players[0].cash, 600 - 20); /* her bid's money released */
    assert_int_equal(g->co[co("BO")].owner, 3);
    assert_int_equal(g->co[co("B&O")].par, 90);
    fate_done(0, 1);
    fate_done(1, 1);
    fate_done(3, 3);
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    /* issue 27, defect 15: Bob's BID UP TO, with which he won D&H, sent again in the next
     * turn's orders (the form sent back), cost him a stock-round turn as a failed order */
    for (int p = 0; p < g->nplayers; p++) {
        ord_orders_clear(&ords[p]);
        ord_envelope_clear(&envs[p]);
    }
    turn_result_clear(&R);
    resolve(g, ORDERS("PASS", "BID UP TO 100 ON DH\nBUY PRR PAR 67", "PASS", "PASS"), 1);
    fate_has(1, 1, "you had won D&H already: no turn was spent on the bid");
    fate_has(1, 2, "carried out");
    assert_int_equal(g->co[co("PRR")].director, 1);
    finish(g);
}

/* A bid that cannot be made is not carried out, with the engine's reason or the limit's, and
 * the turn is a pass (house rule 19); the acknowledgement's check says the same. */
static void test_1830_a_bid_that_cannot_be_made(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    resolve(g, ORDERS("BID 700 ON C&A", "BID UP TO 60 ON D&H", "BID 100 ON C&A", "BUY C&A"), 1);
    fate_has(0, 1, "Ann has 600 not held by other bids");
    fate_has(1, 1, "the least bid on D&H is 75, above the limit of 60");
    fate_has(2, 1, "a bid on C&A must be at least 165");
    fate_has(3, 1, "only the cheapest item, SVNRR, is bought at its price");
    fate_has(0, 1, "that turn counts as a pass (house rule 19)");
    finish(g);
    g = new_game(NULL, 4);
    ord_envelope env;
    ord_orders o;
    ord_envelope_parse("orders", "BID 700 ON C&A\n", &env);
    ord_parse(&env, &o);
    turn_settings s;
    turn_settings_default(&s);
    turn_result r;
    assert_int_equal(turn_preview(g, &s, 0, &o, &r), 0);
    assert_int_equal(r.fates[0][0].kind, TURN_FATE_NOT_DONE);
    assert_non_null(strstr(r.fates[0][0].why, "not held by other bids"));
    turn_result_clear(&r);
    ord_orders_clear(&o);
    ord_envelope_clear(&env);
    eng_game_free(g);
}

/* The B&O's buyer without a PAR order: the game master chooses the highest par, and says so; a
 * PAR order for a par that was not his to choose is said to be unused. */
static void test_1830_a_par_not_written(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    static const char *const items[] = {"SVNRR", "C&StL", "D&H", "M&H", "C&A"};
    for (int i = 0; i < 5; i++)
        must(g, buy_item(items[i]));
    resolve(g, ORDERS("PAR B&O 67", "BUY BO", "PASS", "PASS"), 1);
    report_has("Bob wrote no par for B&O that could be used: the game master chooses 100");
    assert_int_equal(g->co[co("B&O")].par, 100);
    fate_has(0, 1, "no par of B&O was yours to choose in this turn");
    finish(g);
}

/* MustSellOverLimits (the preset 18xx.games): a player over a company's share limit whose
 * orders sell nothing is made to sell before his turn ends — the game master sells 10% of that
 * company for him, said in the report — and the turn goes on to the next player; without the
 * option he simply passes. */
static void test_1830_over_the_limit_the_gm_sells(void **state)
{
    (void)state;
    for (int on = 0; on < 2; on++) {
        eng_game *g = new_game(on ? "FirstRoundSellRestriction=no, MustSellOverLimits=yes"
                                  : "FirstRoundSellRestriction=no", 4);
        static const char *const items[] = {"SVNRR", "C&StL", "D&H", "M&H", "C&A", "BO"};
        for (int i = 0; i < 6; i++)
            must(g, buy_item(items[i]));
        must(g, (eng_action){.kind = ENG_ACT_PAR, .company = co("B&O"), .price = 100});
        int first = g->current, nyc = co("NYC");
        must(g, (eng_action){.kind = ENG_ACT_BUY_SHARE, .player = first, .company = nyc,
                             .director = true, .price = 67});
        must(g, (eng_action){.kind = ENG_ACT_PASS, .player = first});
        while (g->current != first)
            must(g, (eng_action){.kind = ENG_ACT_PASS, .player = g->current});
        for (int k = 0, more = 5; k < g->co[nyc].ncerts && more; k++) /* 70%: over 60% */
            if (g->co[nyc].certs[k].owner == ENG_IPO && !g->co[nyc].certs[k].director) {
                g->co[nyc].certs[k].owner = first;
                more--;
            }
        const char *v[4] = {"PASS", "PASS", "PASS", "PASS"};
        resolve(g, v, 1);
        assert_int_equal(eng_percent_held(g, nyc, first), on ? 60 : 70);
        if (on)
            report_has("(forced for");
        else
            assert_null(strstr(R.report.data, "forced for"));
        assert_null(strstr(R.report.data, "cannot end the turn"));
        assert_true(g->round != ENG_ROUND_STOCK || g->current != first);
        finish(g);
    }
}

/* A major started at the par its director names (BUY PRR AT 67 carries it to the engine); one
 * started without a par is not carried out, the choices said. */
static void test_1830_a_company_started_at_its_par(void **state)
{
    (void)state;
    eng_game *g = after_1830_packet();
    int first = g->current;
    const char *v[4] = {"PASS", "PASS", "PASS", "PASS"};
    v[first] = "BUY PRR AT 67";
    v[(first + 1) % 4] = "BUY NYC";
    resolve(g, v, 1);
    assert_int_equal(g->co[co("PRR")].par, 67);
    assert_int_equal(g->co[co("PRR")].director, first);
    fate_done(first, 1);
    fate_has((first + 1) % 4, 1, "NYC's director chooses its par: one of 67, 71, 76, 82, 90, 100");
    assert_false(g->co[co("NYC")].started);
    finish(g);
}

/* The M&H traded for a 10% of NYC on its owner's turn in a stock round: no purchase, so the
 * turn goes on with his next order (no one acts between); an exchange that cannot be made is
 * not carried out, with the reason, and the turn is a pass (house rule 19). */
static void test_1830_the_private_exchanged_for_a_share(void **state)
{
    (void)state;
    eng_game *g = after_1830_packet();
    int owner = g->co[co("M&H")].owner, other = (owner + 1) % 4;
    const char *v[4] = {"PASS", "PASS", "PASS", "PASS"};
    v[owner] = "EXCHANGE M&H\nBUY NYC PAR 90";
    v[other] = "EXCHANGE MH\nBUY PRR PAR 71";
    resolve(g, v, 1);
    assert_true(g->co[co("M&H")].closed);
    assert_int_equal(eng_percent_held(g, co("NYC"), owner), 30);
    assert_int_equal(g->co[co("NYC")].director, owner);
    char got[64], bought[64];
    snprintf(got, sizeof got, "%s gets 10%% of NYC for M&H", g->players[owner].name);
    snprintf(bought, sizeof bought, "%s buys 20%% of NYC for 180", g->players[owner].name);
    const char *a = report_has(got), *b = report_has(bought);
    assert_true(a < b);
    for (const char *l = strchr(a, '\n') + 1; l < b; l = strchr(l, '\n') + 1)
        for (int p = 0; p < 4; p++)
            if (p != owner && !strncmp(l, g->players[p].name, strlen(g->players[p].name)))
                fail_msg("another player acts between the exchange and the purchase: %.40s", l);
    fate_done(owner, 1);
    fate_done(owner, 2);
    char why[64];
    snprintf(why, sizeof why, "%s does not own M&H", g->players[other].name);
    fate_has(other, 1, why);
    fate_has(other, 1, "house rule 19");
    fate_has(other, 2, "not reached"); /* the others passed: the round ended before */
    assert_false(g->co[co("PRR")].started);
    finish(g);
}

/* Issue 17: a private bought from a player on the buyer's stock-round turn with the owner's
 * SELL PRIVATE ... TO him (1830's privates_between_players): no purchase, the turn goes on; a
 * purchase without the owner's agreement is not carried out, with the reason (house rule 19). */
static void test_1830_a_private_bought_from_a_player(void **state)
{
    (void)state;
    eng_game *g = after_1830_packet();
    int owner = g->co[co("SVNRR")].owner, buyer = (owner + 1) % 4, third = (owner + 2) % 4;
    char buy[96], sell[96], nosale[96], traded[96];
    snprintf(buy, sizeof buy, "BUY PRIVATE SVNRR FROM %s FOR 55\nBUY PRR PAR 67",
             g->players[owner].name);
    snprintf(sell, sizeof sell, "SELL PRIVATE SVNRR TO %s FOR 55\nPASS", g->players[buyer].name);
    snprintf(nosale, sizeof nosale, "BUY PRIVATE C&StL FROM %s FOR 30",
             g->players[g->co[co("C&StL")].owner].name);
    const char *v[4] = {"PASS", "PASS", "PASS", "PASS"};
    v[owner] = sell;
    v[buyer] = buy;
    if (third != g->co[co("C&StL")].owner)
        v[third] = nosale;
    resolve(g, v, 1);
    assert_int_equal(g->co[co("SVNRR")].owner, buyer);
    assert_true(g->co[co("PRR")].started); /* the same turn went on to the purchase */
    assert_int_equal(g->co[co("PRR")].director, buyer);
    snprintf(traded, sizeof traded, "%s buys SVNRR from %s for 55", g->players[buyer].name,
             g->players[owner].name);
    (void)report_has(traded);
    fate_done(buyer, 1);
    fate_done(buyer, 2);
    fate_done(owner, 1);
    if (third != g->co[co("C&StL")].owner)
        fate_has(third, 1, "has not agreed (SELL PRIVATE C&StL TO");
    finish(g);
}

/* PRR floated through the engine (its director buys at par 67, the others then buy until
 * 60% is sold), everyone passes: PRR operates in operating round 1.1; D&H's owner is made
 * another player than PRR's director. Returns the game; *director, *owner. */
static eng_game *prr_operating(int *director, int *owner)
{
    eng_game *g = after_1830_packet();
    int prr = co("PRR");
    for (int k = 0; k < 12 && !g->co[prr].floated; k++) {
        eng_action b = buy("PRR", false, 0);
        b.price = 67;
        must(g, b);
        must(g, pass());
    }
    assert_true(g->co[prr].floated);
    for (int k = 0; k < 8 && g->round == ENG_ROUND_STOCK; k++)
        must(g, pass());
    assert_int_equal(g->round, ENG_ROUND_OPERATING);
    assert_int_equal(g->operating, prr);
    *director = g->co[prr].director;
    *owner = g->co[co("D&H")].owner;
    if (*owner == *director) {
        *owner = (*director + 1) % 4;
        g->co[co("D&H")].owner = *owner;
    }
    return g;
}

/* A major buys a private from its owner: carried out when the owner wrote the same sale (SELL
 * PRIVATE ... TO ... FOR, the same price), both orders carried out; without his word it is not
 * carried out, with why; in phase 2 the engine refuses and both orders say its reason. */
static void test_1830_a_private_bought_from_its_owner(void **state)
{
    (void)state;
    for (int way = 0; way < 3; way++) {
        int d, o;
        eng_game *g = prr_operating(&d, &o);
        if (way < 2)
            g->phase = 1; /* phase 3: majors buy privates */
        const char *v[4] = {NULL, NULL, NULL, NULL};
        for (int p = 0; p < 4; p++)
            v[p] = "PASS";
        v[d] = "PRR:\nBUY PRIVATE D&H FOR 140\nNO TILE\nNO STATION";
        v[o] = way == 1 ? "SELL PRIVATE D&H TO PRR FOR 130" : "SELL PRIVATE D&H TO PRR FOR 140";
        int cash = g->players[o].cash, prr_cash = g->co[co("PRR")].cash;
        resolve(g, v, 1);
        if (way == 0) {
            report_has("PRR buys D&H from");
            assert_int_equal(g->co[co("D&H")].held_by, co("PRR"));
            assert_true(g->players[o].cash >= cash + 140);
            assert_true(g->co[co("PRR")].cash <= prr_cash - 140);
            fate_done(d, 2);
            fate_done(o, 1);
        } else if (way == 1) {
            fate_has(d, 2, "D&H's owner");
            fate_has(d, 2, "has not agreed (SELL PRIVATE D&H TO PRR FOR 140");
            fate_has(o, 1, "PRR's director did not order that purchase");
            assert_int_equal(g->co[co("D&H")].owner, o);
        } else {
            fate_has(d, 2, "companies buy privates from phase 3 on");
            fate_has(o, 1, "companies buy privates from phase 3 on");
            assert_int_equal(g->co[co("D&H")].owner, o);
        }
        finish(g);
    }
}

/* Issue 32: a private's extra tile written after the company's own lay is still carried out
 * (C&StL's on B20 besides PRR's 57 on H10: as 18GA's Midland); D&H's tile and station in one
 * turn; its station in a later turn refused with the engine's reason. */
static void test_1830_powers_by_mail(void **state)
{
    (void)state;
    int d, o;
    eng_game *g = prr_operating(&d, &o);
    g->phase = 1; /* phase 3: majors buy privates */
    g->co[co("C&StL")].owner = d;
    g->co[co("D&H")].owner = d;
    const char *v[4] = {"PASS", "PASS", "PASS", "PASS"};
    v[d] = "PRR:\nBUY PRIVATE C&StL FOR 40\nLAY 57 ON H10\nLAY 4 ON B20\nNO STATION";
    resolve(g, v, 1);
    fate_done(d, 3);
    fate_done(d, 4);
    assert_int_equal(g->board->tile[tf_hex(title, "B20")], eng_tile_index(title, "4"));
    finish(g);
    g = prr_operating(&d, &o);
    g->phase = 1;
    g->co[co("D&H")].owner = d;
    v[o] = "PASS";
    v[d] = "PRR:\nBUY PRIVATE D&H FOR 70\nLAY 57 ON F16\nUSE D&H";
    resolve(g, v, 1);
    fate_done(d, 3);
    fate_done(d, 4);
    assert_int_equal(g->board->tokens[tf_hex(title, "F16")][0][0], co("PRR"));
    finish(g);
    g = prr_operating(&d, &o);
    g->phase = 1;
    g->co[co("D&H")].owner = d;
    v[d] = "PRR:\nBUY PRIVATE D&H FOR 70\nLAY 57 ON H10\nUSE D&H";
    resolve(g, v, 1);
    fate_has(d, 4, "D&H's station on F16 is placed only in the turn in which PRR lays D&H's tile "
                   "there");
    finish(g);
}

/* ---- 1856 (config/games/1856.json): its privates' bonus tokens and port marker ---- */

static eng_title *title_1856;

static int use_1856(void **state)
{
    (void)state;
    title_1835 = title;
    title = title_1856 = tf_load_title("1856");
    return 0;
}

static int back_from_1856(void **state)
{
    (void)state;
    eng_title_free(title_1856);
    title = title_1835;
    return 0;
}

/* The packet bought (Ann Flos, Bob W&SR, Cy TCC, Dee Ship, Ann Brdg, Bob Tunn), LPS started by
 * Dee at 100 with 60% (600 in its treasury, a 2-train) in phase 3: LPS operates in operating
 * round 1.1. */
static eng_game *lps_operating(void)
{
    eng_game *g = new_game(NULL, 4);
    static const char *const items[] = {"Flos", "W&SR", "TCC", "Ship", "Brdg", "Tunn"};
    for (int i = 0; i < 6; i++)
        must(g, buy_item(items[i]));
    int lps = co("LPS");
    give(g, "LPS", 20, true, 3);
    eng_set_par(g, lps, 100);
    for (int k = 0; k < 4; k++)
        give(g, "LPS", 10, false, 3);
    g->co[lps].cash += 600;
    g->bank -= 600;
    eng_check_float(g, lps);
    give_train(g, "LPS", "2");
    g->phase = 1; /* phase 3: majors buy privates */
    for (int k = 0; k < 8 && g->round == ENG_ROUND_STOCK; k++)
        must(g, pass());
    assert_int_equal(g->operating, lps);
    return g;
}

/* PORT and BUY BONUS at the start of the company's turn, after its BUY PRIVATE: the Ship bought
 * and its marker placed (closing it) before the tile; a bonus whose private a player owns is not
 * carried out, with the engine's reason. */
static void test_1856_port_and_bonus_orders(void **state)
{
    (void)state;
    eng_game *g = lps_operating();
    resolve(g, ORDERS("PASS", "PASS", "PASS",
                      "LPS:\nBUY PRIVATE Ship FOR 70\nPORT C14\nBUY BONUS Bridge\nNO TILE"),
            1);
    before("LPS buys Ship from Dee for 70", "LPS places the Port marker (20 more a stop) on C14");
    report_has("Ship closes");
    assert_true(g->co[co("Ship")].marker_placed);
    fate_done(3, 3);
    fate_has(3, 4, "Brdg's Bridge bonus tokens are sold only once a company owns Brdg");
    finish(g);
}

/* Seed 003's W&SR by mail: bought with its owner's agreement, tile 59 laid on I12 as LPS's lay
 * (not connected to its track), its free station in the city LPS names, both in one turn; the
 * private closes at the end of that turn. */
static void test_1856_wsr_tile_and_station_by_mail(void **state)
{
    (void)state;
    eng_game *g = lps_operating();
    resolve(g, ORDERS("PASS", "SELL PRIVATE W&SR TO LPS FOR 80", "PASS",
                      "LPS:\nBUY PRIVATE W&SR FOR 80\nLAY 59 ON I12\nUSE W&SR CITY 2"), 1);
    report_has("LPS buys W&SR from Bob for 80");
    fate_done(3, 3);
    fate_done(3, 4);
    assert_int_equal(g->board->tile[tf_hex(title, "I12")], eng_tile_index(title, "59"));
    assert_int_equal(g->board->tokens[tf_hex(title, "I12")][1][0], co("LPS"));
    assert_true(g->co[co("W&SR")].closed);
    before("LPS places a free station on I12", "W&SR closes");
    finish(g);
}

/* The CGR's formation by mail: WGB (Ann) buys the first 6; TGB (Cy) and GT (Dee), whose
 * directors cannot repay their loans, merge; Dee directs the CGR and takes over GT's station in
 * Welland's second city (EXCHANGE STATION), then discards a 4 by choice (DISCARD, in the CGR's
 * section); her second DISCARD is the one the round has no moment for once she passes. */
static void test_1856_the_cgrs_choices_by_mail(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    int wgb = start(g, "WGB", 0, 100, NULL, 0, 0, 700);
    start(g, "TGB", 2, 80, (int[]){3, 3, 3}, 3, 1, 0);
    start(g, "GT", 3, 75, (int[]){3}, 1, 1, 0);
    station(g, "TGB", "N17", 0);
    station(g, "GT", "N17", 1);
    give_train(g, "TGB", "4");
    give_train(g, "GT", "4");
    give_train(g, "GT", "5");
    operate(g);
    for (int p = 1; p < 4; p++) { /* nobody can help */
        g->bank += g->players[p].cash;
        g->players[p].cash = 0;
    }
    assert_int_equal(g->operating, wgb);
    g->co[wgb].step = ENG_STEP_TRAINS;
    g->co[wgb].ran = true;
    resolve(g, ORDERS("WGB:\nBUY TRAIN 6", "PASS", "PASS",
                      "EXCHANGE STATION N17 CITY 2\nCGR:\nDISCARD 4\nDISCARD 5"),
            1);
    int cgr = co("CGR"), h = tf_hex(title, "N17");
    assert_int_equal(g->co[cgr].director, 3);
    assert_int_equal(g->board->tokens[h][1][0], cgr);
    assert_int_equal(g->board->tokens[h][0][0], ENG_NONE);
    fate_done(3, 1);
    fate_done(3, 3);
    fate_has(3, 4, "CGR discards a train that will rust (it keeps the others)");
    finish(g);
}

/* A silent director of a single CGR share (Cy) has his second share bought for him in the
 * stock round: he may not pass before (engine/national.c). */
static void test_1856_a_silent_single_share_director_buys_the_second(void **state)
{
    (void)state;
    eng_game *g = single_share_director();
    to_stock_round(g, 2);
    resolve(g, ORDERS("PASS", "PASS", NULL, "PASS"), 1);
    report_has("Cy, CGR's director with a single share, must buy a second: bought");
    assert_int_equal(eng_percent_held(g, co("CGR"), 2), 20);
    assert_int_equal(g->national_single, ENG_NONE);
    finish(g);
}

/* Issue 27, defect 1: under Thompson's dealing (the house rules' preset) the start packet's
 * round ended before every player had had a turn: Dee's two passes at the turn of the order
 * counted as two players', and the stock round ended with Bob's and Cy's purchases "not
 * reached". And the next stock round's dealing goes on from its last dealer (Ann: 1-2-3-4-4-
 * 3-2-1-1-2...), not from the director of the last company to operate. */
static void test_thompson_everyone_passed_is_every_player(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=ThompsonHalf, NF_PfB_Westermann=yes, "
                           "PriorityAfterLastBuyer=yes", 4);
    resolve(g, ORDERS("BUY NF", "BUY M1", "PASS", "PASS"), 2);
    report_has("Dee passes\nDee passes\nCy passes\nBob passes\nAnn passes\nEveryone passed");
    report_has("Stock round 2\nAnn has priority");
    for (int p = 0; p < g->nplayers; p++) {
        ord_orders_clear(&ords[p]);
        ord_envelope_clear(&envs[p]);
    }
    turn_result_clear(&R);
    resolve(g, ORDERS("PASS", "BUY M3", "BUY M2", "PASS"), 2);
    report_has("Ann passes\nBob buys M3 for 80");
    report_has("Cy buys M2 for 170");
    report_lacks("not reached");
    assert_int_equal(g->co[co("M3")].owner, 1);
    assert_int_equal(g->co[co("M2")].owner, 2);
    finish(g);
}

/* Issue 27, defect 5: an order carried out by its ELSE was acknowledged "would be carried out
 * now" and reported "carried out", where the turn refused its first part and carried out the
 * ELSE: the acknowledgement and the report say which alternative was used, and why. The
 * preview (the acknowledgement's verdict) says the same as the turn. Every kind of order with
 * alternatives: a tile, a purchase in the stock round, its IF not holding, a train. */
static void test_the_else_used_is_said(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    int d = g->co[co("BY")].director;
    const char *text = "BY:\nLAY 9 ON A11 ROT 0 ELSE NO TILE\nNO STATION";
    ord_envelope env;
    ord_orders o;
    ord_envelope_parse("orders", text, &env);
    ord_parse(&env, &o);
    turn_settings s;
    turn_settings_default(&s);
    turn_result r;
    assert_int_equal(turn_preview(g, &s, d, &o, &r), 0);
    assert_int_equal(r.fates[d][0].kind, TURN_FATE_DONE);
    assert_int_equal(r.fates[d][0].alt, 1);
    turn_result_clear(&r);
    ord_orders_clear(&o);
    ord_envelope_clear(&env);
    resolve(g, by_orders(g, text), 1);
    fate_has(d, 2, "carried out by its ELSE \"NO TILE\" (the first could not be: ");
    report_has("\"BY: LAY 9 ON A11 ROT 0 ELSE NO TILE\": carried out by its ELSE \"NO TILE\"");
    finish(g);

    g = after_packet(NULL);
    g->players[0].cash = 1; /* Ann cannot pay for BY */
    resolve(g, ORDERS("BUY BY ELSE PASS\nIF BA AVAILABLE THEN BUY BA ELSE PASS", "PASS", "PASS",
                      "PASS"), 1);
    fate_has(0, 1, "carried out by its ELSE \"PASS\" (the first could not be: ");
    report_has("line 1 \"BUY 1 BY ELSE PASS\": carried out by its ELSE \"PASS\"");
    finish(g);

    /* defect 14: both parts failing gave only the first reason */
    g = after_packet(NULL);
    g->players[0].cash = 1;
    resolve(g, ORDERS("BUY BY ELSE BUY SX", "PASS", "PASS", "PASS"), 1);
    fate_has(0, 1, "not carried out: ");
    fate_has(0, 1, "; its ELSE could not be either: ");
    finish(g);

    g = after_packet(NULL);
    resolve(g, ORDERS("IF BA AVAILABLE THEN BUY BA ELSE BUY SX", "PASS", "PASS", "PASS"), 1);
    fate_has(0, 1, "carried out by its ELSE \"BUY 1 SX\" (its condition did not hold)");
    finish(g);

    g = by_operating("Variant=Clemens");
    d = g->co[co("BY")].director;
    resolve(g, by_orders(g, "BY:\nNO TILE\nNO STATION\nRUN BEST\nBUY TRAIN 6 ELSE BUY TRAIN 2"), 1);
    fate_has(d, 5, "carried out by its ELSE \"BUY TRAIN 2\" (the first could not be: ");
    finish(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hr14_one_reading_of_one_round),
        cmocka_unit_test(test_hr18_sell_is_paired_with_the_following_buy),
        cmocka_unit_test(test_hr19_a_failed_purchase_is_not_replaced),
        cmocka_unit_test(test_hr20_counts_are_certificates),
        cmocka_unit_test(test_hr20_an_explicit_size),
        cmocka_unit_test(test_hr12_contingency_by_condition),
        cmocka_unit_test(test_nationalisation),
        cmocka_unit_test(test_snake_turns_back_to_back),
        cmocka_unit_test(test_hr14_rounds_per_turn),
        cmocka_unit_test(test_hr14_the_turn_stops_when_the_prussian_forms),
        cmocka_unit_test(test_hr17_a_the_players_contingency),
        cmocka_unit_test(test_hr17_b_the_goal),
        cmocka_unit_test(test_hr17_c_the_most_income),
        cmocka_unit_test(test_hr17_d_looks_at_the_next_turns),
        cmocka_unit_test(test_hr17_stations_too),
        cmocka_unit_test(test_hr16_ambiguous_orders),
        cmocka_unit_test(test_nmr_first_automatic_play),
        cmocka_unit_test(test_run_declared_above_the_best),
        cmocka_unit_test(test_declared_routes),
        cmocka_unit_test(test_a_train_from_another_directors_company),
        cmocka_unit_test(test_actions_replay),
        cmocka_unit_test(test_a_failed_sell_takes_its_paired_buy),
        cmocka_unit_test(test_lays_after_a_fallback_go_on),
        cmocka_unit_test(test_unreached_orders_are_said),
        cmocka_unit_test(test_standing_orders_of_a_silent_director),
        cmocka_unit_test(test_the_preview_is_the_turns_verdict),
        cmocka_unit_test(test_a_sold_minor_is_said_to_be_sold),
        cmocka_unit_test(test_the_game_ends_in_a_turn),
        cmocka_unit_test(test_the_start_packets_rounds_named_together),
        cmocka_unit_test(test_no_tile_then_a_private_station),
        cmocka_unit_test(test_a_private_station_in_which_city),
        cmocka_unit_test(test_hr17_b_steps_towards_the_goal),
        cmocka_unit_test(test_a_silent_players_minor_buys_a_train),
        cmocka_unit_test(test_loan_orders_in_a_companys_turn),
        cmocka_unit_test(test_a_silent_directors_company_pays_its_interest),
        cmocka_unit_test(test_thb_goes_on_building_out_of_hamilton),
        cmocka_unit_test(test_a_director_sells_for_the_interest),
        cmocka_unit_test(test_repay_in_the_nationals_round),
        cmocka_unit_test(test_repay_written_before_a_give_up_asked_first),
        cmocka_unit_test(test_a_step_not_written_is_played_for_the_director),
        cmocka_unit_test(test_a_silent_company_buys_the_last_train_of_its_type),
        cmocka_unit_test(test_a_goal_without_a_lay_and_a_silent_else),
        cmocka_unit_test(test_a_packet_sold_out_in_a_stock_round_is_not_a_round),
        cmocka_unit_test(test_thompson_everyone_passed_is_every_player),
        cmocka_unit_test(test_the_else_used_is_said),
        cmocka_unit_test(test_train_orders_go_on_after_a_formation_round),
        cmocka_unit_test(test_a_section_of_standing_orders_only_is_played_for_its_director),
        cmocka_unit_test(test_a_lay_without_rot_takes_the_best_rotation),
        cmocka_unit_test(test_the_automatic_dividend_withholds_to_buy_a_train),
        cmocka_unit_test(test_a_minor_is_never_said_to_withhold),
        cmocka_unit_test(test_a_turn_begun_inside_a_company_says_which),
        cmocka_unit_test(test_a_failed_sell_leaves_an_exchange_alone),
        cmocka_unit_test_setup_teardown(test_1830_bids_and_the_auction_among_bidders, use_1830,
                                        back_to_1835),
        cmocka_unit_test_setup_teardown(test_1830_a_bid_that_cannot_be_made, use_1830,
                                        back_to_1835),
        cmocka_unit_test_setup_teardown(test_1830_a_par_not_written, use_1830, back_to_1835),
        cmocka_unit_test_setup_teardown(test_1830_over_the_limit_the_gm_sells, use_1830,
                                        back_to_1835),
        cmocka_unit_test_setup_teardown(test_1830_a_company_started_at_its_par, use_1830,
                                        back_to_1835),
        cmocka_unit_test_setup_teardown(test_1830_the_private_exchanged_for_a_share, use_1830,
                                        back_to_1835),
        cmocka_unit_test_setup_teardown(test_1830_a_private_bought_from_a_player, use_1830,
                                        back_to_1835),
        cmocka_unit_test_setup_teardown(test_1830_powers_by_mail, use_1830, back_to_1835),
        cmocka_unit_test_setup_teardown(test_1830_a_private_bought_from_its_owner, use_1830,
                                        back_to_1835),
        cmocka_unit_test_setup_teardown(test_1856_port_and_bonus_orders, use_1856,
                                        back_from_1856),
        cmocka_unit_test_setup_teardown(test_1856_wsr_tile_and_station_by_mail, use_1856,
                                        back_from_1856),
        cmocka_unit_test_setup_teardown(test_1856_the_cgrs_choices_by_mail, use_1856,
                                        back_from_1856),
        cmocka_unit_test_setup_teardown(test_1856_a_silent_single_share_director_buys_the_second,
                                        use_1856, back_from_1856),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
