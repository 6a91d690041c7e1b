/* Tests for 1856's special round, the CGR's formation (src/engine/titles/t1856.c, the title's
 * "national"): due at the first 6-train, loans repaid by treasuries and then by directors, the
 * companies given up merged (shares 2 for 1, the price, money, stations, trains), 10 or 20
 * shares, the certificate limit after it, and no company merged. The set-ups place companies,
 * certificates, loans, money, trains and stations directly (loans are set, as the loans' own
 * code takes them). */
#include "cgr_fixture.h"
#include "engine/invariants.h"
#include "engine/stock.h"

enum { ANN, BOB, CY, DEE };

static int setup_1856(void **state)
{
    (void)state;
    title = tf_load_title("1856");
    return 0;
}

/* WGB (Ann, 100, no loans) buys the first 6. CA (Bob, 3 loans, 50), TGB (Cy, 2 loans, 150),
 * GT (Dee, 1 loan, 30, Dee without money), CV (Bob, 2 loans, 250). */
static eng_game *five_companies(void)
{
    eng_game *g = new_game(NULL, 4);
    start(g, "WGB", ANN, 100, (int[]){ANN, ANN}, 2, 0, 700);
    start(g, "CA", BOB, 90, (int[]){BOB, CY, CY, ANN, ENG_POOL}, 5, 3, 50);
    start(g, "TGB", CY, 80, (int[]){DEE, DEE, DEE, ENG_POOL, ENG_POOL}, 5, 2, 150);
    start(g, "GT", DEE, 75, (int[]){DEE}, 1, 1, 30);
    start(g, "CV", BOB, 70, (int[]){BOB}, 1, 2, 250);
    station(g, "TGB", "N17", 0); /* two stations in Welland: the CGR keeps one */
    station(g, "GT", "N17", 1);
    give_train(g, "TGB", "4");
    give_train(g, "TGB", "5");
    give_train(g, "GT", "4");
    give_train(g, "GT", "5");
    give_train(g, "CV", "4"); /* every 4 and 5 somewhere */
    give_train(g, "CV", "5");
    give_train(g, "CA", "4");
    operate(g);
    g->bank += g->players[DEE].cash;
    g->players[DEE].cash = 0;
    assert_int_equal(g->operating, co("WGB"));
    return g;
}

static eng_action repay(int n)
{
    return (eng_action){.kind = ENG_ACT_REPAY_LOAN, .amount = n};
}

/* The national's director passes each choice left (the fixed rule decides). */
static void choices_by_rule(eng_game *g)
{
    while (g->forming && g->national_choosing != ENG_NATIONAL_CHOOSES_NOTHING)
        must(g, pass());
}

static int event_count(const eng_game *g, eng_event_kind kind, int company)
{
    int n = 0;
    for (int i = 0; i < g->nevents; i++)
        n += g->events[i].kind == kind && (company < 0 || g->events[i].company == company);
    return n;
}

static const eng_event *event_of(const eng_game *g, eng_event_kind kind, int player, int company)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == kind && g->events[i].player == player &&
            (company < 0 || g->events[i].company == company))
            return &g->events[i];
    fail_msg("no event of kind %d for %d/%d", (int)kind, player, company);
    return NULL;
}

/* The first 6 asks for the round; treasuries repay what they can; Bob is asked for CA first
 * (the buyer Ann's companies have none), then Cy for TGB; Dee cannot help GT: not asked. */
static void test_due_at_the_first_6_treasuries_first(void **state)
{
    (void)state;
    eng_game *g = five_companies();
    int cv = co("CV"), tgb = co("TGB");
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    assert_true(g->forming);
    assert_true(has_event(g, ENG_EV_FORMATION_START, -1, co("CGR")));
    const eng_event *e = event_of(g, ENG_EV_LOANS_REPAID, BOB, cv);
    assert_int_equal(e->amount, 2);
    assert_int_equal(e->amount2, 200);
    assert_int_equal(g->co[cv].loans, 0);
    assert_int_equal(g->co[cv].cash, 50);
    assert_int_equal(g->co[tgb].loans, 1); /* 150: one repaid */
    assert_int_equal(g->co[tgb].cash, 50);
    assert_int_equal(g->current, BOB);
    assert_int_equal(g->national_asking, co("CA"));
    eng_game_free(g);
}

