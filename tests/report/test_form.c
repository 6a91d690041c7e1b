/* The order form a turn report carries (templates/turn_report.txt, filled from
 * rep_order_form_json), for every kind of round a turn can start with — the start packet, a
 * stock round, an operating round, a formation round — and every player: filled in with the
 * password only, it reads with no line refused and no order taken by mistake (issue 11: the
 * template a report carries, sent back, must be accepted). */
#include "../engine/game_fixture.h"
#include "orders/order.h"
#include "report/state.h"
#include "report/template.h"
#include "util/buf.h"

/* Player p's report, rendered as the service renders it. */
static char *report_for(const eng_game *g, int p)
{
    cJSON *ctx = rep_state_json(g);
    cJSON_AddStringToObject(ctx, "game", "g1");
    cJSON_AddNumberToObject(ctx, "turn", 3);
    cJSON_AddStringToObject(ctx, "happened", "");
    cJSON *next = cJSON_AddObjectToObject(ctx, "next");
    cJSON_AddNumberToObject(next, "turn", 4);
    cJSON_AddStringToObject(next, "deadline", "2026-12-01 10:00 UTC");
    cJSON_AddStringToObject(ctx, "me", g->players[p].name);
    cJSON_AddItemToObject(ctx, "form", rep_order_form_json(g, p));
    char *err = NULL;
    char *text = tpl_render_file("templates", "turn_report.txt", ctx, &err);
    if (!text)
        fail_msg("the report does not render: %s", err);
    cJSON_Delete(ctx);
    return text;
}

/* The form, from its GAME line to the signature, the password filled in. */
static char *form_of(const char *report)
{
    const char *from = strstr(report, "\nGAME g1\n"), *to = from ? strstr(from, "\n-- \n") : NULL;
    if (!to)
        fail_msg("no order form in:\n%s", report);
    char *form = str_format("%.*s", (int)(to - from), from + 1);
    char *at = strstr(form, "your-password");
    if (!at)
        fail_msg("the form has no password to fill in:\n%s", form);
    char *filled = str_format("%.*ssecret%s", (int)(at - form), form, at + strlen("your-password"));
    free(form);
    return filled;
}

/* Every player's form reads whole: identity, turn, no error, no order. */
static void forms_read_whole(const eng_game *g, const char *starts)
{
    for (int p = 0; p < g->nplayers; p++) {
        char *report = report_for(g, p), *form = form_of(report);
        if (!strstr(report, starts))
            fail_msg("the report does not say \"%s\":\n%s", starts, report);
        ord_envelope env;
        ord_orders o;
        ord_envelope_parse("Re: g1: turn 3", form, &env);
        ord_parse(&env, &o);
        if (env.nerrors)
            fail_msg("line %d of %s's form: %s\n%s", env.errors[0].line, g->players[p].name,
                     env.errors[0].message, form);
        assert_int_equal(o.n, 0);
        assert_string_equal(env.player, g->players[p].name);
        assert_int_equal(env.turn, 4);
        for (int c = 0; c < title->ncompanies; c++) {
            char section[32];
            snprintf(section, sizeof section, "\n%s:\n", title->companies[c].id);
            bool directs = eng_company_holder(g, c) == p &&
                           title->companies[c].kind != ENG_PRIVATE && !g->co[c].closed;
            if (directs != (strstr(form, section) != NULL))
                fail_msg("%s's form and %s:\n%s", g->players[p].name, title->companies[c].id,
                         form);
        }
        ord_orders_clear(&o);
        ord_envelope_clear(&env);
        free(form);
        free(report);
    }
}

static void test_form_before_the_start_packet(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=Clemens", 4);
    forms_read_whole(g, "The next turn starts with the start packet.");
    eng_game_free(g);
}

static void test_form_before_a_stock_round(void **state)
{
    (void)state;
    eng_game *g = after_packet(NULL);
    forms_read_whole(g, "The next turn starts with stock round");
    eng_game_free(g);
}

static void test_form_before_an_operating_round(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    forms_read_whole(g, "The next turn starts with operating round");
    eng_game_free(g);
}

static void test_form_in_a_formation_round(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    g->forming = true;
    forms_read_whole(g, "# the Prussian's formation: FORM, DO NOT FORM");
    eng_game_free(g);
}

/* Issue 17: 1830's forms say what its rules ask (the auction, B&O's par at once, a par to
 * choose, the M&H's exchange, privates between players, Erie's home, privates bought by a
 * major), as notes: sent back they still read whole. */
