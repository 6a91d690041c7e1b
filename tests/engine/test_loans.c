/* Tests for a title's loans (src/engine/loans.c) on 1856: taking one (its limits and
 * refusals), the round's interest from the treasury, the revenue and the director with the
 * amounts of Rails' 1856 logs (../shared/oracle/rails-1856: CompanyTakesLoan,LPS,100,90;
 * InterestPartlyPaidFromTreasury,GT,20,40 with InterestPaidFromRevenue,GT,20,40 and
 * CompanyPaysOutFull,GT,170; InterestPaidFromRevenue,TGB,40,40 with CompanyWithholds,TGB,110;
 * CompanyRepaysLoans,TGB,110,200,2,100 with ...WithPresCash,TGB,90), repayment, money
 * conserved, the log's words, and a title without loans. White-box set-ups place certificates
 * and loans directly. */
#include "loans_fixture.h"
#include "engine/loans.h"

static int loans_setup(void **state)
{
    (void)state;
    title = tf_load_title("1856");
    return 0;
}

/* Money in all: bank, players, companies. */
static int all_money(const eng_game *g)
{
    int total = g->bank;
    for (int p = 0; p < g->nplayers; p++)
        total += g->players[p].cash;
    for (int c = 0; c < title->ncompanies; c++)
        total += g->co[c].cash;
    return total;
}

static eng_action take_loan(void)
{
    return (eng_action){.kind = ENG_ACT_TAKE_LOAN};
}

static eng_action repay(int n)
{
    return (eng_action){.kind = ENG_ACT_REPAY_LOAN, .amount = n};
}

static eng_action run(int revenue, bool payout)
{
    return (eng_action){.kind = ENG_ACT_RUN, .revenue = revenue, .payout = payout};
}

static eng_action skip_step(void)
{
    return (eng_action){.kind = ENG_ACT_SKIP};
}

/* The first event of that kind, or fails. */
static const eng_event *event_of(const eng_game *g, eng_event_kind kind, int item)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == kind && (item < 0 || g->events[i].item == item))
            return &g->events[i];
    fail_msg("no event %d (item %d)", (int)kind, item);
    return NULL;
}

/* To the run step: no tile, no station. */
static void to_run(eng_game *g)
{
    must(g, skip_step());
    must(g, skip_step());
}

static void test_title_loans_read(void **state)
{
    (void)state;
    assert_int_equal(title->loans.amount, 100);
    assert_int_equal(title->loans.interest_percent, 10);
    assert_int_equal(title->loans.per_round, 1);
    assert_int_equal(title->loans.treasury_unit, 10);
    assert_int_equal(title->loans.share_worth_less, 10);
    assert_string_equal(title->phases[title->loans.none_from_phase].name, "6");
    eng_title *t1835 = tf_load_title("1835");
    assert_int_equal(t1835->loans.amount, 0); /* a title without "loans" has none */
    eng_title_free(t1835);
    char *err = NULL;
    eng_title *bad = eng_title_parse("{\"title\": \"x\", \"loans\": {\"amount\": 100}}", &err);
    assert_null(bad);
    free(err);
}

static void test_take_a_loan_before_the_run(void **state)
{
    (void)state;
    eng_game *g = gt_operating(50, 0);
    int gt = co("GT"), money = all_money(g);
    must(g, take_loan());
    assert_int_equal(g->co[gt].cash, 150); /* CompanyTakesLoan,GT,100,100 */
    assert_int_equal(g->co[gt].loans, 1);
    assert_int_equal(event_of(g, ENG_EV_LOAN_TAKEN, -1)->amount, 100);
    refused(g, take_loan(), "taken its loan this round");
    assert_int_equal(all_money(g), money);
    eng_game_free(g);
}

static void test_loan_limits(void **state)
{
    (void)state;
    eng_game *g = gt_operating(0, 6); /* six shares with players: six loans at most */
    refused(g, take_loan(), "as many as the shares its players hold (6)");
    g->co[co("GT")].loans = 2;
    g->phase = title->loans.none_from_phase;
    refused(g, take_loan(), "no loans are taken from phase 6");
    eng_game_free(g);
}