/* Bob repays CA's 3 loans, 50 from CA and 250 from his own; an order beyond them, or one he
 * cannot pay, is refused. */
static void test_repaid_with_the_directors_money(void **state)
{
    (void)state;
    eng_game *g = five_companies();
    int ca = co("CA");
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    refused(g, repay(4), "CA has 3 loans: it cannot repay 4");
    refused(g, (eng_action){.kind = ENG_ACT_DONE}, "must repay CA's 3 loans or give CA up");
    int bob = g->players[BOB].cash;
    g->players[BOB].cash = 100; /* 50 + 100 < 300 */
    g->bank += bob - 100;
    refused(g, repay(3), "costs 300; CA has 50 and Bob 100 (no shares may be sold for it)");
    g->players[BOB].cash = bob;
    g->bank -= bob - 100;
    must(g, repay(3));
    const eng_event *e = event_of(g, ENG_EV_LOANS_REPAID, BOB, ca);
    assert_int_equal(e->amount, 3);
    assert_int_equal(e->amount2, 50);
    assert_int_equal(e->item, 250);
    assert_int_equal(g->co[ca].loans, 0);
    assert_int_equal(g->co[ca].cash, 0);
    assert_int_equal(g->players[BOB].cash, bob - 250);
    assert_int_equal(g->current, CY); /* TGB next */
    eng_game_free(g);
}

/* Cy gives TGB up; GT goes too (Dee cannot help); their Tunnel tokens: one to the CGR, the
 * other back on sale. Shares 2 for 1: Cy 2 -> 1, Dee 3 + 3 = 6 -> 3 and its director, the
 * pool 2 -> 1; 5 shares: 10% ones. Price: 80 and 75 average 75, at least 100. Money 50 + 30,
 * trains 4, 5, 4, 5 over the limit of 3: a 4 to the pool; stations: both homes, one of the two
 * in Welland. */
static void test_companies_merged(void **state)
{
    (void)state;
    eng_game *g = five_companies();
    int cgr = co("CGR"), tgb = co("TGB"), gt = co("GT"), cv = co("CV"), tunn = co("Tunn");
    g->co[tgb].bonuses = g->co[gt].bonuses = 1u << tunn; /* two Tunnel tokens bought */
    g->co[tunn].bonuses_sold = 2;
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    must(g, repay(3));
    must(g, pass()); /* Cy gives TGB up */
    assert_int_equal(g->co[cgr].bonuses, 1u << tunn); /* one goes to the CGR, */
    assert_int_equal(g->co[tunn].bonuses_sold, 1);    /* the other back on sale */
    assert_int_equal(g->co[tgb].bonuses | g->co[gt].bonuses, 0);
    assert_int_equal(g->national_choosing, ENG_NATIONAL_CHOOSES_STATIONS); /* two in Welland */
    assert_int_equal(g->current, DEE);
    assert_true(has_event(g, ENG_EV_WILL_MERGE, DEE, gt));
    assert_int_equal(event_of(g, ENG_EV_SHARES_MERGED, CY, cgr)->amount2, 1);
    const eng_event *e = event_of(g, ENG_EV_SHARES_MERGED, DEE, cgr);
    assert_int_equal(e->amount, 6);
    assert_int_equal(e->amount2, 3);
    assert_int_equal(event_of(g, ENG_EV_SHARES_MERGED, ENG_NONE, cgr)->amount2, 1);
    assert_int_equal(event_of(g, ENG_EV_NATIONAL_SHARES, ENG_NONE, cgr)->amount, 10);
    char line[256];
    for (int i = 0; i < g->nevents; i++) /* every event of the round in words */
        assert_true(eng_event_text(g, &g->events[i], line, sizeof line) >= 0);
    eng_event_text(g, event_of(g, ENG_EV_SHARES_MERGED, DEE, cgr), line, sizeof line);
    assert_string_equal(line, "Dee exchanges 6 shares for 3 of CGR");
    eng_event_text(g, event_of(g, ENG_EV_NATIONAL_CHOICE, DEE, cgr), line, sizeof line);
    assert_string_equal(line, "Dee, CGR's director, chooses the stations it takes over");
    must(g, pass()); /* the fixed rule: TGB's in Welland, GT's removed */
    assert_int_equal(event_count(g, ENG_EV_TOKEN_REMOVED, -1), 1);
    choices_by_rule(g);
    assert_false(g->forming);
    assert_true(g->co[tgb].closed && g->co[gt].closed && !g->co[cv].closed);
    const eng_company_state *s = &g->co[cgr];
    assert_true(s->started && s->floated);
    assert_int_equal(s->director, DEE);
    assert_int_equal(eng_percent_held(g, cgr, DEE), 30);
    assert_int_equal(eng_percent_held(g, cgr, CY), 10);
    assert_int_equal(eng_percent_held(g, cgr, ENG_POOL), 10);
    assert_int_equal(eng_percent_held(g, cgr, ENG_IPO), 50);
    assert_int_equal(eng_share_price(g, cgr), 100);
    assert_int_equal(s->row, 0);
    assert_int_equal(s->cash, 80);
    assert_int_equal(s->ntrains, 3);
    assert_int_equal(g->pool_trains[train("4")], 1);
    assert_int_equal(g->co[tgb].loans + g->co[gt].loans, 0);
    int h = tf_hex(title, "N17");
    int in_welland = (g->board->tokens[h][0][0] == cgr) + (g->board->tokens[h][1][0] == cgr);
    assert_int_equal(in_welland, 1);
    assert_int_equal(g->board->tokens[tf_hex(title, "K8")][0][0], cgr);
    assert_int_equal(g->board->tokens[tf_hex(title, "P9")][0][0], cgr);
    assert_int_equal(eng_percent_held(g, tgb, DEE) + eng_percent_held(g, gt, DEE), 0);
    char what[256]; /* the invariants hold, and would see a merged company's loan */
    if (eng_invariants_check(g, NULL, what, sizeof what))
        fail_msg("%s", what);
    g->co[gt].loans = 1;
    assert_int_equal(eng_invariants_check(g, NULL, what, sizeof what), -1);
    assert_non_null(strstr(what, "national: GT, given up to CGR, is closed with 0, 0 trains, "
                                 "1 loans"));
    g->co[gt].loans = 0;
    eng_game_free(g);
}

