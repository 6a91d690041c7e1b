/* Tests for 1856's special round, the CGR's formation (src/engine/titles/t1856.c, the title's
 * "national"): due at the first 6-train, loans repaid by treasuries and then by directors, the
 * companies given up merged (shares 2 for 1, the price, money, stations, trains), 10 or 20
 * shares, the certificate limit after it, and no company merged. The set-ups place companies,
 * certificates, loans, money, trains and stations directly (loans are set, as the loans' own
 * code takes them). */
#include "game_fixture.h"
#include "engine/invariants.h"
#include "engine/operating.h"

enum { ANN, BOB, CY, DEE };

static int setup_1856(void **state)
{
    (void)state;
    title = tf_load_title("1856");
    return 0;
}

/* Money from the bank to a company. */
static void fund(eng_game *g, const char *company, int cash)
{
    g->co[co(company)].cash += cash;
    g->bank -= cash;
}

/* The first IPO certificate of that size to owner. */
static void hand(eng_game *g, int c, int percent, bool director, int owner)
{
    eng_company_state *s = &g->co[c];
    for (int i = 0; i < s->ncerts; i++)
        if (s->certs[i].owner == ENG_IPO && s->certs[i].percent == percent &&
            s->certs[i].director == director) {
            s->certs[i].owner = owner;
            return;
        }
    fail_msg("no %d%% certificate in the IPO", percent);
}

/* A major started at par by director, floated, with its home station; then `extra` 10% shares
 * to each owner listed (ENG_POOL for the pool), `loans` loans and `cash`. */
static int start(eng_game *g, const char *id, int director, int par, const int *extra, int n,
                 int loans, int cash)
{
    int c = co(id);
    eng_company_state *s = &g->co[c];
    hand(g, c, 20, true, director);
    for (int i = 0; i < n; i++)
        hand(g, c, 10, false, extra[i]);
    s->started = s->floated = s->available = s->home_placed = true;
    s->operated = 1; /* (it has operated: the float percent rising binds only one that has not,
                      * engine/capital.c) */
    s->director = director;
    eng_set_par(g, c, par);
    s->market_seq = ++g->market_clock;
    s->loans = loans;
    fund(g, id, cash);
    int h = title->companies[c].home_hex;
    g->board->tokens[h][0][0] = c;
    g->board->reserved[h][0] = ENG_NONE; /* (its home circle, kept for it till now) */
    return c;
}

static void station(eng_game *g, const char *company, const char *hex, int city)
{
    g->board->tokens[tf_hex(title, hex)][city][0] = co(company);
}