static void test_loan_after_interest_brings_less(void **state)
{
    (void)state;
    eng_game *g = gt_operating(100, 1);
    int gt = co("GT");
    give_train(g, "GT", "2");
    to_run(g);
    must(g, run(60, true));
    assert_int_equal(g->co[gt].cash, 90); /* 10 interest from the treasury */
    must(g, take_loan());
    assert_int_equal(g->co[gt].cash, 180); /* CompanyTakesLoan,LPS,100,90 */
    assert_int_equal(event_of(g, ENG_EV_LOAN_TAKEN, -1)->amount, 90);
    eng_game_free(g);
}

/* InterestPartlyPaidFromTreasury,GT,20,40; InterestPaidFromRevenue,GT,20,40;
 * CompanyPaysOutFull,GT,170. */
static void test_interest_from_treasury_then_revenue(void **state)
{
    (void)state;
    eng_game *g = gt_operating(25, 4);
    int gt = co("GT"), money = all_money(g), ann = g->players[0].cash;
    give_train(g, "GT", "2");
    to_run(g);
    must(g, run(190, true));
    assert_int_equal(event_of(g, ENG_EV_INTEREST_DUE, -1)->amount, 40);
    const eng_event *t = event_of(g, ENG_EV_INTEREST_PAID, ENG_PAID_FROM_TREASURY);
    assert_int_equal(t->amount, 20);
    assert_int_equal(t->amount2, 40);
    assert_int_equal(event_of(g, ENG_EV_INTEREST_PAID, ENG_PAID_FROM_REVENUE)->amount, 20);
    assert_int_equal(event_of(g, ENG_EV_REVENUE, -1)->amount, 170);
    assert_int_equal(g->co[gt].cash, 5); /* the treasury pays in tens */
    assert_int_equal(g->players[0].cash, ann + 85); /* 50% of 170 */
    assert_int_equal(all_money(g), money);
    eng_game_free(g);
}

/* InterestPaidFromRevenue,TGB,40,40; CompanyWithholds,TGB,110. */
static void test_interest_from_revenue_withheld(void **state)
{
    (void)state;
    eng_game *g = gt_operating(0, 4);
    int gt = co("GT");
    give_train(g, "GT", "2");
    to_run(g);
    must(g, run(150, false));
    assert_int_equal(event_of(g, ENG_EV_INTEREST_PAID, ENG_PAID_FROM_REVENUE)->amount, 40);
    assert_int_equal(event_of(g, ENG_EV_REVENUE, -1)->amount, 110);
    assert_int_equal(g->co[gt].cash, 110);
    eng_game_free(g);
}

static void test_interest_from_the_director(void **state)
{
    (void)state;
    eng_game *g = gt_operating(15, 3);
    int ann = g->players[0].cash, money = all_money(g);
    give_train(g, "GT", "2");
    to_run(g);
    must(g, run(0, true));
    const eng_event *d = event_of(g, ENG_EV_INTEREST_PAID, ENG_PAID_FROM_DIRECTOR);
    assert_int_equal(d->amount, 20);
    assert_int_equal(d->player, 0);
    assert_int_equal(g->players[0].cash, ann - 20);
    assert_int_equal(g->co[co("GT")].cash, 5);
    assert_int_equal(all_money(g), money);
    eng_game_free(g);
}