/* The certificate limit from the round's end: 10 majors open (11 - 2 + the CGR), 4 players:
 * 20 (16 before). The buyer's turn goes on; the CGR operates right after WGB. */
static void test_cert_limit_after_and_the_cgr_operates_next(void **state)
{
    (void)state;
    eng_game *g = five_companies();
    assert_int_equal(eng_certificate_limit(g, ANN), 16);
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    assert_int_equal(eng_certificate_limit(g, ANN), 16); /* during the round: as before */
    must(g, repay(3));
    must(g, pass());
    choices_by_rule(g);
    assert_int_equal(eng_certificate_limit(g, ANN), 20);
    assert_int_equal(event_of(g, ENG_EV_CERT_LIMIT, ENG_NONE, -1)->amount, 20);
    assert_int_equal(g->operating, co("WGB"));
    assert_int_equal(g->current, ANN);
    must(g, (eng_action){.kind = ENG_ACT_DONE});
    assert_int_equal(g->operating, co("CGR"));
    assert_int_equal(g->current, DEE);
    eng_game_free(g);
}

/* Issue 31 (Rails' 1856_20131124_0943_J1, line 1434): the CGR operates right after the buyer's
 * turn even when a company still to operate is priced above it; the order of the others is
 * their prices' as the turn ends (Rails OperatingRound_1856.resetOperatingCompanies). */
static void test_the_cgr_operates_next_whatever_the_prices(void **state)
{
    (void)state;
    eng_game *g = five_companies();
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    must(g, repay(3));
    must(g, pass());
    choices_by_rule(g);
    assert_int_equal(g->operating, co("WGB"));
    int cgr = co("CGR"), ca = co("CA"), cv = co("CV");
    assert_int_equal(eng_share_price(g, cgr), 100);
    must(g, (eng_action){.kind = ENG_ACT_ADJUST, .adjust = ENG_ADJ_PRICE, .company = cv,
                         .amount = 110}); /* the GM's, say: both above the CGR's */
    must(g, (eng_action){.kind = ENG_ACT_ADJUST, .adjust = ENG_ADJ_PRICE, .company = ca,
                         .amount = 125});
    must(g, (eng_action){.kind = ENG_ACT_DONE});
    assert_int_equal(g->operating, cgr);
    int at = g->or_pos;
    assert_int_equal(g->or_order[at + 1], ca); /* then by price: CA, CV */
    assert_int_equal(g->or_order[at + 2], cv);
    eng_game_free(g);
}