/* The 6 on sale, phase 5, the packet sold, players rich; operating round 1 begins. */
static void operate(eng_game *g)
{
    for (int i = 0; i < title->nstart_items; i++)
        g->item_sold[i] = true;
    for (int k = 0; k < train("6"); k++) {
        g->trains_left[k] = k < train("4") ? 0 : g->trains_left[k]; /* (2s and 3s rusted) */
        g->train_bought[k] = true;
    }
    g->train_on_sale = train("6");
    g->phase = 3; /* the 5's */
    for (int p = 0; p < 4; p++) {
        g->players[p].cash += 500;
        g->bank -= 500;
    }
    g->stock_round_number = 1;
    eng_begin_operating_round(g);
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

/* Cy gives TGB up; GT goes too (Dee cannot help). Shares 2 for 1: Cy 2 -> 1, Dee 3 + 3 = 6 ->
 * 3 and its director, the pool 2 -> 1; 5 shares: 10% ones. Price: 80 and 75 average 75, at
 * least 100. Money 50 + 30, trains 4, 5, 4, 5 over the limit of 3: a 4 to the pool; stations:
 * both homes, one of the two in Welland. */
static void test_companies_merged(void **state)
{
    (void)state;
    eng_game *g = five_companies();
    int cgr = co("CGR"), tgb = co("TGB"), gt = co("GT"), cv = co("CV");
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    must(g, repay(3));
    must(g, pass()); /* Cy gives TGB up */
    assert_false(g->forming);
    assert_true(g->co[tgb].closed && g->co[gt].closed && !g->co[cv].closed);
    assert_true(has_event(g, ENG_EV_WILL_MERGE, DEE, gt));
    assert_int_equal(event_of(g, ENG_EV_SHARES_MERGED, CY, cgr)->amount2, 1);
    const eng_event *e = event_of(g, ENG_EV_SHARES_MERGED, DEE, cgr);
    assert_int_equal(e->amount, 6);
    assert_int_equal(e->amount2, 3);
    assert_int_equal(event_of(g, ENG_EV_SHARES_MERGED, ENG_NONE, cgr)->amount2, 1);
    assert_int_equal(event_of(g, ENG_EV_NATIONAL_SHARES, ENG_NONE, cgr)->amount, 10);
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
    assert_int_equal(event_count(g, ENG_EV_TOKEN_REMOVED, -1), 1);
    assert_int_equal(eng_percent_held(g, tgb, DEE) + eng_percent_held(g, gt, DEE), 0);
    char what[256]; /* the invariants hold, and would see a merged company's loan */
    if (eng_invariants_check(g, NULL, what, sizeof what))
        fail_msg("%s", what);
    g->co[gt].loans = 1;
    assert_int_equal(eng_invariants_check(g, NULL, what, sizeof what), -1);
    assert_non_null(strstr(what, "national: GT, given up to CGR, is closed with 0, 0 trains, "
                                 "1 loans"));
    g->co[gt].loans = 0;
    for (int i = 0; i < g->nevents; i++) { /* every event of the round in words */
        char line[256];
        assert_true(eng_event_text(g, &g->events[i], line, sizeof line) >= 0);
    }
    char line[256];
    eng_event_text(g, event_of(g, ENG_EV_SHARES_MERGED, DEE, cgr), line, sizeof line);
    assert_string_equal(line, "Dee exchanges 6 shares for 3 of CGR");
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
    assert_int_equal(eng_certificate_limit(g, ANN), 20);
    assert_int_equal(event_of(g, ENG_EV_CERT_LIMIT, ENG_NONE, -1)->amount, 20);
    assert_int_equal(g->operating, co("WGB"));
    assert_int_equal(g->current, ANN);
    must(g, (eng_action){.kind = ENG_ACT_DONE});
    assert_int_equal(g->operating, co("CGR"));
    assert_int_equal(g->current, DEE);
    eng_game_free(g);
}

/* Three companies given up, 30 shares held by players: 15 CGR shares, so 20 of 5% (the
 * director's 10%); the price drops the lowest of three: 125 and 110 average 117, 115, the
 * nearest top-row space 110. */
static void test_twenty_shares(void **state)
{
    (void)state;
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
    assert_int_equal(eng_share_price(g, cgr), 110);
    /* 9 majors open: 18 for 4 players (Rails' CertificateLimit,18,4,9) */
    assert_int_equal(eng_certificate_limit(g, ANN), 18);
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

/* Without a train that never rusts (the 4s it took over rust on the D) the CGR withholds, its
 * price still; a permanent train ends that. Its own rules: no interest, never closes. */
static void test_withholds_until_a_permanent_train(void **state)
{
    (void)state;
    eng_game *g = five_companies();
    int cgr = co("CGR");
    g->co[co("TGB")].ntrains = g->co[co("GT")].ntrains = 1; /* their 4s only */
    g->trains_left[train("5")] += 2;
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    must(g, repay(3));
    must(g, pass());
    must(g, (eng_action){.kind = ENG_ACT_DONE});
    assert_int_equal(g->operating, cgr);
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
    assert_false(g->forming);
    assert_true(g->co[wgb].closed);
    assert_int_equal(g->co[cgr].director, ANN); /* 4 WGB shares: 2 of the CGR */
    assert_int_equal(g->co[cgr].trains[0], train("6"));
    assert_int_equal(g->operating, co("CA"));
    for (int i = 0; i < g->nor_order; i++)
        assert_int_not_equal(g->or_order[i], cgr);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_due_at_the_first_6_treasuries_first),
        cmocka_unit_test(test_repaid_with_the_directors_money),
        cmocka_unit_test(test_companies_merged),
        cmocka_unit_test(test_cert_limit_after_and_the_cgr_operates_next),
        cmocka_unit_test(test_twenty_shares),
        cmocka_unit_test(test_no_company_merged),
        cmocka_unit_test(test_withholds_until_a_permanent_train),
        cmocka_unit_test(test_the_buyer_merged),
    };
    return cmocka_run_group_tests(tests, setup_1856, group_teardown);
}