/* A director short of the interest sells shares first; one with nothing to sell is bankrupt. */
static void test_director_short_of_interest(void **state)
{
    (void)state;
    eng_game *g = gt_operating(0, 3);
    give(g, "CA", 20, true, 0); /* Ann could sell CA... */
    eng_set_par(g, co("CA"), 100);
    g->co[co("CA")].floated = true;
    eng_player_pays_bank(g, 0, g->players[0].cash - 10); /* ...and has 10 */
    give_train(g, "GT", "2");
    to_run(g);
    refused(g, run(0, true), "must sell shares first");
    eng_game_free(g);

    g = gt_operating(0, 3);
    eng_company_state *s = &g->co[co("GT")];
    for (int i = 0; i < s->ncerts; i++) /* Ann keeps only her director's certificate */
        if (s->certs[i].owner == 0 && !s->certs[i].director)
            s->certs[i].owner = ENG_IPO;
    eng_player_pays_bank(g, 0, g->players[0].cash - 10);
    give_train(g, "GT", "2");
    to_run(g);
    int money = all_money(g);
    must(g, run(0, true)); /* nothing to sell: bankrupt */
    assert_true(has_event(g, ENG_EV_BANKRUPT, 0, co("GT")));
    assert_int_equal(g->round, ENG_ROUND_OVER);
    assert_int_equal(all_money(g), money);
    eng_game_free(g);
}

static void test_repay(void **state)
{
    (void)state;
    eng_game *g = gt_operating(500, 3);
    int gt = co("GT"), money = all_money(g);
    give_train(g, "GT", "2");
    refused(g, repay(1), "in its trains step, after its run");
    to_run(g);
    must(g, run(0, true)); /* 30 interest from the treasury: 470 */
    refused(g, repay(4), "has 3 loans, not 4");
    refused(g, repay(0), "at least 1");
    must(g, repay(2));
    assert_int_equal(g->co[gt].loans, 1);
    assert_int_equal(g->co[gt].cash, 270);
    const eng_event *e = event_of(g, ENG_EV_LOANS_REPAID, 0); /* nothing from its director */
    assert_int_equal(e->amount, 2);
    assert_int_equal(e->amount2, 200);
    refused(g, take_loan(), "has repaid loans this turn");
    refused(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("2")}, "buys no more trains");
    must(g, repay(1)); /* more in the same turn */
    assert_int_equal(g->co[gt].loans, 0);
    assert_int_equal(all_money(g), money);
    eng_game_free(g);
}

static void test_repay_needs_the_money(void **state)
{
    (void)state;
    eng_game *g = gt_operating(150, 2);
    give_train(g, "GT", "2");
    to_run(g);
    must(g, run(0, true)); /* 20 interest: 130 */
    refused(g, repay(2), "2 loans cost 200 and GT has 130");
    eng_game_free(g);
}

/* Loans over the shares in players' hands are repaid, the director adding what the treasury
 * lacks: CompanyRepaysLoans,TGB,110,200,2,100; CompanyRepaysLoansWithPresCash,TGB,90. */
static void test_forced_repayment(void **state)
{
    (void)state;
    eng_game *g = gt_operating(0, 8); /* two over the six shares with players */
    int gt = co("GT"), ann = g->players[0].cash, money = all_money(g);
    give_train(g, "GT", "2");
    to_run(g);
    must(g, run(190, false)); /* 80 interest from the revenue: 110 withheld */
    assert_int_equal(g->co[gt].cash, 110);
    must(g, (eng_action){.kind = ENG_ACT_DONE});
    assert_int_equal(g->co[gt].loans, 6);
    assert_int_equal(g->co[gt].cash, 0);
    assert_int_equal(g->players[0].cash, ann - 90);
    const eng_event *d = event_of(g, ENG_EV_LOANS_REPAID, 90); /* 90 from Ann */
    assert_int_equal(d->player, 0);
    assert_int_equal(d->amount, 2);
    assert_int_equal(d->amount2, 110);
    assert_int_equal(all_money(g), money);
    eng_game_free(g);
}

/* The director may repay the forced ones himself, his money helping. */
static void test_forced_repayment_ordered(void **state)
{
    (void)state;
    eng_game *g = gt_operating(50, 7);
    give_train(g, "GT", "2");
    to_run(g);
    must(g, run(100, true)); /* 50 from the treasury, 20 from revenue */
    refused(g, repay(2), "only for the 1 it must repay");
    must(g, repay(1));
    assert_int_equal(g->co[co("GT")].loans, 6);
    eng_game_free(g);
}