/* Three companies given up, 30 shares held by players: 15 CGR shares, so 20 of 5% (the
 * director's 10%); the price drops the lowest of three: 125 and 110 average 117, 115, the
 * nearest top-row space 110. */
static eng_game *twenty_share_cgr(void)
{
    eng_game *g = new_game(NULL, 4);
    start(g, "WGB", ANN, 100, NULL, 0, 0, 700);
    int all_bob[8] = {BOB, BOB, BOB, BOB, BOB, BOB, BOB, BOB};
    int all_cy[8] = {CY, CY, CY, CY, CY, CY, CY, CY};
    int ca = start(g, "CA", BOB, 100, all_bob, 8, 1, 0);
    int tgb = start(g, "TGB", CY, 90, all_cy, 8, 1, 0);
    int gt = start(g, "GT", DEE, 75, (int[]){DEE, DEE, DEE, DEE, DEE, DEE, DEE, DEE}, 8, 1, 0);
    operate(g);
    g->co[ca].row = g->co[tgb].row = 0; /* 125 and 110 on the top row */
    g->co[ca].col = 6;
    g->co[tgb].col = 5;
    for (int p = 1; p < 4; p++) { /* nobody can help */
        g->bank += g->players[p].cash;
        g->players[p].cash = 0;
    }
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    assert_false(g->forming);
    assert_true(g->co[ca].closed && g->co[tgb].closed && g->co[gt].closed);
    return g;
}

static void test_twenty_shares(void **state)
{
    (void)state;
    eng_game *g = twenty_share_cgr();
    int cgr = co("CGR");
    assert_int_equal(event_of(g, ENG_EV_NATIONAL_SHARES, ENG_NONE, cgr)->amount, 20);
    assert_int_equal(event_of(g, ENG_EV_NATIONAL_SHARES, ENG_NONE, cgr)->amount2, 5);
    assert_int_equal(g->co[cgr].director, BOB); /* 5 each: the first from Ann */
    assert_int_equal(eng_percent_held(g, cgr, BOB), 25);
    assert_int_equal(eng_percent_held(g, cgr, CY), 25);
    assert_int_equal(eng_percent_held(g, cgr, DEE), 25);
    assert_int_equal(eng_percent_held(g, cgr, ENG_IPO), 25);
    int dc = eng_find_cert(g, cgr, BOB, 10, true);
    assert_true(dc >= 0);
    /* a share is worth the price, whatever its percent: Bob's 25% is 5 shares of 110 */
    assert_int_equal(eng_shares_money(g, cgr, 110, 25), 550);
    assert_int_equal(eng_player_worth(g, BOB), g->players[BOB].cash + 550);
    /* 5% shares count half: Bob's director's 10% one, his three 5% ones a half each */
    assert_int_equal(eng_certificate_halves(g, BOB), 5);
    assert_int_equal(eng_certificate_count(g, BOB), 3);
    assert_int_equal(eng_certificate_halves(g, CY), 5);
    assert_int_equal(eng_share_price(g, cgr), 110);
    /* 9 majors open: 18 for 4 players (Rails' CertificateLimit,18,4,9) */
    assert_int_equal(eng_certificate_limit(g, ANN), 18);
    eng_game_free(g);
}

/* Its 5% shares sold: a row down per two sold in a turn, counted together (Rails
 * StockRound_1856 adjusts the price by the turn's sales; 18xx.games sells a company in one block
 * a turn), once its price moves (a permanent train). */