static void test_forms_of_1830(void **state)
{
    (void)state;
    eng_title *t1835 = title;
    title = tf_load_title("1830");
    eng_game *g = new_game(NULL, 4);
    forms_read_whole(g, "# the start packet: BUY the cheapest item, BID n ON item");
    /* issue 27, defect 15: the report showed no auction: a private with bids was the bank's,
     * the money held by a bid nowhere */
    eng_game *bid = eng_game_copy(g);
    int bidder = bid->current;
    must(bid, (eng_action){.kind = ENG_ACT_BID, .item = item("D&H"), .price = 75});
    char *text = report_for(bid, bidder);
    char want[128];
    snprintf(want, sizeof want, "D&H Delaware & Hudson: the bank, 15; bids on it: %s 75",
             bid->players[bidder].name);
    if (!strstr(text, want))
        fail_msg("the bid is not shown (\"%s\"):\n%s", want, text);
    free(text);
    rep_state state_now;
    rep_state_build(bid, &state_now);
    const char *holdings = state_now.players[bidder].holdings;
    if (!strstr(holdings, "a bid of 75 on D&H (held)"))
        fail_msg("the money the bid holds is not shown: %s", holdings);
    const char *bids = NULL;
    for (int i = 0; i < state_now.nprivates; i++)
        if (strcmp(state_now.privates[i].id, "D&H") == 0)
            bids = state_now.privates[i].bids;
    if (!bids || !strstr(bids, " 75"))
        fail_msg("the bid on D&H is not in the state's privates: %s", bids ? bids : "(none)");
    rep_state_free(&state_now);
    eng_game_free(bid);
    static const char *const items[] = {"SVNRR", "C&StL", "D&H", "M&H", "C&A", "BO"};
    for (int i = 0; i < 6; i++)
        must(g, buy_item(items[i]));
    int bo = g->current; /* B&O's par, now, in its director's form */
    char *form = report_for(g, bo);
    if (!strstr(form, "# B&O's par, now: PAR B&O n (n: 67, 71, 76, 82, 90, 100)"))
        fail_msg("no PAR line:\n%s", form);
    free(form);
    forms_read_whole(g, "# a company started: BUY co AT par (par: 67, 71, 76, 82, 90, 100)");
    must(g, (eng_action){.kind = ENG_ACT_PAR, .company = co("B&O"), .price = 100});
    form = report_for(g, g->co[co("M&H")].owner);
    if (!strstr(form, "# EXCHANGE M&H: your M&H for a share of NYC") ||
        !strstr(form, "# a private from a player: BUY PRIVATE priv FROM player FOR n"))
        fail_msg("no EXCHANGE or private's sale line:\n%s", form);
    free(form);
    forms_read_whole(g, "The next turn starts with stock round");
    g->co[co("ERIE")].director = 0; /* a director's section: Erie's home, a private bought */
    g->co[co("ERIE")].started = g->co[co("ERIE")].floated = true;
    g->phase = 1;
    form = report_for(g, 0);
    if (!strstr(form, "# ERIE's home station first: HOME CITY n (a city of E11, your choice)") ||
        !strstr(form, "# BUY PRIVATE priv FOR price (its owner: SELL PRIVATE priv TO ERIE FOR"))
        fail_msg("no HOME or BUY PRIVATE line:\n%s", form);
    free(form);
    forms_read_whole(g, "The next turn starts with stock round"); /* ERIE: in the first's */
    eng_game_free(g);
    eng_title_free(title);
    title = t1835;
}

/* Issue 12, defect 1: the last report names each player's worth, the ranking and the winner,
 * and carries no order form. */
static void test_the_final_report_ranks_the_players(void **state)
{
    (void)state;
    eng_game *g = after_packet(NULL);
    g->players[2].cash += 1000;
    g->bank -= 1000;
    cJSON *ctx = rep_state_json(g);
    cJSON_AddStringToObject(ctx, "game", "g1");
    cJSON_AddTrueToObject(ctx, "game_over");
    cJSON_AddItemToObject(ctx, "ranking", rep_ranking_json(g));
    cJSON_AddStringToObject(ctx, "me", g->players[0].name);
    char *err = NULL, *text = tpl_render_file("templates", "turn_report.txt", ctx, &err);
    assert_non_null(text);
    char want[96];
    snprintf(want, sizeof want, "    1. %s: %d - the winner\n", g->players[2].name,
             eng_player_worth(g, 2));
    if (!strstr(text, "== The game is over. The final ranking") || !strstr(text, want) ||
        strstr(text, "PASSWORD"))
        fail_msg("the final report:\n%s", text);
    free(text);
    cJSON_Delete(ctx);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_form_before_the_start_packet),
        cmocka_unit_test(test_form_before_a_stock_round),
        cmocka_unit_test(test_form_before_an_operating_round),
        cmocka_unit_test(test_form_in_a_formation_round),
        cmocka_unit_test(test_forms_of_1830),
        cmocka_unit_test(test_the_final_report_ranks_the_players),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