static void test_trainless_company_pays_interest_in_its_trains_step(void **state)
{
    (void)state;
    eng_game *g = gt_operating(100, 2);
    int gt = co("GT");
    must(g, skip_step());
    must(g, skip_step()); /* no train: its trains step */
    must(g, take_loan()); /* interest settled first (20), then the loan less its interest */
    assert_int_equal(event_of(g, ENG_EV_INTEREST_PAID, ENG_PAID_FROM_TREASURY)->amount, 20);
    assert_int_equal(event_of(g, ENG_EV_LOAN_TAKEN, -1)->amount, 90);
    assert_int_equal(g->co[gt].cash, 170);
    eng_game_free(g);
}

static void test_log_words_and_legal_actions(void **state)
{
    (void)state;
    eng_game *g = gt_operating(500, 2);
    eng_action r = repay(2);
    r.player = 0;
    char *json = eng_action_to_json(g, &r);
    assert_non_null(strstr(json, "\"type\":\"repay_loan\""));
    assert_non_null(strstr(json, "\"count\":2"));
    eng_action back = back_from_json(g, json);
    assert_int_equal(back.kind, ENG_ACT_REPAY_LOAN);
    assert_int_equal(back.amount, 2);
    eng_action t = take_loan();
    back = back_from_json(g, eng_action_to_json(g, &t));
    assert_int_equal(back.kind, ENG_ACT_TAKE_LOAN);
    eng_action legal[512];
    int n = eng_legal_actions(g, legal, 512);
    bool take = false;
    for (int i = 0; i < n; i++)
        take |= legal[i].kind == ENG_ACT_TAKE_LOAN;
    assert_true(take);
    char line[160];
    must(g, take_loan());
    eng_event_text(g, event_of(g, ENG_EV_LOAN_TAKEN, -1), line, sizeof line);
    assert_string_equal(line, "GT takes a loan and receives 100 (3 loans)");
    eng_game_free(g);
}

/* Each loan takes 10 off the worth of each of its company's shares (Rails getGameEndPrice). */
static void test_loans_lower_the_worth(void **state)
{
    (void)state;
    eng_game *g = gt_operating(0, 0);
    int before = eng_player_worth(g, 0); /* Ann: 50% of GT at 100 */
    g->co[co("GT")].loans = 3;
    assert_int_equal(eng_player_worth(g, 0), before - 5 * 30);
    g->co[co("GT")].loans = 12; /* (more than it may hold: a share worth 0, never less) */
    assert_int_equal(eng_player_worth(g, 0), before - 5 * 100);
    eng_game_free(g);
}

static void test_no_loans_in_1835(void **state)
{
    (void)state;
    eng_title *t1856 = title;
    title = tf_load();
    eng_game *g = by_operating(NULL);
    refused(g, take_loan(), "there are no loans in 1835");
    refused(g, repay(1), "there are no loans in 1835");
    eng_game_free(g);
    eng_title_free(title);
    title = t1856;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_title_loans_read),
        cmocka_unit_test(test_take_a_loan_before_the_run),
        cmocka_unit_test(test_loan_limits),
        cmocka_unit_test(test_loan_after_interest_brings_less),
        cmocka_unit_test(test_interest_from_treasury_then_revenue),
        cmocka_unit_test(test_interest_from_revenue_withheld),
        cmocka_unit_test(test_interest_from_the_director),
        cmocka_unit_test(test_director_short_of_interest),
        cmocka_unit_test(test_repay),
        cmocka_unit_test(test_repay_needs_the_money),
        cmocka_unit_test(test_forced_repayment),
        cmocka_unit_test(test_forced_repayment_ordered),
        cmocka_unit_test(test_trainless_company_pays_interest_in_its_trains_step),
        cmocka_unit_test(test_log_words_and_legal_actions),
        cmocka_unit_test(test_loans_lower_the_worth),
        cmocka_unit_test(test_no_loans_in_1835),
    };
    return cmocka_run_group_tests(tests, loans_setup, group_teardown);
}