static void test_five_percent_sales_counted_in_the_turn(void **state)
{
    (void)state;
    eng_game *g = twenty_share_cgr();
    int cgr = co("CGR");
    g->national_permanent = true;
    to_stock_round(g, CY);
    int row = g->co[cgr].row, col = g->co[cgr].col;
    must(g, sell("CGR", 5));
    assert_int_equal(g->co[cgr].row, row); /* half a row: none yet */
    must(g, sell("CGR", 5));
    assert_int_equal(g->co[cgr].row, row + 1); /* the second 5% of the turn: a row */
    assert_int_equal(g->co[cgr].col, col);
    must(g, sell("CGR", 5));
    assert_int_equal(g->co[cgr].row, row + 1);
    must(g, pass()); /* the next turn counts anew: Dee's 5% moves nothing */
    assert_int_equal(g->current, DEE);
    must(g, sell("CGR", 5));
    assert_int_equal(g->co[cgr].row, row + 1);
    eng_game_free(g);
}

/* More merged shares than the national's 20: the players from the buyer exchange theirs while
 * shares are left (Rails CGRFormationRound.formCGR, 18xx.games national_share_swap: "out of
 * shares to issue"); the shares owed beyond are lost, and the log says so. Bob CA and CV (20 old
 * shares: 10), Cy TGB (10: 5), Dee GT and GW (20: 5 of his 10), the pool's 2 none. */
static void test_more_than_twenty_shares(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    start(g, "WGB", ANN, 100, NULL, 0, 0, 700);
    int all_bob[8] = {BOB, BOB, BOB, BOB, BOB, BOB, BOB, BOB};
    int all_cy[8] = {CY, CY, CY, CY, CY, CY, CY, CY};
    int all_dee[8] = {DEE, DEE, DEE, DEE, DEE, DEE, DEE, DEE};
    int dee_pool[8] = {DEE, DEE, DEE, DEE, DEE, DEE, ENG_POOL, ENG_POOL};
    int merged[5] = {start(g, "CA", BOB, 100, all_bob, 8, 1, 0),
                     start(g, "CV", BOB, 90, all_bob, 8, 1, 0),
                     start(g, "TGB", CY, 90, all_cy, 8, 1, 0),
                     start(g, "GT", DEE, 75, all_dee, 8, 1, 0),
                     start(g, "GW", DEE, 75, dee_pool, 8, 1, 0)};
    operate(g);
    for (int p = 1; p < 4; p++) { /* nobody can help */
        g->bank += g->players[p].cash;
        g->players[p].cash = 0;
    }
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    choices_by_rule(g);
    int cgr = co("CGR");
    for (int i = 0; i < 5; i++)
        assert_true(g->co[merged[i]].closed);
    assert_int_equal(eng_percent_held(g, cgr, BOB), 50);
    assert_int_equal(eng_percent_held(g, cgr, CY), 25);
    assert_int_equal(eng_percent_held(g, cgr, DEE), 25);
    assert_int_equal(eng_percent_held(g, cgr, ENG_POOL) + eng_percent_held(g, cgr, ENG_IPO), 0);
    const eng_event *e = event_of(g, ENG_EV_SHARES_MERGED, DEE, cgr);
    assert_int_equal(e->amount, 18);
    assert_int_equal(e->amount2, 5);
    assert_int_equal(e->item, 4);
    char line[256];
    eng_event_text(g, e, line, sizeof line);
    assert_string_equal(line, "Dee exchanges 18 shares for 5 of CGR; 4 more are lost: "
                              "its 20 shares are all given out");
    eng_event_text(g, event_of(g, ENG_EV_SHARES_MERGED, BOB, cgr), line, sizeof line);
    assert_string_equal(line, "Bob exchanges 20 shares for 10 of CGR");
    e = event_of(g, ENG_EV_SHARES_MERGED, ENG_NONE, cgr);
    assert_int_equal(e->amount, 2);
    assert_int_equal(e->amount2, 0);
    assert_int_equal(e->item, 1);
    eng_event_text(g, e, line, sizeof line);
    assert_string_equal(line, "The pool exchanges 2 shares for 0 of CGR; 1 more is lost: its 20 "
                              "shares are all given out");
    eng_game_free(g);
}

/* Every loan repaid: no company merges, the CGR does not form; the limit follows the 11
 * majors open: 22. */
static void test_no_company_merged(void **state)
{
    (void)state;
    eng_game *g = five_companies();
    g->players[DEE].cash = 100;
    g->bank -= 100;
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    must(g, repay(3)); /* Bob: CA */
    must(g, repay(1)); /* Cy: TGB */
    assert_int_equal(g->current, DEE);
    must(g, repay(1)); /* Dee: GT, 30 + 70 */
    assert_int_equal(g->players[DEE].cash, 30);
    assert_false(g->forming);
    int cgr = co("CGR");
    assert_true(has_event(g, ENG_EV_NOT_FORMED, -1, cgr));
    assert_false(g->co[cgr].started);
    assert_false(g->co[cgr].available);
    assert_int_equal(eng_certificate_limit(g, ANN), 22);
    eng_game_free(g);
}

/* five_companies with TGB's and GT's trains kept to `kept` (their 4s first; the rest with the
 * bank): the CGR formed from them (choices by the rule) operates, after WGB. */
static eng_game *cgr_operating(int kept)
{
    eng_game *g = five_companies();
    g->co[co("TGB")].ntrains = g->co[co("GT")].ntrains = kept;
    g->trains_left[train("5")] += 2;
    g->trains_left[train("4")] += kept ? 0 : 2;
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    must(g, repay(3));
    must(g, pass());
    choices_by_rule(g);
    must(g, (eng_action){.kind = ENG_ACT_DONE});
    assert_int_equal(g->operating, co("CGR"));
    return g;
}

/* Without a train that never rusts (the 4s it took over rust on the D) the CGR withholds, its
 * price still; a permanent train ends that. Its own rules: no interest, never closes. */
static void test_withholds_until_a_permanent_train(void **state)
{
    (void)state;
    eng_game *g = cgr_operating(1); /* their 4s only */
    int cgr = co("CGR");
    assert_true(eng_national_withholds(g, cgr));
    assert_true(eng_national_no_interest(g, cgr) && eng_national_never_closes(g, cgr));
    assert_false(eng_national_withholds(g, co("WGB")) || eng_national_no_interest(g, co("WGB")));
    int price = eng_share_price(g, cgr), cash = g->co[cgr].cash;
    must(g, (eng_action){.kind = ENG_ACT_RUN, .revenue = 100, .payout = true});
    assert_int_equal(event_of(g, ENG_EV_REVENUE, ENG_NONE, cgr)->amount2, 0); /* withheld */
    assert_int_equal(g->co[cgr].cash, cash + 100);
    assert_int_equal(eng_share_price(g, cgr), price);
    give_train(g, "CGR", "5");
    assert_false(eng_national_withholds(g, cgr));
    eng_game_free(g);
}

/* The buyer itself given up: its turn ends with the round; the CGR, formed from a company that
 * has operated in the round, waits for the next; the next company operates. */
static void test_the_buyer_merged(void **state)
{
    (void)state;
    eng_game *g = five_companies();
    int wgb = co("WGB"), cgr = co("CGR");
    g->co[wgb].loans = 1;
    g->co[wgb].interest_paid = true; /* (this round's interest settled before its trains) */
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    assert_int_equal(g->national_asking, wgb); /* Ann's first: she bought it */
    assert_int_equal(g->current, ANN);
    must(g, pass());
    must(g, repay(3));
    must(g, repay(1));
    choices_by_rule(g);
    assert_false(g->forming);
    assert_true(g->co[wgb].closed);
    assert_int_equal(g->co[cgr].director, ANN); /* 4 WGB shares: 2 of the CGR */
    assert_int_equal(g->co[cgr].trains[0], train("6"));
    assert_int_equal(g->operating, co("CA"));
    for (int i = 0; i < g->nor_order; i++)
        assert_int_not_equal(g->or_order[i], cgr);
    eng_game_free(g);
}

/* Dee, director of the CGR formed from TGB and GT, chooses: GT's station in Welland (TGB's is
 * removed); over the limit a 4 first (not a 5), then a 4 more by choice; a 6 kept. */
static void test_director_chooses(void **state)
{
    (void)state;
    eng_game *g = five_companies();
    int cgr = co("CGR"), h = tf_hex(title, "N17");
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    must(g, repay(3));
    must(g, pass());
    refused(g, (eng_action){.kind = ENG_ACT_DISCARD_TRAIN, .player = DEE, .company = cgr,
                            .train = train("4")},
            "CGR's director chooses the stations it takes over now, or passes");
    refused(g, (eng_action){.kind = ENG_ACT_TOKEN, .player = DEE, .hex = tf_hex(title, "K8"),
                            .city = 0},
            "CGR takes over a station of a company merged into it, in a hex where it has none");
    eng_action legal[64];
    int nlegal = eng_legal_actions(g, legal, 64), tokens = 0, passes = 0;
    for (int i = 0; i < nlegal; i++) {
        tokens += legal[i].kind == ENG_ACT_TOKEN && legal[i].hex == h;
        passes += legal[i].kind == ENG_ACT_PASS;
    }
    assert_int_equal(tokens, 2); /* Welland's two cities */
    assert_int_equal(passes, 1);
    must(g, (eng_action){.kind = ENG_ACT_TOKEN, .player = DEE, .hex = h, .city = 1});
    assert_int_equal(g->board->tokens[h][1][0], cgr);
    assert_int_equal(g->board->tokens[h][0][0], ENG_NONE);
    assert_int_equal(event_of(g, ENG_EV_TOKEN_REMOVED, ENG_NONE, co("TGB"))->amount, h);
    assert_int_equal(g->national_choosing, ENG_NATIONAL_MUST_DISCARD);
    eng_action discard = {.kind = ENG_ACT_DISCARD_TRAIN, .player = DEE, .company = cgr,
                          .train = train("5")};
    refused(g, discard, "CGR discards a train that will rust first");
    discard.train = train("6");
    refused(g, discard, "CGR has no such train");
    discard.train = train("4");
    must(g, discard);
    assert_int_equal(g->national_choosing, ENG_NATIONAL_MAY_DISCARD);
    discard.train = train("5");
    refused(g, discard, "CGR discards a train that will rust (it keeps the others)");
    discard.train = train("4");
    must(g, discard); /* its last that will rust: the round is over */
    assert_false(g->forming);
    assert_int_equal(g->co[cgr].ntrains, 2);
    assert_int_equal(g->pool_trains[train("4")], 2);
    assert_int_equal(g->operating, co("WGB"));
    eng_game_free(g);
}

/* Without a train, before a permanent one, the CGR borrows a D for its run and gives it back
 * after it; the D does not end its withholding; it need not buy a train. */
static void test_borrows_a_d(void **state)
{
    (void)state;
    eng_game *g = cgr_operating(0); /* their trains with the bank */
    int cgr = co("CGR"), d = train("D");
    assert_true(has_event(g, ENG_EV_TRAIN_BORROWED, -1, cgr));
    assert_int_equal(g->co[cgr].ntrains, 1);
    assert_int_equal(g->co[cgr].trains[0], d);
    assert_false(eng_owns_permanent_train(g, cgr));
    assert_true(eng_national_withholds(g, cgr));
    int cash = g->co[cgr].cash;
    must(g, (eng_action){.kind = ENG_ACT_RUN, .revenue = 150, .payout = true});
    assert_int_equal(g->co[cgr].cash, cash + 150); /* withheld */
    assert_true(has_event(g, ENG_EV_TRAIN_RETURNED, -1, cgr));
    assert_int_equal(g->co[cgr].ntrains, 0);
    assert_false(g->national_permanent);
    char line[256];
    eng_event_text(g, event_of(g, ENG_EV_TRAIN_RETURNED, ENG_NONE, cgr), line, sizeof line);
    assert_string_equal(line, "CGR gives the borrowed D back");
    must(g, (eng_action){.kind = ENG_ACT_DONE}); /* no train bought: none needed yet */
    assert_int_not_equal(g->operating, cgr);
    eng_game_free(g);
}

/* The CGR buys no 4 (it will rust), and trades trains with companies at their cost only; a
 * permanent train bought ends its withholding for good. Each station it places (not those it
 * took over) costs $100. */
static void test_its_train_rules(void **state)
{
    (void)state;
    eng_game *g = cgr_operating(1); /* their 4s only */
    int cgr = co("CGR");
    fund(g, "CGR", 1000);
    must(g, (eng_action){.kind = ENG_ACT_RUN, .revenue = 0});
    g->pool_trains[train("4")]++;
    g->trains_left[train("4")]--;
    refused(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("4"), .from_pool = true},
            "CGR buys no train that will rust (a 4 train)");
    eng_action from_cv = {.kind = ENG_ACT_BUY_TRAIN, .train = train("5"), .from_company = true,
                          .seller = co("CV"), .price = 500};
    refused(g, from_cv, "CGR trades trains with other companies at their cost only: a 5 train "
                        "for 550");
    from_cv.price = 550;
    must(g, from_cv);
    for (int k = 0; k < title->companies[cgr].ntokens; k++) /* a further station: $100 */
        assert_int_equal(title->companies[cgr].token_costs[k], 100);
    assert_false(eng_national_withholds(g, cgr));
    assert_true(g->national_permanent);
    eng_game_free(g);
}

/* Cy must buy a second CGR share before anything else; bought from the IPO it pays the bank
 * (not the CGR), and his certificate is one of two shares. */
static void test_single_share_director_buys_the_second(void **state)
{
    (void)state;
    eng_game *g = single_share_director();
    int cgr = co("CGR");
    to_stock_round(g, CY);
    refused(g, (eng_action){.kind = ENG_ACT_BUY_SHARE, .company = co("WGB")},
            "Cy, CGR's director with a single share, must buy a second share of CGR first (the "
            "cheapest costs 100)");
    refused(g, pass(), "must buy a second share of CGR first");
    int bank = g->bank, cash = g->co[cgr].cash, ncerts = g->co[cgr].ncerts;
    must(g, (eng_action){.kind = ENG_ACT_BUY_SHARE, .company = cgr});
    assert_int_equal(g->bank, bank + 100); /* the IPO's money to the bank */
    assert_int_equal(g->co[cgr].cash, cash);
    assert_int_equal(g->national_single, ENG_NONE);
    assert_int_equal(g->co[cgr].ncerts, ncerts - 1);
    assert_int_equal(g->co[cgr].certs[eng_find_cert(g, cgr, CY, 0, true)].percent, 20);
    assert_int_equal(eng_percent_held(g, cgr, CY), 20);
    assert_true(has_event(g, ENG_EV_DIRECTOR_WHOLE, CY, cgr));
    eng_game_free(g);
}

/* Dee, holding one CGR share too, buys a second before Cy: she is its director, with the
 * certificate of two shares; Cy keeps one share, no longer bound. */
static void test_single_share_director_overtaken(void **state)
{
    (void)state;
    eng_game *g = single_share_director();
    int cgr = co("CGR");
    to_stock_round(g, DEE);
    must(g, (eng_action){.kind = ENG_ACT_BUY_SHARE, .company = cgr});
    assert_int_equal(g->co[cgr].director, DEE);
    assert_int_equal(g->co[cgr].certs[eng_find_cert(g, cgr, DEE, 0, true)].percent, 20);
    assert_int_equal(eng_percent_held(g, cgr, DEE), 20);
    assert_int_equal(eng_percent_held(g, cgr, CY), 10);
    assert_int_equal(g->national_single, ENG_NONE);
    char what[256];
    if (eng_invariants_check(g, NULL, what, sizeof what))
        fail_msg("%s", what);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_due_at_the_first_6_treasuries_first),
        cmocka_unit_test(test_repaid_with_the_directors_money),
        cmocka_unit_test(test_companies_merged),
        cmocka_unit_test(test_cert_limit_after_and_the_cgr_operates_next),
        cmocka_unit_test(test_the_cgr_operates_next_whatever_the_prices),
        cmocka_unit_test(test_twenty_shares),
        cmocka_unit_test(test_more_than_twenty_shares),
        cmocka_unit_test(test_five_percent_sales_counted_in_the_turn),
        cmocka_unit_test(test_no_company_merged),
        cmocka_unit_test(test_withholds_until_a_permanent_train),
        cmocka_unit_test(test_the_buyer_merged),
        cmocka_unit_test(test_director_chooses),
        cmocka_unit_test(test_borrows_a_d),
        cmocka_unit_test(test_its_train_rules),
        cmocka_unit_test(test_single_share_director_buys_the_second),
        cmocka_unit_test(test_single_share_director_overtaken),
    };
    return cmocka_run_group_tests(tests, setup_1856, group_teardown);
}
